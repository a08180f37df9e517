'use strict';
// The trigger rows of `npm run bench`: examples/04 as shipped (SlickText Trigger with Confirm Events on,
// a Set node, List > Add Contacts), the same with Confirm Events off, and n8n's own Webhook node (Respond
// Immediately) in front of the same workflow, in real n8n 2.41.1 against the sandbox with SlickText's
// limit (8 requests a second, 480 a minute), on the same load. The Webhook node gets n8n's Remove
// Duplicates after it, which a user needs there to not text a contact twice on a retry; the trigger
// ignores repeated deliveries itself. The events are contact_created events of contacts the sandbox's
// brand has; one in ten is forged (a real contact with a number of the sender's choice), and a forged
// event must add nothing where Confirm Events is on. Within one n8n the phases alternate between the start
// nodes, so all columns see the same machine. The whole is repeated for each group of n8n settings
// (BENCH_TRIGGER_SETTINGS), each in an n8n of its own, in one run. Prints a markdown table per group
// with the load average before and after it.
//
// Per phase: how fast deliveries were answered (SlickText gives up after 5 s), the runs, real events
// added once / lost / added twice, forged events added, and when the last list add of the phase reached
// SlickText against the time SlickText's rate limit needs for all the requests the phase made (lookups
// plus adds, "floor"): the workflow's own adds are not starved when "last add" is close to the floor.
//
//   flock /tmp/bench.lock node bench/trigger-n8n.js     (npm run bench runs it after the jest benchmarks)
//
// Knobs (defaults in brackets):
//   BENCH_TRIGGER_SETTINGS   groups to run, comma-separated [lazy,queueLazy]; one of SETTINGS below
//   BENCH_TRIGGER_DELIVERIES deliveries per steady phase [300], at BENCH_TRIGGER_IN_FLIGHT [30] in flight
//   BENCH_TRIGGER_BURST      deliveries posted at the same moment [100]
//   BENCH_TRIGGER_FORGED     one delivery in this many is forged [10]; 0: none
//   BENCH_TRIGGER_VARIANTS   start nodes, comma-separated [confirm,plain,webhook]; v1 adds the trigger at
//                            typeVersion 1
//   BENCH_TRIGGER_ROUNDS     rounds per group [1]; each round starts with the next start node
//   BENCH_TRIGGER_RETRY      1: in the burst, act as SlickText: a delivery without an answer after 5 s is
//                            sent again (up to 6 times, each after another 5 s without an answer) [1]
//   BENCH_TRIGGER_BUDGET_MIN groups not started within this many minutes are skipped and listed [40]
//   BENCH_N8N_PORT           first of 10 ports used (n8n, brokers, queue-mode processes, redis, postgres) [5712]

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');
const services = require('./queueServices');

const ROUNDS = Number(process.env.BENCH_TRIGGER_ROUNDS || 1);
const DELIVERIES = Number(process.env.BENCH_TRIGGER_DELIVERIES || 300);
const FORGED_EVERY = Number(process.env.BENCH_TRIGGER_FORGED ?? 10);
const VARIANTS = (process.env.BENCH_TRIGGER_VARIANTS || 'confirm,plain,webhook').split(',').map((v) => v.trim()).filter(Boolean);
const IN_FLIGHT = Number(process.env.BENCH_TRIGGER_IN_FLIGHT || 30);
const BURST = Number(process.env.BENCH_TRIGGER_BURST || 100);
const RETRY = (process.env.BENCH_TRIGGER_RETRY || '1') === '1';
const BUDGET_MS = Number(process.env.BENCH_TRIGGER_BUDGET_MIN || 40) * 60_000;
/** SlickText's limit, as the sandbox keeps it: the time n requests need at least is n / 8 seconds. */
const RATE_PER_SECOND = 8;
const PORT = Number(process.env.BENCH_N8N_PORT || 5712);
const SLICKTEXT_TIMEOUT_MS = 5000;
const SLICKTEXT_RETRIES = 6;

