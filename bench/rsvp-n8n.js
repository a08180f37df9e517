'use strict';
// A poll to a big list, side by side with n8n's own nodes doing the same job, in one run of real n8n
// 2.41.1 as n8n documents scaling (bench/twoWayStack.js: Postgres, Redis, main, a worker, two `n8n
// webhook` processes behind a round-robin proxy), n8n's default settings, the SlickText Legacy Trigger
// keeping its waits and polls in data tables (the credential's n8n API key), SlickText played by the
// sandbox at its documented rate limit (8 a second: every text goes through the credential's limiter).
//
// The n8n-only control: BENCH_RSVP_GUESTS executions of n8n's own Wait node (On Webhook Call), each
// started by n8n's Webhook node, 20 at a time; then BENCH_RSVP_REPLIES posts to their resume addresses
// within BENCH_RSVP_SPREAD_S seconds (the reply of a person going straight to their execution: the most
// an n8n-only build could do, with nothing to find whose execution it is). Example 8 (Poll > Ask and Wait):
// the same number of guests asked in one step, then as many answers played as SlickText posts them, to
// the trigger (each posted once; SlickText's 5 s timeout not applied, so that every reply is counted and
// the output can be checked exactly), then the deadline. Prints one table, both side by side, the ratio
// where lower is better for ours.
//
//   flock /tmp/bench.lock node bench/rsvp-n8n.js      (after npm run build)
//   BENCH_RSVP_GUESTS=1000 BENCH_RSVP_REPLIES=400     the smaller run
//   BENCH_RSVP_GUESTS=5000 BENCH_RSVP_REPLIES=2000 BENCH_RSVP_SPREAD_S=60 BENCH_RSVP_PORT=5950

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const services = require('./queueServices');
const { startTwoWayStack } = require('./twoWayStack');
const { waitFor } = require('../test/e2e/rest');
const { EXAMPLE8, ORGANISER, checkRsvp, guestNumbers, rsvpStartedByWebhook, shuffledAnswers } = require('../test/e2e/rsvp');

const GUESTS = Number(process.env.BENCH_RSVP_GUESTS || 5000);
const REPLIES = Number(process.env.BENCH_RSVP_REPLIES || 2000);
const SPREAD_S = Number(process.env.BENCH_RSVP_SPREAD_S || 60);
// The texts go at 8 a second: the deadline leaves room for them, the answers and a margin.
const DEADLINE_S = Number(process.env.BENCH_RSVP_DEADLINE_S || Math.ceil(GUESTS / 7.5) + 2 * SPREAD_S + 120);
const PORT = Number(process.env.BENCH_RSVP_PORT || 5950);
const HOOK = 'bench-rsvp-trigger';
const SECRET = 'bench-rsvp-secret';
const CRED = { id: 'benchRsvpLegacy', name: 'SlickText Legacy (RSVP bench)', type: 'slickTextLegacyApi' };

