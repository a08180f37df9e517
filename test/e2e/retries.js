'use strict';
// Retry On Fail in real n8n, which must never text anyone twice: a legacy Send to five contacts whose third send is answered 500
// once texts everybody once, and n8n's "Retry" of a failed execution (the executions list) is measured:
// it is a new execution, which the node's memory of earlier tries does not reach.

const assert = require('node:assert/strict');

const { rest: restOf } = require('./rest');

exports.title = 'Retry On Fail in real n8n (no text sent twice)';

const PKG = 'n8n-nodes-slicktext';
const PORT = Number(process.env.E2E_N8N_PORT || 5691) + 20;
const CONTACTS = ['3000001', '3000002', '3000003', '3000004', '3000005'];
const MESSAGES = '/legacy/v1/messages/';

function sendWorkflow(id, retryOnFail) {
	const code = `return ${JSON.stringify(CONTACTS)}.map((id) => ({ json: { id } }));`;
	return {
		id,
		name: retryOnFail ? 'e2e: legacy Send with Retry On Fail' : 'e2e: legacy Send without Retry On Fail',
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'items', name: 'Five Contacts', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: code } },
			{
				id: 'send',
				name: 'Text Each Contact',
				type: `${PKG}.slickTextLegacy`,
				typeVersion: 1,
				position: [440, 0],
				parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, body: 'Hi' },
				credentials: { slickTextLegacyApi: { id: 'slicktextLegacy01', name: 'SlickText sandbox (legacy API)' } },
				...(retryOnFail ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 100 } : {}),
			},
		],
		connections: {
			Start: { main: [[{ node: 'Five Contacts', type: 'main', index: 0 }]] },
			'Five Contacts': { main: [[{ node: 'Text Each Contact', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

const WITH_RETRY = 'e2eRetrySend00001';
const WITHOUT_RETRY = 'e2eRetrySend00002';

exports.workflows = () => [sendWorkflow(WITH_RETRY, true), sendWorkflow(WITHOUT_RETRY, false)];

/** Texts the sandbox accepted, by contact. */
function textedPerContact(sandbox) {
	const counts = Object.fromEntries(CONTACTS.map((id) => [id, 0]));
	for (const r of sandbox.requests) {
		if (r.method === 'POST' && r.path === MESSAGES && r.status === 200) counts[String(r.body.contact)]++;
	}
	return counts;
}

exports.run = async (ctx) => {
	const { sandbox, check, userFolder, startN8n, ownerSession, stopProcess } = ctx;

	await check('Retry On Fail: a 500 on the 3rd of 5 legacy Sends; every contact is texted once and the run succeeds', async () => {
		sandbox.reset();
		sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: MESSAGES, nth: 3 } });
		const result = await ctx.n8nCliAsync(userFolder, ['execute', '--id', WITH_RETRY, '--rawOutput']);
		assert.equal(result.status, 0, `n8n execute failed: ${(result.stderr || result.stdout).slice(-800)}`);
		assert.deepEqual(textedPerContact(sandbox), Object.fromEntries(CONTACTS.map((id) => [id, 1])));
		const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === MESSAGES);
		// Five texts and the one 500: nothing done in the first try was sent again.
		assert.equal(posts.length, 6);
	});

	// The failed execution to retry: the same Send without Retry On Fail, failing at the 500 (headless, so
	// that it is stored before n8n starts).
	sandbox.reset();
	sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: MESSAGES, nth: 3 } });
	const firstRun = await ctx.n8nCliAsync(userFolder, ['execute', '--id', WITHOUT_RETRY, '--rawOutput']);
	const before = textedPerContact(sandbox);
	const { child, base } = await startN8n(userFolder, { port: PORT, log: 'ignore', brokerPort: PORT + 1 });
	try {
		const cookie = await ownerSession(base);
		const rest = (method, path, body) => restOf(base, cookie, method, path, body);
		const executionsOf = async (workflowId) => {
			const res = await rest('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
			return res.json?.data?.results ?? res.json?.data ?? [];
		};

		await check("measured: n8n's Retry of a failed execution starts a new one, which texts the contacts done before again", async () => {
			assert.notEqual(firstRun.status, 0, 'the run without Retry On Fail failed at the 500');
			const failed = (await executionsOf(WITHOUT_RETRY)).find((e) => e.status === 'error');
			assert.ok(failed, `the failed run is listed: ${JSON.stringify(await executionsOf(WITHOUT_RETRY)).slice(0, 300)}`);
			const retried = await rest('POST', `/rest/executions/${failed.id}/retry`, { loadWorkflow: false });
			assert.ok(retried.status < 300, `retry: ${retried.status} ${JSON.stringify(retried.json).slice(0, 300)}`);
			let done;
			for (let i = 0; i < 60 && !done; i++) {
				done = (await executionsOf(WITHOUT_RETRY)).find((e) => e.id !== failed.id && ['success', 'error'].includes(e.status));
				if (!done) await new Promise((r) => setTimeout(r, 500));
			}
			assert.ok(done, 'the retry ran to its end');
			const after = textedPerContact(sandbox);
			const twice = CONTACTS.filter((id) => after[id] > 1);
			// What a user gets today (README, docs/reliability.md): the retry is a new execution with the node's
			// whole input, and the contacts texted before the failure get the text again.
			console.log(`        (retry of the failed execution: ${done.status}; texted before: ${JSON.stringify(before)}, after: ${JSON.stringify(after)})`);
			assert.equal(done.status, 'success');
			assert.ok(CONTACTS.every((id) => after[id] >= 1));
			assert.deepEqual(twice, CONTACTS.filter((id) => before[id] === 1));
		});
	} finally {
		await stopProcess(child);
	}
};
