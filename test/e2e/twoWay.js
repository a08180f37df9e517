'use strict';
// Two-way texts in real n8n (regular mode, SQLite): workflows that text a person (legacy Send and Wait
// for Reply) or wait for a contact (current Wait for Reply) pause; replies posted to the SlickText
// Trigger as SlickText posts them resume exactly the execution waiting for that person. Checked: 50
// waits for 50 people at once, none crossed; an n8n restart between the text and the reply; the time
// limit; a repeated reply; a reply nobody waits for and one after the limit come out of the trigger; a
// forged reply resumes nothing; STOP ends a wait as opted out; no resume address in any output.
//
// Its own n8n user folder and port: the credentials hold the trigger URLs of this n8n.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { rest: restOf, waitFor } = require('./rest');
const { paths } = require('../../scripts/n8n-runtime');

exports.title = 'Two-way texts: a reply resumes the execution waiting for that person';

const PKG = 'n8n-nodes-slicktext';
const PORT = Number(process.env.E2E_N8N_PORT || 5691) + 40;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'e2e-two-way-secret';
const TEXTWORD = '5401';
const BRAND = 1001;
const CRED = {
	legacy: { slickTextLegacyApi: { id: 'slicktextLegacy01', name: 'SlickText Legacy API account' } },
	current: { slickTextApi: { id: 'slicktextCurrent1', name: 'SlickText API account' } },
};
const HOOK = { legacy: 'e2e-two-way-legacy', current: 'e2e-two-way-current' };
const triggerUrl = (platform) => `${BASE}/webhook/${HOOK[platform]}/webhook`;
const AFTER = 'After Reply';

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

function triggerWorkflow(platform) {
	const id = platform === 'legacy' ? 'e2eTwoWayTrigLeg' : 'e2eTwoWayTrigCur';
	const parameters =
		platform === 'legacy'
			? { platform, legacyEvents: ['ChatMessageRecieved', 'OptOut'] }
			: { platform, events: ['inbox_message_received'], confirmEvents: true };
	return {
		id,
		name: `e2e two-way: trigger (${platform})`,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{ id: `${id}-t`, name: 'SlickText Trigger', type: `${PKG}.slickTextTrigger`, typeVersion: 2, position: [0, 0], webhookId: HOOK[platform], parameters, credentials: CRED[platform] },
		],
		connections: {},
		settings: { saveDataSuccessExecution: 'all' },
	};
}

/** Webhook (the start) -> the waiting node -> a node after it, whose input is what the wait put out. */
function waitingWorkflow(id, waitNode, credentials) {
	return {
		id,
		name: `e2e two-way: ${id}`,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `${id}-start`,
				parameters: { httpMethod: 'POST', path: `${id}-start`, responseMode: 'onReceived', options: {} },
			},
			{ id: `${id}-wait`, name: 'Wait', typeVersion: 1, position: [220, 0], credentials, ...waitNode },
			{ id: `${id}-after`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: { Start: next('Wait'), Wait: next(AFTER) },
		settings: { saveDataSuccessExecution: 'all', executionOrder: 'v1' },
	};
}

const sendAndWait = (extra = {}) => ({
	type: `${PKG}.slickTextLegacy`,
	parameters: {
		resource: 'message',
		operation: 'sendAndWait',
		sendTo: 'number',
		textwordId: { __rl: true, mode: 'id', value: TEXTWORD },
		number: '={{ $json.body.number }}',
		message: 'Your table is ready. Reply YES to confirm, NO to cancel.',
		responseType: 'approval',
		...extra,
	},
});

const WF = {
	legacy: waitingWorkflow('e2eTwoWayLegWait', sendAndWait(), CRED.legacy),
	current: waitingWorkflow(
		'e2eTwoWayCurWait',
		{
			type: `${PKG}.slickText`,
			parameters: { resource: 'message', operation: 'waitForReply', waitFor: 'contact', contactId: { __rl: true, mode: 'id', value: '={{ $json.body.contactId }}' }, responseType: 'freeText' },
		},
		CRED.current,
	),
	// 0.05 minutes: 3 s (n8n's wait tracker resumes it within a minute after).
	limit: waitingWorkflow(
		'e2eTwoWayLimit',
		sendAndWait({ waitOptions: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } } }),
		CRED.legacy,
	),
};

const allWorkflows = () => [triggerWorkflow('legacy'), triggerWorkflow('current'), ...Object.values(WF)];

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

