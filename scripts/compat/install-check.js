'use strict';
// The real-n8n check of the OLDEST n8n the package claims (docs/compatibility.md): install that n8n
// from npm into a cache folder, install the packed package the way that n8n installs a community
// package, and run it against the sandbox.
//
//   npm run build && node scripts/compat/install-check.js [--n8n=1.88.0] [--keep]
//
// n8n 1.x installs a community package (Settings > Community Nodes, POST /rest/community-packages) by
// running `npm install <name>@<version> --registry=<registry>` in <user folder>/.n8n/nodes, with only
// PATH, NODE_PATH and APPDATA in the environment (its CommunityPackagesService.executeNpmCommand), and
// loads every n8n-nodes-* folder of nodes/node_modules when it starts. The package is not on the public
// registry, and an unlicensed n8n accepts no other registry, so this runs that same command itself
// against a local verdaccio that holds the packed package and proxies everything else to the registry.
// It does so twice: with the package.json as it is, and with the peer n8n-workflow not marked optional
// (as before), to show what the optional mark changes.
// Then, with the package installed: `n8n execute` of a workflow with Contact Create, Contact Get Many
// (Return All) and Legacy Textword Get Many against the sandbox, and `n8n start` with a published
// SlickText Trigger workflow that gets one delivery.
//
// Ports: E2E_N8N_PORT (n8n, default 18500), N8N_RUNNERS_BROKER_PORT (default 18501), verdaccio on
// n8n's port + 2, the sandbox on n8n's port + 3. Node: this process's (n8n 1.x runs on Node 18-22);
// verdaccio 6 runs on the Node 24 of scripts/n8n-runtime.js.

const { execFileSync, spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../../sandbox/server');
const { cacheRootFor, paths: runtimePaths } = require('../n8n-runtime');
const { currentEvent } = require('../../test/e2e/triggerWorkflows');

const root = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(root, 'package.json'));
const args = process.argv.slice(2);
const N8N_VERSION = args.find((a) => a.startsWith('--n8n='))?.split('=')[1] ?? /^>=\s*(\S+)$/.exec(pkg.engines.n8n)[1];
const PORT = Number(process.env.E2E_N8N_PORT || 18500);
const BROKER_PORT = Number(process.env.N8N_RUNNERS_BROKER_PORT || PORT + 1);
const REGISTRY_PORT = PORT + 2;
const SANDBOX_PORT = PORT + 3;
const compatRoot = path.join(cacheRootFor(), 'compat');
const n8nDir = path.join(compatRoot, `n8n-${N8N_VERSION}`);
const n8nBin = path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-install-check-'));
const children = [];

function log(message) {
	process.stdout.write(`${message}\n`);
}

function npmEnv(extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^npm_(config|package|lifecycle)_/i.test(key)) env[key] = value;
	}
	return { ...env, ...extra };
}

function run(command, commandArgs, options = {}) {
	const started = Date.now();
	const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
	return { ...result, seconds: (Date.now() - started) / 1000 };
}

/** n8n from npm into the cache, once: no install scripts (a Kafka module fetches sources), then sqlite3 built. */
function ensureN8n() {
	const ready = path.join(n8nDir, '.ready');
	if (fs.existsSync(ready)) return;
	log(`installing n8n@${N8N_VERSION} into ${n8nDir} (once)`);
	fs.mkdirSync(n8nDir, { recursive: true });
	// n8n-nodes-base 1.x takes xlsx from cdn.sheetjs.com, which is not reachable here; the registry's
	// xlsx serves n8n's Spreadsheet File node, which this check does not use.
	fs.writeFileSync(path.join(n8nDir, 'package.json'), JSON.stringify({ private: true, overrides: { xlsx: '0.18.5' } }));
	let r = run('npm', ['install', `n8n@${N8N_VERSION}`, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: n8nDir, env: npmEnv(), stdio: 'inherit' });
	if (r.status !== 0) throw new Error(`npm install n8n@${N8N_VERSION} failed`);
	r = run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], { cwd: n8nDir, env: npmEnv(), stdio: 'inherit' });
	const probe = "const s=require(process.argv[1]);new s.Database(':memory:').get('select 1 as one',(e,r)=>process.exit(e||r.one!==1?1:0))";
	if (r.status !== 0 || run(process.execPath, ['-e', probe, path.join(n8nDir, 'node_modules', 'sqlite3')]).status !== 0) {
		throw new Error('sqlite3 did not build');
	}
	fs.writeFileSync(ready, new Date().toISOString());
}

