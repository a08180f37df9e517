'use strict';
// The SlickText Legacy Trigger against n8n's own Webhook node in queue mode, as n8n documents scaling:
// main, two `n8n webhook` processes behind one round-robin address, two workers, Postgres, Redis
// (bench/twoWayStack.js), real n8n 2.41.1. Both start nodes take the same signed legacy events
// (NewSubscriber, form-encoded as SlickText posts them) and pass them to a No Op node. The trigger is set
// up as the README sets up a busy brand: webhook secret, n8n API key (two-way texts), Ignore Repeated
// Deliveries on (its default). A third workflow is the n8n-only build of that guarantee: the Webhook node,
// then n8n's Remove Duplicates node (Remove Items Processed in Previous Executions, keyed on the event),
// which keeps what it has seen in n8n's database as the trigger does.
// For each of n8n's settings in BENCH_TQ_SETTINGS (a fresh stack each):
//   rate:   BENCH_TQ_EVENTS events at 10 in flight: events a second, answer p50 / p95;
//   one:    BENCH_TQ_SINGLE events one at a time: answer p50 / p95;
//   burst:  BENCH_TQ_BURST events posted evenly within 3 s, twice per start node (ABBA) in each of
//           BENCH_TQ_BURST_ROUNDS rounds, as SlickText does:
//           an attempt not answered 2xx within 5 s is given up and the event delivered again
//           (attemptNumber + 1), up to 3 more times.
//           Answered 2xx within 5 s at the first attempt, and in the end how often each event reached the
//           node after the start node (the trigger: once; n8n's Webhook node runs every delivery it answers).
// Phases alternate which start node goes first (ABC CBA). Prints a markdown table with the trigger's ratios
// to the Webhook node and to the n8n-only build, and the load average.
//
//   flock /tmp/bench.lock node bench/trigger-queue-n8n.js      (after npm run build; about 10 minutes a setting)
//   BENCH_TQ_SETTINGS=defaults,lazy   (lazy: N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true, the README's setting)
//   BENCH_TQ_EVENTS=300  BENCH_TQ_SINGLE=40  BENCH_TQ_BURST=500  BENCH_TQ_WARM_UP=100  BENCH_TQ_PORT=5960
//   BENCH_TQ_STARTS=trigger,webhook,dedupe   the start nodes measured (the trigger and one of n8n's at least)
//   BENCH_TQ_BURST_ROUNDS=1         rounds of bursts (each ABC CBA): a burst's first answers vary more from
//                                   one burst to the next than between start nodes, so more rounds give a steadier ratio
//   BENCH_TQ_KEY=owner              whose n8n API key the credential has: owner, or member (n8n reads the key's
//                                   user's role with every scope for each call: 188 for an owner, 29 for a member)
//   BENCH_KEEP_FOLDER=1             keeps the stack's folder (logs, database) in the temp folder
//   BENCH_TQ_CPU_PROFILE=<folder>   CPU profiles of every n8n process during the trigger's rate phase
//                                   (bench/cpu-probe.js; summarise with bench/cpu-top.js)

const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const services = require('./queueServices');
const { inPool } = require('../sandbox/shared/replies');
const { startTwoWayStack } = require('./twoWayStack');

const SETTINGS = (process.env.BENCH_TQ_SETTINGS || 'defaults,lazy').split(',').filter(Boolean);
const EVENTS = Number(process.env.BENCH_TQ_EVENTS || 300);
const SINGLE = Number(process.env.BENCH_TQ_SINGLE || 40);
const BURST = Number(process.env.BENCH_TQ_BURST || 500);
const WARM_UP = Number(process.env.BENCH_TQ_WARM_UP || 100);
const BURST_ROUNDS = Number(process.env.BENCH_TQ_BURST_ROUNDS || 1);
const KEY_USER = process.env.BENCH_TQ_KEY || 'owner';
const PORT = Number(process.env.BENCH_TQ_PORT || 5960);
const PROFILE = process.env.BENCH_TQ_CPU_PROFILE;
const TIMEOUT_MS = 5000;
const RETRIES = 3;
const PKG = 'n8n-nodes-slicktext';
const AFTER = 'After';
const HOOK = 'bench-tq-trigger';
const SECRET = 'bench-tq-secret';
const CRED = { id: 'benchTqLegacy', name: 'SlickText Legacy (bench)', type: 'slickTextLegacyApi' };
const N8N_SETTINGS = { defaults: {}, lazy: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } };
const STARTS = (process.env.BENCH_TQ_STARTS || 'trigger,webhook,dedupe').split(',').filter(Boolean);
const DEDUPE = 'Remove Duplicates';

