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
const { EXAMPLE8, ORGANISER, checkRsvp, everyoneAnswers, expectedOf, guestNumbers, rsvpWorkflow, shuffledAnswers } = require('./rsvp');
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
// cannot verify replies: its waits' Trigger URL for Replies is that trigger's.
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
/**
 * examples/07 with its own trigger at a path of its own (the credential's Trigger URL for Replies names
 * the suite's trigger, in another workflow, which takes no hand-out of this one) and 20 appointments in
 * Tomorrow's Appointments.
 */
const exampleSeven = (sandbox) => {
	const workflow = require('../../scripts/examples').exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE7);
	const list = workflow.nodes.find((n) => n.name === "Tomorrow's Appointments");
	assert.equal(list.type, 'n8n-nodes-base.code', 'the shipped sample list');
	const appointments = LIST_NUMBERS.map((mobile_number, i) => ({ json: { first_name: `Person ${i}`, mobile_number, appointment: `tomorrow at ${9 + (i % 8)}:00` } }));
	list.parameters.jsCode = `return ${JSON.stringify(appointments)};`;
	const trigger = workflow.nodes.find((n) => n.name === 'SlickText-Replies');
	trigger.webhookId = `${workflow.id}-replies`;
	workflow.nodes.find((n) => n.parameters.operation === 'startPersonRuns').parameters.triggerUrl = `${BASE}/webhook/${trigger.webhookId}/webhook`;
	return workflow;
};

/** examples/08 with RSVP_NUMBERS as its guests and its deadline RSVP_SECONDS after the run starts (rsvp.js). */
// 200 guests under `npm run test:scale` (E2E_SCALE=1), 60 for a landing.
const RSVP_NUMBERS = guestNumbers(Number(process.env.E2E_RSVP_GUESTS || (process.env.E2E_SCALE === '1' ? 200 : 60)), 'rsvp');
// Everyone waits once the poll is registered, before the first text: the deadline need only leave time for the texts and the answers.
const RSVP_SECONDS = Number(process.env.E2E_RSVP_SECONDS || 100);
/** A copy of examples/08 whose guests all answer: it goes on long before its deadline. */
const EARLY_RSVP = 'exRsvpEarly08';
const EARLY_NUMBERS = guestNumbers(20, 'early');
const EARLY_SECONDS = 400;
/** A copy of examples/08 that counts each guest's last reply: it waits for the deadline. */
const LAST_RSVP = 'exRsvpLast08';
const LAST_NUMBERS = guestNumbers(20, 'last');
const LAST_SECONDS = 80;

/**
 * examples/09 as shipped (its list is the sandbox's Tasting Panel, those who say yes join Holiday Signups),
 * its deadline POLL_SECONDS after the run starts. A copy under `id`, with the last answer counting.
 */
const EXAMPLE9 = 'exCampaignPoll009';
const LAST_POLL = 'exCampaignPollLast09';
const POLL_LIST = 4;
const YES_LIST = 5;
const POLL_SECONDS = Number(process.env.E2E_POLL_SECONDS || 80);
const exampleNine = (sandbox, { id, answerThatCounts = 'first' } = {}) => {
	const workflow = require('../../scripts/examples').exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE9);
	if (id) {
		workflow.id = id;
		workflow.versionId = `${id}-v1`;
	}
	const ask = workflow.nodes.find((n) => n.name === 'Ask the List').parameters;
	assert.deepEqual([ask.listIds, ask.deadlineType, ask.deadlineAmount, ask.deadlineUnit], [[String(POLL_LIST)], 'afterTimeInterval', 2, 'days'], 'the shipped list and deadline');
	Object.assign(ask, { deadlineType: 'atSpecifiedTime', deadline: `={{ $now.plus({ seconds: ${POLL_SECONDS} }).toISO() }}`, answerThatCounts });
	assert.deepEqual(workflow.nodes.find((n) => n.name === 'Add to the Yes List').parameters.listIds, [String(YES_LIST)], 'the shipped yes list');
	// A trigger at a path of its own (two published triggers cannot share one); the suite's receives the replies.
	workflow.nodes.find((n) => n.name === 'SlickText-Replies').webhookId = `${workflow.id}-replies`;
	return { ...workflow, settings: { ...workflow.settings, saveDataSuccessExecution: 'all' } };
};
/** What each subscriber of the poll's list answers, by place in the list. */
const pollAnswer = (i) => ['YES', 'no', 'STOP', 'maybe', ''][i % 5];