/** The packed package; `requiredPeer` makes the variant whose peer n8n-workflow is not optional. */
function pack(requiredPeer) {
	const dir = fs.mkdtempSync(path.join(work, 'pack-'));
	const out = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8', env: npmEnv(), stdio: ['ignore', 'pipe', 'ignore'] }));
	let tarball = path.join(dir, out[0].filename);
	if (requiredPeer) {
		const unpacked = path.join(dir, 'unpacked');
		fs.mkdirSync(unpacked);
		execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
		const manifestFile = path.join(unpacked, 'package.json');
		const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
		delete manifest.peerDependenciesMeta;
		manifest.version = `${manifest.version}-required-peer`;
		fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
		const repacked = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: unpacked, encoding: 'utf8', env: npmEnv(), stdio: ['ignore', 'pipe', 'ignore'] }));
		tarball = path.join(dir, repacked[0].filename);
	}
	const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
	return { tarball, manifest };
}

async function startRegistry() {
	const runtime = runtimePaths();
	if (!fs.existsSync(runtime.node)) throw new Error('verdaccio needs Node 24: run `node scripts/n8n-runtime.js` first');
	const dir = path.join(compatRoot, 'verdaccio');
	if (!fs.existsSync(path.join(dir, 'node_modules', 'verdaccio'))) {
		fs.mkdirSync(dir, { recursive: true });
		// The registry here has no `cjs` dist-tag of node-fetch, which a verdaccio dependency asks for.
		fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, overrides: { 'node-fetch': '2.7.0' } }));
		const r = run('npm', ['install', 'verdaccio@6.10.4', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: npmEnv(), stdio: 'inherit' });
		if (r.status !== 0) throw new Error('installing verdaccio failed');
	}
	const storage = path.join(work, 'registry');
	fs.mkdirSync(storage);
	const config = path.join(storage, 'config.yaml');
	fs.writeFileSync(
		config,
		[
			`storage: ${path.join(storage, 'storage')}`,
			'auth:',
			'  htpasswd:',
			`    file: ${path.join(storage, 'htpasswd')}`,
			'uplinks:',
			'  npmjs:',
			'    url: https://registry.npmjs.org/',
			'    timeout: 120s',
			'packages:',
			`  '${pkg.name}':`,
			'    access: $all',
			'    publish: $authenticated',
			"  '**':",
			'    access: $all',
			'    publish: $authenticated',
			'    proxy: npmjs',
			'log: { type: stdout, format: pretty, level: warn }',
			'',
		].join('\n'),
	);
	const child = spawn(runtime.node, [path.join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', config, '--listen', `127.0.0.1:${REGISTRY_PORT}`], {
		stdio: ['ignore', fs.openSync(path.join(storage, 'verdaccio.log'), 'a'), fs.openSync(path.join(storage, 'verdaccio.log'), 'a')],
	});
	children.push(child);
	const url = `http://127.0.0.1:${REGISTRY_PORT}`;
	for (let i = 0; i < 120; i++) {
		try {
			if ((await fetch(`${url}/-/ping`)).ok) break;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	// A user, to publish as (what `npm adduser` does).
	const user = await fetch(`${url}/-/user/org.couchdb.user:compat`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'compat', password: crypto.randomBytes(12).toString('hex') }),
	});
	const { token } = await user.json();
	if (!token) throw new Error(`verdaccio gave no token (${user.status})`);
	return { url, token };
}