const log = (...args) => console.error('[trigger queue bench]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });
const after = (id) => ({ id: `${id}-a`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} });
/** `start` -> (`between` ->) the No Op node. */
const workflow = (id, start, between) => ({
	id,
	name: `bench trigger queue: ${id}`,
	versionId: `${id}-v1`,
	active: false,
	nodes: [start, ...(between ? [between] : []), after(id)],
	connections: between ? { [start.name]: next(between.name), [between.name]: next(AFTER) } : { [start.name]: next(AFTER) },
	settings: { saveDataSuccessExecution: 'all', executionOrder: 'v1' },
});
const webhookNode = (id, path) => ({
	id,
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	position: [0, 0],
	webhookId: path,
	parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
});
const WF = {
	trigger: workflow('benchTqTrigger', {
		id: 'btq-t',
		name: 'SlickText Legacy Trigger',
		type: `${PKG}.slickTextLegacyTrigger`,
		typeVersion: 2,
		position: [0, 0],
		webhookId: HOOK,
		parameters: { legacyEvents: ['ChatMessageRecieved', 'NewSubscriber'] },
		credentials: { slickTextLegacyApi: { id: CRED.id, name: CRED.name } },
	}),
	webhook: workflow('benchTqWebhook', webhookNode('btq-w', 'bench-tq-webhook')),
	// What a builder without the trigger adds for "each event once": the event's key (SlickText's body
	// changes with attemptNumber), kept by n8n across executions.
	dedupe: workflow('benchTqDedupe', webhookNode('btq-d', 'bench-tq-dedupe'), {
		id: 'btq-d-r',
		name: DEDUPE,
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [110, 0],
		parameters: {
			operation: 'removeItemsSeenInPreviousExecutions',
			dedupeValue: "={{ (e => e.Event + ':' + e.Subscriber.SubscriberId + ':' + e.Timestamp)(JSON.parse($json.body.data)) }}",
			options: {},
		},
	}),
};
const LABEL = { trigger: 'SlickText Trigger', webhook: "n8n's Webhook node", dedupe: "n8n's Webhook + Remove Duplicates" };

const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '-');

/** A NewSubscriber event as SlickText's legacy platform posts it, signed with the webhook secret. */
function subscriber(id, attemptNumber = 1) {
	const data = JSON.stringify({ Event: 'NewSubscriber', Timestamp: '2026-12-06 09:00:00', attemptNumber, Subscriber: { SubscriberId: id, PhoneNumber: `+1617${String(id).padStart(7, '0')}` }, Textword: { TextwordId: 5401, Word: 'BENCH' } });
	return { body: new URLSearchParams({ data }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slicktext-signature': crypto.createHmac('md5', SECRET).update(data).digest('hex') } };
}

/** CPU seconds so far of each kind of process: n8n's (by role), Postgres (its processes and the ones it reaped), Redis. */
function cpuNow() {
	const ticks = (pid, withChildren = false) => {
		try {
			const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
			return Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
		} catch {
			return 0;
		}
	};
	const out = { webhooks: 0, workers: 0, main: 0, postgres: 0, redis: 0 };
	for (const name of ['webhook 0', 'webhook 1']) out.webhooks += ticks(services.pidOf(name));
	for (const name of ['worker', 'worker 1']) out.workers += ticks(services.pidOf(name));
	out.main = ticks(services.pidOf('main'));
	for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
		let comm = '';
		try {
			comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
		} catch {
			continue;
		}
		if (comm === 'postgres') out.postgres += ticks(pid, true);
		else if (comm === 'redis-server') out.redis += ticks(pid);
	}
	const hz = 100;
	for (const k of Object.keys(out)) out[k] /= hz;
	return out;
}
const cpuSince = (before) => Object.fromEntries(Object.entries(cpuNow()).map(([k, v]) => [k, v - before[k]]));
/**
 * Starts counting what a phase costs: the CPU of every process, and the calls of n8n's public API (the
 * trigger's data tables) through the proxy. `end()`, once the phase's runs have settled, gives both.
 */
function costOf(stack) {
	const cpu0 = cpuNow();
	stack.record();
	return {
		end: () => {
			const cost = { cpu: cpuSince(cpu0), apiCalls: stack.timeline().filter((e) => e.path.startsWith('/api/v1/')).length };
			stack.record(false);
			return cost;
		},
	};
}

/** One POST; `giveUpMs`: the client stops waiting then (status 0), as SlickText after 5 s. */
async function post(url, { body, headers }, giveUpMs = 60_000) {
	const t0 = performance.now();
	try {
		const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(giveUpMs) });
		await res.arrayBuffer();
		return { status: res.status, ms: performance.now() - t0 };
	} catch {
		return { status: 0, ms: performance.now() - t0 };
	}
}

