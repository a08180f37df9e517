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

const { rest: restOf, untilReady, waitFor } = require('./rest');
const { EXAMPLE8, ORGANISER, answerAfter, checkRsvp, endWaitsSoon, everyoneAnswers, guestNumbers, ownTrigger, rsvpWorkflow, shuffledAnswers } = require('./rsvp');
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
// A second legacy credential of the same account without the webhook secret, whose trigger therefore
// cannot verify replies (issue 43): its waits' Trigger URL for Replies is that trigger's.
CRED.unverified = { slickTextLegacyApi: { id: 'slicktextLegacy02', name: 'SlickText Legacy API (no webhook secret)' } };
const HOOK = { legacy: 'e2e-two-way-legacy', current: 'e2e-two-way-current', unverified: 'e2e-two-way-unverified' };
/** A plain n8n webhook that a forged registration tries to send a person's reply to. */
const SPY = 'e2eTwoWaySpy0001';
const triggerUrl = (platform) => `${BASE}/webhook/${HOOK[platform]}/webhook`;
const AFTER = 'After Reply';

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

function triggerWorkflow(platform) {
	const id = { legacy: 'e2eTwoWayTrigLeg', current: 'e2eTwoWayTrigCur', unverified: 'e2eTwoWayTrigUnv' }[platform];
	const parameters =
		platform === 'current'
			? { platform, events: ['inbox_message_received'], confirmEvents: true }
			: { platform: 'legacy', legacyEvents: ['ChatMessageRecieved', 'OptOut'] };
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
	// At the trigger that cannot verify replies: an approval, and free text.
	unverifiedApproval: waitingWorkflow('e2eTwoWayUnvAppr', sendAndWait(), CRED.unverified),
	unverifiedFreeText: waitingWorkflow('e2eTwoWayUnvFree', sendAndWait({ responseType: 'freeText' }), CRED.unverified),
};

function spyWorkflow() {
	return {
		id: SPY,
		name: 'e2e two-way: a workflow a forged wait points at',
		versionId: `${SPY}-v1`,
		active: false,
		nodes: [{ id: 'spy', name: 'Spy', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: SPY, parameters: { httpMethod: 'POST', path: SPY, responseMode: 'onReceived', options: {} } }],
		connections: {},
		settings: { saveDataSuccessExecution: 'all' },
	};
}

/**
 * An AI Agent whose tool "Text One Contact" (SlickText Legacy Send) is gated by n8n's human review built
 * from Send and Wait for Reply (…HitlTool): the manager approves each call by text.
 */
const AGENT = 'e2eTwoWayAgent01';
const MANAGER = '+16175550199';
const OPENAI = { openAiApi: { id: 'openAiTwoWay01', name: 'OpenAI (scripted)' } };
function agentWorkflow() {
	return {
		id: AGENT,
		name: 'e2e two-way: AI agent with SMS approval',
		versionId: `${AGENT}-v1`,
		active: false,
		nodes: [
			{ id: 'a-start', name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `${AGENT}-start`, parameters: { httpMethod: 'POST', path: `${AGENT}-start`, responseMode: 'onReceived', options: {} } },
			{ id: 'a-agent', name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 3.1, position: [260, 0], parameters: { promptType: 'define', text: '={{ $json.body.ask }}', options: {} } },
			{ id: 'a-model', name: 'OpenAI Chat Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', typeVersion: 1.3, position: [120, 240], parameters: { model: { __rl: true, mode: 'id', value: 'gpt-4.1-mini' }, responsesApiEnabled: false, options: {} }, credentials: OPENAI },
			{
				id: 'a-tool',
				name: 'Text One Contact',
				type: `${PKG}.slickTextLegacyTool`,
				typeVersion: 1,
				position: [660, 400],
				parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: { __rl: true, mode: 'id', value: "={{ $fromAI('contact_id', 'The contact to text', 'string') }}" }, body: "={{ $fromAI('text', 'The text', 'string') }}" },
				credentials: CRED.legacy,
			},
			{
				id: 'a-review',
				name: 'SMS Approval',
				type: `${PKG}.slickTextLegacyHitlTool`,
				typeVersion: 1,
				position: [660, 240],
				// No Message: n8n's own ("The agent wants to run this tool: ... Input: {{ $tool.parameters }}").
				parameters: { sendTo: 'number', textwordId: { __rl: true, mode: 'id', value: TEXTWORD }, number: MANAGER },
				credentials: CRED.legacy,
			},
		],
		connections: {
			Start: next('AI Agent'),
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			'Text One Contact': { ai_tool: [[{ node: 'SMS Approval', type: 'ai_tool', index: 0 }]] },
			'SMS Approval': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { saveDataSuccessExecution: 'all', executionOrder: 'v1' },
	};
}

/** examples/07 as shipped (its textword is the sandbox's), under its local id, with 20 appointments in its list. */
const EXAMPLE7 = 'exReminderReply07';
const LIST_NUMBERS = Array.from({ length: 20 }, (_, i) => `+1619555${String(7300 + i).padStart(4, '0')}`);
const exampleSeven = (sandbox) => {
	const workflow = require('../../scripts/examples').exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE7);
	const list = workflow.nodes.find((n) => n.name === "Tomorrow's Appointments");
	const appointments = LIST_NUMBERS.map((mobile_number, i) => ({ first_name: `Person ${i}`, mobile_number, appointment: `tomorrow at ${9 + (i % 8)}:00` }));
	list.parameters.jsonOutput = JSON.stringify({ appointments });
	return ownTrigger(workflow, { base: BASE });
};

