'use strict';
// n8n's AI Agent with the SlickText tools of example 5, against a scripted local model (no network):
// what the model is told about each tool, what the tools do in SlickText, what comes back to the model.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { startModelServer } = require('./modelServer');

exports.title = 'AI Agent with SlickText tools (scripted model)';

// The table of every tool's description lives in docs/ai-agents.md (the README links to it).
const README = path.resolve(__dirname, '../../docs/ai-agents.md');
const WORKFLOW_ID = 'exAiAgentTools005';
const OPENAI_CREDENTIAL_ID = 'openAiExample01';

/** docs/ai-agents.md rows: "<node>|<resource>|<operation>" -> {kind, description}. */
function readmeToolTable() {
	const rows = new Map();
	for (const line of fs.readFileSync(README, 'utf8').split('\n')) {
		const cells = line.split('|').map((c) => c.trim());
		if (cells.length !== 7 || !/^(read-only|changes records|sends texts)$/.test(cells[4])) continue;
		rows.set(`${cells[1]}|${cells[2]}|${cells[3]}`, { kind: cells[4], description: cells[5] });
	}
	return rows;
}

/** The content of the last tool result the model was given. */
function lastToolResult(body) {
	const tools = (body.messages ?? []).filter((m) => m.role === 'tool');
	return String(tools[tools.length - 1]?.content ?? '');
}

