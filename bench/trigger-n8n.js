'use strict';
// The trigger row of `npm run bench`: SlickText Trigger and n8n's own Webhook node (Respond Immediately)
// side by side in ONE real n8n process (2.41.1), on the same workflow (start node, Remove Duplicates,
// a Set node, List > Add Contacts against the sandbox with SlickText's 8/s limit) and the same load:
// rounds alternate between the two, so both columns see the same machine. Prints a markdown table.
//
//   node bench/trigger-n8n.js            (npm run bench runs it after the jest benchmarks)
//   BENCH_TRIGGER_ROUNDS=2 BENCH_TRIGGER_DELIVERIES=300 BENCH_TRIGGER_BURST=100 BENCH_N8N_PORT=5712
//   BENCH_TRIGGER_V1=1 adds the trigger at typeVersion 1 (what n8n costs a version-1 webhook node).
//   Any N8N_* setting in the environment reaches n8n (e.g. N8N_CONCURRENCY_PRODUCTION_LIMIT=4).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');

const ROUNDS = Number(process.env.BENCH_TRIGGER_ROUNDS || 2);
const DELIVERIES = Number(process.env.BENCH_TRIGGER_DELIVERIES || 300);
const IN_FLIGHT = Number(process.env.BENCH_TRIGGER_IN_FLIGHT || 30);
const BURST = Number(process.env.BENCH_TRIGGER_BURST || 100);
const PORT = Number(process.env.BENCH_N8N_PORT || 5712);
const SLICKTEXT_TIMEOUT_MS = 5000;

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

/** The example-4 workflow behind a given start node; `root` is where the event sits in its output. */
function workflow(id, name, start, root) {
	const credentials = { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } };
	return {
		id,
		name,
		active: false,
		versionId: `${id}-v1`,
		nodes: [
			{ ...start, name: 'Start', position: [0, 0] },
			{
				id: `${id}-dedupe`,
				name: 'Remove Duplicates',
				type: 'n8n-nodes-base.removeDuplicates',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					operation: 'removeItemsSeenInPreviousExecutions',
					dedupeValue: root === '' ? '={{ $json.eventKey }}' : `={{ $json${root}.id }}`,
					options: {},
				},
			},
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
		connections: { Start: next('Remove Duplicates'), 'Remove Duplicates': next('Keep What Matters'), 'Keep What Matters': next('Add to Welcome List') },
		settings: { saveDataSuccessExecution: 'all' },
	};
}

function variants() {
	const list = [
		{
			label: 'SlickText Trigger',
			path: 'bench-slicktext-trigger/webhook',
			wf: workflow('benchTrigger000002', 'Bench: SlickText Trigger', {
				id: 'bench-trigger',
				type: 'n8n-nodes-slicktext.slickTextTrigger',
				typeVersion: 2,
				webhookId: 'bench-slicktext-trigger',
				parameters: { platform: 'current', events: ['contact_created'] },
			}, ''),
		},
		{
			label: "n8n's Webhook node (Respond Immediately)",
			path: 'bench-n8n-webhook',
			wf: workflow('benchWebhook000001', "Bench: n8n's Webhook node", {
				id: 'bench-webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: 'bench-n8n-webhook',
				parameters: { httpMethod: 'POST', path: 'bench-n8n-webhook', responseMode: 'onReceived', options: {} },
			}, '.body'),
		},
	];
	if (process.env.BENCH_TRIGGER_V1 === '1') {
		list.push({
			label: 'SlickText Trigger, typeVersion 1',
			path: 'bench-slicktext-trigger-v1/webhook',
			wf: workflow('benchTriggerV10001', 'Bench: SlickText Trigger v1', {
				id: 'bench-trigger-v1',
				type: 'n8n-nodes-slicktext.slickTextTrigger',
				typeVersion: 1,
				webhookId: 'bench-slicktext-trigger-v1',
				parameters: { platform: 'current', events: ['contact_created'] },
			}, ''),
		});
	}
	return list;
}

let contactCounter = 0;
function event(tag) {
	contactCounter++;
	return {
		id: `${tag}-${contactCounter}`,
		name: 'contact_created',
		url: 'https://example.com/hook',
		attempts: 1,
		date: '2024-11-25 16:15:19',
		data: { contact_id: contactCounter, _brand_id: 1001, mobile_number: `+1617555${String(contactCounter).padStart(4, '0')}`, opt_in_status: 'subscribed' },
	};
}

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