/** Publishes a tarball as `npm publish` does (one PUT); the package's publishConfig asks for provenance, which needs CI. */
async function publish(registry, { tarball, manifest }) {
	const data = fs.readFileSync(tarball);
	const filename = `${manifest.name}-${manifest.version}.tgz`;
	const version = {
		...manifest,
		_id: `${manifest.name}@${manifest.version}`,
		dist: {
			shasum: crypto.createHash('sha1').update(data).digest('hex'),
			integrity: `sha512-${crypto.createHash('sha512').update(data).digest('base64')}`,
			tarball: `${registry.url}/${manifest.name}/-/${filename}`,
		},
	};
	const res = await fetch(`${registry.url}/${manifest.name}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${registry.token}` },
		body: JSON.stringify({
			_id: manifest.name,
			name: manifest.name,
			'dist-tags': { [manifest.version.includes('-') ? 'next' : 'latest']: manifest.version },
			versions: { [manifest.version]: version },
			_attachments: { [filename]: { content_type: 'application/octet-stream', data: data.toString('base64'), length: data.length } },
		}),
	});
	if (!res.ok) throw new Error(`publishing ${manifest.version} failed: ${res.status} ${await res.text()}`);
}

/** What n8n 1.x runs for POST /rest/community-packages, in a fresh user folder. */
function installAsN8n(registry, version) {
	const userFolder = fs.mkdtempSync(path.join(work, 'n8n-'));
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	// executeNpmCommand's environment: nothing but these three.
	const env = { NODE_PATH: process.env.NODE_PATH, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, APPDATA: process.env.APPDATA };
	for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
	run('npm', ['init', '-y'], { cwd: nodesDir, env });
	const command = ['install', `${pkg.name}@${version}`, `--registry=${registry.url}`];
	log(`  $ cd ${nodesDir} && npm ${command.join(' ')}   (env: ${Object.keys(env).join(', ')})`);
	// What npm puts into the folder for this install (it rolls back a failed one), without running scripts.
	const plan = run('npm', [...command, '--dry-run', '--ignore-scripts'], { cwd: nodesDir, env });
	const wouldAdd = `${plan.stdout}`.split('\n').filter((l) => /^add (n8n-workflow|isolated-vm|n8n-nodes-slicktext) /.test(l));
	const total = /added (\d+) packages?/.exec(`${plan.stdout}`)?.[1];
	log(`  npm ${command.join(' ')} --dry-run --ignore-scripts: adds ${total ?? '?'} packages, among them: ${wouldAdd.join('; ') || '(none of n8n-workflow, isolated-vm)'}`);
	const r = run('npm', command, { cwd: nodesDir, env });
	const modules = path.join(nodesDir, 'node_modules');
	const workflowCopy = path.join(modules, 'n8n-workflow', 'package.json');
	const installed = fs.existsSync(modules) ? fs.readdirSync(modules).filter((n) => !n.startsWith('.')) : [];
	const result = {
		userFolder,
		status: r.status,
		seconds: r.seconds,
		wouldAdd,
		packageInstalled: fs.existsSync(path.join(modules, pkg.name, 'package.json')),
		n8nWorkflow: fs.existsSync(workflowCopy) ? JSON.parse(fs.readFileSync(workflowCopy, 'utf8')).version : undefined,
		topLevel: installed,
		// What failed: the package whose install script failed, and the compiler's first error.
		errorLines: [
			...`${r.stderr}`.split('\n').filter((l) => /npm error (path|command failed)/.test(l)).slice(0, 2),
			...`${r.stderr}`.split('\n').filter((l) => /error: /.test(l)).slice(0, 1),
		],
	};
	fs.writeFileSync(path.join(userFolder, 'npm-install.log'), `${r.stdout}\n${r.stderr}`);
	log(`  exit ${r.status} in ${Math.round(r.seconds)} s; ${pkg.name} installed: ${result.packageInstalled}; n8n-workflow installed: ${result.n8nWorkflow ?? 'no'}; node_modules: ${installed.join(', ') || '(none)'}`);
	for (const line of result.errorLines) log(`    ${line.trim()}`);
	return result;
}

function n8nEnv(userFolder, extra = {}) {
	return {
		...npmEnv(),
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'n8n-nodes-slicktext-compat-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_PORT: String(PORT),
		N8N_RUNNERS_BROKER_PORT: String(BROKER_PORT),
		N8N_LOG_LEVEL: 'info',
		TMPDIR: path.join(userFolder, 'tmp'),
		...extra,
	};
}