exports.run = async (ctx) => {
	const { sandbox, check, userFolder } = ctx;
	let firstPriya;
	const model = await startModelServer([
		() => ({ toolCalls: [{ name: 'Create_Contact', args: { mobile_number: '+16175550142', first_name: 'Wren', last_name: 'Castellano' } }] }),
		() => ({ toolCalls: [{ name: 'Create_Contact', args: { mobile_number: '555-0142', first_name: 'Bad', last_name: 'Number' } }] }),
		() => ({ toolCalls: [{ name: 'Find_Legacy_Contacts', args: { first_name: 'Priya' } }] }),
		(body) => {
			firstPriya = /"id":\s*"?(\d+)/.exec(lastToolResult(body))?.[1];
			return { toolCalls: [{ name: 'Text_One_Contact', args: { contact_id: firstPriya ?? 'none', text: 'Your order is ready for pickup.' } }] };
		},
		() => ({ content: 'Wren Castellano was added; Priya was texted.' }),
	]);
	try {
		sandbox.reset();
		// The example's OpenAI credential, pointed at the scripted model.
		const file = path.join(userFolder, 'tmp', 'openai-credential.json');
		fs.writeFileSync(
			file,
			JSON.stringify([{ id: OPENAI_CREDENTIAL_ID, name: 'OpenAI', type: 'openAiApi', data: { apiKey: 'sk-scripted-model', url: model.url } }]),
		);
		const imported = await ctx.n8nCliAsync(userFolder, ['import:credentials', '--input', file]);
		assert.equal(imported.status, 0, `import:credentials: ${imported.stderr || imported.stdout}`);

		const result = await ctx.n8nCliAsync(userFolder, ['execute', '--id', WORKFLOW_ID, '--rawOutput'], {
			N8N_RUNNERS_BROKER_PORT: process.env.N8N_RUNNERS_BROKER_PORT || '5693',
		});
		const chats = model.chats();
		if (process.env.AGENT_DUMP) fs.writeFileSync(process.env.AGENT_DUMP, JSON.stringify({ model: model.requests, run: result.json, stdout: result.stdout }, null, 1));

		await check('the agent ran to its answer through five model calls', async () => {
			assert.ok(result.json, `n8n execute printed no JSON (exit ${result.status}): ${(result.stderr || result.stdout).slice(-1500)}`);
			const runData = result.json.data?.resultData?.runData ?? {};
			const agent = runData['AI Agent']?.[0];
			assert.ok(agent && !agent.error, `agent failed: ${JSON.stringify(agent?.error ?? result.json).slice(0, 800)}`);
			assert.match(JSON.stringify(agent.data.main[0][0].json), /Wren Castellano was added/);
			assert.equal(chats.length, 5);
		});

		await check('the tool definitions the model receives match the table in docs/ai-agents.md', async () => {
			const table = readmeToolTable();
			const tools = Object.fromEntries((chats[0]?.body.tools ?? []).map((t) => [t.function.name, t.function]));
			assert.deepEqual(Object.keys(tools).sort(), ['Create_Contact', 'Find_Legacy_Contacts', 'Text_One_Contact']);
			const expected = {
				Create_Contact: table.get('SlickText|Contact|Create'),
				Find_Legacy_Contacts: table.get('SlickText Legacy|Contact|Get Many'),
				Text_One_Contact: table.get('SlickText Legacy|Message|Send'),
			};
			for (const [name, row] of Object.entries(expected)) {
				assert.ok(row, `docs/ai-agents.md has a row for ${name}`);
				assert.equal(tools[name].description, row.description, name);
			}
			assert.equal(expected.Find_Legacy_Contacts.kind, 'read-only');
			assert.equal(expected.Text_One_Contact.kind, 'sends texts');
			assert.equal(expected.Create_Contact.kind, 'changes records');
			// The arguments are exactly the $fromAI ones, with the descriptions given there.
			assert.deepEqual(Object.keys(tools.Create_Contact.parameters.properties).sort(), ['first_name', 'last_name', 'mobile_number']);
			assert.match(tools.Create_Contact.parameters.properties.mobile_number.description, /\+16175551234/);
			assert.deepEqual(Object.keys(tools.Text_One_Contact.parameters.properties).sort(), ['contact_id', 'text']);
		});

		await check('the create tool made exactly one contact, with the model\'s arguments', async () => {
			const creates = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/brands/1001/contacts');
			assert.equal(creates.length, 1, 'one create request (the bad number never reached SlickText)');
			assert.deepEqual(creates[0].body, { mobile_number: '+16175550142', first_name: 'Wren', last_name: 'Castellano' });
		});

		await check('a bad number comes back to the model as a useful message, without the item index', async () => {
			// n8n hands the model the tool's output items as JSON; a failed call is [{error: <message>}].
			const error = JSON.parse(lastToolResult(chats[2].body))[0].error;
			assert.match(error, /'Mobile Number': "555-0142" has fewer than 10 digits\. Give the whole number with its area code, and \+ and the country code outside the US, for example \+16175551234\./);
			assert.doesNotMatch(error, /\[item/);
		});

		await check('the legacy read tool returns few, simplified records', async () => {
			const reads = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/legacy/v1/contacts');
			assert.equal(reads.length, 1);
			assert.equal(reads[0].query.firstName, 'Priya');
			assert.equal(reads[0].query.limit, '10');
			const seen = lastToolResult(chats[3].body);
			assert.match(seen, /Priya/);
			// Simplified: none of the address or birth fields of a whole contact record.
			assert.doesNotMatch(seen, /birthDate|zipCode|"city"|"state"|"country"/);
		});

		await check('the send tool texted only the named contact', async () => {
			assert.ok(firstPriya, 'the model found a contact id in the read result');
			const sends = sandbox.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/legacy/v1/messages'));
			assert.equal(sends.length, 1);
			assert.deepEqual(sends[0].body, { action: 'SEND', contact: firstPriya, body: 'Your order is ready for pickup.' });
			const stored = sandbox.state.legacy.messages[sandbox.state.legacy.messages.length - 1];
			assert.equal(stored.count, 1);
		});

		await check('no SlickText key or secret reaches the model', async () => {
			const seen = JSON.stringify(model.requests);
			const secrets = [sandbox.currentCredentials().apiKey, sandbox.legacyCredentials().privateKey, sandbox.legacyCredentials().publicKey];
			for (const secret of secrets) assert.ok(secret && !seen.includes(secret), 'a credential value was sent to the model');
		});
	} finally {
		await model.stop();
	}
};
