'use strict';
// Two-way texts in real n8n 2.41.1, side by side with n8n's own Wait node in one run.
//
// A. Regular mode (SQLite), one n8n:
//    - latency: from a reply's delivery to the SlickText Trigger until the first node after the waiting
//      node starts (legacy Wait for Reply), against a POST to the resume URL of n8n's Wait node until the
//      node after it starts; one at a time, alternating, BENCH_TWO_WAY_ROUNDS each;
//    - the trigger's answers while it hands replies on: BENCH_TWO_WAY_BURST waits, then every reply at
//      once (SlickText gives up after 5 s), against the same number of Wait-node resumes at once;
//    - memory: n8n's resident memory after BENCH_TWO_WAY_WAITS open waits, against as many executions
//      waiting in the Wait node, each from a freshly started n8n.
// B. Queue mode (main + one worker, Redis, Postgres, as bench/queue-n8n.js starts them): a reply resumes
//    an execution that the worker runs.
// Prints markdown tables; every process is stopped by PID at the end.
//
//   flock /tmp/bench.lock node bench/two-way-n8n.js      (after npm run build)
//   BENCH_TWO_WAY_ROUNDS=30 BENCH_TWO_WAY_BURST=50 BENCH_TWO_WAY_WAITS=1000 BENCH_TWO_WAY_PORT=5870
//   BENCH_TWO_WAY_ONLY=latency,burst,memory,queue (parts to run)

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');
const services = require('./queueServices');
const { pidOf, waitFor, logFile, sleep, track, stopAll } = services;

const ROUNDS = Number(process.env.BENCH_TWO_WAY_ROUNDS || 30);
const BURST = Number(process.env.BENCH_TWO_WAY_BURST || 50);
const WAITS = Number(process.env.BENCH_TWO_WAY_WAITS || 1000);
const PORT = Number(process.env.BENCH_TWO_WAY_PORT || 5870);
const ONLY = (process.env.BENCH_TWO_WAY_ONLY || 'latency,burst,memory,queue').split(',');
const PKG = 'n8n-nodes-slicktext';
const AFTER = 'After';
const HOOK = 'bench-two-way-trigger';
const CRED = { slickTextLegacyApi: { id: env.CREDENTIAL_IDS.legacy, name: 'SlickText Legacy API account' } };

const log = (...args) => console.error('[two-way bench]', ...args);
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });
const webhook = (id, extra = {}) => ({
	id: `${id}-start`,
	name: 'Start',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	position: [0, 0],
	webhookId: `${id}-start`,
	parameters: { httpMethod: 'POST', path: `${id}-start`, responseMode: 'onReceived', options: {}, ...extra },
});
const noOp = (id) => ({ id: `${id}-after`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [660, 0], parameters: {} });
const SETTINGS = { saveDataSuccessExecution: 'all', executionOrder: 'v1' };

const WORKFLOWS = {
	trigger: {
		id: 'benchTwoWayTrigger',
		name: 'Bench two-way: trigger',
		nodes: [{ id: 'bt', name: 'SlickText Trigger', type: `${PKG}.slickTextTrigger`, typeVersion: 2, position: [0, 0], webhookId: HOOK, parameters: { platform: 'legacy', legacyEvents: ['ChatMessageRecieved'] }, credentials: CRED }],
		connections: {},
	},
	// Ours: the start, then Wait for Reply (no text, so that only n8n's and the trigger's work is measured).
	ours: {
		id: 'benchTwoWayOurs',
		name: 'Bench two-way: Wait for Reply',
		nodes: [
			webhook('benchTwoWayOurs'),
			{ id: 'bo-wait', name: 'Wait', type: `${PKG}.slickTextLegacy`, typeVersion: 1, position: [330, 0], credentials: CRED, parameters: { resource: 'message', operation: 'waitForReply', waitFor: 'number', number: '={{ $json.body.number }}', responseType: 'freeText' } },
			noOp('benchTwoWayOurs'),
		],
		connections: { Start: next('Wait'), Wait: next(AFTER) },
	},
	// n8n's own: the start answers with the resume URL (Respond to Webhook), then the Wait node waits for it.
	theirs: {
		id: 'benchTwoWayWaitNode',
		name: "Bench two-way: n8n's Wait node",
		nodes: [
			webhook('benchTwoWayWaitNode', { responseMode: 'responseNode' }),
			{ id: 'bw-respond', name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [220, 0], parameters: { respondWith: 'json', responseBody: '={{ { "resumeUrl": $execution.resumeUrl } }}', options: {} } },
			{ id: 'bw-wait', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [440, 0], parameters: { resume: 'webhook', httpMethod: 'POST', options: {} } },
			noOp('benchTwoWayWaitNode'),
		],
		connections: { Start: next('Respond'), Respond: next('Wait'), Wait: next(AFTER) },
	},
};
for (const wf of Object.values(WORKFLOWS)) Object.assign(wf, { active: false, versionId: `${wf.id}-v1`, settings: SETTINGS });

