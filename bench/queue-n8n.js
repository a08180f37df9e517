'use strict';
// The queue-mode rows of `npm run bench`: real n8n 2.41.1 in queue mode, a main process and two workers
// (`n8n worker --concurrency=10`), Redis from Debian's redis-server and Postgres from Debian's postgresql,
// all on 127.0.0.1 and started and stopped here. A webhook workflow creates contacts with the SlickText
// node against the sandbox (its own process); 12 deliveries are posted at once, so 12 executions share
// one credential (at its defaults, 8/s and 480/min) on 2 workers. One row per limit SlickText publishes,
// each a run of its own from fresh processes: the sandbox limiting at 8/s and 480/min with 1,200 creates,
// then at 4/s and 240/min with 480 creates (the credential still says 8: the nodes learn the lower
// limit from SlickText's answers). Prints a markdown table; where Redis, Postgres or the n8n runtime is
// missing, a row says so.
//
//   node bench/queue-n8n.js        (npm run bench runs it last; wrap in `flock /tmp/bench.lock`)
//   BENCH_QUEUE_LIMITS=8,4 (per-second limits to run; a minute allows 60 times as many)
//   BENCH_QUEUE_CREATES=1200 (at 8/s; at 4/s 480) BENCH_QUEUE_EXECUTIONS=12 BENCH_QUEUE_WORKERS=2
//   BENCH_QUEUE_CONCURRENCY=10 BENCH_QUEUE_PORT=5840 (first of 10 ports) BENCH_QUEUE_RATE_LIMIT_WAIT=<s>
//   BENCH_QUEUE_LOGS=<folder>

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');
const services = require('./queueServices');
const { track, stopAll, pidOf, waitFor, missing, logFile, sleep } = services;

const LIMITS = String(process.env.BENCH_QUEUE_LIMITS || '8,4').split(',').map(Number);
/** Creates per row: 150 s of work at 8/s, 120 s at 4/s. */
const createsAt = (perSecond) => (perSecond === 8 ? Number(process.env.BENCH_QUEUE_CREATES || 1200) : 120 * perSecond);
const EXECUTIONS = Number(process.env.BENCH_QUEUE_EXECUTIONS || 12);
const WORKERS = Number(process.env.BENCH_QUEUE_WORKERS || 2);
const CONCURRENCY = Number(process.env.BENCH_QUEUE_CONCURRENCY || 10);
const FIRST_PORT = Number(process.env.BENCH_QUEUE_PORT || 5840);
const WORKFLOW_ID = 'benchQueueCreate01';
const WEBHOOK_PATH = 'bench-queue-create';
const DONE = ['success', 'error', 'crashed', 'canceled'];

const ports = {
	redis: FIRST_PORT,
	postgres: FIRST_PORT + 1,
	main: FIRST_PORT + 2,
	mainBroker: FIRST_PORT + 3,
	// Each worker: N8N_PORT, QUEUE_HEALTH_CHECK_PORT, N8N_RUNNERS_BROKER_PORT.
	worker: (i) => ({ n8n: FIRST_PORT + 4 + 3 * i, health: FIRST_PORT + 5 + 3 * i, broker: FIRST_PORT + 6 + 3 * i }),
};

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const log = (...args) => console.error('[queue bench]', ...args);

/** The temporary folder of this run (Redis, Postgres, n8n), removed at the end, also on Ctrl-C. */
let tmpFolder;
const removeTmp = () => {
	if (tmpFolder && !process.env.BENCH_QUEUE_LOGS && !process.env.BENCH_KEEP_FOLDER) fs.rmSync(tmpFolder, { recursive: true, force: true });
};
services.onInterrupt.push(removeTmp);


function workflow() {
	const credentials = { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } };
	const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: WORKFLOW_ID,
		name: 'Bench: queue-mode creates',
		active: false,
		versionId: `${WORKFLOW_ID}-v1`,
		nodes: [
			{
				id: 'queue-webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: WEBHOOK_PATH,
				parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
			},
			{
				id: 'queue-split',
				name: 'One Item Each',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.mobiles', options: { destinationFieldName: 'mobile' } },
			},
			{
				id: 'queue-create',
				name: 'Create Contact',
				type: 'n8n-nodes-slicktext.slickText',
				typeVersion: 1,
				position: [440, 0],
				// Failed items go on with an error field: the run shows how many, instead of stopping.
				onError: 'continueRegularOutput',
				parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
				credentials,
			},
		],
		connections: { Webhook: next('One Item Each'), 'One Item Each': next('Create Contact') },
		settings: { saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
	};
}

