'use strict';
// What n8n itself keeps of waiting sub-executions in queue mode, with n8n's own nodes only (no node of this
// package): the measure behind the memory row of replies from many. Real n8n 2.41.1 as n8n documents scaling
// (bench/twoWayStack.js: Postgres, Redis, main, a worker, one `n8n webhook` process behind a proxy).
//
// Two workflows, the same n8n Wait node (After Time Interval, long enough for n8n to put the execution in
// its database and resume it by its wait tracker):
// - "started by a webhook": BENCH_SUB_N executions, each started by a POST to its Webhook node;
// - "sub-executions": one execution started by a webhook hands BENCH_SUB_N items to the same workflow one
//   at a time (Loop Over Items, Execute Workflow with Wait For Sub-Workflow Completion off), as examples
//   7, 8 and 9 do; each sub-execution waits.
// Each process's n8n ActiveExecutions entries (by status) and the heap it keeps after a full garbage
// collection are read before, while all wait, and once every execution has finished (bench/heap-probe.js).
//
//   flock /tmp/bench.lock node bench/subexecution-entries-n8n.js      (after npm run build)
//   BENCH_SUB_N=1000 BENCH_SUB_WAIT_S=240 BENCH_SUB_PORT=5980

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const services = require('./queueServices');
const { startTwoWayStack } = require('./twoWayStack');
const { waitFor } = require('../test/e2e/rest');

const N = Number(process.env.BENCH_SUB_N || 1000);
const WAIT_S = Number(process.env.BENCH_SUB_WAIT_S || 240);
const PORT = Number(process.env.BENCH_SUB_PORT || 5980);
const PROCESSES = ['main', 'worker', 'webhook 0'];

const log = (...args) => console.error('[sub-execution entries]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const wait = (id, x) => ({ id, name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [x, 0], parameters: { resume: 'timeInterval', amount: WAIT_S, unit: 'seconds' } });
const webhook = (id, hook) => ({ id, name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, -300], webhookId: hook, parameters: { httpMethod: 'POST', path: hook, responseMode: 'onReceived', options: {} } });