const numberOf = (i) => `+1619556${String(i).padStart(4, '0')}`;

/** A person's text as the legacy platform posts it (the bench's credential has no webhook secret). */
function legacyText(number, text, id) {
	const data = JSON.stringify({
		Event: 'ChatMessageRecieved',
		Timestamp: '2026-11-25 10:00:00',
		attemptNumber: 1,
		ChatThread: { WithNumber: number },
		ChatMessage: { ChatMessageId: id, FromNumber: number, Body: text, MediaUrl: '', Received: '2026-11-25 10:00:00' },
	});
	return { body: new URLSearchParams({ data }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

async function post(url, body, headers = { 'content-type': 'application/json' }) {
	const started = Date.now();
	try {
		const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(60_000) });
		const text = await res.text();
		return { status: res.status, text, ms: Date.now() - started };
	} catch (error) {
		return { status: 0, text: String(error), ms: Date.now() - started };
	}
}

const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '-');

/** One n8n (regular mode) in a folder of its own, its workflows published. */
async function regularN8n(tmp, sandbox, name) {
	const folder = path.join(tmp, name);
	fs.mkdirSync(folder, { recursive: true });
	const base = `http://127.0.0.1:${PORT}`;
	env.prepareUserFolder(folder, { sandbox, workflows: Object.values(WORKFLOWS), replyTriggerUrls: { legacy: `${base}/webhook/${HOOK}/webhook` } });
	const probe = path.join(folder, 'heap.json');
	const n8n = await env.startN8n(folder, {
		port: PORT,
		brokerPort: PORT + 1,
		log: logFile(tmp, name),
		onSpawn: (c) => track(name, c),
		env: {
			WEBHOOK_URL: `${base}/`,
			// As the README recommends for busy brands: n8n builds no expression isolate to answer a webhook.
			N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true',
			// The heap after a full collection, on request (bench/heap-probe.js).
			NODE_OPTIONS: `--expose-gc --require ${path.join(__dirname, 'heap-probe.js')}`,
			HEAP_PROBE_FILE: probe,
		},
	});
	const cookie = await env.ownerSession(n8n.base);
	const rest = async (method, p, body) => {
		const res = await fetch(`${n8n.base}${p}`, { method, headers: { cookie, 'content-type': 'application/json', 'browser-id': 'bench' }, body: body && JSON.stringify(body) });
		return { status: res.status, json: await res.json().catch(() => undefined) };
	};
	for (const wf of Object.values(WORKFLOWS)) {
		const stored = await rest('GET', `/rest/workflows/${wf.id}`);
		const res = await rest('POST', `/rest/workflows/${wf.id}/activate`, { versionId: stored.json?.data?.versionId });
		if (res.status >= 300) throw new Error(`activating ${wf.id}: ${res.status}`);
	}
	// Registered once a post is no longer 404 (the trigger's probe: an event it does not listen for).
	await waitFor('the trigger', async () => (await post(`${base}/webhook/${HOOK}/webhook`, JSON.stringify({ data: JSON.stringify({ Event: 'OptOut' }) }))).status !== 404, null, 60_000);
	const executions = (workflowId, status) => env.listExecutions(rest, workflowId, status);
	const count = async (workflowId, status) => {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, status: [status] }));
		return Number((await rest('GET', `/rest/executions?filter=${filter}&limit=1`)).json?.data?.count ?? 0);
	};
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	/** When the node after the wait started, in an execution. */
	const afterStarted = async (id) => {
		const r = await rest('GET', `/rest/executions/${id}`);
		return flatted.parse(r.json.data.data).resultData?.runData?.[AFTER]?.[0]?.startTime;
	};
	/** n8n's memory after a full garbage collection (MB): heap used, and resident. */
	const heap = async () => {
		fs.rmSync(probe, { force: true });
		process.kill(n8n.child.pid, 'SIGUSR2');
		await waitFor('the heap probe', async () => fs.existsSync(probe), null, 30_000);
		const usage = JSON.parse(fs.readFileSync(probe, 'utf8'));
		return { heapUsed: usage.heapUsed / 1048576, rss: usage.rss / 1048576 };
	};
	return { base, n8n, rest, executions, count, afterStarted, heap, stop: async () => await env.stopProcess(n8n.child) };
}