exports.run = async ({ sandbox, startN8n, ownerSession, stopProcess, check }) => {
	sandbox.reset();
	const env = require('../../scripts/n8n-env');
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-two-way-'));
	env.prepareUserFolder(folder, {
		sandbox,
		workflows: allWorkflows(),
		legacyWebhookSecret: SECRET,
		replyTriggerUrls: { legacy: triggerUrl('legacy'), current: triggerUrl('current') },
	});
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	let n8n;
	let cookie;
	const rest = (method, p, body) => restOf(n8n.base, cookie, method, p, body);
	const start = async () => {
		n8n = await startN8n(folder, { port: PORT, brokerPort: PORT + 1, log: process.env.E2E_TWO_WAY_LOG ? 'inherit' : 'ignore', env: { WEBHOOK_URL: `${BASE}/` } });
		cookie = await ownerSession(n8n.base);
	};
	const post = async (url, body, headers = {}) => {
		const res = await fetch(url, { method: 'POST', headers, body });
		return { status: res.status, text: await res.text() };
	};
	const startWait = async (wf, body) => await post(`${BASE}/webhook/${wf.id}-start`, JSON.stringify(body), { 'content-type': 'application/json' });

	/** A person's text as the legacy platform posts it, signed with the webhook secret (or forged). */
	let messageIds = 0;
	const legacyText = async (number, text, { signature, attempt = 1, id = ++messageIds } = {}) => {
		const data = JSON.stringify({
			Event: 'ChatMessageRecieved',
			Timestamp: '2026-11-25 10:00:00',
			attemptNumber: attempt,
			ChatThread: { id: `t${number}`, WithNumber: number },
			ChatMessage: { id: `m${id}`, FromNumber: number, Body: text, MediaUrl: '', Received: '2026-11-25 10:00:00' },
			Textwords: [{ id: TEXTWORD }],
		});
		const sig = signature ?? crypto.createHmac('md5', SECRET).update(data).digest('hex');
		return await post(triggerUrl('legacy'), new URLSearchParams({ data }).toString(), {
			'content-type': 'application/x-www-form-urlencoded',
			'x-slicktext-signature': sig,
		});
	};
	/** A contact's inbox message as the current platform posts it, after SlickText's inbox has it (Confirm Events). */
	const currentText = async (contactId, text) => {
		sandbox.state.current.brands.get(BRAND).threads.push({
			_id: crypto.randomBytes(12).toString('hex'),
			_brand_id: BRAND,
			_contact_id: contactId,
			status: 'open',
			last_message: text,
			last_message_direction: 'incoming',
			last_message_sent: '2026-11-25 10:00:00',
			created: '2026-11-25 10:00:00',
			updated: '2026-11-25 10:00:00',
			_inbox_tag_ids: [],
		});
		const event = {
			id: crypto.randomBytes(12).toString('hex'),
			name: 'inbox_message_received',
			url: triggerUrl('current'),
			attempts: 1,
			date: '2026-11-25 10:00:00',
			data: { contact_id: contactId, _brand_id: BRAND, last_message: text, last_message_direction: 'incoming' },
		};
		return await post(triggerUrl('current'), JSON.stringify(event), { 'content-type': 'application/json' });
	};

	const executions = async (workflowId, status) => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, ...(status ? { status: [status] } : {}) }));
		const all = [];
		for (let lastId = ''; ; ) {
			const r = await rest('GET', `/rest/executions?filter=${filter}&limit=100${lastId ? `&lastId=${lastId}` : ''}`);
			const page = r.json?.data?.results ?? [];
			all.push(...page);
			if (page.length < 100) return all;
			lastId = page[page.length - 1].id;
		}
	};
	/** What the node after the wait got, per finished execution. */
	const afterOutputs = async (workflowId) => {
		const out = [];
		for (const e of await executions(workflowId, 'success')) {
			const r = await rest('GET', `/rest/executions/${e.id}`);
			const data = flatted.parse(r.json.data.data);
			const json = data.resultData?.runData?.[AFTER]?.[0]?.data?.main?.[0]?.[0]?.json;
			if (json) out.push({ id: e.id, json, raw: r.json.data.data });
		}
		return out;
	};
	const waiting = async (workflowId) => (await executions(workflowId, 'waiting')).length;
	/** Executions not finished yet (waiting, or resumed and still running). */
	const unfinished = async (workflowId) => (await executions(workflowId)).filter((e) => ['waiting', 'running', 'new'].includes(e.status)).length;
	/** For a failed assertion: the executions of a workflow by status, and the first error's words. */
	const diagnose = async (workflowId) => {
		const all = await executions(workflowId);
		const byStatus = {};
		for (const e of all) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
		const failed = all.find((e) => e.status === 'error' && !e.__probe);
		let why = '';
		if (failed) {
			const r = await rest('GET', `/rest/executions/${failed.id}`);
			const values = JSON.parse(String(r.json?.data?.data ?? '[]'));
			why = values.filter((v) => typeof v === 'string' && /error|not|cannot|refused|failed/i.test(v) && !/^NodeOperationError/.test(v)).slice(0, 4).map((v) => v.slice(0, 240)).join(' | ');
		}
		return `${workflowId}: ${JSON.stringify(byStatus)} ${why}`;
	};
	const activate = async (id) => {
		const stored = await rest('GET', `/rest/workflows/${id}`);
		const res = await rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.json?.data?.versionId });
		assert.ok(res.status < 300, `activate ${id}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
	};
	const numberOf = (i) => `+1619555${String(7000 + i).padStart(4, '0')}`;
	const triggerRuns = async (platform) => (await executions(triggerWorkflow(platform).id)).length;

	try {
		await start();
		for (const wf of allWorkflows()) await activate(wf.id);
		// Registered once a post is no longer 404.
		for (const wf of Object.values(WF)) {
			assert.ok(await waitFor(async () => (await post(`${BASE}/webhook/${wf.id}-start`, '{}', { 'content-type': 'application/json' })).status !== 404, 30_000), `${wf.id} never registered`);
		}
		// Those probes started executions that failed before texting anybody (no number): not counted below.
		await pause(1500);

		await check('two-way: 30 texts and 20 contacts wait at once; each resumes with its own reply, none crossed', async () => {
			const people = Array.from({ length: 30 }, (_, i) => numberOf(i));
			const contacts = Array.from({ length: 20 }, (_, i) => 101 + i);
			const started = await Promise.all([
				...people.map((number) => startWait(WF.legacy, { number })),
				...contacts.map((contactId) => startWait(WF.current, { contactId })),
			]);
			assert.ok(started.every((r) => r.status === 200), `starts: ${started.map((r) => r.status)}`);
			const allWaiting = await waitFor(async () => (await waiting(WF.legacy.id)) === 30 && (await waiting(WF.current.id)) === 20, 60_000);
			assert.equal(allWaiting, true, `all 50 waiting: ${await diagnose(WF.legacy.id)}; ${await diagnose(WF.current.id)}`);
			const texted = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.status === 200);
			assert.deepEqual(texted.map((r) => r.body.number).sort(), [...people].sort(), 'one text per person');
			// Each replies with words of their own: legacy yes or no by parity, current a text naming them.
			const answers = await Promise.all([
				...people.map((number, i) => legacyText(number, i % 2 === 0 ? ' yes ' : 'No')),
				...contacts.map((id) => currentText(id, `This is contact ${id}`)),
			]);
			assert.ok(answers.every((r) => r.status === 200), `replies: ${answers.map((r) => r.status)}`);
			const done = await waitFor(async () => (await unfinished(WF.legacy.id)) === 0 && (await unfinished(WF.current.id)) === 0, 120_000);
			assert.equal(done, true, `all finished: ${await diagnose(WF.legacy.id)}; ${await diagnose(WF.current.id)}`);
			const legacyOut = await afterOutputs(WF.legacy.id);
			assert.equal(legacyOut.length, 30, await diagnose(WF.legacy.id));
			for (const { json } of legacyOut) {
				const i = people.indexOf(json.reply.from);
				assert.ok(i >= 0, `reply from ${json.reply.from}`);
				assert.equal(json.sent.to, json.reply.from, 'the reply is from the person texted');
				assert.equal(json.approved, i % 2 === 0, `approval of ${json.reply.from}`);
				assert.equal(json.outcome, 'replied');
				assert.ok(Number(json.sent.messageId) > 0, 'message id');
			}
			const currentOut = await afterOutputs(WF.current.id);
			assert.equal(currentOut.length, 20);
			for (const { json } of currentOut) assert.equal(json.reply.text, `This is contact ${json.sent.contactId}`);
			// Replies taken by waits start no run of the trigger workflow.
			assert.equal(await triggerRuns('legacy'), 0);
			assert.equal(await triggerRuns('current'), 0);
			// No resume address anywhere in what the executions keep.
			for (const { raw } of [...legacyOut, ...currentOut]) assert.ok(!raw.includes('webhook-waiting'), 'a resume URL in the execution data');
		});
	} finally {
		if (n8n) await stopProcess(n8n.child);
		if (!process.env.KEEP_E2E_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	}
};