const log = (...args) => console.error('[rsvp bench]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
};
/** How often a wait for n8n asks again: each ask reads Postgres (psql). */
const ASK_EVERY_MS = 2000;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The n8n-only control: n8n's own Wait node, each execution started by a webhook. */
const WAIT_NODE = {
	id: 'benchRsvpWaitNode',
	name: 'bench rsvp: Wait node',
	versionId: 'benchRsvpWaitNode-v1',
	active: false,
	// The start answers with the execution's resume address (n8n signs it), as an n8n-only build would keep it.
	nodes: [
		{ id: 'brw-s', name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'benchRsvpWaitNode-start', parameters: { httpMethod: 'POST', path: 'benchRsvpWaitNode-start', responseMode: 'responseNode', options: {} } },
		{ id: 'brw-r', name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [220, 0], parameters: { respondWith: 'json', responseBody: '={{ { "resumeUrl": $execution.resumeUrl } }}', options: {} } },
		{ id: 'brw-w', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [440, 0], parameters: { resume: 'webhook', httpMethod: 'POST', options: {} } },
	],
	connections: { Start: { main: [[{ node: 'Respond', type: 'main', index: 0 }]] }, Respond: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/** The bench's trigger, example 8 with the bench's credential started by a webhook, and the control. */
function workflows(sandbox, numbers) {
	const trigger = {
		id: 'benchRsvpTrigger',
		name: 'bench rsvp: trigger',
		versionId: 'benchRsvpTrigger-v1',
		active: false,
		nodes: [{ id: 'brt', name: 'SlickText Legacy Trigger', type: 'n8n-nodes-slicktext.slickTextLegacyTrigger', typeVersion: 2, position: [0, 0], webhookId: HOOK, parameters: { legacyEvents: ['ChatMessageRecieved'] }, credentials: { slickTextLegacyApi: { id: CRED.id, name: CRED.name } } }],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
	return [trigger, rsvpStartedByWebhook({ sandbox, numbers, seconds: DEADLINE_S, credential: CRED }), WAIT_NODE];
}

const PROCESSES = ['main', 'worker', 'webhook 0', 'webhook 1'];

// Every n8n process loads bench/heap-probe.js: on SIGUSR2 it collects all garbage and writes its memory.
const PROBE = path.join(os.tmpdir(), `slicktext-bench-rsvp-heap-${process.pid}.json`);
process.env.NODE_OPTIONS = `--expose-gc --require ${path.join(__dirname, 'heap-probe.js')}`;
process.env.HEAP_PROBE_FILE = PROBE;

/**
 * The heap the n8n processes keep together after a full garbage collection, in MB: what they hold, where
 * the resident size also counts what the collector has not given back yet.
 */
async function heap() {
	let sum = 0;
	for (const name of PROCESSES) {
		const pid = services.pidOf(name);
		if (!pid) continue;
		fs.rmSync(PROBE, { force: true });
		process.kill(pid, 'SIGUSR2');
		if (!(await waitFor(async () => fs.existsSync(PROBE) && fs.statSync(PROBE).size > 0, 300_000, 200))) continue;
		await sleep(100);
		sum += JSON.parse(fs.readFileSync(PROBE, 'utf8')).heapUsed / 1048576;
	}
	return Math.round(sum);
}

/** Posts `count` requests made by `post(i)`, evenly over `spreadS` seconds; each answer's status and time. */
async function spread(count, spreadS, post) {
	const gap = (spreadS * 1000) / Math.max(count, 1);
	const start = Date.now();
	return await Promise.all(
		Array.from({ length: count }, async (_, i) => {
			await sleep(i * gap - (Date.now() - start));
			const t0 = Date.now();
			const status = await post(i).catch(() => 0);
			return { status, ms: Date.now() - t0 };
		}),
	);
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-rsvp-'));
	log(`logs in ${tmp}; ${GUESTS} people, ${REPLIES} replies within ${SPREAD_S} s, the deadline ${DEADLINE_S} s after the poll starts`);
	const sandbox = await startSandbox();
	const proxy = `http://127.0.0.1:${PORT}`;
	const credential = { ...CRED, data: { ...sandbox.legacyCredentials(), webhookSecret: SECRET, replyTriggerUrl: `${proxy}/webhook/${HOOK}/webhook` } };
	const numbers = guestNumbers(GUESTS, 'bench');
	const stack = await startTwoWayStack({ basePort: PORT, tmp, workflows: workflows(sandbox, numbers), credentials: [credential], webhooks: 2 });
	const control = {};
	const ours = {};
	try {
		await stack.giveApiKey(credential);
		// The webhook processes load the published workflows after they start listening.
		await sleep(10_000);
		const before = await heap();

		// n8n's own: GUESTS Wait-node executions, 20 started at a time.
		let started = Date.now();
		let next = 0;
		const resumeUrls = [];
		await Promise.all(
			Array.from({ length: 20 }, async () => {
				while (next < GUESTS) {
					next++;
					const answer = await fetch(`${proxy}/webhook/benchRsvpWaitNode-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
					const url = answer ? (await answer.json().catch(() => ({}))).resumeUrl : undefined;
					if (url) resumeUrls.push(url.replace(/^https?:\/\/[^/]+/, proxy));
				}
			}),
		);
		await waitFor(async () => stack.executions(WAIT_NODE.id, 'waiting').length >= GUESTS, 900_000, ASK_EVERY_MS);
		control.everyoneWaits = Date.now() - started;
		control.memory = (await heap()) - before;
		const waitingIds = resumeUrls.slice(0, REPLIES);
		log(`control: ${GUESTS} Wait-node executions waiting after ${seconds(control.everyoneWaits)}; ${control.memory} MB more`);
		control.replies = await spread(waitingIds.length, SPREAD_S, async (i) => (await fetch(waitingIds[i], { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"answer":"YES"}', signal: AbortSignal.timeout(120_000) })).status);
		await waitFor(async () => stack.executions(WAIT_NODE.id, 'success').length >= waitingIds.length, 600_000, ASK_EVERY_MS);
		control.taken = stack.executions(WAIT_NODE.id, 'success').length;
		log(`control: ${control.replies.filter((r) => r.status === 200 && r.ms <= 5000).length} of ${waitingIds.length} answered 200 within 5 s; ${control.taken} resumed in the end`);

		// Ours: example 8 asks GUESTS guests in one step.
		const beforeOurs = await heap();
		started = Date.now();
		const res = await fetch(`${proxy}/webhook/${EXAMPLE8}-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		if (res.status !== 200) throw new Error(`start: ${res.status} ${await res.text()}`);
		// Everyone's wait is in place once the poll is stored at the trigger, before the first text.
		const texts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.status === 200);
		await waitFor(async () => texts().length > 0, 600_000, 200);
		ours.everyoneWaits = Date.now() - started;
		await waitFor(async () => stack.executions(EXAMPLE8, 'waiting').length === 1 || stack.executions(EXAMPLE8, 'error').length > 0, DEADLINE_S * 1000, ASK_EVERY_MS);
		ours.texted = Date.now() - started;
		ours.memory = (await heap()) - beforeOurs;
		log(`ours: every wait in place after ${seconds(ours.everyoneWaits)}, ${texts().length} texted after ${seconds(ours.texted)}; ${ours.memory} MB more`);
		const answers = shuffledAnswers(numbers).slice(0, REPLIES);
		ours.replies = await spread(answers.length, SPREAD_S, async (i) => (await sandbox.reply({ platform: 'legacy', to: credential.data.replyTriggerUrl, from: answers[i].number, text: answers[i].text, secret: SECRET })).status);
		const done = await waitFor(async () => stack.executions(EXAMPLE8).filter((e) => ['waiting', 'running', 'new'].includes(e.status)).length === 0, DEADLINE_S * 1000 + 300_000, ASK_EVERY_MS);
		const organiserTexts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body?.number === ORGANISER).map((r) => r.body.body);
		try {
			ours.late = checkRsvp({ runData: stack.runData(EXAMPLE8)[0], numbers, organiserTexts, replies: answers });
			ours.exact = done ? 'yes' : 'not ended';
		} catch (error) {
			ours.exact = `no: ${String(error.message).split('\n')[0].slice(0, 200)}`;
		}
	} finally {
		await stack.stop();
		await sandbox.stop();
		if (!process.env.KEEP_BENCH_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
	}

	const within = (replies) => replies.filter((r) => r.status >= 200 && r.status < 300 && r.ms <= 5000).length;
	const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
	console.log(`\n## A poll to ${GUESTS} people and ${REPLIES} replies in ${SPREAD_S} s, side by side with n8n's own nodes (queue mode, 2 webhook processes)\n`);
	console.log("| measure | n8n's own (Wait node per person) | example 8 (Ask and Wait) | ours / n8n's |");
	console.log('|---|---|---|---|');
	console.log(`| everyone's wait in place | ${seconds(control.everyoneWaits)} | ${seconds(ours.everyoneWaits)} (all texted after ${seconds(ours.texted)}, SlickText's 8 a second) | ${ratio(ours.everyoneWaits, control.everyoneWaits)} |`);
	console.log(`| replies answered 2xx within 5 s | ${within(control.replies)} of ${control.replies.length} | ${within(ours.replies)} of ${ours.replies.length} | - |`);
	const p = (replies, q) => Math.round(quantile(replies.map((r) => r.ms), q));
	console.log(`| reply answered, p50 / p95 | ${p(control.replies, 0.5)} / ${p(control.replies, 0.95)} ms | ${p(ours.replies, 0.5)} / ${p(ours.replies, 0.95)} ms | ${ratio(p(ours.replies, 0.95), p(control.replies, 0.95))} (p95) |`);
	console.log(`| every reply taken in the end | ${control.taken} of ${control.replies.length} executions resumed | ${ours.exact === 'yes' ? 'yes: each person once, with their answer' : ours.exact} | - |`);
	console.log(`| the answers out after the deadline | - | ${Number.isFinite(ours.late) ? seconds(ours.late) : '-'} | - |`);
	console.log(`| heap the n8n processes keep, everyone waiting (MB more than before, after a full collection) | ${control.memory} | ${ours.memory} | ${ratio(ours.memory, control.memory)} |`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