/** Starts one wait of ours for a number and resolves once n8n has it waiting. */
async function startOurs(n, number, before) {
	const r = await post(`${n.base}/webhook/${WORKFLOWS.ours.id}-start`, JSON.stringify({ number }));
	if (r.status !== 200) throw new Error(`starting a wait: ${r.status} ${r.text.slice(0, 200)}`);
	if (before !== undefined) await waitFor('the wait', async () => (await n.count(WORKFLOWS.ours.id, 'waiting')) > before, null, 60_000);
}

async function startTheirs(n) {
	const r = await post(`${n.base}/webhook/${WORKFLOWS.theirs.id}-start`, '{}');
	const resumeUrl = JSON.parse(r.text || '{}').resumeUrl;
	if (!resumeUrl) throw new Error(`starting a Wait node: ${r.status} ${r.text.slice(0, 200)}`);
	return resumeUrl;
}

async function latency(n) {
	const ours = [];
	const theirs = [];
	const answers = [];
	for (let round = 0; round < ROUNDS; round++) {
		for (const side of round % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours']) {
			if (side === 'ours') {
				const number = numberOf(round);
				const waitingBefore = await n.count(WORKFLOWS.ours.id, 'waiting');
				const doneBefore = await n.count(WORKFLOWS.ours.id, 'success');
				await startOurs(n, number, waitingBefore);
				const t0 = Date.now();
				const answer = await post(`${n.base}/webhook/${HOOK}/webhook`, legacyText(number, 'ok', round).body, legacyText(number, 'ok', round).headers);
				answers.push(answer.ms);
				await waitFor('the resumed execution', async () => (await n.count(WORKFLOWS.ours.id, 'success')) > doneBefore, null, 60_000);
				const [done] = await n.executions(WORKFLOWS.ours.id, 'success');
				ours.push((await n.afterStarted(done.id)) - t0);
			} else {
				const doneBefore = await n.count(WORKFLOWS.theirs.id, 'success');
				const waitingBefore = await n.count(WORKFLOWS.theirs.id, 'waiting');
				const resumeUrl = await startTheirs(n);
				await waitFor('the Wait node', async () => (await n.count(WORKFLOWS.theirs.id, 'waiting')) > waitingBefore, null, 60_000);
				const t0 = Date.now();
				await post(resumeUrl, '{}');
				await waitFor('the resumed execution', async () => (await n.count(WORKFLOWS.theirs.id, 'success')) > doneBefore, null, 60_000);
				const [done] = await n.executions(WORKFLOWS.theirs.id, 'success');
				theirs.push((await n.afterStarted(done.id)) - t0);
			}
		}
	}
	return { ours, theirs, answers };
}