async function post(url, body) {
	try {
		const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		await res.arrayBuffer();
		return res.status;
	} catch {
		return 0;
	}
}

/** The most requests that arrived within any one second. */
function peakPerSecond(times) {
	const sorted = [...times].sort((a, b) => a - b);
	let peak = 0;
	for (let i = 0, j = 0; i < sorted.length; i++) {
		while (sorted[i] - sorted[j] >= 1000) j++;
		peak = Math.max(peak, i - j + 1);
	}
	return peak;
}

/** Parses n8n's flatted execution data with the flatted copy n8n itself ships. */
function flattedParse(text) {
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	return flatted.parse(text);
}

async function run(perSecond) {
	const creates = createsAt(perSecond);
	const why = missing();
	const loadBefore = loadavg();
	if (why) return { skipped: why, loadBefore, perSecond, creates };

	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-queue-'));
	tmpFolder = tmp;
	const logs = process.env.BENCH_QUEUE_LOGS || path.join(tmp, 'logs');
	fs.mkdirSync(logs, { recursive: true });
	const folder = path.join(tmp, 'n8n');
	fs.mkdirSync(folder);
	log(`logs in ${logs}; load average ${loadBefore}`);
	try {
		await services.startRedis({ port: ports.redis, tmp, logs });
		log(`redis pid ${pidOf('redis')} on 127.0.0.1:${ports.redis}`);
		await services.startPostgres({ port: ports.postgres, tmp, logs });
		log(`postgres pid ${pidOf('postgres')} on 127.0.0.1:${ports.postgres}`);
		const sandbox = await services.startSandboxChild(logs, {
			SANDBOX_RATE_PER_SECOND: String(perSecond),
			SANDBOX_RATE_PER_MINUTE: String(60 * perSecond),
		});
		log(`sandbox on ${sandbox.currentBaseUrl}`);

		// Every n8n command started from here (imports, main, workers) inherits these through n8nEnv.
		Object.assign(process.env, {
			...services.queueEnv({ redisPort: ports.redis, postgresPort: ports.postgres }),
			N8N_RUNNERS_BROKER_PORT: String(ports.mainBroker),
		});
		const credentialData = { ...sandbox.credentials.current, baseUrl: sandbox.currentBaseUrl };
		if (process.env.BENCH_QUEUE_RATE_LIMIT_WAIT) credentialData.rateLimitWait = Number(process.env.BENCH_QUEUE_RATE_LIMIT_WAIT);
		env.prepareUserFolder(folder, {
			sandbox: { currentCredentials: () => credentialData, legacyCredentials: () => ({ ...sandbox.credentials.legacy, baseUrl: sandbox.legacyBaseUrl }) },
			workflows: [workflow()],
		});
		log('package, credential and workflow imported into Postgres');

		const mainLog = logFile(logs, 'main');
		const main = await env.startN8n(folder, {
			port: ports.main,
			brokerPort: ports.mainBroker,
			log: mainLog,
			onSpawn: (child) => track('n8n main', child),
		});
		log(`n8n main pid ${pidOf('n8n main')} on ${main.base}`);

		const runtime = paths();
		const workerExecutions = [];
		const workers = [];
		for (let i = 0; i < WORKERS; i++) {
			const p = ports.worker(i);
			const out = fs.createWriteStream(path.join(logs, `worker-${i + 1}.log`));
			const child = track(
				`n8n worker ${i + 1}`,
				spawn(runtime.node, [runtime.n8nBin, 'worker', `--concurrency=${CONCURRENCY}`], {
					env: env.n8nEnv(folder, {
						N8N_PORT: String(p.n8n),
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(p.health),
						N8N_RUNNERS_BROKER_PORT: String(p.broker),
					}),
					stdio: ['ignore', 'pipe', 'pipe'],
				}),
			);
			const state = { child, ready: false, executions: new Set() };
			let buffered = '';
			const onData = (chunk) => {
				out.write(chunk);
				buffered += String(chunk);
				const lines = buffered.split('\n');
				buffered = lines.pop();
				for (const line of lines) {
					if (line.includes('n8n worker is now ready')) state.ready = true;
					const m = /Worker started execution (\d+)/.exec(line);
					if (m) state.executions.add(m[1]);
				}
			};
			child.stdout.on('data', onData);
			child.stderr.on('data', onData);
			workers.push(state);
			workerExecutions.push(state.executions);
		}
		for (const [i, w] of workers.entries()) {
			await waitFor(`n8n worker ${i + 1}`, async () => w.ready, w.child, 180_000);
			log(`n8n worker ${i + 1} pid ${w.child.pid} ready`);
		}

		const cookie = await env.ownerSession(main.base);
		const rest = async (method, p, body) => {
			const res = await fetch(`${main.base}${p}`, {
				method,
				headers: { cookie, 'content-type': 'application/json', 'browser-id': 'bench' },
				body: body && JSON.stringify(body),
			});
			return { status: res.status, json: await res.json().catch(() => undefined) };
		};
		const stored = await rest('GET', `/rest/workflows/${WORKFLOW_ID}`);
		const activated = await rest('POST', `/rest/workflows/${WORKFLOW_ID}/activate`, { versionId: stored.json?.data?.versionId });
		if (activated.status >= 300) throw new Error(`activating: ${activated.status} ${JSON.stringify(activated.json).slice(0, 300)}`);

		const executions = async () => {
			const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
			const r = await rest('GET', `/rest/executions?filter=${filter}&limit=100`);
			return (r.json?.data?.results ?? []).map((e) => ({ id: String(e.id), status: e.status }));
		};
		// Registered once a POST no longer answers 404; the probe (no numbers) is an execution of its own.
		const url = `${main.base}/webhook/${WEBHOOK_PATH}`;
		for (let i = 0; ; i++) {
			if ((await post(url, { mobiles: [] })) !== 404) break;
			if (i > 100) throw new Error('the webhook never registered');
			await sleep(300);
		}
		await waitFor('the probe execution', async () => (await executions()).some((e) => DONE.includes(e.status)), null, 120_000);
		await sleep(1000);
		const before = new Set((await executions()).map((e) => e.id));

		// The load: all deliveries at the same moment, 100 distinct numbers each.
		const perExecution = Math.ceil(creates / EXECUTIONS);
		const numbers = Array.from({ length: creates }, (_, i) => `+1212${String(4000000 + i).padStart(7, '0')}`);
		const arrivalsBefore = (await sandbox.ask('arrivals')).length;
		const loadAtStart = loadavg();
		const startedAt = Date.now();
		const answers = await Promise.all(
			Array.from({ length: EXECUTIONS }, (_, i) => post(url, { mobiles: numbers.slice(i * perExecution, (i + 1) * perExecution) })),
		);
		if (answers.some((s) => s !== 200)) throw new Error(`webhook answers: ${answers.join(', ')}`);
		let ours = [];
		await waitFor(
			`${EXECUTIONS} executions`,
			async () => {
				ours = (await executions()).filter((e) => !before.has(e.id));
				return ours.length >= EXECUTIONS && ours.every((e) => DONE.includes(e.status));
			},
			null,
			30 * 60_000,
		);
		const seconds = (Date.now() - startedAt) / 1000;
		const loadAtEnd = loadavg();

		// Items: what each execution's create node put out, from n8n's own record of the run.
		let items = 0;
		let failed = 0;
		const errors = new Map();
		for (const e of ours) {
			const r = await rest('GET', `/rest/executions/${e.id}`);
			const data = flattedParse(r.json.data.data);
			const out = data.resultData?.runData?.['Create Contact']?.[0]?.data?.main?.[0] ?? [];
			items += out.length;
			for (const item of out) {
				if (item.json.error === undefined) continue;
				failed++;
				const message = String(item.json.error?.message ?? item.json.error).slice(0, 80);
				errors.set(message, (errors.get(message) ?? 0) + 1);
			}
		}
		// Items that never came out (an execution that stopped) count as failed too.
		failed += Math.max(0, creates - items);

		const arrivals = (await sandbox.ask('arrivals')).slice(arrivalsBefore).filter(([, , p]) => p.endsWith('/contacts'));
		if (process.env.BENCH_QUEUE_LOGS) fs.writeFileSync(path.join(logs, 'arrivals.json'), JSON.stringify(arrivals));
		const accepted = arrivals.filter(([, status]) => status === 200);
		const refused = arrivals.filter(([, status]) => status === 429).length;
		const firstAt = Math.min(...arrivals.map(([t]) => t));
		const lastAt = Math.max(...arrivals.map(([t]) => t));
		// The fastest legal schedule: 8 at once, then 8 more every second.
		const fastest = Math.floor((accepted.length - 1) / perSecond);
		const byWorker = workerExecutions.map((set) => [...set].filter((id) => ours.some((e) => e.id === id)).length);
		return {
			perSecond,
			creates,
			loadBefore,
			loadAtStart,
			loadAtEnd,
			executions: ours.length,
			statuses: ours.map((e) => e.status),
			items,
			failed,
			errors: [...errors.entries()],
			requests: arrivals.length,
			accepted: accepted.length,
			refused,
			span: (lastAt - firstAt) / 1000,
			ratePct: lastAt > firstAt ? (100 * fastest) / ((lastAt - firstAt) / 1000) : NaN,
			peak: peakPerSecond(arrivals.map(([t]) => t)),
			peakAccepted: peakPerSecond(accepted.map(([t]) => t)),
			byWorker,
			seconds,
			rateLimitWait: credentialData.rateLimitWait ?? 'default (300)',
			logs,
		};
	} finally {
		await stopAll();
		removeTmp();
	}
}