/** An n8n CLI command, without blocking this process (the sandbox runs here); JSON from the first line starting with {. */
function n8n(userFolder, commandArgs) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(process.execPath, [n8nBin, ...commandArgs], { env: n8nEnv(userFolder) });
		children.push(child);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c) => (stdout += c));
		child.stderr.on('data', (c) => (stderr += c));
		child.on('close', (status) => {
			const lines = stdout.split('\n');
			const start = lines.findIndex((l) => l.startsWith('{'));
			let json;
			try {
				json = start < 0 ? undefined : JSON.parse(lines.slice(start).join('\n'));
			} catch {
				json = undefined;
			}
			resolve({ status, stdout, stderr, json, seconds: (Date.now() - started) / 1000 });
		});
	});
}

const CURRENT = { slickTextApi: { id: 'compatCurrent0001', name: 'SlickText sandbox (current API)' } };
const LEGACY = { slickTextLegacyApi: { id: 'compatLegacy00001', name: 'SlickText sandbox (legacy API)' } };
const HOOK = 'compat-current-events';

function workflows() {
	const node = (name, type, parameters, credentials, x) => ({ id: name.replace(/\W/g, ''), name, type: `${pkg.name}.${type}`, typeVersion: 1, position: [x, 0], parameters, credentials, executeOnce: true });
	const actions = {
		id: 'compatActions0001',
		name: 'Compat: Contact Create, Contact Get Many, Textword Get Many',
		active: false,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			node('Create Contact', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: '(617) 555-0199', additionalFields: { firstName: 'Rosa' } }, CURRENT, 220),
			node('Get Many Contacts', 'slickText', { resource: 'contact', operation: 'getAll', returnAll: true }, CURRENT, 440),
			node('Get Many Textwords', 'slickTextLegacy', { resource: 'textword', operation: 'getAll', returnAll: true }, LEGACY, 660),
		],
		connections: {
			Start: { main: [[{ node: 'Create Contact', type: 'main', index: 0 }]] },
			'Create Contact': { main: [[{ node: 'Get Many Contacts', type: 'main', index: 0 }]] },
			'Get Many Contacts': { main: [[{ node: 'Get Many Textwords', type: 'main', index: 0 }]] },
		},
		settings: {},
	};
	const trigger = {
		id: 'compatTrigger0001',
		name: 'Compat: SlickText Trigger',
		active: false,
		nodes: [{ id: 'trigger', name: 'SlickText Trigger', type: `${pkg.name}.slickTextTrigger`, typeVersion: 1, position: [0, 0], webhookId: HOOK, parameters: { platform: 'current', events: ['contact_created'] } }],
		connections: {},
		settings: { saveDataSuccessExecution: 'all' },
	};
	return { actions, trigger };
}

function outputOf(run, name) {
	const task = run?.data?.resultData?.runData?.[name]?.[0];
	if (!task) return { error: 'did not run' };
	if (task.error) return { error: `${task.error.message} ${task.error.description ?? ''}`.trim() };
	return { items: (task.data?.main?.[0] ?? []).map((i) => i.json) };
}

