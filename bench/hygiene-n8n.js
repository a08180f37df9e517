'use strict';
// The list-hygiene row of `npm run bench`: examples/03 in real n8n 2.41.1 (regular mode,
// SQLite, the package installed as n8n installs community packages) over a Newsletter list of 100,000
// members, 25% of them unsubscribed or blocked, against the sandbox at SlickText's rate limit. Once with
// n8n's defaults and once with the recommended settings. Prints a markdown table:
// wall time, n8n's peak memory (main process and task runner: VmRSS of the whole process tree, sampled
// every 50 ms) beside its own just before the run, database growth, requests, and whether exactly the
// unsubscribed and blocked members were removed.
//
//   node bench/hygiene-n8n.js             (npm run bench runs it)
//   BENCH_HYGIENE_MEMBERS=100000,500000   list sizes (members; the brand gets 1.5 times as many contacts)
//   BENCH_HYGIENE_OLD=1                   adds the example as it was before (Filter node, one DELETE)
//   BENCH_N8N_PORT=5714                   n8n's port (the task runner broker takes the next one)
//
// The workflow is examples/03 with its two start nodes replaced by a Webhook node that answers when the
// last node finishes: the wall time is that answer's, and a webhook run is saved (or not) by the same
// rules as a scheduled one, whereas manual runs are always saved.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');

const SIZES = (process.env.BENCH_HYGIENE_MEMBERS || '100000').split(',').map(Number);
const PORT = Number(process.env.BENCH_N8N_PORT || 5714);
const WEBHOOK_PATH = 'bench-list-hygiene';
const EXAMPLE = path.resolve(__dirname, '../examples/03-nightly-list-hygiene.json');

/** What the README recommends for scheduled runs over big lists (see "Nightly list hygiene"). */
const CONFIGS = [
	{ label: "n8n's defaults", env: {} },
	{ label: 'recommended: EXECUTIONS_DATA_SAVE_ON_SUCCESS=none', env: { EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' } },
];

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

/** examples/03 as shipped, started by a webhook in place of its schedule and manual start. */
function currentExample() {
	const wf = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
	const starts = new Set(wf.nodes.filter((n) => /Trigger$/.test(n.type)).map((n) => n.name));
	const first = wf.connections[[...starts][0]].main[0][0].node;
	const nodes = wf.nodes.filter((n) => !starts.has(n.name));
	const connections = Object.fromEntries(Object.entries(wf.connections).filter(([from]) => !starts.has(from)));
	return { nodes, connections, first };
}

/** The example as it was first built: every member in full, n8n's Filter node, one DELETE for everyone. */
function oldExample() {
	const credentials = { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } };
	const nodes = [
		{
			name: 'Get All Newsletter Members', type: 'n8n-nodes-slicktext.slickText', typeVersion: 1, position: [220, 0], credentials,
			parameters: { resource: 'list', operation: 'getContacts', listId: { __rl: true, mode: 'id', value: '1' }, returnAll: true },
		},
		{
			name: 'Keep Unsubscribed and Blocked', type: 'n8n-nodes-base.filter', typeVersion: 2.2, position: [440, 0],
			parameters: {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: ['unsubscribed', 'blocked'].map((s, i) => ({ id: `f${i}`, leftValue: '={{ $json.opt_in_status }}', rightValue: s, operator: { type: 'string', operation: 'equals' } })),
					combinator: 'or',
				},
				options: {},
			},
		},
		{
			name: 'Collect Their IDs', type: 'n8n-nodes-base.aggregate', typeVersion: 1, position: [660, 0],
			parameters: { aggregate: 'aggregateIndividualFields', fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'contact_id' }] }, options: {} },
		},
		{
			name: 'Remove Them From the List', type: 'n8n-nodes-slicktext.slickText', typeVersion: 1, position: [880, 0], credentials,
			parameters: { resource: 'list', operation: 'removeContacts', contactIds: '={{ $json.contact_id }}', listIds: '={{ [1] }}' },
		},
	];
	return {
		nodes,
		connections: {
			'Get All Newsletter Members': next('Keep Unsubscribed and Blocked'),
			'Keep Unsubscribed and Blocked': next('Collect Their IDs'),
			'Collect Their IDs': next('Remove Them From the List'),
		},
		first: 'Get All Newsletter Members',
	};
}

function benchWorkflow(id, example) {
	const hook = {
		id: `${id}-hook`,
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: WEBHOOK_PATH,
		parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'lastNode', responseData: 'firstEntryJson', options: {} },
	};
	return {
		id,
		name: `Bench: ${id}`,
		active: false,
		versionId: `${id}-v1`,
		nodes: [hook, ...example.nodes],
		connections: { Start: next(example.first), ...example.connections },
		settings: {},
	};
}