/** Posts the events with at most `inFlight` waiting for an answer at a time. */
async function load(url, events, inFlight) {
	const answers = new Array(events.length);
	let nextIndex = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(inFlight, events.length) }, async () => {
			while (nextIndex < events.length) {
				const i = nextIndex++;
				answers[i] = await post(url, events[i]);
			}
		}),
	);
	return { answers, seconds: (performance.now() - started) / 1000 };
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
		failed: result.answers.filter((a) => a.status !== 200).length,
	};
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
	const sandbox = await startSandbox({ seed: { contacts: 5000 } });
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-trigger-'));
	const list = variants();
	env.prepareUserFolder(folder, { sandbox, workflows: list.map((v) => v.wf) });
	let n8n;
	const rows = [];
	try {
		n8n = await env.startN8n(folder, { port: PORT, log: process.env.BENCH_N8N_LOG ? 'inherit' : 'ignore' });
		const base = n8n.base;
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
		for (const v of list) {
			for (let i = 0; ; i++) {
				const r = await post(`${base}/webhook/${v.path}`, event(`probe-${v.wf.id}`));
				if (r.status !== 404) break;
				if (i > 100) throw new Error(`${v.path} never registered`);
				await new Promise((r2) => setTimeout(r2, 300));
			}
		}
		const executionCount = async (workflowId) => {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const r = await rest('GET', `/rest/executions?filter=${filter}&limit=1`);
			return Number(r.json?.data?.count ?? NaN);
		};
		/** List adds the sandbox received for these contact ids, by contact id. */
		const sideEffects = (ids) => {
			const wanted = new Set(ids);
			const seen = new Map();
			for (const r of sandbox.requests) {
				if (r.method !== 'POST' || !r.path.endsWith('/lists/contacts') || r.status !== 200) continue;
				for (const entry of r.body || []) {
					if (wanted.has(Number(entry.contact_id))) seen.set(Number(entry.contact_id), (seen.get(Number(entry.contact_id)) || 0) + 1);
				}
			}
			return seen;
		};
		/** Waits until every event of the phase has its side effect, so the next phase starts on a quiet n8n. */
		const settle = async (ids) => {
			const deadline = Date.now() + 10 * 60_000;
			while (sideEffects(ids).size < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
			await new Promise((r) => setTimeout(r, 1500));
		};
		const phase = async (v, label, events, inFlight) => {
			const before = await executionCount(v.wf.id);
			const result = await load(`${base}/webhook/${v.path}`, events, inFlight);
			const ids = events.map((e) => e.data.contact_id);
			await settle(ids);
			const runs = (await executionCount(v.wf.id)) - before;
			const effects = sideEffects(ids);
			const doubled = [...effects.values()].filter((n) => n > 1).length;
			rows.push({ variant: v.label, load: label, ...summarize(result), runs, effects: effects.size, lost: ids.length - effects.size, doubled });
			console.error(`  ${v.label}, ${label}: ${JSON.stringify(rows[rows.length - 1])}`);
		};
		for (let round = 1; round <= ROUNDS; round++) {
			for (const v of list) {
				const events = Array.from({ length: DELIVERIES }, () => event(`r${round}-${v.wf.id}`));
				await phase(v, `${DELIVERIES} deliveries, ${IN_FLIGHT} in flight (round ${round})`, events, IN_FLIGHT);
			}
			for (const v of list) {
				const events = Array.from({ length: BURST }, () => event(`b${round}-${v.wf.id}`));
				await phase(v, `${BURST} at the same moment (round ${round})`, events, BURST);
			}
		}
	} finally {
		if (n8n) await env.stopProcess(n8n.child);
		await sandbox.stop();
		if (!process.env.BENCH_KEEP_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	}
	const settings = Object.entries(process.env).filter(([k]) => k.startsWith('N8N_') && !['N8N_RUNNERS_BROKER_PORT'].includes(k)).map(([k, v]) => `${k}=${v}`);
	console.log(`\nTrigger in real n8n 2.41.1, one process, SQLite${settings.length ? `, ${settings.join(' ')}` : ', n8n defaults'}; rounds alternate between the columns.\n`);
	console.log('| start node | load | deliveries/s | p50 s | p95 s | max s | answers > 5 s | not 200 | runs | side effects | lost | doubled |');
	console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
	for (const r of rows) {
		console.log(`| ${r.variant} | ${r.load} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} | ${r.late} | ${r.failed} | ${r.runs} | ${r.effects} | ${r.lost} | ${r.doubled} |`);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