function header() {
	const title = `Queue mode: n8n 2.41.1, main + ${WORKERS} workers (concurrency ${CONCURRENCY}), Redis, Postgres; ${EXECUTIONS} executions at once, one credential at its defaults (8/s, 480/min), the sandbox limiting as each row says`;
	console.log(`\n${title}\n`);
	console.log('| SlickText limit | run | failed items | requests | answered 429 | accepted rate | peak arrivals in 1 s | executions per worker | load average (before / start / end) |');
	console.log('|---|---|---|---|---|---|---|---|---|');
}

function row(r) {
	const limit = `${r.perSecond}/s, ${60 * r.perSecond}/min`;
	if (r.skipped) {
		console.log(`| ${limit} | skipped: ${r.skipped} | - | - | - | - | - | - | ${r.loadBefore} |`);
		return [];
	}
	const pct = (100 * r.refused) / r.requests;
	console.log(
		`| ${limit} | ${r.creates} contacts in ${r.executions} executions | ${r.failed} | ${r.requests} | ${r.refused} (${pct.toFixed(1)}%) | ${r.ratePct.toFixed(0)}% of ${r.perSecond}/s | ${r.peak} | ${r.byWorker.join(' / ')} | ${r.loadBefore} / ${r.loadAtStart} / ${r.loadAtEnd} |`,
	);
	return [
		[r.failed === 0, `${r.perSecond}/s: failed items ${r.failed} (target 0)`],
		[r.ratePct >= 90, `${r.perSecond}/s: accepted rate ${r.ratePct.toFixed(0)}% (target >= 90%)`],
		[pct <= 5, `${r.perSecond}/s: 429 ${pct.toFixed(1)}% of requests (target <= 5%)`],
	];
}

