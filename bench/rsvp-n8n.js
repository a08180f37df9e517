'use strict';
// Replies from many (issue 45): example 8, an RSVP by a deadline, at a big list's size in real n8n 2.41.1
// as n8n documents scaling (bench/twoWayStack.js: Postgres, Redis, main, a worker, two `n8n webhook`
// processes behind a round-robin proxy), n8n's default settings, the SlickText Legacy Trigger keeping its
// waits in the data table (the credential's n8n API key), SlickText played by the sandbox at its
// documented rate limit (8 a second: every text goes through the credential's limiter).
//
// The RSVP texts BENCH_RSVP_GUESTS guests; once all wait, BENCH_RSVP_REPLIES of them answer within
// BENCH_RSVP_SPREAD_S seconds (each posted once, as SlickText posts: the trigger's answer time is what
// SlickText sees; SlickText's own 5 s timeout is not applied, so that every reply is counted and the
// output can be checked exactly). Then the deadline. Prints a markdown table: when everyone waited, the
// trigger's answers, whether each guest came out once with the right answer, how long after the
// deadline, and each process's resident memory before, while all wait, and at the end.
//
//   flock /tmp/bench.lock node bench/rsvp-n8n.js      (after npm run build)
//   BENCH_RSVP_GUESTS=5000 BENCH_RSVP_REPLIES=2000 BENCH_RSVP_SPREAD_S=60 BENCH_RSVP_DEADLINE_S=2087 BENCH_RSVP_PORT=5950
//   BENCH_RSVP_UNTIL_WAITING=1   stops once everyone waits, after printing the processes' memory then
//   HEAP_SNAPSHOT_DIR=<folder>   heap snapshots of the main process, the worker and one webhook process with
//                                the Wait-node executions waiting and once everyone of the RSVP waits
//                                (bench/heap-probe.js), to compare with bench/heap-diff.js

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const services = require('./queueServices');
const { startTwoWayStack } = require('./twoWayStack');
const { waitFor } = require('../test/e2e/rest');
const { EXAMPLE8, ORGANISER, RSVP_START: START, checkRsvp, guestNumbers, guestsOf, rsvpStartedByWebhook, shuffledAnswers } = require('../test/e2e/rsvp');