/** examples/08 with RSVP_NUMBERS as its guests and its deadline RSVP_SECONDS after the run starts (rsvp.js). */
const RSVP_NUMBERS = guestNumbers(Number(process.env.E2E_RSVP_GUESTS || 200), 'rsvp');
// 240 s, as the queue-mode RSVP check: with 150 a slow machine (everyone waiting after 123 s, then 200
// answers at once) once answered past the deadline; the deadline is the only time this check asks for.
const RSVP_SECONDS = Number(process.env.E2E_RSVP_SECONDS || 240);
/** A copy of examples/08 whose guests all answer: it goes on long before its deadline. */
const EARLY_RSVP = 'exRsvpEarly08';
const EARLY_NUMBERS = guestNumbers(20, 'early');
const EARLY_SECONDS = 400;
/** A copy of examples/08 that counts each guest's last reply: it waits for the deadline. */
const LAST_RSVP = 'exRsvpLast08';
const LAST_NUMBERS = guestNumbers(20, 'last');
const LAST_SECONDS = 120;

/**
 * examples/09 as shipped (its list is the sandbox's Tasting Panel), its deadline POLL_SECONDS after the run
 * starts, each contact's wait ending 10-20 s after it (60-660 s as shipped). Each contact's execution starts
 * POLL_LATE_START s late, as a busy n8n may start them: its wait begins after the loop has ended. Each
 * copy (`id`) has a trigger of its own, as in rsvpWorkflow.
 */
const EXAMPLE9 = 'exCampaignPoll009';
const LAST_POLL = 'exCampaignPollLast09';
const POLL_LIST = 4;
const POLL_SECONDS = Number(process.env.E2E_POLL_SECONDS || 100);
const POLL_LATE_START = 15;
const exampleNine = (sandbox, { id, replyThatCounts = 'first' } = {}) => {
	const workflow = require('../../scripts/examples').exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE9);
	const question = workflow.nodes.find((n) => n.name === 'Question and Deadline').parameters;
	const deadline = "$now.plus({ hours: 4 }).startOf('minute')";
	assert.ok(question.jsonOutput.includes(deadline), 'the shipped deadline');
	assert.ok(question.jsonOutput.includes('"reply_that_counts": "first"'), 'the shipped choice of the reply that counts');
	question.jsonOutput = question.jsonOutput.replace(deadline, `$now.plus({ seconds: ${POLL_SECONDS} })`).replace('"reply_that_counts": "first"', `"reply_that_counts": "${replyThatCounts}"`);
	const contactId = "$('When Asked One by One').first().json.contact_id";
	endWaitsSoon(workflow, 'Wait for the Answer', contactId);
	endWaitsSoon(workflow, 'Wait for a Later Reply', contactId);
	const [first] = workflow.connections['When Asked One by One'].main[0];
	assert.equal(first.node, 'About to Wait', "the shipped mark before each contact's wait");
	workflow.nodes.push({ id: 'lateStart', name: 'Late Start', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [110, 800], parameters: { resume: 'timeInterval', amount: POLL_LATE_START, unit: 'seconds' } });
	workflow.connections['When Asked One by One'] = { main: [[{ node: 'Late Start', type: 'main', index: 0 }]] };
	workflow.connections['Late Start'] = { main: [[first]] };
	return ownTrigger(workflow, { id, base: BASE });
};
/** What each subscriber of the poll's list answers, by place in the list, and what the question's words make of it. */
const pollAnswer = (i) => ['YES', 'no', 'STOP', 'maybe', ''][i % 5];
const POLL_WORDS = { YES: 'yes', no: 'no' };

const allWorkflows = (sandbox) => [
	triggerWorkflow('legacy'),
	triggerWorkflow('current'),
	triggerWorkflow('unverified'),
	...Object.values(WF),
	exampleSeven(sandbox),
	rsvpWorkflow({ sandbox, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS, base: BASE }),
	rsvpWorkflow({ sandbox, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, base: BASE, id: EARLY_RSVP }),
	rsvpWorkflow({ sandbox, numbers: LAST_NUMBERS, seconds: LAST_SECONDS, base: BASE, id: LAST_RSVP, replyThatCounts: 'last' }),
	exampleNine(sandbox),
	exampleNine(sandbox, { id: LAST_POLL, replyThatCounts: 'last' }),
	agentWorkflow(),
	spyWorkflow(),
];

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