async function actionsAndTrigger(userFolder, sandbox, results) {
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	const credentials = [
		{ id: CURRENT.slickTextApi.id, name: CURRENT.slickTextApi.name, type: 'slickTextApi', data: sandbox.currentCredentials() },
		{ id: LEGACY.slickTextLegacyApi.id, name: LEGACY.slickTextLegacyApi.name, type: 'slickTextLegacyApi', data: sandbox.legacyCredentials() },
	];
	const file = (name, value) => {
		const p = path.join(userFolder, 'tmp', name);
		fs.writeFileSync(p, JSON.stringify(value));
		return p;
	};
	const { actions, trigger } = workflows();
	for (const [what, commandArgs] of [
		['import:credentials', ['import:credentials', '--input', file('credentials.json', credentials)]],
		['import:workflow (actions)', ['import:workflow', '--input', file('actions.json', actions)]],
		['import:workflow (trigger)', ['import:workflow', '--input', file('trigger.json', trigger)]],
		['update:workflow --active=true (trigger)', ['update:workflow', `--id=${trigger.id}`, '--active=true']],
	]) {
		const r = await n8n(userFolder, commandArgs);
		log(`  n8n ${what}: exit ${r.status}`);
		if (r.status !== 0) throw new Error(`${what} failed: ${(r.stderr || r.stdout).slice(-600)}`);
	}

	// More contacts than one page holds (10,000), so that Return All pages.
	sandbox.reset({ contacts: 12000 });
	const contactsBefore = sandbox.state.current.contacts.length;
	const exec = await n8n(userFolder, ['execute', `--id=${actions.id}`, '--rawOutput']);
	log(`  $ n8n execute --id=${actions.id} --rawOutput: exit ${exec.status} in ${exec.seconds.toFixed(1)} s`);
	if (!exec.json) log(`    no JSON in its output (${exec.stdout.length} characters): ${exec.stdout.slice(0, 300)} … ${exec.stderr.slice(-300)}`);
	const created = outputOf(exec.json, 'Create Contact');
	const contacts = outputOf(exec.json, 'Get Many Contacts');
	const textwords = outputOf(exec.json, 'Get Many Textwords');
	const requests = sandbox.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ?? ''}`);
	const contactPages = sandbox.requests.filter((r) => r.method === 'GET' && /\/contacts$/.test(r.path)).length;
	log(`    Create Contact: ${created.error ?? `${created.items.length} item, contact_id ${created.items[0]?.contact_id}, mobile ${created.items[0]?.mobile_number}`}`);
	log(`    Get Many Contacts (Return All): ${contacts.error ?? `${contacts.items.length} items (the sandbox holds ${sandbox.state.current.contacts.length}; ${contactPages} GET request(s))`}`);
	log(`    Get Many Textwords (Return All): ${textwords.error ?? `${textwords.items.length} items (the sandbox holds ${sandbox.state.legacy.textwords.length})`}`);
	log(`    sandbox requests: ${requests.length} (${[...new Set(requests.map((r) => r.replace(/\?.*/, '')))].join(', ')})`);
	results.push(['execute: Contact Create', exec.status === 0 && !created.error && created.items.length === 1 && sandbox.state.current.contacts.length === contactsBefore + 1]);
	results.push(['execute: Contact Get Many (Return All)', !contacts.error && contacts.items.length === sandbox.state.current.contacts.length]);
	results.push(['execute: Legacy Textword Get Many (Return All)', !textwords.error && textwords.items.length === sandbox.state.legacy.textwords.length]);

	// n8n start: the published trigger workflow gets one delivery.
	const logFile = path.join(work, 'n8n-start.log');
	const child = spawn(process.execPath, [n8nBin, 'start'], { env: n8nEnv(userFolder), stdio: ['ignore', fs.openSync(logFile, 'a'), fs.openSync(logFile, 'a')] });
	children.push(child);
	const base = `http://127.0.0.1:${PORT}`;
	const started = Date.now();
	for (;;) {
		if (child.exitCode !== null) throw new Error(`n8n start exited (${child.exitCode}); see ${logFile}`);
		try {
			if ((await fetch(`${base}/healthz/readiness`)).ok) break;
		} catch {
			// not yet
		}
		if (Date.now() - started > 120_000) throw new Error('n8n start not ready in 120 s');
		await new Promise((r) => setTimeout(r, 500));
	}
	log(`  n8n start: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (log ${logFile})`);
	// The same contact_created event the e2e trigger checks post.
	const event = currentEvent();
	let answer;
	for (let i = 0; i < 60; i++) {
		answer = await fetch(`${base}/webhook/${HOOK}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
		if (answer.status !== 404) break;
		await new Promise((r) => setTimeout(r, 500));
	}
	const answerText = await answer.text();
	log(`  POST ${base}/webhook/${HOOK}/webhook (contact_created): ${answer.status} ${answerText.slice(0, 120)}`);
	// The execution it started, as stored by n8n (owner login for the REST API).
	const owner = { email: 'owner@example.com', firstName: 'Compat', lastName: 'Owner', password: 'Compat-Check-1' };
	await fetch(`${base}/rest/owner/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
	const login = await fetch(`${base}/rest/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }) });
	const cookie = (login.headers.get('set-cookie') || '').split(';')[0];
	const types = (await (await fetch(`${base}/types/nodes.json`, { headers: { cookie } })).json()).map((t) => t.name).filter((n) => n.startsWith(pkg.name));
	log(`  /types/nodes.json lists: ${types.join(', ')}`);
	let execution;
	let executions = 0;
	for (let i = 0; i < 40 && !execution; i++) {
		const list = await (await fetch(`${base}/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: trigger.id }))}`, { headers: { cookie } })).json();
		const found = list.data?.results ?? list.data ?? [];
		executions = found.length;
		execution = found.find((e) => e.finished || e.status === 'success');
		if (!execution) await new Promise((r) => setTimeout(r, 500));
	}
	// A second run of the same delivery would show up shortly after the first.
	await new Promise((r) => setTimeout(r, 1500));
	const again = await (await fetch(`${base}/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: trigger.id }))}`, { headers: { cookie } })).json();
	executions = (again.data?.results ?? again.data ?? []).length;
	let triggerItem;
	if (execution) {
		const full = await (await fetch(`${base}/rest/executions/${execution.id}`, { headers: { cookie } })).json();
		const { parse } = require(path.join(n8nDir, 'node_modules', 'flatted'));
		const data = parse(full.data.data);
		triggerItem = data.resultData.runData['SlickText Trigger']?.[0]?.data?.main?.[0]?.[0]?.json;
	}
	log(`  executions of the trigger workflow: ${executions}; ${execution ? `#${execution.id} ${execution.status ?? (execution.finished ? 'finished' : '')}, mode ${execution.mode}` : 'none'}; item: ${JSON.stringify(triggerItem)?.slice(0, 200)}`);
	results.push(['start: node types listed', ['slickText', 'slickTextLegacy', 'slickTextTrigger'].every((n) => types.includes(`${pkg.name}.${n}`))]);
	results.push([
		'start: published trigger answers a delivery and runs its workflow once with the event',
		answer.status === 200 && executions === 1 && triggerItem?.data?.contact_id === event.data.contact_id,
	]);
	child.kill('SIGTERM');
	await new Promise((r) => child.once('exit', r));
}

async function main() {
	const when = new Date().toISOString();
	log(`Install check: n8n ${N8N_VERSION} on Node ${process.versions.node}, npm ${run('npm', ['--version'], { env: npmEnv() }).stdout.trim()}, ${when}`);
	ensureN8n();
	const sandbox = await startSandbox({ rateLimit: false }, SANDBOX_PORT);
	const registry = await startRegistry();
	const results = [];
	try {
		const optional = pack(false);
		const required = pack(true);
		await publish(registry, optional);
		await publish(registry, required);
		log(`\n1. peer n8n-workflow "${required.manifest.peerDependencies['n8n-workflow']}" NOT marked optional (the package.json before this change), ${required.manifest.version}:`);
		const before = installAsN8n(registry, required.manifest.version);
		log(`\n2. peer n8n-workflow "${optional.manifest.peerDependencies['n8n-workflow']}" with peerDependenciesMeta ${JSON.stringify(optional.manifest.peerDependenciesMeta)} (this package.json), ${optional.manifest.version}:`);
		const after = installAsN8n(registry, optional.manifest.version);
		results.push(['install: the package alone, no n8n-workflow', after.status === 0 && after.packageInstalled && !after.n8nWorkflow]);
		log(`\n3. the package in n8n ${N8N_VERSION}, against the sandbox (${sandbox.origin}):`);
		if (after.status === 0) await actionsAndTrigger(after.userFolder, sandbox, results);
		log('\nResult:');
		for (const [name, ok] of results) log(`  ${ok ? 'ok  ' : 'FAIL'}  ${name}`);
		log(`  (for comparison, without the optional mark: npm exit ${before.status}; npm's plan adds ${before.wouldAdd.join(', ') || 'no n8n-workflow'})`);
	} finally {
		await sandbox.stop();
		for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
		if (!args.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
		else log(`kept ${work}`);
	}
	const ok = results.length > 0 && results.every(([, passed]) => passed);
	process.exit(ok ? 0 : 1);
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
	process.exit(1);
});