// ------------------------------------------------------------------------------ measuring n8n

function children() {
	const byParent = new Map();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (!byParent.has(ppid)) byParent.set(ppid, []);
			byParent.get(ppid).push(Number(entry));
		} catch {
			// gone meanwhile
		}
	}
	return byParent;
}

/** The n8n process and everything it started (the task runner): pid list, refreshed now and then. */
function tree(root) {
	const byParent = children();
	const out = [];
	const walk = (pid) => {
		out.push(pid);
		for (const child of byParent.get(pid) || []) walk(child);
	};
	walk(root);
	return out;
}

function rssMb(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /VmRSS:\s+(\d+) kB/.exec(status);
		return match ? Number(match[1]) / 1024 : 0;
	} catch {
		return 0;
	}
}

/** Samples the tree's summed RSS every 50 ms until stopped; the pid list is refreshed every second. */
function sampler(root) {
	let pids = tree(root);
	let peak = 0;
	let peakMain = 0;
	let ticks = 0;
	const timer = setInterval(() => {
		if (++ticks % 20 === 0) pids = tree(root);
		let sum = 0;
		for (const pid of pids) sum += rssMb(pid);
		peak = Math.max(peak, sum);
		peakMain = Math.max(peakMain, rssMb(root));
	}, 50);
	return {
		stop() {
			clearInterval(timer);
			return { peak, peakMain, processes: pids.length };
		},
	};
}

const treeRss = (root) => tree(root).reduce((sum, pid) => sum + rssMb(pid), 0);

function dbBytes(folder) {
	const dir = path.join(folder, '.n8n');
	let total = 0;
	for (const f of fs.readdirSync(dir)) if (f.startsWith('database.sqlite')) total += fs.statSync(path.join(dir, f)).size;
	return total;
}