/**
 * Groups of n8n settings. Each runs in an n8n of its own (and its own database), after the previous one
 * stopped. `queue` is queue mode: a main process, one `n8n webhook` process that answers the deliveries
 * and one worker, with Debian's redis-server and postgresql started on ports of their own.
 */
const SETTINGS = {
	defaults: { label: 'n8n defaults', env: {} },
	lazy: { label: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true', env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } },
	pool4: { label: 'N8N_EXPRESSION_ENGINE_POOL_SIZE=4', env: { N8N_EXPRESSION_ENGINE_POOL_SIZE: '4' } },
	limit4: { label: 'N8N_CONCURRENCY_PRODUCTION_LIMIT=4', env: { N8N_CONCURRENCY_PRODUCTION_LIMIT: '4' } },
	legacy: { label: 'N8N_EXPRESSION_ENGINE=legacy', env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
	queue: { label: 'queue mode: main + 1 webhook process + 1 worker (concurrency 10), Postgres', env: {}, queue: true },
	queueLazy: {
		label: 'queue mode as above + N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
		env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
		queue: true,
	},
};

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

/** n8n's Remove Duplicates on the event id, for the Webhook node (its keys live in n8n's database). */
function dedupeNode(id, root) {
	return {
		id: `${id}-dedupe`,
		name: 'Remove Duplicates',
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [220, 0],
		parameters: { operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: `={{ $json${root}.id }}`, options: {} },
	};
}

/** The example-4 workflow behind a given start node; `root` is where the event sits in its output. */
function workflow(id, name, start, root) {
	const webhookNode = root !== '';
	const credentials = { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } };
	return {
		id,
		name,
		active: false,
		versionId: `${id}-v1`,
		nodes: [
			{ ...start, name: 'Start', position: [0, 0] },
			...(webhookNode ? [dedupeNode(id, root)] : []),
			{
				id: `${id}-map`,
				name: 'Keep What Matters',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [440, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{ id: 'a', name: 'contact_id', value: `={{ $json${root}.data.contact_id }}`, type: 'string' },
							{ id: 'b', name: 'event', value: `={{ $json${root}.name }}`, type: 'string' },
						],
					},
					options: {},
				},
			},
			{
				id: `${id}-add`,
				name: 'Add to Welcome List',
				type: 'n8n-nodes-slicktext.slickText',
				typeVersion: 1,
				position: [660, 0],
				parameters: { resource: 'list', operation: 'addContacts', contactIds: '={{ $json.contact_id }}', listIds: '={{ [5] }}' },
				credentials,
			},
		],
		connections: webhookNode
			? { Start: next('Remove Duplicates'), 'Remove Duplicates': next('Keep What Matters'), 'Keep What Matters': next('Add to Welcome List') }
			: { Start: next('Keep What Matters'), 'Keep What Matters': next('Add to Welcome List') },
		settings: { saveDataSuccessExecution: 'all' },
	};
}

/** examples/04 as shipped (Confirm Events on), with an id and a webhook of its own. */
function exampleFour(id, name, webhookId, parameters = {}) {
	const file = path.resolve(__dirname, '../examples/04-new-subscriber-to-welcome-list.json');
	const wf = JSON.parse(fs.readFileSync(file, 'utf8'));
	const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-slicktext.slickTextTrigger');
	trigger.webhookId = webhookId;
	Object.assign(trigger.parameters, parameters);
	return { ...wf, id, name, versionId: `${id}-v1`, active: false, settings: { saveDataSuccessExecution: 'all' } };
}