const GUESTS = Number(process.env.BENCH_RSVP_GUESTS || 5000);
const REPLIES = Number(process.env.BENCH_RSVP_REPLIES || 2000);
const SPREAD_S = Number(process.env.BENCH_RSVP_SPREAD_S || 60);
// n8n starts about 3 guests' executions a second on the 2-core machine (docs/performance.md): the deadline leaves room for that.
const DEADLINE_S = Number(process.env.BENCH_RSVP_DEADLINE_S || Math.ceil(GUESTS / 3) + 2 * SPREAD_S + 300);
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
/** The measure to compare with: as many executions of n8n's own Wait node, each started by a webhook. */
const WAIT_NODE = {
	id: 'benchRsvpWaitNode',
	name: 'bench rsvp: Wait node',
	versionId: 'benchRsvpWaitNode-v1',
	active: false,
	nodes: [
		{ id: 'brw-s', name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'benchRsvpWaitNode-start', parameters: { httpMethod: 'POST', path: 'benchRsvpWaitNode-start', responseMode: 'onReceived', options: {} } },
		{ id: 'brw-w', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [220, 0], parameters: { resume: 'webhook', httpMethod: 'POST', options: {} } },
	],
	connections: { Start: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/** Example 8 with the bench's credential, started by a webhook; the credential names the bench's trigger. */
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
	const base = `http://127.0.0.1:${PORT}`;
	return [trigger, rsvpStartedByWebhook({ sandbox, numbers, seconds: DEADLINE_S, base, credential: CRED, shippedWaitEnds: true, guestsInRequest: true }), WAIT_NODE];
}

const PROCESSES = ['main', 'worker', 'webhook 0', 'webhook 1'];
/** The processes whose heap snapshots HEAP_SNAPSHOT_DIR asks for (webhook 1 does what webhook 0 does). */
const SNAPSHOT_OF = ['main', 'worker', 'webhook 0'];

/** n8n processes that stopped during the run (the kernel's out-of-memory killer took the worker once). */
const gone = new Set();

/**
 * Resident memory of each n8n process, in MB; NaN for one that is gone. Read from /proc, not by running
 * `ps`: with 2,000 replies in flight a spawn can fail, which once read as every process gone.
 */
function rss() {
	const out = {};
	for (const name of PROCESSES) {
		const pid = services.pidOf(name);
		try {
			const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
			out[name] = kb ? Math.round(Number(kb[1]) / 1024) : NaN;
		} catch {
			out[name] = NaN;
			if (!gone.has(name)) log(`the ${name} process (pid ${pid}) is gone: see dmesg for the out-of-memory killer`);
			gone.add(name);
		}
	}
	return out;
}

// Every n8n process loads bench/heap-probe.js: on SIGUSR2 it collects all garbage and writes its memory.
const PROBE = path.join(os.tmpdir(), `slicktext-bench-rsvp-heap-${process.pid}.json`);
process.env.NODE_OPTIONS = `--expose-gc --require ${path.join(__dirname, 'heap-probe.js')}`;
process.env.HEAP_PROBE_FILE = PROBE;

/**
 * The heap each n8n process still uses after a full garbage collection, in MB: what it keeps, where the
 * resident memory also counts what the collector has not given back to the system.
 */
async function heapKept({ snapshotOf = [], label = '' } = {}) {
	const out = {};
	for (const name of PROCESSES) {
		const pid = services.pidOf(name);
		if (!pid) continue;
		fs.rmSync(PROBE, { force: true });
		if (snapshotOf.includes(name) && process.env.HEAP_SNAPSHOT_DIR) {
			fs.writeFileSync(path.join(process.env.HEAP_SNAPSHOT_DIR, `${pid}.want`), `${name}-${label}`);
		}
		process.kill(pid, 'SIGUSR2');
		if (!(await waitFor(async () => fs.existsSync(PROBE) && fs.statSync(PROBE).size > 0, 600_000, 200))) continue;
		await sleep(100);
		const probe = JSON.parse(fs.readFileSync(PROBE, 'utf8'));
		out[name] = Math.round(probe.heapUsed / 1048576);
		// The entries of n8n's ActiveExecutions by status: what of the kept heap is executions n8n still holds.
		(out.active ??= {})[name] = probe.activeExecutions;
	}
	return out;
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-rsvp-'));
	log(`logs in ${tmp}; ${GUESTS} guests, ${REPLIES} replies within ${SPREAD_S} s, the deadline ${DEADLINE_S} s after the start`);
	// SlickText's documented 8 texts a second, and its 5 s for the trigger's answer (then it delivers again).
	const sandbox = await startSandbox();
	const proxy = `http://127.0.0.1:${PORT}`;
	const credential = { ...CRED, data: { ...sandbox.legacyCredentials(), webhookSecret: SECRET, replyTriggerUrl: `${proxy}/webhook/${HOOK}/webhook` } };
	const numbers = guestNumbers(GUESTS, 'bench');
	const stack = await startTwoWayStack({ basePort: PORT, tmp, workflows: workflows(sandbox, numbers), credentials: [credential], webhooks: 2 });
	const out = { rss: {}, heap: {} };
	const peak = { worker: 0 };
	let sampling;
	try {
		await stack.giveApiKey(credential);
		// The webhook processes load the published workflows after they start listening.
		await sleep(10_000);
		out.rss.before = rss();
		out.heap.before = await heapKept();
		// First the measure to compare with: as many of n8n's Wait-node executions, 20 started at a time, and the
		// memory once all wait. They stay waiting (in Postgres) while the RSVP runs.
		const waitStarted = Date.now();
		let next = 0;
		await Promise.all(
			Array.from({ length: 20 }, async () => {
				while (next < GUESTS) {
					next++;
					await fetch(`${proxy}/webhook/benchRsvpWaitNode-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
				}
			}),
		);
		await waitFor(async () => stack.executions(WAIT_NODE.id, 'waiting').length >= GUESTS, 600_000, ASK_EVERY_MS);
		out.waitNode = { waiting: stack.executions(WAIT_NODE.id, 'waiting').length, after: Date.now() - waitStarted, rss: rss(), heap: await heapKept({ snapshotOf: SNAPSHOT_OF, label: 'wait-node' }) };
		log(`${out.waitNode.waiting} Wait-node executions waiting after ${seconds(out.waitNode.after)}`);
		const started = Date.now();
		sampling = setInterval(() => {
			const now = rss();
			for (const [name, mb] of Object.entries(now)) if (Number.isFinite(mb)) peak[name] = Math.max(peak[name] ?? 0, mb);
		}, 2000);
		// The guests come in the request, as from a list kept elsewhere (rsvpStartedByWebhook's guestsInRequest).
		const res = await fetch(`${proxy}/webhook/${EXAMPLE8}-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ guests: guestsOf(numbers) }) });
		if (res.status !== 200) throw new Error(`start: ${res.status} ${await res.text()}`);
		const all = GUESTS + 1;
		let last = 0;
		const everyone = await waitFor(async () => {
			const n = stack.executions(EXAMPLE8, 'waiting').length;
			if (n - last >= 500) log(`${n} waiting after ${seconds(Date.now() - started)}`), (last = n);
			return n >= all || stack.executions(EXAMPLE8, 'error').length > 0 || gone.size > 0;
		}, DEADLINE_S * 1000 - SPREAD_S * 1000 - 30_000, ASK_EVERY_MS);
		out.waiting = stack.executions(EXAMPLE8, 'waiting').length;
		out.failed = stack.executions(EXAMPLE8, 'error').length;
		out.everyoneWaitsAfter = Date.now() - started;
		out.texted = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.status === 200).length;
		out.rss.waiting = rss();
		// HEAP_SNAPSHOT_DIR=<folder>: the heap snapshots then, to find what the guests cost beyond the Wait node's.
		out.heap.waiting = await heapKept({ snapshotOf: SNAPSHOT_OF, label: 'rsvp' });
		log(`everyone waits: ${everyone} (${out.waiting} waiting, ${out.failed} failed) after ${seconds(out.everyoneWaitsAfter)}`);
		// A failed execution ends the wait for everyone (waitFor stops at it): the replies would then go to guests nobody texted.
		if (!everyone || out.failed > 0 || gone.size > 0) {
			throw new Error(`not everyone waits: ${out.waiting} of ${all}, ${out.failed} failed${gone.size > 0 ? `; gone: ${[...gone].join(', ')} (highest resident MB: ${JSON.stringify(peak)})` : ''}`);
		}
		// BENCH_RSVP_UNTIL_WAITING=1: only the memory of the texting and waiting (minutes, not the deadline's hour).
		if (process.env.BENCH_RSVP_UNTIL_WAITING) {
			log(`resident memory (MB) once everyone waits: ${JSON.stringify(out.rss.waiting)}; highest until then: ${JSON.stringify(peak)}`);
			log(`heap kept after a full garbage collection (MB): before anything waits ${JSON.stringify(out.heap.before)}; with the Wait-node executions waiting ${JSON.stringify(out.waitNode.heap)}; and everyone of the RSVP ${JSON.stringify(out.heap.waiting)}`);
			return;
		}

		// REPLIES answers within SPREAD_S seconds, each posted once, at an even pace.
		const replies = shuffledAnswers(numbers).slice(0, REPLIES);
		const gap = (SPREAD_S * 1000) / replies.length;
		const repliesStart = Date.now();
		const answered = await Promise.all(
			replies.map(async ({ number, text }, i) => {
				await sleep(i * gap - (Date.now() - repliesStart));
				const t0 = Date.now();
				let played = await sandbox.reply({ platform: 'legacy', to: credential.data.replyTriggerUrl, from: number, text, secret: SECRET });
				const first = { status: played.status, ms: Date.now() - t0 };
				// Not answered 2xx within SlickText's 5 s: delivered again, as SlickText does (here after 10 s, not a minute).
				for (let attempt = 1; !(played.status >= 200 && played.status < 300) && attempt <= 30; attempt++) {
					await sleep(10_000);
					played = await sandbox.redeliver(played.events[0], { to: credential.data.replyTriggerUrl, secret: SECRET });
				}
				return { ...first, accepted: played.status >= 200 && played.status < 300 };
			}),
		);
		out.repliesTook = Date.now() - repliesStart;
		out.answers = answered;
		// The reply figures here too, so that a run may be stopped once they are in (the deadline is minutes later).
		out.firstMs = answered.map((a) => a.ms);
		log(`replies posted in ${seconds(out.repliesTook)}: ${answered.filter((a) => a.status === 200).length} answered 200 within 5 s at the first delivery (p50 ${quantile(out.firstMs, 0.5)} ms, p95 ${quantile(out.firstMs, 0.95)} ms), ${answered.filter((a) => a.accepted).length} in the end`);

		const done = await waitFor(async () => stack.executions(EXAMPLE8).filter((e) => ['waiting', 'running', 'new'].includes(e.status)).length === 0, DEADLINE_S * 1000 + 900_000 - (Date.now() - started), ASK_EVERY_MS);
		clearInterval(sampling);
		out.rss.end = rss();
		out.heap.end = await heapKept();
		out.done = done;
		out.failedEnd = stack.executions(EXAMPLE8, 'error').length;
		const organiserTexts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body?.number === ORGANISER).map((r) => r.body.body);
		try {
			out.late = checkRsvp({ runDatas: stack.runData(EXAMPLE8), numbers, organiserTexts, start: START, replies });
			out.exact = 'yes';
		} catch (error) {
			out.exact = `no: ${String(error.message).split('\n')[0].slice(0, 200)}`;
		}
	} finally {
		clearInterval(sampling);
		await stack.stop();
		await sandbox.stop();
		if (!process.env.KEEP_BENCH_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
	}

	const times = out.firstMs;
	const ok = out.answers.filter((a) => a.status === 200);
	console.log(`\n## Replies from many: example 8 with ${GUESTS} guests (queue mode, 2 webhook processes, SlickText's 8 texts a second)\n`);
	console.log('| measure | result | target |');
	console.log('|---|---|---|');
	console.log(`| guests texted | ${out.texted} | ${GUESTS} |`);
	console.log(`| every guest waiting (the RSVP's execution too) | after ${seconds(out.everyoneWaitsAfter)} (${out.waiting} waiting, ${out.failed} failed) | the texts at the rate limit: ${seconds((GUESTS / 8) * 1000)} |`);
	// Every tenth guest answers nothing (shuffledAnswers), so fewer than BENCH_RSVP_REPLIES may be posted.
	console.log(`| ${out.answers.length} replies within ${SPREAD_S} s: answered 2xx within SlickText's 5 s, at the first delivery | ${ok.length} | ${out.answers.length} |`);
	console.log(`| of the rest, taken when SlickText delivered them again (every 10 s here) | ${out.answers.filter((a) => a.accepted && a.status !== 200).length} | - |`);
	console.log(`| the trigger's first answer, p50 / p95 / max (5,000: SlickText stopped waiting) | ${Math.round(quantile(times, 0.5))} / ${Math.round(quantile(times, 0.95))} / ${Math.max(...times)} ms | within 5,000 ms |`);
	console.log(`| each guest once at the deadline, with their answer; the organiser's count | ${out.exact} | yes |`);
	console.log(`| the answers read after the deadline | ${Number.isFinite(out.late) ? seconds(out.late) : '-'} | within 10 s |`);
	console.log(`| all executions finished (guests' waits end 60-660 s after the deadline) | ${out.done ? 'yes' : 'no'}, ${out.failedEnd} failed | yes, 0 failed |`);
	console.log('\n| resident memory (MB) | main | worker | webhook 0 | webhook 1 |');
	console.log('|---|---|---|---|---|');
	const rows = [
		['before anything waits', out.rss.before],
		[`${out.waitNode?.waiting ?? '-'} of n8n's Wait-node executions waiting (started 20 at a time, in ${out.waitNode ? seconds(out.waitNode.after) : '-'})`, out.waitNode?.rss ?? {}],
		[`and all ${GUESTS} guests of the RSVP waiting`, out.rss.waiting],
		['the RSVP over', out.rss.end],
		['highest during the RSVP, sampled every 2 s', peak],
	];
	for (const [when, m] of rows) {
		console.log(`| ${when} | ${m.main ?? '-'} | ${m.worker ?? '-'} | ${m['webhook 0'] ?? '-'} | ${m['webhook 1'] ?? '-'} |`);
	}
	// The probes' readings by moment: the heap kept, then n8n's ActiveExecutions entries, from the same readings.
	const probed = [['before anything waits', out.heap.before], [rows[1][0], out.waitNode?.heap ?? {}], [rows[2][0], out.heap.waiting], [rows[3][0], out.heap.end]];
	console.log('\n| heap kept after a full garbage collection (MB) | main | worker | webhook 0 | webhook 1 |');
	console.log('|---|---|---|---|---|');
	for (const [when, m] of probed) {
		console.log(`| ${when} | ${m.main ?? '-'} | ${m.worker ?? '-'} | ${m['webhook 0'] ?? '-'} | ${m['webhook 1'] ?? '-'} |`);
	}
	console.log("\n| executions n8n's ActiveExecutions holds, by status | main | worker | webhook 0 | webhook 1 |");
	console.log('|---|---|---|---|---|');
	const held = (byStatus) => (byStatus ? Object.entries(byStatus).map(([status, n]) => `${n} ${status}`).join(', ') || 'none' : '-');
	for (const [when, m] of probed) {
		const a = m.active ?? {};
		console.log(`| ${when} | ${held(a.main)} | ${held(a.worker)} | ${held(a['webhook 0'])} | ${held(a['webhook 1'])} |`);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