async function burst(n) {
	const first = 5000;
	const waitingBefore = await n.count(WORKFLOWS.ours.id, 'waiting');
	for (let i = 0; i < BURST; i += 10) {
		await Promise.all(Array.from({ length: Math.min(10, BURST - i) }, (_, k) => startOurs(n, numberOf(first + i + k))));
	}
	await waitFor(`${BURST} waits`, async () => (await n.count(WORKFLOWS.ours.id, 'waiting')) >= waitingBefore + BURST, null, 180_000);
	const doneBefore = await n.count(WORKFLOWS.ours.id, 'success');
	const loadAtStart = loadavg();
	const replies = await Promise.all(
		Array.from({ length: BURST }, (_, i) => {
			const { body, headers } = legacyText(numberOf(first + i), 'yes', 100_000 + i);
			return post(`${n.base}/webhook/${HOOK}/webhook`, body, headers);
		}),
	);
	await waitFor('every resumed execution', async () => (await n.count(WORKFLOWS.ours.id, 'success')) >= doneBefore + BURST, null, 300_000);
	// The same for n8n's Wait node: as many executions waiting, every resume URL posted at once.
	const urls = [];
	for (let i = 0; i < BURST; i += 10) urls.push(...(await Promise.all(Array.from({ length: Math.min(10, BURST - i) }, () => startTheirs(n)))));
	await sleep(2000);
	const theirDoneBefore = await n.count(WORKFLOWS.theirs.id, 'success');
	const resumes = await Promise.all(urls.map((url) => post(url, '{}')));
	await waitFor('every resumed Wait node', async () => (await n.count(WORKFLOWS.theirs.id, 'success')) >= theirDoneBefore + BURST, null, 300_000);
	return { replies, resumes, loadAtStart };
}

async function memory(tmp, sandbox) {
	const out = {};
	for (const side of ['ours', 'theirs']) {
		const n = await regularN8n(tmp, sandbox, `memory-${side}`);
		await sleep(5000);
		const before = await n.heap();
		for (let i = 0; i < WAITS; i += 20) {
			await Promise.all(
				Array.from({ length: Math.min(20, WAITS - i) }, (_, k) => (side === 'ours' ? startOurs(n, numberOf(10_000 + i + k)) : startTheirs(n))),
			);
		}
		await waitFor(`${WAITS} waiting`, async () => (await n.count(WORKFLOWS[side].id, 'waiting')) >= WAITS, null, 600_000);
		await sleep(5000);
		out[side] = { before, after: await n.heap(), waiting: await n.count(WORKFLOWS[side].id, 'waiting') };
		await n.stop();
	}
	return out;
}