exports.run = async ({ sandbox, startN8n, ownerSession, stopProcess, check: checkOf }) => {
	// Each check starts from no waiting execution, whatever the check before it left.
	const check = async (name, fn) =>
		await checkOf(name, async () => {
			try {
				await fn();
			} finally {
				await stopLeftovers();
			}
		});
	sandbox.reset();
	// 50 replies at the same moment keep n8n's 2 cores busy for seconds: the answers' timing is measured in
	// bench/two-way-n8n.js, not judged here (a busy machine would fail it), so a played reply waits longer.
	const timeoutBefore = sandbox.options.webhookTimeoutMs;
	sandbox.options.webhookTimeoutMs = 60_000;
	const env = require('../../scripts/n8n-env');
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-two-way-'));
	env.prepareUserFolder(folder, {
		sandbox,
		workflows: allWorkflows(sandbox),
		legacyWebhookSecret: SECRET,
		replyTriggerUrls: { legacy: triggerUrl('legacy'), current: triggerUrl('current') },
	});
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	// The agent's model: scripted (no network). Each run asks to text contact 3000001, then answers.
	const { startModelServer } = require('./modelServer');
	const toolResults = [];
	const model = await startModelServer([
		// A tool behind n8n's human review takes its arguments under toolParameters.
		() => ({ toolCalls: [{ name: 'Text_One_Contact', args: { toolParameters: { contact_id: '3000001', text: 'Your order is ready.' }, hitlParameters: {} } }] }),
		(body) => (toolResults.push(body.messages.filter((m) => m.role === 'tool').at(-1)?.content), { content: 'Done.' }),
		() => ({ toolCalls: [{ name: 'Text_One_Contact', args: { toolParameters: { contact_id: '3000002', text: 'Your order is ready.' }, hitlParameters: {} } }] }),
		(body) => (toolResults.push(body.messages.filter((m) => m.role === 'tool').at(-1)?.content), { content: 'Not sent.' }),
	]);
	const openAiFile = path.join(folder, 'tmp', 'openai.json');
	const unverifiedCredential = { ...sandbox.legacyCredentials(), replyTriggerUrl: triggerUrl('unverified') };
	fs.writeFileSync(
		openAiFile,
		JSON.stringify([
			{ id: OPENAI.openAiApi.id, name: OPENAI.openAiApi.name, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.url } },
			{ id: CRED.unverified.slickTextLegacyApi.id, name: CRED.unverified.slickTextLegacyApi.name, type: 'slickTextLegacyApi', data: unverifiedCredential },
		]),
	);
	assert.equal(env.n8nCli(folder, ['import:credentials', '--input', openAiFile]).status, 0, 'import the scripted model credential and the credential without a secret');
	let n8n;
	let cookie;
	const rest = (method, p, body) => restOf(n8n.base, cookie, method, p, body);
	const start = async () => {
		// n8n's log goes to a file: no resume address may appear in it (checked last).
		const log = process.env.E2E_TWO_WAY_LOG ? 'inherit' : fs.openSync(path.join(folder, 'n8n.log'), 'a');
		n8n = await startN8n(folder, { port: PORT, brokerPort: PORT + 1, log, env: { WEBHOOK_URL: `${BASE}/`, N8N_LOG_LEVEL: process.env.E2E_TWO_WAY_LOG_LEVEL || 'debug', ...(process.env.E2E_SQLITE_POOL ? { DB_SQLITE_POOL_SIZE: process.env.E2E_SQLITE_POOL } : {}) } });
		cookie = await ownerSession(n8n.base);
	};
	const post = async (url, body, headers = {}) =>
		await untilReady(async () => {
			const res = await fetch(url, { method: 'POST', headers, body });
			return { status: res.status, text: await res.text() };
		});
	const startWait = async (wf, body) => await post(`${BASE}/webhook/${wf.id}-start`, JSON.stringify(body), { 'content-type': 'application/json' });

	/** A person's text, played by the sandbox as SlickText posts it (legacy: signed with the webhook secret). */
	const legacyText = async (number, text, extra = {}) => {
		const played = await sandbox.reply({ platform: 'legacy', to: triggerUrl('legacy'), from: number, text, secret: SECRET, ...extra });
		return { status: played.status, played };
	};
	const currentText = async (contactId, text) => {
		const played = await sandbox.reply({ platform: 'current', to: triggerUrl('current'), contactId, text });
		return { status: played.status, played };
	};
	/** A legacy text with a signature that is not SlickText's. */
	const forgedLegacyText = async (number, text) => {
		const data = JSON.stringify({
			Event: 'ChatMessageRecieved',
			Timestamp: '2026-11-25 10:00:00',
			attemptNumber: 1,
			ChatThread: { WithNumber: number },
			ChatMessage: { FromNumber: number, Body: text, MediaUrl: '', Received: '2026-11-25 10:00:00' },
		});
		return await post(triggerUrl('legacy'), new URLSearchParams({ data }).toString(), {
			'content-type': 'application/x-www-form-urlencoded',
			'x-slicktext-signature': crypto.createHmac('md5', 'not-the-secret').update(data).digest('hex'),
		});
	};

	const executions = (workflowId, status) => env.listExecutions(rest, workflowId, status);
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
	/** A trigger workflow's stored static data, as n8n keeps it. */
	const triggerStatic = async (platform) => (await rest('GET', `/rest/workflows/${triggerWorkflow(platform).id}`)).json?.data?.staticData ?? null;
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
			const error = flatted.parse(String(r.json?.data?.data ?? '[]'))?.resultData?.error;
			why = error?.message ? `${error.node?.name ?? ''}: ${error.message} ${error.description ?? ''}`.slice(0, 400) : '';
			why ||= values.filter((v) => typeof v === 'string' && /error|not|cannot|refused|failed/i.test(v) && !/^NodeOperationError/.test(v)).slice(0, 4).map((v) => v.slice(0, 240)).join(' | ');
		}
		return `${workflowId}: ${JSON.stringify(byStatus)} ${why}`;
	};
	const activate = async (id) => {
		const stored = await rest('GET', `/rest/workflows/${id}`);
		const res = await rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.json?.data?.versionId });
		assert.ok(res.status < 300, `activate ${id}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
	};
	const numberOf = (i) => `+1619555${String(7000 + i).padStart(4, '0')}`;
	/** Runs of the trigger's workflow that have finished (the events it passed on are in them). */
	const triggerRuns = async (platform) => (await executions(triggerWorkflow(platform).id, 'success')).length;
	/** The events the trigger passed on (its runs' output), oldest first. */
	const triggerEvents = async (platform) => {
		const out = [];
		for (const e of (await executions(triggerWorkflow(platform).id, 'success')).reverse()) {
			const r = await rest('GET', `/rest/executions/${e.id}`);
			const data = flatted.parse(r.json.data.data);
			for (const item of data.resultData?.runData?.['SlickText Trigger']?.[0]?.data?.main?.[0] ?? []) out.push(item.json);
		}
		return out;
	};
	/** What the node after the wait got in one execution (by the number texted), once it finished. */
	const outputFor = async (workflowId, number) => (await afterOutputs(workflowId)).find(({ json }) => json.sent?.to === number)?.json;
	const waitingFor = async (workflowId, count) => await waitFor(async () => (await waiting(workflowId)) === count, 60_000);
	/** Stops what a failed check left waiting, so that the next check counts its own executions only. */
	const stopLeftovers = async () => {
		for (const wf of [...Object.values(WF), { id: EXAMPLE7 }, { id: EXAMPLE8 }, { id: EARLY_RSVP }, { id: LAST_RSVP }, { id: EXAMPLE9 }, { id: LAST_POLL }, { id: AGENT }]) {
			for (const e of await executions(wf.id, 'waiting')) await rest('POST', `/rest/executions/${e.id}/stop`);
		}
	};

	try {
		await start();
		for (const wf of allWorkflows(sandbox)) await activate(wf.id);
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

		await check('two-way: an n8n restart between the text and the reply loses nothing', async () => {
			const number = numberOf(100);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 1), 'waiting before the restart');
			await stopProcess(n8n.child);
			await start();
			assert.ok(await waitFor(async () => (await legacyText(number, 'YES')).status !== 404, 30_000), 'the trigger after the restart');
			const out = await waitFor(async () => await outputFor(WF.legacy.id, number), 60_000);
			assert.equal(out?.outcome, 'replied', await diagnose(WF.legacy.id));
			assert.equal(out.approved, true);
		});

		await check('two-way: a repeated reply resumes nothing twice; the oldest wait for a person takes the first reply', async () => {
			const number = numberOf(101);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 1));
			await pause(1100);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 2));
			// SlickText delivers the reply, then delivers it again (its retry: same event, next attempt).
			const first = await legacyText(number, 'yes', { repeat: 2 });
			assert.ok(first.played.deliveries.every((d) => d.status === 200), JSON.stringify(first.played.deliveries.map((d) => d.status)));
			assert.ok(await waitingFor(WF.legacy.id, 1), `one wait taken, one left: ${await diagnose(WF.legacy.id)}`);
			await pause(1500);
			assert.equal(await waiting(WF.legacy.id), 1, 'the repeats resumed nothing');
			// The next reply of the person goes to the wait that is left.
			assert.equal((await legacyText(number, 'no')).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 0));
			const mine = async () => (await afterOutputs(WF.legacy.id)).filter(({ json }) => json.sent.to === number);
			await waitFor(async () => (await mine()).length === 2, 60_000);
			const outs = (await mine()).sort((a, b) => Number(a.id) - Number(b.id));
			assert.deepEqual(outs.map(({ json }) => [json.reply.text, json.approved]), [['yes', true], ['no', false]], 'oldest first');
		});

		await check('two-way: a reply nobody waits for comes out of the SlickText Trigger as a normal event', async () => {
			const before = await triggerRuns('legacy');
			const number = numberOf(5);
			assert.equal((await legacyText(number, 'What time do you open?')).status, 200);
			assert.ok(await waitFor(async () => (await triggerRuns('legacy')) === before + 1, 30_000), 'one run of the trigger');
			const events = await triggerEvents('legacy');
			assert.equal(events.at(-1)?.ChatMessage?.Body, 'What time do you open?');
		});

		await check('two-way: a forged reply resumes nothing; the real one then does', async () => {
			const number = numberOf(102);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 1));
			const forged = await forgedLegacyText(number, 'YES');
			assert.equal(forged.status, 401);
			await pause(1500);
			assert.equal(await waiting(WF.legacy.id), 1, 'still waiting after the forged reply');
			// Current platform with Confirm Events: an inbox message SlickText does not have resumes nothing.
			assert.equal((await startWait(WF.current, { contactId: 140 })).status, 200);
			assert.ok(await waitingFor(WF.current.id, 1));
			const invented = { id: crypto.randomBytes(12).toString('hex'), name: 'inbox_message_received', attempts: 1, date: '2026-11-25 10:00:00', data: { contact_id: 140, _brand_id: BRAND, last_message: 'invented', last_message_direction: 'incoming' } };
			assert.equal((await post(triggerUrl('current'), JSON.stringify(invented), { 'content-type': 'application/json' })).status, 200);
			await pause(2000);
			assert.equal(await waiting(WF.current.id), 1, 'still waiting after the invented inbox message');
			assert.equal((await legacyText(number, 'YES')).status, 200);
			assert.equal((await currentText(140, 'real answer')).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 0));
			assert.ok(await waitingFor(WF.current.id, 0));
			// Waiting no more is not yet finished and saved on a busy machine: wait for the output.
			const out = await waitFor(async () => await outputFor(WF.legacy.id, number), 60_000);
			assert.equal(out?.approved, true);
		});

		await check('two-way (issue 43): a wait not signed with the trigger\'s own credential is refused (401) on both platforms and kept nowhere; the genuine wait takes the genuine reply, and the address a forged wait named gets nothing', async () => {
			const number = numberOf(110);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 1));
			await pause(1000);
			const before = { legacy: await triggerStatic('legacy'), current: await triggerStatic('current') };
			const { sign, signingKeyOf } = require('../../dist/nodes/shared/replies/signing');
			const statuses = [];
			for (const platform of ['legacy', 'current']) {
				const forged = { platform, person: platform === 'legacy' ? number : `${BRAND}:141`, resumeUrl: `${BASE}/webhook/${SPY}`, since: Date.now() - 3_600_000, until: 0, sent: { to: 'x' } };
				const other = platform === 'legacy' ? signingKeyOf('legacy', { publicKey: 'pub_stranger', privateKey: 'guessed' }) : signingKeyOf('current', { brandId: String(BRAND), apiKey: 'guessed' });
				const signedElsewhere = sign(other, forged, Date.now());
				for (const body of [
					{ n8nSlickTextReplyWait: forged },
					{ n8nSlickTextReplyWait: signedElsewhere.payload, signature: signedElsewhere.signature },
					{ n8nSlickTextReplyWait: { platform, check: true } },
				]) {
					statuses.push((await post(triggerUrl(platform), JSON.stringify(body), { 'content-type': 'application/json' })).status);
				}
			}
			assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401]);
			await pause(1000);
			assert.deepEqual(await triggerStatic('legacy'), before.legacy, 'the legacy trigger stored nothing of them');
			assert.deepEqual(await triggerStatic('current'), before.current, 'the current trigger stored nothing of them');
			assert.equal((await legacyText(number, 'YES')).status, 200);
			const out = await waitFor(async () => await outputFor(WF.legacy.id, number), 60_000);
			assert.equal(out?.approved, true, await diagnose(WF.legacy.id));
			assert.equal(out.reply.verified, true);
			assert.equal((await executions(SPY)).length, 0, 'the forged address received the reply');
		});

		await check('two-way (issue 43): at a trigger that cannot verify replies an approval stops before anybody is texted, and a forged YES resumes nothing; free text waits there, its output saying the reply was not verified', async () => {
			const textsTo = (number) => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body.number === number);
			const number = numberOf(111);
			const failedBefore = (await executions(WF.unverifiedApproval.id, 'error')).length;
			assert.equal((await startWait(WF.unverifiedApproval, { number })).status, 200);
			assert.ok(await waitFor(async () => (await executions(WF.unverifiedApproval.id, 'error')).length === failedBefore + 1, 60_000), await diagnose(WF.unverifiedApproval.id));
			const [failed] = await executions(WF.unverifiedApproval.id, 'error');
			assert.match(String((await rest('GET', `/rest/executions/${failed.id}`)).json.data.data), /cannot tell a real reply from a forged one/);
			assert.equal(textsTo(number).length, 0, 'nobody was texted');
			assert.equal(await waiting(WF.unverifiedApproval.id), 0);
			// Anyone can post a YES to that trigger: nothing waits, so it is only an event of that trigger.
			const unsigned = (from, body) => {
				const data = JSON.stringify({ Event: 'ChatMessageRecieved', Timestamp: '2026-11-25 10:00:00', attemptNumber: 1, ChatThread: { WithNumber: from }, ChatMessage: { ChatMessageId: crypto.randomInt(1e9), FromNumber: from, Body: body, MediaUrl: '', Received: '2026-11-25 10:00:00' } });
				return post(triggerUrl('unverified'), new URLSearchParams({ data }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
			};
			assert.equal((await unsigned(number, 'YES')).status, 200);
			const free = numberOf(112);
			assert.equal((await startWait(WF.unverifiedFreeText, { number: free })).status, 200);
			assert.ok(await waitingFor(WF.unverifiedFreeText.id, 1), await diagnose(WF.unverifiedFreeText.id));
			assert.equal(textsTo(free).length, 1);
			assert.equal((await unsigned(free, 'See you at 7')).status, 200);
			const out = await waitFor(async () => await outputFor(WF.unverifiedFreeText.id, free), 60_000);
			assert.deepEqual([out?.outcome, out?.reply?.text, out?.reply?.verified], ['replied', 'See you at 7', false]);
		});

		await check('two-way: STOP ends a wait as opted out, never as approval; the opt-out still comes out of the trigger', async () => {
			const number = numberOf(103);
			assert.equal((await startWait(WF.legacy, { number })).status, 200);
			assert.ok(await waitingFor(WF.legacy.id, 1));
			const before = await triggerRuns('legacy');
			const played = await legacyText(number, 'STOP');
			assert.ok(played.played.deliveries.every((d) => d.status === 200));
			assert.ok(await waitingFor(WF.legacy.id, 0));
			const out = await waitFor(async () => await outputFor(WF.legacy.id, number), 30_000);
			assert.equal(out?.outcome, 'optedOut');
			assert.equal(out.approved, false);
			// The OptOut event SlickText sends after the STOP text is the trigger's event as always.
			assert.ok(await waitFor(async () => (await triggerRuns('legacy')) > before, 30_000), 'the OptOut event ran the trigger');
			assert.ok((await triggerEvents('legacy')).some((e) => e.Event === 'OptOut' && e.Subscriber?.PhoneNumber === number), 'OptOut event');
		});

		await check('two-way: the time limit; a reply after it comes out of the SlickText Trigger', async () => {
			const number = numberOf(104);
			assert.equal((await startWait(WF.limit, { number })).status, 200);
			assert.ok(await waitingFor(WF.limit.id, 1));
			// n8n's wait tracker resumes a wait whose time has come within about a minute.
			const out = await waitFor(async () => await outputFor(WF.limit.id, number), 120_000);
			assert.equal(out?.outcome, 'timedOut', await diagnose(WF.limit.id));
			assert.equal(out.approved, false);
			assert.equal(out.reply, null);
			assert.ok(Number(out.sent.messageId) > 0);
			const before = await triggerRuns('legacy');
			assert.equal((await legacyText(number, 'YES')).status, 200);
			assert.ok(await waitFor(async () => (await triggerRuns('legacy')) === before + 1, 30_000), 'the late reply ran the trigger');
			assert.equal((await triggerEvents('legacy')).at(-1)?.ChatMessage?.Body, 'YES');
		});

		await check('two-way: examples/07 from Try It (Manual): the reminder texts, waits, and C takes the Confirmed branch', async () => {
			const number = '+16175550107';
			const run = await rest('POST', `/rest/workflows/${EXAMPLE7}/run`, { triggerToStartFrom: { name: 'Try It (Manual)' } });
			assert.ok(run.status < 300, `run: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			assert.ok(await waitingFor(EXAMPLE7, 1), `waiting: ${await diagnose(EXAMPLE7)}`);
			const text = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body.number === number).at(-1);
			assert.match(text.body.body, /^Hi Rosa, a reminder of your appointment tomorrow at 10:30\. Reply C to confirm or R to reschedule\.$/);
			// Not a yes or a no word: still waiting (Other Answers: Keep Waiting), and the text comes out of the trigger.
			assert.equal((await legacyText(number, 'Which address?')).status, 200);
			await pause(1500);
			assert.equal(await waiting(EXAMPLE7), 1);
			assert.equal((await legacyText(number, 'c')).status, 200);
			assert.ok(await waitFor(async () => (await executions(EXAMPLE7, 'success')).length === 1, 60_000), await diagnose(EXAMPLE7));
			const [done] = await executions(EXAMPLE7, 'success');
			const data = flatted.parse((await rest('GET', `/rest/executions/${done.id}`)).json.data.data);
			const ran = Object.keys(data.resultData.runData);
			assert.ok(ran.includes('Confirmed'), `ran: ${ran}`);
			assert.ok(!ran.includes('Ask for a New Time') && !ran.includes('No Answer: Call Them'), `ran: ${ran}`);
		});

		await check('two-way (issue 45): examples/07 for a list: Every Morning texts 20 people at once; their answers, in random order and at once, are each handled as they come, none crossed', async () => {
			const before = new Set((await executions(EXAMPLE7)).map((e) => e.id));
			const run = await rest('POST', `/rest/workflows/${EXAMPLE7}/run`, { triggerToStartFrom: { name: 'Every Morning' } });
			assert.ok(run.status < 300, `run: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			// One execution of this same workflow per appointment, all waiting at once.
			assert.ok(await waitingFor(EXAMPLE7, LIST_NUMBERS.length), `waiting: ${await diagnose(EXAMPLE7)}`);
			const texted = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && LIST_NUMBERS.includes(r.body.number));
			assert.deepEqual(texted.map((r) => r.body.number).sort(), [...LIST_NUMBERS].sort(), 'one text per person');
			// C (confirm) from the even ones, R (reschedule) from the odd ones, posted in random order and at once.
			const answerOf = (number) => (LIST_NUMBERS.indexOf(number) % 2 === 0 ? 'C' : 'R');
			const shuffled = [...LIST_NUMBERS].sort(() => Math.random() - 0.5);
			const answers = await Promise.all(shuffled.map((number) => legacyText(number, answerOf(number))));
			assert.ok(answers.every((r) => r.status === 200), `replies: ${answers.map((r) => r.status)}`);
			assert.ok(await waitFor(async () => (await unfinished(EXAMPLE7)) === 0, 120_000), await diagnose(EXAMPLE7));
			const finished = (await executions(EXAMPLE7, 'success')).filter((e) => !before.has(e.id));
			// The morning run and one run per person, each started by SlickText-Replies' Each Person output as a
			// webhook run (n8n keeps no sub-execution of it); no other (a reply a wait takes starts no run).
			assert.equal(finished.length, LIST_NUMBERS.length + 1, await diagnose(EXAMPLE7));
			assert.deepEqual(finished.map((e) => e.mode).sort(), [...Array(LIST_NUMBERS.length).fill('webhook'), 'manual'].sort(), 'how each run began');
			const handled = [];
			for (const e of finished) {
				const data = flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data);
				const runData = data.resultData.runData;
				if (runData['Every Morning']) continue;
				const out = runData['Text Reminder and Wait'].at(-1).data.main[0][0].json;
				assert.equal(out.reply.from, out.sent.to, 'the reply is from the person texted');
				assert.equal(out.reply.text, answerOf(out.sent.to), `the answer of ${out.sent.to}`);
				const ran = Object.keys(runData);
				assert.equal(ran.includes('Confirmed'), out.reply.text === 'C', `${out.sent.to} ran ${ran}`);
				assert.equal(ran.includes('Ask for a New Time'), out.reply.text === 'R', `${out.sent.to} ran ${ran}`);
				handled.push(out.sent.to);
			}
			assert.deepEqual(handled.sort(), [...LIST_NUMBERS].sort(), 'each person handled once');
		});

		/** Waits until `count` people of examples 8 or 9 (`id`) wait again after keeping their answer (*Wait for a Later Reply*). */
		const waitingAgain = async (id, count) => {
			const again = async () => {
				let n = 0;
				for (const e of await executions(id, 'waiting')) {
					const runData = flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data).resultData.runData;
					if (runData['Keep the Answer']) n++;
				}
				return n === count;
			};
			assert.ok(await waitFor(again, 60_000, 1000), `waiting again: ${await diagnose(id)}`);
		};

		/**
		 * Runs the RSVP `id` (examples/08 with `numbers` as guests, its deadline `seconds` ahead) and has each
		 * guest answer `answer(i)` once every guest waits, all at once in random order; with `later`, once each
		 * guest who answered waits again (*Wait for a Later Reply*), each texts `later(i)` too. Checks what came
		 * out (checkRsvp) and returns how long after the deadline the answers were read, in ms.
		 */
		const runRsvp = async ({ id, numbers, seconds, answer, later }) => {
			const before = new Set((await executions(id)).map((e) => e.id));
			// The sandbox serves the whole e2e run: only this check's texts count.
			const requestsBefore = sandbox.requests.length;
			const textsTo = (to) => sandbox.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && to.includes(r.body?.number));
			const started = Date.now();
			const run = await rest('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: 'Every Monday' } });
			assert.ok(run.status < 300, `run: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			// Every guest's execution waits, and so does the RSVP's own (Until the Deadline).
			const all = numbers.length + 1;
			assert.ok(await waitFor(async () => (await waiting(id)) === all, seconds * 1000 - 20_000), `waiting: ${await diagnose(id)}`);
			const everyoneWaitsAfter = Date.now() - started;
			assert.deepEqual(textsTo(numbers).map((r) => r.body.number).sort(), [...numbers].sort(), 'one text per guest');
			// Every answer at once, in random order ("maybe" keeps that guest waiting, as no answer).
			const replies = shuffledAnswers(numbers, answer);
			const answers = await Promise.all(replies.map(({ number, text }) => legacyText(number, text)));
			assert.ok(answers.every((r) => r.status === 200), `replies: ${answers.map((r) => r.status)}`);
			if (later) {
				// Each guest who answered IN or OUT waits again, past Keep the Answer: only then is a later text theirs.
				await waitingAgain(id, replies.filter((r) => ['IN', 'OUT'].includes(r.text)).length);
				const more = shuffledAnswers(numbers, later);
				const delivered = await Promise.all(more.map(({ number, text }) => legacyText(number, text)));
				assert.ok(delivered.every((r) => r.status === 200), `later replies: ${delivered.map((r) => r.status)}`);
				replies.push(...more);
			}
			assert.ok(Date.now() - started < seconds * 1000, `the answers came after the deadline (${Date.now() - started} ms): give the RSVP more time`);
			// Every execution ends: the RSVP's (at the deadline, or once everyone answered) and each guest's.
			assert.ok(await waitFor(async () => (await unfinished(id)) === 0, seconds * 1000 + 150_000), await diagnose(id));
			const finished = (await executions(id, 'success')).filter((e) => !before.has(e.id));
			assert.equal(finished.length, all, await diagnose(id));
			const runDatas = [];
			for (const e of finished) runDatas.push(flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data).resultData.runData);
			const late = checkRsvp({ runDatas, numbers, organiserTexts: textsTo([ORGANISER]).map((r) => r.body.body), start: 'Every Monday', replies });
			console.log(`        ${numbers.length} guests waiting ${everyoneWaitsAfter} ms after the start; the answers read ${late} ms after the deadline`);
			return late;
		};

		await check(`two-way (issue 45): examples/08, an RSVP by a deadline: ${RSVP_NUMBERS.length} guests texted at once, their answers in random order and at once; at the deadline each guest comes out once with the right answer (coming, not coming, opted out, no answer) and the organiser gets the count`, async () => {
			const late = await runRsvp({ id: EXAMPLE8, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS });
			// Until the Deadline waits 5 s past it, so that an answer just before it has been kept.
			assert.ok(late > 0 && late < 10_000, `the answers were read ${late} ms after the deadline`);
		});

		await check(`two-way (issue 45): examples/08 goes on before its deadline once every guest answered (${EARLY_NUMBERS.length} guests, the deadline ${EARLY_SECONDS} s ahead): each guest once with the right answer, the organiser gets the count`, async () => {
			const late = await runRsvp({ id: EARLY_RSVP, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, answer: everyoneAnswers });
			// Everyone waits within seconds and answers at once: the count comes minutes before the deadline.
			assert.ok(late < -(EARLY_SECONDS - 120) * 1000, `the answers were read ${late} ms after the deadline, not before it`);
		});

		await check(`two-way (issue 45): examples/08 with the last reply counting (${LAST_NUMBERS.length} guests): a guest who answers again before the deadline changes their answer ("maybe" does not), the RSVP waits for the deadline, and the organiser gets the count of the last answers`, async () => {
			// A third of the guests answer IN, a third OUT, a third STOP; then some of them change their mind, or say "maybe".
			const later = (i) => (i % 3 === 0 && i % 2 === 0 ? 'OUT' : i % 3 === 1 && i % 2 === 1 ? 'IN' : i % 3 === 1 ? 'maybe' : '');
			const late = await runRsvp({ id: LAST_RSVP, numbers: LAST_NUMBERS, seconds: LAST_SECONDS, answer: everyoneAnswers, later });
			assert.ok(late > 0 && late < 10_000, `the answers were read ${late} ms after the deadline`);
		});

		/**
		 * Runs examples/09 (or its copy `id`) once: each subscriber of its list answers `answer(i)` by place, at
		 * once and in random order, as soon as the campaign is created (each contact's execution started
		 * POLL_LATE_START s late: its answer counts only if the campaign waited for its wait); with `later`,
		 * once each who answered waits again, each texts `later(i)` too. Checks what came out and returns how
		 * long after the deadline the answers were read, in ms.
		 */
		const runPoll = async ({ id = EXAMPLE9, answer, later }) => {
			const brand = sandbox.state.current;
			const subscribed = new Set(brand.contacts.filter((c) => c.opt_in_status === 'subscribed').map((c) => c.contact_id));
			const members = [...brand.listMembers.get(POLL_LIST)].filter((contact) => subscribed.has(contact)).sort((a, b) => a - b);
			assert.ok(members.length >= 4, `the list has ${members.length} subscribers`);
			const before = new Set((await executions(id)).map((e) => e.id));
			const requestsBefore = sandbox.requests.length;
			const campaignsSent = () => sandbox.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path.endsWith('/campaigns'));
			const started = Date.now();
			const run = await rest('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: 'Every Monday' } });
			assert.ok(run.status < 300, `run: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			// People answer as soon as the text reaches them: here, once SlickText has the campaign.
			assert.ok(await waitFor(async () => campaignsSent().length > 0, POLL_SECONDS * 1000 - 30_000, 100), `no campaign: ${await diagnose(id)}`);
			const campaigns = campaignsSent();
			assert.equal(campaigns.length, 1, 'one campaign');
			assert.deepEqual(campaigns[0].body.audience, { contact_lists: [POLL_LIST] });
			assert.equal(campaigns[0].body.status, 'send');
			assert.match(campaigns[0].body.body, /Reply YES or NO/);
			const toText = (say) => members.map((contact, i) => ({ contact, text: say(i) })).filter((r) => r.text !== '').sort(() => Math.random() - 0.5);
			const replies = toText(answer);
			const delivered = await Promise.all(replies.map(({ contact, text }) => currentText(contact, text)));
			assert.ok(delivered.every((r) => r.status === 200), `replies: ${delivered.map((r) => r.status)}`);
			if (later) {
				await waitingAgain(id, replies.filter((r) => POLL_WORDS[r.text]).length);
				const more = toText(later);
				const again = await Promise.all(more.map(({ contact, text }) => currentText(contact, text)));
				assert.ok(again.every((r) => r.status === 200), `later replies: ${again.map((r) => r.status)}`);
				replies.push(...more);
			}
			const expected = new Map(members.map((contact) => [String(contact), answerAfter(replies.filter((r) => r.contact === contact).map((r) => r.text), POLL_WORDS)]));
			// Each subscriber's execution and the poll's own end: at the deadline, or once everyone answered.
			const all = members.length + 1;
			assert.ok(await waitFor(async () => (await unfinished(id)) === 0, POLL_SECONDS * 1000 + 150_000), await diagnose(id));
			const finished = (await executions(id, 'success')).filter((e) => !before.has(e.id));
			assert.equal(finished.length, all, await diagnose(id));
			const runDatas = [];
			for (const e of finished) runDatas.push(flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data).resultData.runData);
			const [poll, ...others] = [...runDatas].sort((a, b) => Number(Boolean(b['The Count'])) - Number(Boolean(a['The Count'])));
			assert.ok(poll['The Count'] && others.every((r) => !r['The Count']), 'one run of the poll');
			// The campaign went once every contact's wait was about to begin, though each began late.
			assert.ok(poll['Not Waiting Yet'].length > 1, 'the poll looked again for a contact not yet waiting');
			// Each subscriber's own execution kept one row, last with its own answer.
			const kept = others.map((r) => r['The Answer'].at(-1).data.main[0][0].json);
			assert.deepEqual(kept.map((row) => row.contact_id).sort(), [...expected.keys()].sort(), 'one row per subscriber');
			for (const row of kept) assert.equal(row.answer, expected.get(row.contact_id), `the row of contact ${row.contact_id}`);
			// At the deadline: each subscriber once, with their answer.
			const out = poll['Answer or No Answer'][0].data.main[0].map((item) => item.json);
			assert.deepEqual(out.map((c) => c.contact_id).sort(), [...expected.keys()].sort(), 'each subscriber once at the deadline');
			for (const c of out) assert.equal(c.answer, expected.get(c.contact_id), `contact ${c.contact_id} at the deadline`);
			const count = (a) => [...expected.values()].filter((e) => e === a).length;
			assert.deepEqual(poll['The Count'][0].data.main[0][0].json, {
				question: 'Our tasting is on Thursday at 6pm. Are you coming? Reply YES or NO.',
				yes: count('yes'),
				no: count('no'),
				no_answer: count('no answer'),
				opted_out: count('opted out'),
			});
			const late = poll["Everyone's Answer"][0].startTime - Date.parse(poll['Question and Deadline'][0].data.main[0][0].json.deadline);
			console.log(`        ${members.length} subscribers; the campaign ${campaigns[0].receivedAt - started} ms after the start; the answers read ${late} ms after the deadline`);
			return late;
		};

		await check(`two-way (issue 45): examples/09, a question to a list by campaign (current platform): each subscriber's execution starts ${POLL_LATE_START} s late, and the one campaign to the list waits until every wait began; their answers at once, in random order, as soon as the campaign is sent; at the deadline each subscriber comes out once (yes, no, opted out, no answer) and The Count adds them up`, async () => {
			const late = await runPoll({ answer: pollAnswer });
			assert.ok(late > 0 && late < 10_000, `the answers were read ${late} ms after the deadline`);
		});

		await check(`two-way (issue 45): examples/09 goes on before its deadline once every subscriber answered: each once, The Count right`, async () => {
			const late = await runPoll({ answer: (i) => ['YES', 'no'][i % 2] });
			assert.ok(late < -(POLL_SECONDS - 60) * 1000, `the answers were read ${late} ms after the deadline, not before it`);
		});

		await check(`two-way (issue 45): examples/09 with the last reply counting: a subscriber who answers again before the deadline changes their answer ("maybe" does not), the poll waits for the deadline, The Count is of the last answers`, async () => {
			const late = await runPoll({ id: LAST_POLL, answer: (i) => ['YES', 'no', 'YES', 'no'][i % 4], later: (i) => ['no', 'YES', 'maybe', ''][i % 4] });
			assert.ok(late > 0 && late < 10_000, `the answers were read ${late} ms after the deadline`);
		});

		await check("two-way: no wait's address in n8n's log, at debug level", async () => {
			if (process.env.E2E_TWO_WAY_LOG) return;
			const text = fs.readFileSync(path.join(folder, 'n8n.log'), 'utf8');
			assert.ok(text.length > 1000, 'n8n wrote its log');
			assert.ok(!/webhook-waiting\/\d+\/[^\s"]*signature=/.test(text), 'a signed resume address in the log');
			assert.ok(!text.includes(SECRET), 'the webhook secret in the log');
		});

		await check("two-way: AI agent: n8n builds SlickText Legacy's SMS human review; a yes runs the tool, a no does not", async () => {
			const types = await rest('GET', '/types/nodes.json');
			const names = (Array.isArray(types.json) ? types.json : types.json?.data ?? []).map((t) => t.name);
			assert.ok(names.includes(`${PKG}.slickTextLegacyHitlTool`), 'n8n offers the human-review tool');
			const toContact = (id) => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body.contact === id);
			const toManager = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body.number === MANAGER);
			for (const [contact, answer, texted] of [['3000001', 'YES', 1], ['3000002', 'no', 0]]) {
				const managerBefore = toManager().length;
				// A 404 started nothing (the webhook was not registered yet): posted again.
				const started = await waitFor(async () => {
					const r = await startWait({ id: AGENT }, { ask: `Text contact ${contact} that the order is ready.` });
					return r.status === 404 ? undefined : r;
				}, 30_000);
				assert.equal(started?.status, 200);
				assert.ok(await waitingFor(AGENT, 1), `waiting for the manager: ${await diagnose(AGENT)}`);
				assert.equal(toManager().length, managerBefore + 1, 'the manager got the approval request');
				// n8n's own Message, with the tool's input in words a person reads on a phone (issue 43).
				assert.equal(toManager().at(-1).body.body, `The agent wants to run this tool: Text_One_Contact\n\nInput:\ncontact_id: ${contact}\ntext: Your order is ready.`);
				assert.equal(toContact(contact).length, 0, 'nothing sent before the answer');
				assert.equal((await legacyText(MANAGER, answer)).status, 200);
				assert.ok(await waitFor(async () => (await unfinished(AGENT)) === 0, 60_000), await diagnose(AGENT));
				if (process.env.E2E_TWO_WAY_DUMP) {
					const [last] = await executions(AGENT);
					const data = flatted.parse((await rest('GET', `/rest/executions/${last.id}`)).json.data.data);
					fs.writeFileSync(`${process.env.E2E_TWO_WAY_DUMP}-${contact}.json`, JSON.stringify({ runData: data.resultData.runData, error: data.resultData.error, chats: model.chats() }, null, 1));
				}
				assert.equal(toContact(contact).length, texted, `texts to ${contact} after "${answer}": ${await diagnose(AGENT)}`);
				if (texted) assert.equal(toContact(contact)[0].body.body, 'Your order is ready.', 'the model\'s arguments reached the tool');
			}
			assert.equal(toolResults.length, 2, 'the model heard back twice');
			assert.match(String(toolResults[1]), /rejected|denied|not approved/i);
		});
	} finally {
		sandbox.options.webhookTimeoutMs = timeoutBefore;
		await model.stop();
		if (n8n) await stopProcess(n8n.child);
		if (!process.env.KEEP_E2E_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	}
};