const VARIANT_LIST = {
	confirm: () => ({
		label: 'SlickText Trigger, Confirm Events on (examples/04 as shipped)',
		confirms: true,
		path: 'bench-slicktext-confirm/webhook',
		wf: exampleFour('benchTriggerConfirm', 'Bench: examples/04 as shipped', 'bench-slicktext-confirm'),
	}),
	plain: () => ({
		label: 'SlickText Trigger, Confirm Events off',
		path: 'bench-slicktext-trigger/webhook',
		wf: exampleFour('benchTrigger000002', 'Bench: examples/04, Confirm Events off', 'bench-slicktext-trigger', { confirmEvents: false }),
	}),
	webhook: () => ({
		label: "n8n's Webhook node (Respond Immediately)",
		webhookNode: true,
		path: 'bench-n8n-webhook',
		wf: workflow('benchWebhook000001', "Bench: n8n's Webhook node", {
			id: 'bench-webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: 'bench-n8n-webhook',
			parameters: { httpMethod: 'POST', path: 'bench-n8n-webhook', responseMode: 'onReceived', options: {} },
		}, '.body'),
	}),
	v1: () => ({
		label: 'SlickText Trigger, typeVersion 1, Confirm Events off',
		path: 'bench-slicktext-trigger-v1/webhook',
		wf: workflow('benchTriggerV10001', 'Bench: SlickText Trigger v1', {
			id: 'bench-trigger-v1',
			type: 'n8n-nodes-slicktext.slickTextTrigger',
			typeVersion: 1,
			webhookId: 'bench-slicktext-trigger-v1',
			parameters: { platform: 'current', events: ['contact_created'] },
		}, ''),
	}),
};

function variants() {
	for (const v of VARIANTS) if (!VARIANT_LIST[v]) throw new Error(`unknown variant ${v}; known: ${Object.keys(VARIANT_LIST).join(', ')}`);
	return VARIANTS.map((v) => VARIANT_LIST[v]());
}

/** The sandbox's brand 1001: contacts 1..SEEDED, each with a mobile number of its own. */
const SEEDED = 20_000;
let contactCounter = 0;
let sandboxRef;
/**
 * A contact_created event of the next unused contact, as SlickText posts it. Forged: the same contact
 * with a number of the sender's choice (what Confirm Events must stop).
 */
function event(tag, forged = false) {
	contactCounter++;
	if (contactCounter > SEEDED) throw new Error(`more than ${SEEDED} events: raise SEEDED`);
	const contact = sandboxRef.state.current.brands.get(1001).contacts[contactCounter - 1];
	return {
		id: `${tag}-${contactCounter}`,
		name: 'contact_created',
		url: 'https://example.com/hook',
		attempts: 1,
		date: '2024-11-25 16:15:19',
		data: {
			contact_id: contact.contact_id,
			_brand_id: 1001,
			mobile_number: forged ? `+88235550${String(contactCounter).padStart(4, '0')}` : contact.mobile_number,
			opt_in_status: 'subscribed',
		},
		forged,
	};
}

