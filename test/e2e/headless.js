'use strict';
// Headless runs (`n8n execute`) of the example workflows and of workflows that use every resource of
// both nodes, against the sandbox; each checks the items that came out and what the sandbox received.

const assert = require('node:assert/strict');

const coverage = require('./coverageWorkflows');

// The examples with the local ids this suite runs them by (the files carry none).
const { exampleWorkflows: examples } = require('../../scripts/examples');

exports.title = 'n8n execute (headless runs of workflows)';

exports.workflows = (ctx) => [...examples(), ...coverage.workflows(ctx), ...coverage.returnAllWorkflows()];

/** Output items of a node in the run printed by `n8n execute --rawOutput`. */
function outputOf(run, nodeName) {
	const runData = run?.data?.resultData?.runData ?? run?.resultData?.runData;
	assert.ok(runData, `no run data in the output: ${JSON.stringify(run).slice(0, 300)}`);
	const task = runData[nodeName]?.[0];
	assert.ok(task, `node "${nodeName}" did not run`);
	assert.ok(!task.error, `node "${nodeName}" failed: ${task.error?.message} ${task.error?.description ?? ''}`);
	return (task.data?.main?.[0] ?? []).map((item) => item.json);
}

async function execute(ctx, id, env = {}) {
	const result = await ctx.n8nCliAsync(ctx.userFolder, ['execute', '--id', id, '--rawOutput'], {
		N8N_RUNNERS_BROKER_PORT: process.env.N8N_RUNNERS_BROKER_PORT || '5693',
		...env,
	});
	assert.ok(
		result.json,
		`n8n execute printed no JSON (exit ${result.status}, ${result.stdout.length} characters): begins ${result.stdout.slice(0, 300)} ... ends ${(result.stderr || result.stdout).slice(-500)}`,
	);
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

	await check('example 3: list hygiene removes exactly the unsubscribed and blocked members, in chunks of 500', async () => {
		// 4,000 contacts: a Newsletter list of 2,667 members, 667 of them unsubscribed or blocked (2 chunks).
		sandbox.reset({ contacts: 4000 });
		const before = new Set(current().listMembers.get(1));
		const byId = new Map(current().contacts.map((c) => [c.contact_id, c]));
		const doomed = [...before].filter((id) => ['unsubscribed', 'blocked'].includes(byId.get(id).opt_in_status));
		assert.ok(doomed.length > 500, `the list has more than one chunk to remove (${doomed.length})`);
		const run = await execute(ctx, 'exListHygiene003');
		const found = outputOf(run, 'Get Unsubscribed and Blocked Members');
		assert.equal(found.length, doomed.length);
		// Simplified: no custom fields or addresses held in n8n.
		const simple = ['contact_id', 'mobile_number', 'first_name', 'last_name', 'email', 'opt_in_status', 'last_opt_in_status_change', 'created', 'last_updated'];
		for (const item of found) for (const key of Object.keys(item)) assert.ok(simple.includes(key), `unexpected field ${key}`);
		assert.ok(found.every((item) => doomed.includes(item.contact_id)));
		assert.ok(!('custom_fields' in found[0]) && !('address' in found[0]));
		// The filter is the node's own: SlickText is asked for plain pages of the list.
		for (const r of requests('GET', '/lists/1/contacts')) assert.deepEqual(Object.keys(r.query).sort(), ['limit', 'offset']);
		const removals = requests('DELETE', '/lists/contacts');
		assert.equal(removals.length, Math.ceil(doomed.length / 500));
		assert.deepEqual(removals.map((r) => r.body.length), removals.map((_, k) => Math.min(500, doomed.length - 500 * k)));
		const sentIds = removals.flatMap((r) => r.body.map((e) => e.contact_id));
		assert.deepEqual([...sentIds].sort((a, b) => a - b), [...doomed].sort((a, b) => a - b));
		const after = current().listMembers.get(1);
		const expected = [...before].filter((id) => !doomed.includes(id));
		assert.equal(after.size, expected.length, 'nobody else was removed');
		for (const id of expected) assert.ok(after.has(id), `member ${id} was wrongly removed`);
		const [result] = outputOf(run, 'Remove Them From the List');
		assert.equal(result.removed, doomed.length);
		assert.equal(result.summary, `${doomed.length} of ${doomed.length} list memberships removed.`);
	});

	await check('example 4: a new-contact event is sent on to the welcome list', async () => {
		sandbox.reset();
		const run = await execute(ctx, 'exNewSubscriber04');
		assert.equal(outputOf(run, 'Keep What Matters')[0].event, 'contact_created');
		assert.ok(current().listMembers.get(5).has(1));
	});

	// 130,000 under `npm run test:scale` (E2E_SCALE=1): past the ~120,000 where n8n's routing node overflowed
	// (the engine tests cover that on every landing, test/nodes/shared/returnAllLarge.test.ts); 25,000 for a landing.
	const BIG = process.env.E2E_SCALE === '1' ? 130_000 : 25_000;
	await check(`Return All in real n8n: ${BIG.toLocaleString('en-US')} contacts (current) and ${BIG.toLocaleString('en-US')} subscribers (legacy), in order; a filtered Get Many`, async () => {
		// Above ~120,000 records n8n's routing node overflowed the stack; the list operations run as the
		// node's own custom operations. Sub-workflows hand back only a summary (see coverageWorkflows.js).
		const published = await ctx.n8nCliAsync(ctx.userFolder, ['publish:workflow', `--id=${coverage.BIG.child}`]);
		assert.equal(published.status, 0, `publishing the sub-workflow failed: ${(published.stderr || published.stdout).slice(-500)}`);
		sandbox.reset({ contacts: BIG, subscribers: BIG });
		const started = Date.now();
		// publish:workflow marks the version on the workflow itself; with n8n's publication service on
		// (the default) a sub-workflow is looked up in that service's own records, which only a running
		// n8n fills. Off, `execute` reads the published version from the workflow.
		const run = await execute(ctx, coverage.BIG.parent, { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' });
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		const at = (list, i) => list[i < 0 ? list.length + i : i];
		const [summary] = outputOf(run, 'Return All Lists');
		// The one form the nodes output (docs/assumptions.md): legacy ids as numbers, custom_fields an object.
		const asOutput = (record, legacy) => {
			const out = JSON.parse(JSON.stringify(record));
			if (legacy) for (const field of ['id', 'textword']) if (typeof out[field] === 'string') out[field] = Number(out[field]);
			if (!legacy && out.custom_fields === null) out.custom_fields = {};
			return out;
		};
		const expectSummary = (label, got, records, idField, legacy) => {
			assert.equal(got.count, BIG, `${label}: count`);
			assert.equal(got.errors, 0, `${label}: error items`);
			assert.deepEqual(got.sample, coverage.SAMPLE_AT.map((i) => asOutput(at(records, i), legacy)[idField]), `${label}: records at ${coverage.SAMPLE_AT}`);
			assert.deepEqual(got.first, asOutput(records[0], legacy), `${label}: first record`);
			assert.deepEqual(got.last, asOutput(at(records, -1), legacy), `${label}: last record`);
		};
		expectSummary('contacts', summary.contacts, current().contacts, 'contact_id', false);
		expectSummary('subscribers', summary, sandbox.state.legacy.contacts, 'id', true);
		// Pages of 10,000 that each start 100 records into the one before (a list that changes while it is
		// read loses and doubles nothing): 14 for 130,000.
		const pages = Array.from({ length: Math.ceil((BIG - 10_000) / 9_900) + 1 }, (_, k) => k * 9_900);
		const contactPages = exactly('GET', '/v1/brands/1001/contacts');
		assert.deepEqual(contactPages.map((r) => r.rawQuery), pages.map((offset) => `?limit=10000&offset=${offset}`));
		const subscriberPages = exactly('GET', '/legacy/v1/contacts');
		assert.deepEqual(subscriberPages.map((r) => Number(r.query.offset)).sort((a, b) => a - b), pages);
		// The filtered list: the filters in the query of its one page, the matching texts as they are.
		const matching = current().messages.filter((m) => m.direction === 'incoming' && m.source === 'Keyword');
		assert.ok(matching.length > 0);
		assert.deepEqual(outputOf(run, 'Incoming Keyword Texts'), matching.map((m) => asOutput(m, false)));
		assert.deepEqual(exactly('GET', '/v1/brands/1001/messages').map((r) => r.rawQuery), ['?direction=incoming&source=Keyword&limit=10000&offset=0']);
		const subWorkflow = run.data.resultData.runData['Return All Lists'][0].executionTime;
		console.log(`        (n8n execute: ${seconds} s in all, the sub-workflow with both lists ${(subWorkflow / 1000).toFixed(1)} s)`);
	});

	for (const wf of coverage.workflows(ctx)) {
		await check(`every resource: ${wf.name}`, async () => {
			sandbox.reset();
			const run = await execute(ctx, wf.id);
			coverage.verify(wf, run, sandbox, outputOf);
		});
	}
};