const TOP = {
	id: 'benchSubTop',
	name: 'bench: Wait node started by a webhook',
	versionId: 'benchSubTop-v1',
	active: false,
	nodes: [webhook('bst-s', 'benchSubTop-start'), wait('bst-w', 220)],
	connections: { Start: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

const SUB = {
	id: 'benchSubEach',
	name: 'bench: Wait node in sub-executions',
	versionId: 'benchSubEach-v1',
	active: false,
	nodes: [
		webhook('bse-s', 'benchSubEach-start'),
		{ id: 'bse-split', name: 'People', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [220, -300], parameters: { fieldToSplitOut: 'body.people', options: {} } },
		{ id: 'bse-loop', name: 'One at a Time', type: 'n8n-nodes-base.splitInBatches', typeVersion: 3, position: [440, -300], parameters: { batchSize: 1, options: {} } },
		{
			id: 'bse-each',
			name: 'Hand On, Without Waiting',
			type: 'n8n-nodes-base.executeWorkflow',
			typeVersion: 1.2,
			position: [660, -200],
			parameters: { workflowId: { __rl: true, mode: 'id', value: '={{ $workflow.id }}' }, mode: 'once', options: { waitForSubWorkflow: false } },
		},
		{ id: 'bse-t', name: 'When Handed On', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, position: [0, 0], parameters: { inputSource: 'passthrough' } },
		wait('bse-w', 220),
	],
	connections: {
		Start: { main: [[{ node: 'People', type: 'main', index: 0 }]] },
		People: { main: [[{ node: 'One at a Time', type: 'main', index: 0 }]] },
		'One at a Time': { main: [[], [{ node: 'Hand On, Without Waiting', type: 'main', index: 0 }]] },
		'Hand On, Without Waiting': { main: [[{ node: 'One at a Time', type: 'main', index: 0 }]] },
		'When Handed On': { main: [[{ node: 'Wait', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

// Every n8n process loads bench/heap-probe.js: on SIGUSR2 it collects all garbage and writes its memory
// and its ActiveExecutions entries by status.
const PROBE = path.join(os.tmpdir(), `slicktext-bench-sub-heap-${process.pid}.json`);
process.env.NODE_OPTIONS = `--expose-gc --require ${path.join(__dirname, 'heap-probe.js')}`;
process.env.HEAP_PROBE_FILE = PROBE;

async function probe() {
	const out = {};
	for (const name of PROCESSES) {
		const pid = services.pidOf(name);
		if (!pid) continue;
		fs.rmSync(PROBE, { force: true });
		process.kill(pid, 'SIGUSR2');
		if (!(await waitFor(async () => fs.existsSync(PROBE) && fs.statSync(PROBE).size > 0, 120_000, 200))) continue;
		await sleep(100);
		const read = JSON.parse(fs.readFileSync(PROBE, 'utf8'));
		out[name] = { heap: read.heapUsed / 1048576, active: read.activeExecutions };
	}
	return out;
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-sub-'));
	log(`logs in ${tmp}; ${N} executions of each kind, each waiting ${WAIT_S} s`);
	const stack = await startTwoWayStack({ basePort: PORT, tmp, workflows: [TOP, SUB], credentials: [], webhooks: 1 });
	const proxy = stack.proxyUrl;
	const moments = [];
	const count = (id, status) => stack.executions(id, status).length;
	try {
		// The webhook process loads the published workflows after it starts listening.
		await sleep(10_000);
		moments.push(['before', await probe()]);
		const started = Date.now();
		let next = 0;
		await Promise.all(
			Array.from({ length: 20 }, async () => {
				while (next < N) {
					next++;
					await fetch(`${proxy}/webhook/benchSubTop-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
				}
			}),
		);
		const people = Array.from({ length: N }, (_, i) => ({ person: i }));
		const res = await fetch(`${proxy}/webhook/benchSubEach-start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ people }) });
		if (res.status !== 200) throw new Error(`start: ${res.status} ${await res.text()}`);
		// The sub-executions and the top-level ones; the loop's own execution ends once it handed everyone on.
		const allWaiting = await waitFor(async () => count(TOP.id, 'waiting') >= N && count(SUB.id, 'waiting') >= N, (WAIT_S - 20) * 1000, 2000);
		log(`all waiting: ${allWaiting} after ${((Date.now() - started) / 1000).toFixed(1)} s (${count(TOP.id, 'waiting')} started by a webhook, ${count(SUB.id, 'waiting')} sub-executions)`);
		if (!allWaiting) throw new Error(`not all waiting within ${WAIT_S - 20} s: raise BENCH_SUB_WAIT_S`);
		moments.push([`${N} of each waiting`, await probe()]);
		const finished = await waitFor(
			async () => count(TOP.id, 'success') >= N && count(SUB.id, 'success') >= N + 1 && count(TOP.id, 'waiting') + count(SUB.id, 'waiting') === 0,
			(WAIT_S + 300) * 1000,
			2000,
		);
		log(`all finished: ${finished} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
		await sleep(5000);
		moments.push(['every execution finished', await probe()]);
		moments.finished = { top: count(TOP.id, 'success'), sub: count(SUB.id, 'success'), failed: count(TOP.id, 'error') + count(SUB.id, 'error') };
	} finally {
		await stack.stop();
		if (!process.env.KEEP_BENCH_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
	}

	const held = (byStatus) => (byStatus ? Object.entries(byStatus).map(([status, n]) => `${n} ${status}`).join(', ') || 'none' : '-');
	console.log(`\n## n8n's own Wait node: ${N} executions started by a webhook, ${N} sub-executions (queue mode, one worker)\n`);
	console.log(`Finished in the end: ${moments.finished?.top} started by a webhook, ${moments.finished?.sub} of the sub-execution workflow (the loop's own execution included), ${moments.finished?.failed} failed.\n`);
	console.log("| moment | entries in n8n's ActiveExecutions: main / worker / webhook | heap kept (MB): main / worker / webhook |");
	console.log('|---|---|---|');
	for (const [when, m] of moments) {
		console.log(`| ${when} | ${PROCESSES.map((p) => held(m[p]?.active)).join(' / ')} | ${PROCESSES.map((p) => (m[p] ? m[p].heap.toFixed(1) : '-')).join(' / ')} |`);
	}
	const before = moments[0][1].worker?.heap;
	const after = moments[moments.length - 1][1].worker?.heap;
	if (Number.isFinite(before) && Number.isFinite(after)) {
		console.log(`\nThe worker keeps ${(after - before).toFixed(1)} MB more after every execution finished than before: ${(((after - before) * 1024) / N).toFixed(1)} KB a sub-execution.`);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
