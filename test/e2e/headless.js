'use strict';
// Headless runs (`n8n execute`) of the example workflows and of workflows that use every resource of
// both nodes, against the sandbox; each checks the items that came out and what the sandbox received.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const coverage = require('./coverageWorkflows');

const examplesDir = path.resolve(__dirname, '../../examples');
const examples = () =>
	fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(examplesDir, f), 'utf8')));

exports.title = 'n8n execute (headless runs of workflows)';

exports.workflows = (ctx) => [...examples(), ...coverage.workflows(ctx)];

/** Output items of a node in the run printed by `n8n execute --rawOutput`. */
function outputOf(run, nodeName) {
	const runData = run?.data?.resultData?.runData ?? run?.resultData?.runData;
	assert.ok(runData, `no run data in the output: ${JSON.stringify(run).slice(0, 300)}`);
	const task = runData[nodeName]?.[0];
	assert.ok(task, `node "${nodeName}" did not run`);
	assert.ok(!task.error, `node "${nodeName}" failed: ${task.error?.message} ${task.error?.description ?? ''}`);
	return (task.data?.main?.[0] ?? []).map((item) => item.json);
}

async function execute(ctx, id) {
	const result = await ctx.n8nCliAsync(ctx.userFolder, ['execute', '--id', id, '--rawOutput'], {
		N8N_RUNNERS_BROKER_PORT: process.env.N8N_RUNNERS_BROKER_PORT || '5693',
	});
	assert.ok(result.json, `n8n execute printed no JSON (exit ${result.status}): ${(result.stderr || result.stdout).slice(-800)}`);
	return result.json;
}

exports.run = async (ctx) => {
	const { sandbox, check } = ctx;
	const current = () => sandbox.state.current;
	const requests = (method, part) => sandbox.requests.filter((r) => r.method === method && r.path.includes(part));
	const exactly = (method, path) => sandbox.requests.filter((r) => r.method === method && r.path === path);

	await check('example 1: a form submission creates or updates the contact and adds it to a list', async () => {
		sandbox.reset();
		const run = await execute(ctx, 'exFormToContact01');
		const [contact] = outputOf(run, 'Create or Update Contact');
		assert.equal(contact.mobile_number, '+16175550199');
		assert.equal(contact.first_name, 'Rosa');
		assert.equal(outputOf(run, 'Add to Newsletter List')[0].success, true);
		assert.ok(current().listMembers.get(1).has(contact.contact_id));
		assert.equal(exactly('POST', '/v1/brands/1001/contacts').length, 1);
		// Twice: the same number is updated, not created again.
		const again = await execute(ctx, 'exFormToContact01');
		assert.equal(outputOf(again, 'Create or Update Contact')[0].contact_id, contact.contact_id);
		assert.equal(exactly('POST', '/v1/brands/1001/contacts').length, 1);
		assert.equal(requests('PUT', `/contacts/${contact.contact_id}`).length, 1);
	});

	await check('example 2: an event sends a text through a campaign and through a legacy Send', async () => {
		sandbox.reset();
		const run = await execute(ctx, 'exEventSendsText2');
		const [campaign] = outputOf(run, 'Text the VIP List (Campaign)');
		assert.equal(campaign.name, 'Order A-1001 shipped');
		const [message] = outputOf(run, 'Text the Customer (Legacy Send)');
		assert.equal(message.body, 'Your order A-1001 has shipped.');
		const [send] = requests('POST', '/legacy/v1/messages');
		assert.equal(send.contentType, 'application/x-www-form-urlencoded');
		assert.equal(send.body.action, 'SEND');
		const [create] = requests('POST', '/campaigns');
		assert.deepEqual(create.body.audience, { contact_lists: [2] });
	});

	await check('example 3: list hygiene removes the unsubscribed and blocked members in one request', async () => {
		sandbox.reset();
		const members = current().listMembers.get(1);
		const doomed = current().contacts.filter((c) => members.has(c.contact_id) && ['unsubscribed', 'blocked'].includes(c.opt_in_status));
		assert.ok(doomed.length > 0, 'the demo list has contacts to remove');
		const run = await execute(ctx, 'exListHygiene003');
		assert.equal(outputOf(run, 'Keep Unsubscribed and Blocked').length, doomed.length);
		const removals = requests('DELETE', '/lists/contacts');
		assert.equal(removals.length, 1);
		assert.equal(removals[0].body.length, doomed.length);
		for (const c of doomed) assert.ok(!current().listMembers.get(1).has(c.contact_id));
	});

	await check('example 4: a new-contact event is sent on to the welcome list', async () => {
		sandbox.reset();
		const run = await execute(ctx, 'exNewSubscriber04');
		assert.equal(outputOf(run, 'Keep What Matters')[0].event, 'contact_created');
		assert.ok(current().listMembers.get(5).has(1));
	});

	for (const wf of coverage.workflows(ctx)) {
		await check(`every resource: ${wf.name}`, async () => {
			sandbox.reset();
			const run = await execute(ctx, wf.id);
			coverage.verify(wf, run, sandbox, outputOf);
		});
	}
};