async function queue(tmp) {
	const why = services.missing();
	if (why) return { skipped: why };
	const ports = { redis: PORT + 10, postgres: PORT + 11, main: PORT + 12, broker: PORT + 13, worker: PORT + 14, health: PORT + 15, workerBroker: PORT + 16 };
	await services.startRedis({ port: ports.redis, tmp, logs: tmp });
	await services.startPostgres({ port: ports.postgres, tmp, logs: tmp });
	const sandbox = await services.startSandboxChild(tmp);
	const saved = { ...process.env };
	Object.assign(process.env, services.queueEnv({ redisPort: ports.redis, postgresPort: ports.postgres }), { N8N_RUNNERS_BROKER_PORT: String(ports.broker) });
	try {
		const folder = path.join(tmp, 'queue');
		fs.mkdirSync(folder);
		const base = `http://127.0.0.1:${ports.main}`;
		const legacy = { ...sandbox.credentials.legacy, baseUrl: sandbox.legacyBaseUrl, replyTriggerUrl: `${base}/webhook/${HOOK}/webhook` };
		env.prepareUserFolder(folder, {
			sandbox: { currentCredentials: () => ({ ...sandbox.credentials.current, baseUrl: sandbox.currentBaseUrl }), legacyCredentials: () => legacy },
			workflows: [WORKFLOWS.trigger, WORKFLOWS.ours],
		});
		const main = await env.startN8n(folder, { port: ports.main, brokerPort: ports.broker, log: logFile(tmp, 'queue-main'), env: { WEBHOOK_URL: `${base}/` }, onSpawn: (c) => track('queue main', c) });
		const workerLog = path.join(tmp, 'queue-worker.log');
		await services.startWorker('queue worker', folder, { port: ports.worker, healthPort: ports.health, brokerPort: ports.workerBroker, concurrency: 10, log: fs.openSync(workerLog, 'a'), extra: { WEBHOOK_URL: `${base}/` } });
		const cookie = await env.ownerSession(main.base);
		const rest = async (method, p, body) => {
			const res = await fetch(`${main.base}${p}`, { method, headers: { cookie, 'content-type': 'application/json', 'browser-id': 'bench' }, body: body && JSON.stringify(body) });
			return { status: res.status, json: await res.json().catch(() => undefined) };
		};
		for (const wf of [WORKFLOWS.trigger, WORKFLOWS.ours]) {
			const stored = await rest('GET', `/rest/workflows/${wf.id}`);
			await rest('POST', `/rest/workflows/${wf.id}/activate`, { versionId: stored.json?.data?.versionId });
		}
		const list = async (status) => {
			const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOWS.ours.id, status: [status] }));
			return (await rest('GET', `/rest/executions?filter=${filter}&limit=10`)).json?.data?.results ?? [];
		};
		const number = numberOf(9999);
		await waitFor('the start webhook', async () => (await post(`${base}/webhook/${WORKFLOWS.ours.id}-start`, JSON.stringify({ number }))).status === 200, null, 60_000);
		await waitFor('the wait', async () => (await list('waiting')).length === 1, null, 120_000);
		const [waiting] = await list('waiting');
		const { body, headers } = legacyText(number, 'On my way', 424242);
		const answer = await post(`${base}/webhook/${HOOK}/webhook`, body, headers);
		await waitFor('the resumed execution', async () => (await list('success')).length === 1, null, 120_000);
		const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
		const data = flatted.parse((await rest('GET', `/rest/executions/${waiting.id}`)).json.data.data);
		const out = data.resultData.runData[AFTER]?.[0]?.data?.main?.[0]?.[0]?.json;
		const workerRuns = (fs.readFileSync(workerLog, 'utf8').match(new RegExp(`Worker started execution ${waiting.id}\\b`, 'g')) ?? []).length;
		return { execution: waiting.id, answer: answer.status, reply: out?.reply?.text, outcome: out?.outcome, workerRuns, main: pidOf('queue main') };
	} finally {
		for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
		Object.assign(process.env, saved);
	}
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-two-way-'));
	log(`logs in ${tmp}; load average ${loadavg()}`);
	const results = { loadBefore: loadavg() };
	const { startSandbox } = require('../sandbox/server');
	const sandbox = await startSandbox({ rateLimit: false });
	try {
		if (ONLY.includes('latency') || ONLY.includes('burst')) {
			const n = await regularN8n(tmp, sandbox, 'regular');
			if (ONLY.includes('latency')) results.latency = await latency(n);
			if (ONLY.includes('burst')) results.burst = await burst(n);
			await n.stop();
		}
		if (ONLY.includes('memory')) results.memory = await memory(tmp, sandbox);
		if (ONLY.includes('queue')) results.queue = await queue(tmp);
	} finally {
		await stopAll();
		await sandbox.stop();
	}
	results.loadAfter = loadavg();
	print(results);
	if (!process.env.BENCH_KEEP_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
}