const allWorkflows = (sandbox) => [
	triggerWorkflow('legacy'),
	triggerWorkflow('current'),
	triggerWorkflow('unverified'),
	...Object.values(WF),
	exampleSeven(sandbox),
	rsvpWorkflow({ sandbox, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS }),
	rsvpWorkflow({ sandbox, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, id: EARLY_RSVP }),
	rsvpWorkflow({ sandbox, numbers: LAST_NUMBERS, seconds: LAST_SECONDS, id: LAST_RSVP, answerThatCounts: 'last' }),
	exampleNine(sandbox),
	exampleNine(sandbox, { id: LAST_POLL, answerThatCounts: 'last' }),
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
	/** A check that runs beside others (Promise.all); the caller stops the leftovers once all of them ended. */
	const checkAlongside = checkOf;
	sandbox.reset();
	// 50 replies at the same moment keep n8n's 2 cores busy for seconds: the answers' timing is measured in
	// bench/two-way-n8n.js, not judged here (a busy machine would fail it), so a played reply waits longer.
	const timeoutBefore = sandbox.options.webhookTimeoutMs;
	sandbox.options.webhookTimeoutMs = 60_000;
	const env = require('../../scripts/n8n-env');
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-two-way-'));
	const workflows = allWorkflows(sandbox);
	env.prepareUserFolder(folder, {
		sandbox,
		workflows,
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
		for (const wf of workflows) await activate(wf.id);
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

		await check('two-way: a wait not signed with the trigger\'s own credential is refused (401) on both platforms and kept nowhere; the genuine wait takes the genuine reply, and the address a forged wait named gets nothing', async () => {
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

		await check('two-way: at a trigger that cannot verify replies an approval stops before anybody is texted, and a forged YES resumes nothing; free text waits there, its output saying the reply was not verified', async () => {
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

		await check('two-way: examples/07 for a list: Every Morning hands 20 people out in one step, each texted and waiting; their answers, in random order and at once, are each handled as they come, none crossed', async () => {
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

		/** The finished runs of a workflow since `before` (a set of execution IDs), with their run data. */
		const finishedRuns = async (id, before) => {
			const runs = [];
			for (const e of (await executions(id, 'success')).filter((x) => !before.has(x.id))) {
				runs.push(flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data).resultData.runData);
			}
			return runs;
		};

		/**
		 * Runs the RSVP `id` (examples/08 with `numbers` as guests, its deadline `seconds` ahead): the poll
		 * waits once its guests are registered and texted; each guest answers `answer(i)` at once, in random
		 * order; with `later`, each texts `later(i)` too, after the first answers were counted. Checks what came
		 * out (checkRsvp) and returns how long after the deadline (or, ended early, after the last answer) the
		 * answers came out, in ms.
		 */
		const runRsvp = async ({ id, numbers, seconds, answer, later, counts = 'first' }) => {
			const before = new Set((await executions(id)).map((e) => e.id));
			// The sandbox serves the whole e2e run: only this check's texts count.
			const requestsBefore = sandbox.requests.length;
			const textsTo = (to) => sandbox.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && to.includes(r.body?.number));
			const started = Date.now();
			const run = await rest('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: 'Every Monday' } });
			assert.ok(run.status < 300, `run: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			// One execution waits for everyone: the RSVP's own.
			assert.ok(await waitFor(async () => (await waiting(id)) === 1, seconds * 1000 - 20_000), `waiting: ${await diagnose(id)}`);
			const everyoneWaitsAfter = Date.now() - started;
			assert.deepEqual(textsTo(numbers).map((r) => r.body.number).sort(), [...numbers].sort(), 'one text per guest');
			// Every answer at once, in random order ("maybe" is none of the words: it comes out of the trigger).
			const replies = shuffledAnswers(numbers, answer);
			const answers = await Promise.all(replies.map(({ number, text }) => legacyText(number, text)));
			assert.ok(answers.every((r) => r.status === 200), `replies: ${answers.map((r) => r.status)}`);
			if (later) {
				const more = shuffledAnswers(numbers, later);
				const delivered = await Promise.all(more.map(({ number, text }) => legacyText(number, text)));
				assert.ok(delivered.every((r) => r.status === 200), `later replies: ${delivered.map((r) => r.status)}`);
				replies.push(...more);
			}
			const lastAnswer = Date.now();
			assert.ok(lastAnswer - started < seconds * 1000, `the answers came after the deadline (${lastAnswer - started} ms): give the RSVP more time`);
			assert.ok(await waitFor(async () => (await unfinished(id)) === 0, seconds * 1000 + 60_000), await diagnose(id));
			const runs = await finishedRuns(id, before);
			assert.equal(runs.length, 1, `one run of the RSVP, no other: ${await diagnose(id)}`);
			const late = checkRsvp({ runData: runs[0], numbers, organiserTexts: textsTo([ORGANISER]).map((r) => r.body.body), replies, counts });
			const afterLastAnswer = runs[0]['RSVP by Text'].at(-1).startTime - lastAnswer;
			console.log(`        ${numbers.length} guests asked and waiting ${everyoneWaitsAfter} ms after the start; the answers out ${late} ms after the deadline, ${afterLastAnswer} ms after the last answer`);
			return { late, afterLastAnswer };
		};

		/**
		 * Runs examples/09 (or its copy `id`) once: each subscriber of its list answers `answer(i)` by place, at
		 * once and in random order, as soon as the campaign is sent; with `later`, each texts `later(i)` too.
		 * Checks what came out (each subscriber once, those who said yes added to the yes list) and returns how
		 * long after the deadline, and after the last answer, the answers came out, in ms.
		 */
		const runPoll = async ({ id = EXAMPLE9, answer, later, counts = 'first' }) => {
			const brand = sandbox.state.current;
			const subscribed = new Set(brand.contacts.filter((c) => c.opt_in_status === 'subscribed').map((c) => c.contact_id));
			const members = [...brand.listMembers.get(POLL_LIST)].filter((contact) => subscribed.has(contact)).sort((a, b) => a - b);
			assert.ok(members.length >= 4, `the list has ${members.length} subscribers`);
			const before = new Set((await executions(id)).map((e) => e.id));
			const requestsBefore = sandbox.requests.length;
			const since = () => sandbox.requests.slice(requestsBefore);
			const campaignsSent = () => since().filter((r) => r.method === 'POST' && r.path.endsWith('/campaigns'));
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
				const more = toText(later);
				const again = await Promise.all(more.map(({ contact, text }) => currentText(contact, text)));
				assert.ok(again.every((r) => r.status === 200), `later replies: ${again.map((r) => r.status)}`);
				replies.push(...more);
			}
			const lastAnswer = Date.now();
			const words = (text) => ({ YES: 'YES', no: 'NO', STOP: 'STOP' })[text] ?? text;
			const expected = new Map(members.map((contact) => [String(contact), expectedOf(replies.filter((r) => r.contact === contact).map((r) => words(r.text)), counts)]));
			assert.ok(await waitFor(async () => (await unfinished(id)) === 0, POLL_SECONDS * 1000 + 60_000), await diagnose(id));
			const runs = await finishedRuns(id, before);
			assert.equal(runs.length, 1, `one run of the poll, no other: ${await diagnose(id)}`);
			const ask = runs[0]['Ask the List'].at(-1);
			const out = ask.data.main[0].map((item) => item.json);
			assert.deepEqual(out.map((c) => String(c.sent.contactId)).sort(), [...expected.keys()].sort(), 'each subscriber once at the end');
			for (const c of out) {
				const want = expected.get(String(c.sent.contactId));
				assert.deepEqual({ status: c.status, approved: c.approved }, { status: want.status, approved: want.approved }, `contact ${c.sent.contactId} at the end`);
			}
			// Those who said yes joined the yes list.
			const yes = [...expected].filter(([, e]) => e.status === 'answered' && e.approved).map(([contact]) => Number(contact)).sort((a, b) => a - b);
			const added = since().filter((r) => r.method === 'POST' && r.path.endsWith('/lists/contacts')).flatMap((r) => r.body.map((m) => m.contact_id));
			assert.deepEqual(added.sort((a, b) => a - b), yes, 'the yes list');
			const late = ask.startTime - Date.parse(out[0].deadline);
			console.log(`        ${members.length} subscribers; the campaign ${campaigns[0].receivedAt - started} ms after the start; the answers out ${late} ms after the deadline`);
			return { late, afterLastAnswer: ask.startTime - lastAnswer };
		};

		// Each RSVP waits for its deadline (the least a poll allows is a minute past the last text), mostly idle:
		// an RSVP (legacy, guests of its own) and a poll of examples/09 (the current platform's list 4) at once. The
		// two polls of list 4 ask the same people, so they run one after the other, and so do the two RSVPs, which
		// text the same organiser.
		await Promise.all([
			checkAlongside(`two-way: examples/08, an RSVP by a deadline: ${RSVP_NUMBERS.length} guests asked in one step, their answers in random order and at once; at the deadline each guest comes out once with the right answer (answered yes or no, opted out, no answer) and the organiser gets the count`, async () => {
				const { late } = await runRsvp({ id: EXAMPLE8, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS });
				assert.ok(late > 0 && late < 10_000, `the answers came out ${late} ms after the deadline`);
			}),
			checkAlongside(`two-way: examples/09, a question to a list by campaign (current platform): every subscriber's wait in place before the one campaign; their answers at once, in random order, as soon as it is sent; at the deadline each subscriber comes out once (yes, no, opted out, no answer) and those who said yes join the yes list`, async () => {
				const { late } = await runPoll({ answer: pollAnswer });
				assert.ok(late > 0 && late < 10_000, `the answers came out ${late} ms after the deadline`);
			}),
		]);
		// Not after each: one that ends first would stop the other's waiting execution.
		await stopLeftovers();

		await Promise.all([
			checkAlongside(`two-way: examples/08 with the last answer counting (${LAST_NUMBERS.length} guests): a guest who answers again before the deadline changes their answer ("maybe" does not), the RSVP waits for the deadline, and the organiser gets the count of the last answers`, async () => {
				const later = (i) => (i % 3 === 0 && i % 2 === 0 ? 'NO' : i % 3 === 1 && i % 2 === 1 ? 'YES' : i % 3 === 1 ? 'maybe' : '');
				const { late } = await runRsvp({ id: LAST_RSVP, numbers: LAST_NUMBERS, seconds: LAST_SECONDS, answer: everyoneAnswers, later, counts: 'last' });
				assert.ok(late > 0 && late < 10_000, `the answers came out ${late} ms after the deadline`);
			}),
			checkAlongside(`two-way: examples/09 with the last answer counting: a subscriber who answers again before the deadline changes their answer ("maybe" does not), the poll waits for the deadline`, async () => {
				const { late } = await runPoll({ id: LAST_POLL, answer: (i) => ['YES', 'no', 'YES', 'no'][i % 4], later: (i) => ['no', 'YES', 'maybe', ''][i % 4], counts: 'last' });
				assert.ok(late > 0 && late < 10_000, `the answers came out ${late} ms after the deadline`);
			}),
		]);
		// Not after each: one that ends first would stop the other's waiting execution.
		await stopLeftovers();

		await check(`two-way: examples/08 goes on before its deadline once every guest answered (${EARLY_NUMBERS.length} guests, the deadline ${EARLY_SECONDS} s ahead): each guest once with the right answer, the organiser gets the count`, async () => {
			const { late, afterLastAnswer } = await runRsvp({ id: EARLY_RSVP, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, answer: everyoneAnswers });
			assert.ok(late < -(EARLY_SECONDS - 120) * 1000, `the answers came out ${late} ms after the deadline, not before it`);
			assert.ok(afterLastAnswer < 10_000, `the answers came out ${afterLastAnswer} ms after the last answer`);
		});

		await check(`two-way: examples/09 goes on before its deadline once every subscriber answered: each once`, async () => {
			const { late, afterLastAnswer } = await runPoll({ answer: (i) => ['YES', 'no'][i % 2] });
			assert.ok(late < -(POLL_SECONDS - 40) * 1000, `the answers came out ${late} ms after the deadline, not before it`);
			assert.ok(afterLastAnswer < 10_000, `the answers came out ${afterLastAnswer} ms after the last answer`);
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
				// n8n's own Message, with the tool's input in words a person reads on a phone.
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