/** Everything n8n keeps in its folder except the installed package and temp files. */
function folderBytes(folder) {
	const walk = (p) => {
		const s = fs.statSync(p);
		if (!s.isDirectory()) return s.size;
		return fs.readdirSync(p).reduce((sum, f) => sum + (f === 'nodes' || f === 'tmp' ? 0 : walk(path.join(p, f))), 0);
	};
	return walk(path.join(folder, '.n8n'));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function one(members, config, variant) {
	const contacts = Math.ceil(members * 1.5); // the Newsletter list holds 2 of every 3 contacts
	const sandbox = await startSandbox({ seed: { contacts } });
	// Time the sandbox spends answering (JSON of 10,000 contacts a page): not SlickText's, so reported apart.
	let sandboxMs = 0;
	const handle = sandbox.handle.bind(sandbox);
	sandbox.handle = (req, res) => {
		const started = performance.now();
		res.once('finish', () => (sandboxMs += performance.now() - started));
		return handle(req, res);
	};
	const state = sandbox.state.current;
	const before = new Set(state.listMembers.get(1));
	const byId = new Map(state.contacts.map((c) => [c.contact_id, c]));
	const doomed = new Set([...before].filter((id) => ['unsubscribed', 'blocked'].includes(byId.get(id).opt_in_status)));
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-hygiene-'));
	const id = variant === 'old' ? 'benchHygieneOld001' : 'benchHygiene00001';
	env.prepareUserFolder(folder, { sandbox, workflows: [benchWorkflow(id, variant === 'old' ? oldExample() : currentExample())] });
	const saved = {};
	for (const [k, v] of Object.entries(config.env)) {
		saved[k] = process.env[k];
		process.env[k] = v;
	}
	let n8n;
	try {
		n8n = await env.startN8n(folder, { port: PORT, brokerPort: PORT + 1, log: process.env.BENCH_N8N_LOG ? 'inherit' : 'ignore' });
		const base = n8n.base;
		const cookie = await env.ownerSession(base);
		const rest = async (method, p, body) => {
			const res = await fetch(`${base}${p}`, { method, headers: { cookie, 'content-type': 'application/json', 'browser-id': 'bench' }, body: body && JSON.stringify(body) });
			return { status: res.status, json: await res.json().catch(() => undefined) };
		};
		const stored = await rest('GET', `/rest/workflows/${id}`);
		const activated = await rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.json?.data?.versionId });
		if (activated.status >= 300) throw new Error(`activating: ${activated.status} ${JSON.stringify(activated.json).slice(0, 300)}`);
		// Registered for POST once a GET is told to use POST (a probe POST would run the workflow).
		for (let i = 0; ; i++) {
			const res = await fetch(`${base}/webhook/${WEBHOOK_PATH}`);
			if (/Did you mean/i.test(await res.text())) break;
			if (i > 100) throw new Error('the webhook never registered');
			await sleep(300);
		}
		// n8n's own memory before the run: idle after start-up, averaged over 3 s.
		await sleep(5000);
		const idle = [];
		for (let i = 0; i < 6; i++) {
			idle.push(treeRss(n8n.child.pid));
			await sleep(500);
		}
		const ownMb = idle.reduce((a, b) => a + b, 0) / idle.length;
		const dbBefore = dbBytes(folder);
		const folderBefore = folderBytes(folder);
		sandbox.requests.length = 0;
		sandboxMs = 0;
		const load = os.loadavg()[0];
		const sampling = sampler(n8n.child.pid);
		const started = performance.now();
		const res = await fetch(`${base}/webhook/${WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		const answer = await res.text();
		const seconds = (performance.now() - started) / 1000;
		// Saving the execution ends after the answer: keep sampling while n8n writes it.
		await sleep(3000);
		const { peak, peakMain, processes } = sampling.stop();
		const dbAfter = dbBytes(folder);
		const folderAfter = folderBytes(folder);
		const after = state.listMembers.get(1);
		const removed = [...before].filter((m) => !after.has(m));
		const wrong = removed.filter((m) => !doomed.has(m)).length;
		const missed = [...doomed].filter((m) => after.has(m)).length;
		const count = (method, re) => sandbox.requests.filter((r) => r.method === method && re.test(r.path)).length;
		return {
			members,
			variant: variant === 'old' ? 'examples/03 as first built' : 'examples/03',
			config: config.label,
			status: res.status,
			error: res.status >= 300 ? answer.slice(0, 200) : undefined,
			seconds,
			sandboxSeconds: sandboxMs / 1000,
			ownMb,
			peakMb: peak,
			peakMainMb: peakMain,
			processes,
			dbMb: (dbAfter - dbBefore) / 1e6,
			folderMb: (folderAfter - folderBefore) / 1e6,
			gets: count('GET', /\/lists\/1\/contacts$/),
			deletes: count('DELETE', /\/lists\/contacts$/),
			r429: sandbox.requests.filter((r) => r.status === 429).length,
			removed: removed.length,
			doomed: doomed.size,
			wrong,
			missed,
			load,
		};
	} finally {
		if (n8n) await env.stopProcess(n8n.child);
		for (const [k, v] of Object.entries(saved)) {
			if (v === undefined) delete process.env[k];
			else process.env[k] = v;
		}
		await sandbox.stop();
		if (!process.env.BENCH_KEEP_FOLDER) fs.rmSync(folder, { recursive: true, force: true });
	}
}

function print(rows) {
	console.log('\nList hygiene (examples/03) in real n8n 2.41.1, regular mode, SQLite, sandbox at 8 requests/s.\n');
	console.log('| members | workflow | n8n settings | result | wall s | of which sandbox s | n8n before MB | peak MB | peak above before MB | DB growth MB | n8n folder growth MB | requests (GET pages + DELETE) | 429 | removed | wrongly removed | missed | load avg |');
	console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
	for (const r of rows) {
		if (r.skipped) {
			console.log(`| ${r.members ?? '-'} | examples/03 | - | skipped: ${r.skipped} | - | - | - | - | - | - | - | - | - | - | - | - | - |`);
			continue;
		}
		const result = r.status === 200 ? 'success' : `failed ${r.status} ${r.error ?? ''}`;
		console.log(
			`| ${r.members} | ${r.variant} | ${r.config} | ${result} | ${r.seconds.toFixed(1)} | ${r.sandboxSeconds.toFixed(1)} | ${r.ownMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${(r.peakMb - r.ownMb).toFixed(0)} | ${r.dbMb.toFixed(1)} | ${r.folderMb.toFixed(1)} | ${r.gets} + ${r.deletes} | ${r.r429} | ${r.removed} of ${r.doomed} | ${r.wrong} | ${r.missed} | ${r.load.toFixed(1)} |`,
		);
	}
}

async function main() {
	if (process.env.BENCH_REAL_N8N === '0') {
		print([{ skipped: 'BENCH_REAL_N8N=0' }]);
		return;
	}
	if (!fs.existsSync(paths().ready)) {
		print([{ skipped: 'the n8n runtime is not installed (npm run test:e2e installs it)' }]);
		return;
	}
	const rows = [];
	for (const members of SIZES) {
		const variants = process.env.BENCH_HYGIENE_OLD === '1' ? ['old', 'current'] : ['current'];
		for (const variant of variants) {
			for (const config of variant === 'old' ? CONFIGS.slice(0, 1) : CONFIGS) {
				try {
					rows.push(await one(members, config, variant));
				} catch (error) {
					rows.push({ members, skipped: `${config.label}: ${String(error && error.message).slice(0, 200)}` });
				}
				console.error(`  ${JSON.stringify(rows[rows.length - 1])}`);
			}
		}
	}
	print(rows);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