function details(r) {
	if (r.skipped) return;
	console.log(
		`- ${r.perSecond}/s: ${r.accepted} accepted from first to last arrival over ${r.span.toFixed(1)} s (${r.seconds.toFixed(1)} s from the deliveries to the last execution's end); ` +
			`peak accepted in 1 s ${r.peakAccepted}; ${r.items} items out of the create nodes; execution statuses ${JSON.stringify(countBy(r.statuses))}; ` +
			`Rate Limit Wait ${r.rateLimitWait}${r.errors.length ? `; item errors ${JSON.stringify(r.errors)}` : ''}${process.env.BENCH_QUEUE_LOGS ? `; logs ${r.logs}` : ''}`,
	);
}

function countBy(values) {
	const out = {};
	for (const v of values) out[v] = (out[v] ?? 0) + 1;
	return out;
}

(async () => {
	const results = [];
	for (const perSecond of LIMITS) results.push(await run(perSecond));
	return results;
})()
	.then((results) => {
		header();
		const targets = results.flatMap(row);
		console.log(`\nTargets (quiet machine): ${targets.map(([ok, text]) => `${ok ? 'met' : 'MISSED'}: ${text}`).join('; ')}`);
		console.log('Details:');
		for (const r of results) details(r);
		process.exit(0);
	})
	.catch(async (error) => {
		console.error(error);
		await stopAll();
		process.exit(1);
	});