/** Every delivery of one event as SlickText makes them: a new attempt after each one not answered 2xx within 5 s. */
async function deliver(url, id) {
	const attempts = [];
	for (let n = 1; n <= 1 + RETRIES; n++) {
		const answer = await post(url, subscriber(id, n), TIMEOUT_MS);
		attempts.push(answer);
		if (answer.status >= 200 && answer.status < 300) break;
	}
	return attempts;
}

async function main() {
	const rows = [];
	for (const setting of SETTINGS) rows.push({ setting, ...(await oneSetting(setting)) });
	print(rows);
}

async function oneSetting(setting) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-tq-'));
	log(`${setting}: logs in ${tmp}${process.env.BENCH_KEEP_FOLDER ? '' : ' (removed at the end; BENCH_KEEP_FOLDER=1 keeps them)'}`);
	const saved = { ...process.env };
	Object.assign(process.env, N8N_SETTINGS[setting] ?? {});
	if (PROFILE) Object.assign(process.env, { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-probe.js')}`, CPU_PROFILE_DIR: path.join(PROFILE, setting) });
	if (PROFILE) fs.mkdirSync(path.join(PROFILE, setting), { recursive: true });
	const sandbox = await startSandbox({ rateLimit: false });
	const proxy = `http://127.0.0.1:${PORT}`;
	const credential = { ...CRED, data: { ...sandbox.legacyCredentials(), webhookSecret: SECRET, replyTriggerUrl: `${proxy}/webhook/${HOOK}/webhook` } };
	let stack;
	try {
		stack = await startTwoWayStack({ basePort: PORT, tmp, workflows: STARTS.map((name) => WF[name]), credentials: [credential], webhooks: 2, workers: 2 });
		await stack.giveApiKey(credential, { user: KEY_USER });
		const urls = { trigger: `${proxy}/webhook/${HOOK}/webhook`, webhook: `${proxy}/webhook/bench-tq-webhook`, dedupe: `${proxy}/webhook/bench-tq-dedupe` };
		const names = STARTS;
		// The order of the rate phases and of the bursts: the trigger first and last, so that no start node
		// gains from its place.
		const ABBA = [...names, ...[...names].reverse()];
		let nextId = 1;
		const ids = (count) => Array.from({ length: count }, () => nextId++);
		// Warm-up, not measured: n8n's first requests of a workflow compile and cache, and the trigger's first
		// run makes its record of repeats.
		for (const name of names) await inPool(ids(WARM_UP), 10, (id) => post(urls[name], subscriber(id)));
		await settled(stack);
		const out = Object.fromEntries(names.map((name) => [name, {}]));
		const profiles = (on) => {
			if (!PROFILE) return;
			for (const name of ['main', 'worker', 'worker 1', 'webhook 0', 'webhook 1']) process.kill(services.pidOf(name), 'SIGUSR2');
			if (!on) log(`CPU profiles in ${path.join(PROFILE, setting)}`);
		};

		for (const [turn, which] of ABBA.entries()) {
			// The profiles cover the trigger's first rate phase.
			const profiled = turn === 0;
			if (profiled) profiles(true);
			const t0 = performance.now();
			const cost = costOf(stack);
			const answers = await inPool(ids(EVENTS), 10, (id) => post(urls[which], subscriber(id)));
			const seconds = (performance.now() - t0) / 1000;
			if (profiled) profiles(false);
			// The runs the phase started, finished too: what each event cost every process in the end.
			await settled(stack);
			(out[which].rate ??= []).push({ ...cost.end(), perSecond: EVENTS / seconds, p50: quantile(answers.map((a) => a.ms), 0.5), p95: quantile(answers.map((a) => a.ms), 0.95), notOk: answers.filter((a) => a.status !== 200).length });
			log(`${setting} ${which}: ${(EVENTS / seconds).toFixed(1)} events/s at 10 in flight`);
			await sleep(2000);
		}
		for (const name of [...names].reverse()) {
			const answers = [];
			for (const id of ids(SINGLE)) answers.push(await post(urls[name], subscriber(id)));
			out[name].one = { p50: quantile(answers.map((a) => a.ms), 0.5), p95: quantile(answers.map((a) => a.ms), 0.95) };
			await sleep(1000);
		}
		// Let the workers finish the runs of the phases above before the bursts.
		await settled(stack);
		for (const name of Array.from({ length: BURST_ROUNDS }, () => ABBA).flat()) {
			const burstIds = ids(BURST);
			const before = new Set(stack.executions(WF[name].id).map((e) => e.id));
			const cost = costOf(stack);
			const t0 = Date.now();
			const deliveries = await Promise.all(burstIds.map(async (id, i) => {
				await sleep((i * 3000) / BURST);
				return await deliver(urls[name], id);
			}));
			log(`${setting} ${name}: burst posted and answered after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
			await settled(stack);
			const { cpu, apiCalls } = cost.end();
			const runs = stack.executions(WF[name].id).filter((e) => !before.has(e.id));
			const reached = countReached(stack, WF[name].id, new Set(burstIds), before);
			const firsts = deliveries.map((d) => d[0]);
			(out[name].bursts ??= []).push({
				within5s: firsts.filter((a) => a.status >= 200 && a.status < 300).length,
				p50: quantile(firsts.map((a) => a.ms), 0.5),
				attempts: deliveries.reduce((sum, d) => sum + d.length, 0),
				neverAnswered: deliveries.filter((d) => !d.some((a) => a.status >= 200 && a.status < 300)).length,
				failedRuns: runs.filter((e) => e.status !== 'success').length,
				once: burstIds.filter((id) => reached.get(id) === 1).length,
				lost: burstIds.filter((id) => !reached.has(id)).length,
				more: burstIds.filter((id) => (reached.get(id) ?? 0) > 1).length,
				cpu,
				apiCalls,
			});
			await sleep(2000);
		}
		return out;
	} finally {
		await stack?.stop();
		await sandbox.stop();
		for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
		Object.assign(process.env, saved);
		// The stack's folder (its database, about 160 MB), unless asked to keep it for its logs.
		if (!process.env.BENCH_KEEP_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * Resolves once n8n has answered every request passed to it (a delivery SlickText gave up on goes on in
 * n8n, and may start its run long after), no execution runs, and nothing changed for 3 s (at most 10
 * minutes). An execution n8n left 'new' with every worker idle never runs: it does not hold this up.
 */
async function settled(stack) {
	const deadline = Date.now() + 600_000;
	let last = '';
	let quietSince = Date.now();
	while (Date.now() < deadline) {
		const now = `${stack.psql(`select count(*), count(*) filter (where status = 'new'), count(*) filter (where status = 'running') from execution_entity`).trim()}|${stack.openRequests()}`;
		if (now !== last || !now.endsWith('|0|0')) {
			last = now;
			quietSince = Date.now();
		} else if (Date.now() - quietSince > 3000) return;
		await sleep(500);
	}
	log('not settled after 10 minutes: counted as it stands');
}

/** How many times each event of `wanted` reached the node after the start node, in the runs not in `before`. */
function countReached(stack, workflowId, wanted, before) {
	const reached = new Map();
	const ran = new Set(stack.executions(workflowId, 'success').filter((e) => !before.has(e.id)).map((e) => e.id));
	for (const run of stack.runData(workflowId, 'success', ran)) {
		for (const item of run[AFTER]?.[0]?.data?.main?.[0] ?? []) {
			const json = item.json ?? {};
			const event = json.Subscriber ? json : JSON.parse(json.body?.data ?? '{}');
			const id = event.Subscriber?.SubscriberId;
			if (wanted.has(id)) reached.set(id, (reached.get(id) ?? 0) + 1);
		}
	}
	return reached;
}

function print(rows) {
	const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
	const sum = (list, key) => list.reduce((total, b) => total + b[key], 0);
	const others = STARTS.filter((name) => name !== 'trigger');
	console.log(`\n## The SlickText Legacy Trigger (an n8n API key of the ${KEY_USER}) and n8n's own start nodes in queue mode (2 webhook processes, 2 workers; ${os.cpus().length} cores; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`);
	console.log(`| n8n's settings | what | ${STARTS.map((name) => LABEL[name]).join(' | ')} | ${others.map((name) => `ratio to ${LABEL[name].replace("n8n's ", '')}`).join(' | ')} |`);
	console.log(`|---|---|${STARTS.map(() => '---|').join('')}${others.map(() => '---|').join('')}`);
	for (const { setting, ...out } of rows) {
		const label = setting === 'lazy' ? "README's (`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true`)" : "n8n's defaults";
		/** A row: what each start node shows, then the trigger's ratio to each of n8n's (`ratio` of two starts' outs, or none). */
		const row = (first, what, show, ratio) => console.log(`| ${first} | ${what} | ${STARTS.map((name) => show(out[name])).join(' | ')} | ${others.map((name) => (ratio ? ratio(out.trigger, out[name]) : '')).join(' | ')} |`);
		row(label, `events a second, 10 in flight (${EVENTS} twice)`, (o) => `${mean(o.rate, 'perSecond').toFixed(1)} (${o.rate.map((r) => r.perSecond.toFixed(1)).join(', ')})`, (t, o) => `**${(mean(t.rate, 'perSecond') / mean(o.rate, 'perSecond')).toFixed(2)}x**`);
		row('', 'answer p50 / p95 at 10 in flight', (o) => `${ms(mean(o.rate, 'p50'))} / ${ms(mean(o.rate, 'p95'))}`, (t, o) => `${(mean(t.rate, 'p95') / mean(o.rate, 'p95')).toFixed(2)}x (p95)`);
		row('', 'one event at a time: answer p50 / p95', (o) => `${ms(o.one.p50)} / ${ms(o.one.p95)}`, (t, o) => `${(t.one.p95 / o.one.p95).toFixed(2)}x (p95)`);
		row('', `${BURST} events within 3 s, ${2 * BURST_ROUNDS} times: answered 2xx within 5 s (first attempt), p50`, (o) => `${o.bursts.map((b) => b.within5s).join(' + ')} (${o.bursts.map((b) => ms(b.p50)).join(', ')})`, (t, o) => `${(sum(t.bursts, 'within5s') / Math.max(1, sum(o.bursts, 'within5s'))).toFixed(2)}x`);
		const cpu = (list, events) => ['webhooks', 'workers', 'main', 'postgres', 'redis'].map((k) => ((1000 * list.reduce((total, r) => total + r.cpu[k], 0)) / (list.length * events)).toFixed(1)).join(' / ');
		const calls = (list, events) => (list.reduce((total, r) => total + r.apiCalls, 0) / (list.length * events)).toFixed(2);
		row('', 'CPU ms per event (the phase and its runs): webhook processes / workers / main / Postgres / Redis', (o) => cpu(o.rate, EVENTS));
		row('', "calls of n8n's public API per event (the phase and its runs)", (o) => calls(o.rate, EVENTS));
		row('', 'the same two in the bursts (every delivery and its run)', (o) => `${cpu(o.bursts, BURST)}; ${calls(o.bursts, BURST)} calls`);
		const end = (list) => ['once', 'lost', 'more', 'attempts', 'neverAnswered', 'failedRuns'].map((key) => sum(list, key));
		const words = ([once, lost, more, attempts, never, failed]) => `${once} once, ${lost} never, ${more} more than once; ${attempts} deliveries, ${never} never answered, ${failed} runs not successful`;
		row('', 'the bursts in the end: events that reached the next node', (o) => words(end(o.bursts)));
	}
}

if (require.main === module) {
	main().catch(async (error) => {
		console.error(error);
		await services.stopAll();
		process.exit(1);
	});
}