function print(r) {
	console.log(`\nTwo-way texts against n8n's Wait node: n8n 2.41.1, load average ${r.loadBefore} before, ${r.loadAfter} after\n`);
	const targets = [];
	if (r.latency) {
		const { ours, theirs, answers } = r.latency;
		console.log(`| ${ROUNDS} resumes, one at a time | p50 | p95 | max |`);
		console.log('|---|---|---|---|');
		console.log(`| reply to the SlickText Trigger -> node after Wait for Reply starts | ${ms(quantile(ours, 0.5))} | ${ms(quantile(ours, 0.95))} | ${ms(Math.max(...ours))} |`);
		console.log(`| POST to the Wait node's resume URL -> node after it starts | ${ms(quantile(theirs, 0.5))} | ${ms(quantile(theirs, 0.95))} | ${ms(Math.max(...theirs))} |`);
		console.log(`| the trigger's answer to the reply | ${ms(quantile(answers, 0.5))} | ${ms(quantile(answers, 0.95))} | ${ms(Math.max(...answers))} |`);
		const ratio = quantile(ours, 0.95) / quantile(theirs, 0.95);
		targets.push([ratio <= 1.2, `p95 ${ratio.toFixed(2)}x the Wait node's (target <= 1.2x)`]);
	}
	if (r.burst) {
		const { replies, resumes, loadAtStart } = r.burst;
		const answered = (list) => list.filter((a) => a.status === 200).length;
		console.log(`\n| ${BURST} at the same moment (load ${loadAtStart}) | answered 200 | p50 | p95 | max |`);
		console.log('|---|---|---|---|---|');
		console.log(`| replies to the SlickText Trigger, each resuming a wait | ${answered(replies)} | ${ms(quantile(replies.map((a) => a.ms), 0.5))} | ${ms(quantile(replies.map((a) => a.ms), 0.95))} | ${ms(Math.max(...replies.map((a) => a.ms)))} |`);
		console.log(`| POSTs to Wait-node resume URLs | ${answered(resumes)} | ${ms(quantile(resumes.map((a) => a.ms), 0.5))} | ${ms(quantile(resumes.map((a) => a.ms), 0.95))} | ${ms(Math.max(...resumes.map((a) => a.ms)))} |`);
		const slowest = Math.max(...replies.map((a) => a.ms));
		targets.push([answered(replies) === BURST && slowest < 5000, `the trigger answered ${answered(replies)} of ${BURST}, the slowest in ${ms(slowest)} (target: all within SlickText's 5 s)`]);
	}
	if (r.memory) {
		const { ours, theirs } = r.memory;
		const added = (m) => m.after.heapUsed - m.before.heapUsed;
		console.log(`\n| ${WAITS} open waits, a fresh n8n each, after a full garbage collection | waiting | heap used before | after | added | resident after |`);
		console.log('|---|---|---|---|---|---|');
		for (const [label, m] of [['Wait for Reply (registered at the trigger)', ours], ["n8n's Wait node", theirs]]) {
			console.log(`| ${label} | ${m.waiting} | ${m.before.heapUsed.toFixed(1)} MB | ${m.after.heapUsed.toFixed(1)} MB | ${added(m).toFixed(1)} MB | ${m.after.rss.toFixed(0)} MB |`);
		}
		targets.push([added(ours) <= added(theirs) + 2, `heap added ${added(ours).toFixed(1)} MB against ${added(theirs).toFixed(1)} MB (target: no more, within 2 MB)`]);
	}
	if (r.queue) {
		console.log('\n| queue mode (main + 1 worker, Redis, Postgres) | result |');
		console.log('|---|---|');
		if (r.queue.skipped) console.log(`| skipped | ${r.queue.skipped} |`);
		else {
			console.log(`| execution ${r.queue.execution}: the trigger's answer | ${r.queue.answer} |`);
			console.log(`| output of the node after the wait | ${r.queue.outcome}: "${r.queue.reply}" |`);
			console.log(`| runs of the execution on the worker (its start and its resume) | ${r.queue.workerRuns} |`);
			targets.push([r.queue.outcome === 'replied' && r.queue.workerRuns >= 2, 'queue mode: the reply resumed the execution on the worker']);
		}
	}
	console.log(`\nTargets: ${targets.map(([ok, text]) => `${ok ? 'met' : 'MISSED'}: ${text}`).join('; ')}`);
}

main().catch(async (error) => {
	console.error(error);
	await stopAll();
	process.exit(1);
});
