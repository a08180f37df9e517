'use strict';
// Issues 18 and 23 in real n8n: the Send default of SlickText Legacy, the HTTP status on an API error and
// the error of bad input, by headless runs (`n8n execute`) of small workflows.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { pointedAt } = require('../../scripts/examples');

exports.title = 'n8n execute: Send default, API error status, bad input';

const SEND_ID = 'e2eLegacySendDflt';
const HTTP_ID = 'e2eHttpRequestCreds';
const STATUS_ID = 'e2eApiErrorStatus';
const BAD_INPUT_ID = 'e2eBadInputError';
const BAD_PHONES = ['+16175552000', '12345', '+16175552002'];

const manual = { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
/** examples/06 with its URLs moved from SlickText's (as shipped) to this run's sandbox. */
function exampleSix(ctx) {
	const file = path.resolve(__dirname, '../../examples/06-any-endpoint-with-http-request.json');
	const workflow = pointedAt(JSON.parse(fs.readFileSync(file, 'utf8')), ctx.sandbox);
	return { ...workflow, id: HTTP_ID, name: 'e2e: example 6 against this sandbox' };
}
const wire = (to) => ({ Start: { main: [[{ node: to, type: 'main', index: 0 }]] } });

exports.workflows = (ctx) => {
	const contact = ctx.sandbox.state.legacy.contacts[5];
	const existing = ctx.sandbox.state.current.brands.get(1001).contacts[0];
	return [
		{
			id: SEND_ID,
			name: 'e2e: legacy Send with Send To untouched',
			nodes: [
				manual,
				{
					id: 'send',
					name: 'Send',
					type: 'n8n-nodes-slicktext.slickTextLegacy',
					typeVersion: 1,
					position: [220, 0],
					// Send To is not set: the saved workflow holds only what differs from the defaults.
					parameters: {
						resource: 'message',
						operation: 'send',
						textwordId: { __rl: true, mode: 'id', value: '5401' },
						contactId: { __rl: true, mode: 'id', value: contact.id },
						body: 'Your table is ready',
					},
					credentials: { slickTextLegacyApi: { id: ctx.CREDENTIAL_IDS.legacy, name: 'SlickText sandbox (legacy API)' } },
				},
			],
			connections: wire('Send'),
			settings: { executionOrder: 'v1' },
			active: false,
		},
		// "Any endpoint, with the same credential": example 6 as shipped, pointed at this run's sandbox.
		exampleSix(ctx),
		{
			id: STATUS_ID,
			name: 'e2e: an API error keeps its status',
			nodes: [
				manual,
				{
					id: 'create',
					name: 'Create Existing',
					type: 'n8n-nodes-slicktext.slickText',
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'contact', operation: 'create', mobileNumber: existing.mobile_number },
					credentials: { slickTextApi: { id: ctx.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } },
				},
			],
			connections: wire('Create Existing'),
			settings: { executionOrder: 'v1' },
			active: false,
		},
		{
			id: BAD_INPUT_ID,
			name: 'e2e: bad input in one of three items',
			nodes: [
				manual,
				{
					id: 'phones',
					name: 'Phones',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [220, 0],
					parameters: { mode: 'raw', jsonOutput: JSON.stringify({ phones: BAD_PHONES }), options: {} },
				},
				{
					id: 'split',
					name: 'One Item Each',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [440, 0],
					parameters: { fieldToSplitOut: 'phones', options: {} },
				},
				{
					id: 'create',
					name: 'Create',
					type: 'n8n-nodes-slicktext.slickText',
					typeVersion: 1,
					position: [660, 0],
					parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.phones }}' },
					credentials: { slickTextApi: { id: ctx.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } },
				},
			],
			connections: {
				Start: { main: [[{ node: 'Phones', type: 'main', index: 0 }]] },
				Phones: { main: [[{ node: 'One Item Each', type: 'main', index: 0 }]] },
				'One Item Each': { main: [[{ node: 'Create', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
			active: false,
		},
	];
};

/** The run JSON of `n8n execute --rawOutput`, also when the workflow failed (text follows the JSON then). */
function runOf(result) {
	const lines = (result.stdout || '').split('\n');
	const start = lines.findIndex((l) => l.startsWith('{'));
	const ends = lines.map((l, i) => (l.startsWith('}') ? i : -1)).filter((i) => i >= start);
	assert.ok(start >= 0 && ends.length, `n8n execute printed no JSON (exit ${result.status}): ${(result.stderr || result.stdout).slice(-800)}`);
	return JSON.parse(lines.slice(start, ends[ends.length - 1] + 1).join('\n'));
}

exports.run = async (ctx) => {
	const { sandbox, check } = ctx;
	const execute = async (id) =>
		runOf(await ctx.n8nCliAsync(ctx.userFolder, ['execute', '--id', id, '--rawOutput'], {
			N8N_RUNNERS_BROKER_PORT: process.env.N8N_RUNNERS_BROKER_PORT || '5693',
		}));

	await check('legacy Send with Send To untouched texts only the contact, not the textword', async () => {
		sandbox.reset();
		const contact = sandbox.state.legacy.contacts[5];
		const run = await execute(SEND_ID);
		const task = run.data.resultData.runData.Send[0];
		assert.ok(!task.error, `Send failed: ${task.error?.message}`);
		const sends = sandbox.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/legacy/v1/messages'));
		assert.equal(sends.length, 1);
		assert.deepEqual(sends[0].body, { action: 'SEND', contact: contact.id, body: 'Your table is ready' });
		assert.equal(task.data.main[0][0].json.count, 1);
	});

	await check('the HTTP Request node calls SlickText with either credential as a predefined credential type', async () => {
		sandbox.reset();
		const run = await execute(HTTP_ID);
		const data = run.data.resultData.runData;
		for (const name of ['Brand (HTTP Request)', 'Account (HTTP Request)']) {
			assert.ok(data[name] && !data[name][0].error, `${name}: ${data[name]?.[0]?.error?.message}`);
		}
		assert.equal(data['Brand (HTTP Request)'][0].data.main[0][0].json.brand_id, 1001);
		const [brand] = sandbox.requests.filter((r) => r.path === '/v1/brands');
		assert.equal(brand.headers.authorization, `Bearer ${sandbox.currentCredentials().apiKey}`);
		const [account] = sandbox.requests.filter((r) => r.path === '/legacy/v1/account');
		const { publicKey, privateKey } = sandbox.legacyCredentials();
		assert.equal(account.headers.authorization, `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`);
	});

	await check('an API error keeps its HTTP status and SlickText\'s message, with the Create or Update hint', async () => {
		sandbox.reset();
		const run = await execute(STATUS_ID);
		const error = run.data.resultData.runData['Create Existing'][0].error;
		assert.equal(error.name, 'NodeApiError');
		assert.equal(error.httpCode, '422');
		assert.match(error.message, /already exists/);
		assert.match(error.description, /use the operation Create or Update/);
	});

	await check('bad input in one of three items: nothing sent, a NodeOperationError naming the field and the item', async () => {
		sandbox.reset();
		const run = await execute(BAD_INPUT_ID);
		const error = run.data.resultData.runData.Create[0].error;
		// Not an API error "without a code": the route runner stops the run before n8n's routing node would wrap it.
		assert.equal(error.name, 'NodeOperationError');
		assert.equal(error.httpCode, undefined);
		assert.equal(error.message, '\'Mobile Number\': "12345" has fewer than 10 digits [item 1]. Nothing was sent: 1 of 3 items has invalid input (item 1)');
		assert.equal(sandbox.requests.filter((r) => r.path.startsWith('/v1/brands/1001/contacts')).length, 0);
	});
};