/** A phase's events: every FORGED_EVERY-th is forged. */
function events(tag, count) {
	return Array.from({ length: count }, (_, i) => event(tag, FORGED_EVERY > 0 && i % FORGED_EVERY === FORGED_EVERY - 1));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(url, body) {
	const started = performance.now();
	try {
		const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		await res.arrayBuffer();
		return { ms: performance.now() - started, status: res.status };
	} catch (error) {
		return { ms: performance.now() - started, status: 0, error: String(error) };
	}
}

/**
 * One delivery. With `retry`, as SlickText: each attempt that has no answer after 5 s is followed by the
 * same event again (attempts + 1), up to 6 more times, while the earlier attempts still wait for theirs.
 * Resolves with the first attempt's answer; `tail` settles when every attempt has its answer.
 */
function deliver(url, { forged: _forged, ...body }, retry, retries) {
	const attempts = [];
	const attempt = (n) => {
		const p = post(url, { ...body, attempts: n });
		attempts.push(p);
		if (retry && n <= SLICKTEXT_RETRIES) {
			let answered = false;
			p.then(() => (answered = true));
			sleep(SLICKTEXT_TIMEOUT_MS).then(() => {
				if (!answered) {
					retries.count++;
					attempt(n + 1);
				}
			});
		}
		return p;
	};
	const first = attempt(1);
	const tail = (async () => {
		// New attempts are added while earlier ones wait: loop until none is added.
		for (let seen = 0; seen < attempts.length; ) {
			seen = attempts.length;
			await Promise.all(attempts);
			await sleep(retry ? SLICKTEXT_TIMEOUT_MS + 100 : 0);
		}
	})();
	return { first, tail };
}

/** Posts the events with at most `inFlight` waiting for a first answer at a time. */
async function load(url, events, inFlight, retry) {
	const answers = new Array(events.length);
	const tails = [];
	const retries = { count: 0 };
	let nextIndex = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(inFlight, events.length) }, async () => {
			while (nextIndex < events.length) {
				const i = nextIndex++;
				const d = deliver(url, events[i], retry, retries);
				tails.push(d.tail);
				answers[i] = await d.first;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	await Promise.all(tails);
	return { answers, seconds, retries: retries.count };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function summarize(result) {
	const ms = result.answers.map((a) => a.ms).sort((a, b) => a - b);
	return {
		perSecond: result.answers.length / result.seconds,
		p50: pct(ms, 50) / 1000,
		p95: pct(ms, 95) / 1000,
		max: ms[ms.length - 1] / 1000,
		late: ms.filter((m) => m > SLICKTEXT_TIMEOUT_MS).length,
		failed: result.answers.filter((a) => a.status < 200 || a.status >= 300).length,
		retries: result.retries,
	};
}

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Spawns an n8n command (start, webhook, worker) with the package's environment plus `extra`; logs with BENCH_N8N_LOG. */
function spawnN8n(folder, command, extra, logName) {
	return services.spawnN8n(`n8n ${logName}`, folder, command, extra, services.logFile(process.env.BENCH_N8N_LOG ? folder : undefined, logName));
}

const waitFor = (what, check, child, ms = 180_000) => services.waitFor(what, check, child, ms);

/** Debian's redis-server and a throw-away PostgreSQL cluster (run as the postgres user when root), for queue mode. */
async function startQueueServices(folder, ports) {
	const logs = process.env.BENCH_N8N_LOG ? folder : undefined;
	await services.startPostgres({ port: ports.postgres, tmp: folder, logs, user: 'n8n', maxConnections: 200 });
	await services.startRedis({ port: ports.redis, tmp: folder, logs });
	return services.queueEnv({ redisPort: ports.redis, postgresPort: ports.postgres, user: 'n8n', extra: { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' } });
}

/** Runs every phase of one settings group in an n8n (or a queue-mode set of n8n processes) of its own. */
async function runGroup(name, setting, sandbox, rows) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), `slicktext-bench-trigger-${name}-`));
	const list = variants();
	const ports = { main: PORT, mainBroker: PORT + 1, webhook: PORT + 2, webhookBroker: PORT + 3, worker: PORT + 4, workerBroker: PORT + 5, workerHealth: PORT + 6, redis: PORT + 7, postgres: PORT + 8 };
	const saved = {};
	const setEnv = (vars) => {
		for (const [k, v] of Object.entries(vars)) {
			if (!(k in saved)) saved[k] = process.env[k];
			process.env[k] = v;
		}
	};
	try {
		if (setting.queue) {
			setEnv(await startQueueServices(folder, ports)); // the import commands below must write into Postgres too
		}
		setEnv(setting.env);
		env.prepareUserFolder(folder, { sandbox, workflows: list.map((v) => v.wf) });
		const main = spawnN8n(folder, ['start'], { N8N_PORT: String(ports.main), N8N_RUNNERS_BROKER_PORT: String(ports.mainBroker) }, 'main');
		const base = `http://127.0.0.1:${ports.main}`;
		await waitFor('n8n main', async () => (await fetch(`${base}/healthz/readiness`)).ok, main);
		let hookBase = base;
		if (setting.queue) {
			const worker = spawnN8n(folder, ['worker', '--concurrency=10'], {
				N8N_PORT: String(ports.worker),
				N8N_RUNNERS_BROKER_PORT: String(ports.workerBroker),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(ports.workerHealth),
			}, 'worker');
			const webhook = spawnN8n(folder, ['webhook'], { N8N_PORT: String(ports.webhook), N8N_RUNNERS_BROKER_PORT: String(ports.webhookBroker) }, 'webhook');
			await waitFor('n8n worker', async () => (await fetch(`http://127.0.0.1:${ports.workerHealth}/healthz/readiness`)).ok, worker);
			hookBase = `http://127.0.0.1:${ports.webhook}`;
			// Readiness: /healthz answers before n8n mounts the webhook routes (bench/queueServices.js).
			await waitFor('n8n webhook process', async () => (await fetch(`${hookBase}/healthz/readiness`)).ok, webhook);
		}
		const cookie = await env.ownerSession(base);
		const rest = async (method, p, body) => {
			const res = await fetch(`${base}${p}`, { method, headers: { cookie, 'content-type': 'application/json', 'browser-id': 'bench' }, body: body && JSON.stringify(body) });
			return { status: res.status, json: await res.json().catch(() => undefined) };
		};
		for (const v of list) {
			const stored = await rest('GET', `/rest/workflows/${v.wf.id}`);
			const res = await rest('POST', `/rest/workflows/${v.wf.id}/activate`, { versionId: stored.json?.data?.versionId });
			if (res.status >= 300) throw new Error(`activating ${v.wf.id}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
		}
		// Registered once a POST no longer answers 404 (the probe event is an event of its own).
		const probes = [];
		for (const v of list) {
			for (let i = 0; ; i++) {
				const probe = event(`probe-${name}-${v.wf.id}`);
				probes.push(probe.data.contact_id);
				const r = await post(`${hookBase}/webhook/${v.path}`, probe);
				if (r.status !== 404) break;
				if (i > 200) throw new Error(`${v.path} never registered`);
				await sleep(300);
			}
		}
		const executionCount = async (workflowId, status) => {
			const filter = encodeURIComponent(JSON.stringify(status ? { workflowId, status: [status] } : { workflowId }));
			const r = await rest('GET', `/rest/executions?filter=${filter}&limit=1`);
			return Number(r.json?.data?.count ?? NaN);
		};
		/** List adds the sandbox received for these contact ids, by contact id, and when the last one came. */
		const sideEffects = (ids, from = 0) => {
			const wanted = new Set(ids);
			const seen = new Map();
			let lastAt = 0;
			for (let i = from; i < sandbox.requests.length; i++) {
				const r = sandbox.requests[i];
				if (r.method !== 'POST' || !r.path.endsWith('/lists/contacts') || r.status !== 200) continue;
				for (const entry of r.body || []) {
					const id = Number(entry.contact_id);
					if (!wanted.has(id)) continue;
					seen.set(id, (seen.get(id) || 0) + 1);
					lastAt = Math.max(lastAt, r.receivedAt);
				}
			}
			return { seen, lastAt };
		};
		/**
		 * Waits until every real event has its side effect (or none came for 30 s: an event answered 503
		 * starts nothing until SlickText retries it a minute later) and the run count stops moving: the
		 * next phase starts on a quiet n8n.
		 */
		const settle = async (v, ids, from = 0) => {
			const deadline = Date.now() + 10 * 60_000;
			let seen = -1;
			let movedAt = Date.now();
			for (let now = sideEffects(ids, from).seen.size; now < ids.length && Date.now() < deadline && Date.now() - movedAt < 30_000; now = sideEffects(ids, from).seen.size) {
				if (now !== seen) [seen, movedAt] = [now, Date.now()];
				await sleep(500);
			}
			let last = -1;
			for (let count = await executionCount(v.wf.id); count !== last && Date.now() < deadline; count = await executionCount(v.wf.id)) {
				last = count;
				await sleep(2000);
			}
		};
		const phase = async (v, label, evs, inFlight, retry) => {
			const before = await executionCount(v.wf.id);
			const errorsBefore = await executionCount(v.wf.id, 'error');
			const from = sandbox.requests.length;
			const startedAt = Date.now();
			const result = await load(`${hookBase}/webhook/${v.path}`, evs, inFlight, retry);
			const realIds = evs.filter((e) => !e.forged).map((e) => e.data.contact_id);
			const forgedIds = evs.filter((e) => e.forged).map((e) => e.data.contact_id);
			await settle(v, realIds, from);
			const runs = (await executionCount(v.wf.id)) - before;
			const errors = (await executionCount(v.wf.id, 'error')) - errorsBefore;
			const { seen, lastAt } = sideEffects(realIds, from);
			const forgedAdded = sideEffects(forgedIds, from).seen.size;
			const requests = sandbox.requests.slice(from);
			const counted = requests.filter((r) => r.status !== 429).length;
			const lookups = requests.filter((r) => r.method === 'GET' && /\/contacts\/\d+$/.test(r.path) && r.status !== 429);
			const doubled = [...seen.values()].filter((n) => n > 1).length;
			rows.push({
				group: name,
				variant: v.label,
				load: label,
				...summarize(result),
				runs,
				errors,
				real: realIds.length,
				effects: seen.size,
				lost: realIds.length - seen.size,
				doubled,
				forged: forgedIds.length,
				forgedAdded,
				lookups: lookups.length,
				lookupsPerSecond: lookups.length > 1 ? (lookups.length - 1) / ((lookups[lookups.length - 1].receivedAt - lookups[0].receivedAt) / 1000) : NaN,
				requests: counted,
				refused: requests.length - counted,
				lastAdd: lastAt ? (lastAt - startedAt) / 1000 : NaN,
				floor: counted / RATE_PER_SECOND,
			});
			console.error(`  [${name}] ${v.label}, ${label}: ${JSON.stringify(rows[rows.length - 1])} load ${loadavg()}`);
		};
		// The probes' runs must not count in the first phase.
		for (const v of list) await settle(v, []);
		for (let round = 1; round <= ROUNDS; round++) {
			const r = ROUNDS > 1 ? ` (round ${round})` : '';
			// Each round starts with the next start node: the first phase after another node's long phase
			// meets a busier n8n (its runs still finishing), and no node should always be the one that does.
			const shift = (round - 1) % list.length;
			const order = [...list.slice(shift), ...list.slice(0, shift)];
			for (const v of order) {
				await phase(v, `${DELIVERIES}, ${IN_FLIGHT} in flight${r}`, events(`${name}-r${round}-${v.wf.id}`, DELIVERIES), IN_FLIGHT, false);
			}
			for (const v of order) {
				await phase(v, `${BURST} at once${RETRY ? ', SlickText retries' : ''}${r}`, events(`${name}-b${round}-${v.wf.id}`, BURST), BURST, RETRY);
			}
		}
	} finally {
		// Every n8n process of the group, then Redis and Postgres, by PID (newest first).
		await services.stopAll();
		for (const [k, v] of Object.entries(saved)) {
			if (v === undefined) delete process.env[k];
			else process.env[k] = v;
		}
		if (!process.env.BENCH_KEEP_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	}
}

function printGroup(name, setting, rows, loads) {
	console.log(`\n**${setting.label}** (load average before: ${loads.before}; after: ${loads.after})\n`);
	console.log('| start node | deliveries | deliveries/s | p50 s | p95 s | max s | answers > 5 s | retries sent | not 2xx | runs (error) | real events added | lost | doubled | forged added | lookups (a second) | last add s | floor s |');
	console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
	const mine = rows.filter((r) => r.group === name);
	for (const r of mine) {
		console.log(
			`| ${r.variant} | ${r.load} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} | ${r.late} | ${r.retries} | ${r.failed} | ${r.runs} (${r.errors}) | ${r.effects} of ${r.real} | ${r.lost} | ${r.doubled} | ${r.forgedAdded} of ${r.forged} | ${r.lookups}${r.lookups > 1 ? ` (${r.lookupsPerSecond.toFixed(1)})` : ''} | ${r.lastAdd.toFixed(1)} | ${r.floor.toFixed(1)}${r.refused ? ` (+${r.refused} refused 429)` : ''} |`,
		);
	}
	// Time per delivery at 30 in flight, each trigger's over the Webhook node's (1.00 = the same cost).
	const steady = (label) => mine.filter((r) => r.variant === label && r.load.includes('in flight'));
	const rate = (rs) => rs.reduce((s, r) => s + r.perSecond, 0) / (rs.length || NaN);
	const webhook = rate(steady(VARIANT_LIST.webhook().label));
	for (const v of variants().filter((x) => !x.webhookNode)) {
		const ratio = webhook / rate(steady(v.label));
		if (Number.isFinite(ratio)) console.log(`\n${v.label} / Webhook node, time per delivery at ${IN_FLIGHT} in flight: ${ratio.toFixed(2)}x`);
	}
	// The burst: the slowest answer of each start node over the Webhook node's in the same round.
	const bursts = (label) => mine.filter((r) => r.variant === label && r.load.includes('at once'));
	const webhookBursts = bursts(VARIANT_LIST.webhook().label);
	for (const v of variants().filter((x) => !x.webhookNode)) {
		const ratios = bursts(v.label).map((r, i) => r.max / webhookBursts[i]?.max).filter(Number.isFinite);
		if (ratios.length === 0) continue;
		const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
		const each = ratios.length > 1 ? ` (by round: ${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')})` : '';
		console.log(`\n${v.label} / Webhook node, slowest answer in the burst of ${BURST}: ${mean.toFixed(2)}x${each}`);
	}
}

async function main() {
	if (process.env.BENCH_REAL_N8N === '0') {
		console.log('trigger benchmark skipped: BENCH_REAL_N8N=0');
		return;
	}
	if (!fs.existsSync(paths().ready)) {
		console.log('trigger benchmark skipped: the n8n runtime is not installed (npm run test:e2e installs it)');
		return;
	}
	const names = (process.env.BENCH_TRIGGER_SETTINGS || 'lazy,queueLazy').split(',').map((s) => s.trim()).filter(Boolean);
	for (const n of names) if (!SETTINGS[n]) throw new Error(`unknown settings group ${n}; known: ${Object.keys(SETTINGS).join(', ')}`);
	const sandbox = await startSandbox({ seed: { contacts: SEEDED } });
	sandboxRef = sandbox;
	const started = Date.now();
	const rows = [];
	const done = [];
	const skipped = [];
	try {
		for (const name of names) {
			if (Date.now() - started > BUDGET_MS) {
				skipped.push(name);
				continue;
			}
			const loads = { before: loadavg() };
			try {
				await runGroup(name, SETTINGS[name], sandbox, rows);
			} catch (error) {
				console.error(`  [${name}] failed: ${error.stack || error}`);
				loads.error = String(error.message || error);
			}
			loads.after = loadavg();
			done.push({ name, loads });
		}
	} finally {
		await sandbox.stop();
	}
	console.log(`\nTrigger in real n8n 2.41.1 on ${os.cpus().length} cores; ${DELIVERIES} deliveries at ${IN_FLIGHT} in flight and ${BURST} at once per start node${FORGED_EVERY > 0 ? `, one in ${FORGED_EVERY} forged` : ''}${RETRY ? '; in the burst, deliveries without an answer after 5 s are sent again as SlickText does' : ''}. Minutes: ${((Date.now() - started) / 60000).toFixed(1)}.`);
	for (const { name, loads } of done) {
		printGroup(name, SETTINGS[name], rows, loads);
		if (loads.error) console.log(`\n(group stopped early: ${loads.error})`);
	}
	if (skipped.length) console.log(`\nSkipped (over BENCH_TRIGGER_BUDGET_MIN): ${skipped.join(', ')}`);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
