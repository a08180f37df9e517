'use strict';
// Shared by `npm run dev` and the end-to-end tests: an n8n user folder with this package installed the
// way n8n installs community packages, credentials pointing at the sandbox, and helpers to run n8n.

const { spawn, spawnSync, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { ensureRuntime } = require('./n8n-runtime');

const root = path.resolve(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));

const OWNER = { email: 'owner@example.com', firstName: 'Sandbox', lastName: 'Owner', password: 'SlickText-Sandbox-1' };
const CREDENTIAL_IDS = { current: 'slicktextCurrent1', legacy: 'slicktextLegacy01', webhook: 'slicktextWebhook1' };

function n8nEnv(userFolder, extra = {}) {
	const runtime = ensureRuntime();
	const inherited = { ...process.env };
	// Jest (which runs the benchmark) sets NODE_ENV=test; n8n then behaves as in its own tests and
	// `n8n execute` prints nothing.
	if (inherited.NODE_ENV === 'test') delete inherited.NODE_ENV;
	return {
		...inherited,
		PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'n8n-nodes-slicktext-local-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry,agents,instance-ai,workflow-builder,chat-hub,insights',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		// Two n8n processes at once need distinct broker ports: the caller's, then the environment's.
		N8N_RUNNERS_BROKER_PORT: extra.N8N_RUNNERS_BROKER_PORT || process.env.N8N_RUNNERS_BROKER_PORT || '5679',
		// At 'warn' or 'error', `n8n execute --rawOutput` prints no JSON at all.
		N8N_LOG_LEVEL: 'info',
		TMPDIR: path.join(userFolder, 'tmp'),
		...extra,
	};
}

/** Packs the package (dist/ must be built) and unpacks it where n8n looks for community packages. */
function installPackage(userFolder) {
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-pack-'));
	const output = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const tarball = path.join(packDir, JSON.parse(output)[0].filename);
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	const nodesPackage = path.join(userFolder, '.n8n', 'nodes', 'package.json');
	fs.writeFileSync(
		nodesPackage,
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [pkg.name]: pkg.version } }, null, 2),
	);
	fs.rmSync(packDir, { recursive: true, force: true });
	return target;
}

/** The header the example workflows' Webhook nodes require (n8n's Header Auth). */
const WEBHOOK_HEADER = 'X-Webhook-Token';

/**
 * Credentials of both nodes that point at a running sandbox, and the Header Auth credential of the
 * example webhooks with the given token. `legacyWebhookSecret` goes into the legacy credential.
 */
function credentialsFor(sandbox, { webhookToken, legacyWebhookSecret, replyTriggerUrls = {} } = {}) {
	const legacy = sandbox.legacyCredentials();
	if (legacyWebhookSecret) legacy.webhookSecret = legacyWebhookSecret;
	// Two-way texts: where replies reach n8n (the Production URL of each platform's SlickText Trigger).
	if (replyTriggerUrls.legacy) legacy.replyTriggerUrl = replyTriggerUrls.legacy;
	const current = sandbox.currentCredentials();
	if (replyTriggerUrls.current) current.replyTriggerUrl = replyTriggerUrls.current;
	const webhook = webhookToken
		? [
				{
					id: CREDENTIAL_IDS.webhook,
					name: 'Webhook header auth (examples)',
					type: 'httpHeaderAuth',
					data: { name: WEBHOOK_HEADER, value: webhookToken },
				},
			]
		: [];
	return [
		...webhook,
		{
			id: CREDENTIAL_IDS.current,
			name: 'SlickText sandbox (current API)',
			type: 'slickTextApi',
			data: current,
		},
		{
			id: CREDENTIAL_IDS.legacy,
			name: 'SlickText sandbox (legacy API)',
			type: 'slickTextLegacyApi',
			data: legacy,
		},
	];
}

/**
 * Gives every webhook without an ID a random one, and an n8n Webhook node without a path that ID as
 * its path, as n8n's editor does on import: the example files carry no guessable paths. Returns the
 * paths by workflow and node name.
 */
function assignWebhookIds(workflow) {
	const paths = [];
	for (const node of workflow.nodes) {
		const isWebhook = node.type === 'n8n-nodes-base.webhook' || node.type === `${pkg.name}.slickTextTrigger`;
		if (!isWebhook) continue;
		node.webhookId ??= crypto.randomUUID();
		if (node.type === 'n8n-nodes-base.webhook') {
			if (!node.parameters.path) node.parameters.path = node.webhookId;
			// The examples' path is the workflow's own id: no URL fixed by the file (test/e2e/imports.js).
			const hookPath = node.parameters.path === '={{ $workflow.id }}' ? workflow.id : node.parameters.path;
			paths.push({ workflow: workflow.name, node: node.name, path: `webhook/${hookPath}`, headerAuth: node.parameters.authentication === 'headerAuth' });
		} else {
			paths.push({ workflow: workflow.name, node: node.name, path: `webhook/${node.webhookId}/webhook`, headerAuth: false });
		}
	}
	return paths;
}

/** The JSON that `n8n execute --rawOutput` prints after its log lines: from the first line starting with {. */
function firstJson(stdout) {
	const lines = (stdout || '').split('\n');
	// `n8n execute --rawOutput` prints the run as indented JSON: a line "{" to a line "}". n8n may log
	// other lines before or after it (some of them one-line JSON), so each such block is tried.
	const starts = lines.map((line, i) => (line === '{' ? i : -1)).filter((i) => i >= 0);
	const ends = lines.map((line, i) => (line === '}' ? i : -1)).filter((i) => i >= 0);
	for (const start of starts) {
		for (const end of ends.filter((e) => e > start).reverse()) {
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n'));
			} catch {
				// Not this block: try the next.
			}
		}
	}
	const first = lines.findIndex((line) => line.startsWith('{'));
	if (first < 0) return undefined;
	try {
		return JSON.parse(lines.slice(first).join('\n'));
	} catch {
		return undefined;
	}
}

/** Runs an n8n CLI command and returns {status, stdout, stderr, json} (json: the first line starting with {). */
function n8nCli(userFolder, args, extraEnv = {}) {
	const runtime = ensureRuntime();
	const result = spawnSync(runtime.node, [runtime.n8nBin, ...args], {
		env: n8nEnv(userFolder, extraEnv),
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
	});
	const json = firstJson(result.stdout);
	return { status: result.status, stdout: result.stdout, stderr: result.stderr, json };
}

/**
 * n8n fails to load a package whose Resource or Operation dropdown has no options (it appends "Custom API
 * Call" to the last option and reads its name), and only says "Cannot read properties of undefined (reading
 * 'name')". Names the node and the dropdown instead.
 */
function checkBuiltNodes() {
	const problems = [];
	for (const file of pkg.n8n.nodes) {
		const exported = require(path.join(root, file));
		for (const NodeClass of Object.values(exported)) {
			if (typeof NodeClass !== 'function') continue;
			const { description } = new NodeClass();
			for (const p of description.properties) {
				if (['resource', 'operation'].includes(p.name) && Array.isArray(p.options) && p.options.length === 0) {
					const shown = JSON.stringify(p.displayOptions?.show ?? {});
					problems.push(`${description.displayName}: the ${p.displayName} dropdown for ${shown} has no options`);
				}
			}
		}
	}
	if (problems.length > 0) {
		throw new Error(`n8n cannot load this package as built:\n  ${problems.join('\n  ')}`);
	}
}

/**
 * The same as n8nCli without blocking this process: needed when the sandbox runs in this process, which
 * must keep answering while n8n executes a workflow against it.
 */
function n8nCliAsync(userFolder, args, extraEnv = {}) {
	const runtime = ensureRuntime();
	return new Promise((resolve) => {
		const child = spawn(runtime.node, [runtime.n8nBin, ...args], { env: n8nEnv(userFolder, extraEnv) });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('close', (status) => resolve({ status, stdout, stderr, json: firstJson(stdout) }));
	});
}

/**
 * Installs the package, imports the credentials (with a random token for the example webhooks' Header
 * Auth) and the workflows. Returns {webhookToken, webhooks: [{workflow, node, path, headerAuth}]}.
 */
function prepareUserFolder(userFolder, { sandbox, workflows = [], legacyWebhookSecret, replyTriggerUrls } = {}) {
	checkBuiltNodes();
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	installPackage(userFolder);
	const webhookToken = crypto.randomBytes(24).toString('base64url');
	const webhooks = workflows.flatMap((workflow) => assignWebhookIds(workflow));
	if (sandbox) {
		const file = path.join(userFolder, 'tmp', 'credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentialsFor(sandbox, { webhookToken, legacyWebhookSecret, replyTriggerUrls })));
		const r = n8nCli(userFolder, ['import:credentials', '--input', file]);
		if (r.status !== 0) throw new Error(`importing credentials failed: ${r.stderr || r.stdout}`);
	}
	if (workflows.length > 0) {
		// One file with every workflow, one `n8n import:workflow`: each run of n8n's command line boots n8n
		// (seconds apiece), and the e2e run imports about thirty.
		const file = path.join(userFolder, 'tmp', 'workflows.json');
		fs.writeFileSync(file, JSON.stringify(workflows));
		const r = n8nCli(userFolder, ['import:workflow', '--input', file]);
		const said = `${r.stdout}\n${r.stderr}`;
		// n8n skips a workflow that breaks its import policy with a warning and still exits 0.
		const imported = /Successfully imported (\d+) workflow/.exec(said);
		if (r.status !== 0 || !imported || Number(imported[1]) !== workflows.length || /Skipped workflow/.test(said)) {
			throw new Error(`importing ${workflows.length} workflows (${workflows.map((w) => w.id).join(', ')}) failed: ${said.slice(-2000)}`);
		}
	}
	return { webhookToken, webhooks };
}

/** Rejects if something already listens on 127.0.0.1:port. */
function assertPortFree(port, what) {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', () =>
			reject(new Error(`port ${port} (${what}) is in use; choose another with N8N_PORT=<port>`)),
		);
		server.listen(port, '127.0.0.1', () => server.close(resolve));
	});
}

/** Starts `n8n start`; resolves once /healthz/readiness answers. */
async function startN8n(userFolder, { port = 5678, log = 'inherit', brokerPort, onSpawn, env = {} } = {}) {
	const runtime = ensureRuntime();
	// Another n8n on the port would answer the readiness check below in place of ours.
	await assertPortFree(port, 'n8n');
	await assertPortFree(brokerPort || port + 1, 'n8n task runner broker');
	const child = spawn(runtime.node, [runtime.n8nBin, 'start'], {
		env: n8nEnv(userFolder, {
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort || port + 1),
			...env,
		}),
		stdio: ['ignore', log, log],
	});
	onSpawn?.(child); // lets the caller stop n8n even if it never becomes ready
	const base = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 120_000;
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n exited with ${child.signalCode ?? `code ${child.exitCode}`}`);
		}
		try {
			const res = await fetch(`${base}/healthz/readiness`);
			if (res.ok) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			child.kill('SIGTERM');
			throw new Error('n8n did not become ready within 120 s');
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { child, base };
}

/** Creates the owner (first run) and logs in; returns the auth cookie. */
async function ownerSession(base) {
	await fetch(`${base}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(OWNER),
	});
	return await session(base, OWNER);
}

/** Signs a user in (`{ email, password }`); the session cookie. */
async function session(base, { email, password }) {
	const res = await fetch(`${base}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: email, password }),
	});
	if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
	return (res.headers.get('set-cookie') || '').split(';')[0];
}

/** Publishes (n8n 1.x: activates) a workflow, as the editor's Publish button does, with the owner's session. */
async function publishWorkflow(base, cookie, id) {
	const headers = { cookie, 'content-type': 'application/json' };
	const stored = await (await fetch(`${base}/rest/workflows/${id}`, { headers })).json();
	const res = await fetch(`${base}/rest/workflows/${id}/activate`, { method: 'POST', headers, body: JSON.stringify({ versionId: stored?.data?.versionId }) });
	if (!res.ok) throw new Error(`publishing workflow ${id} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/**
 * Every execution of a workflow (optionally of one status), read from n8n's REST API page by page.
 * `rest(method, path)` answers `{ status, json }` with the owner's session (each caller has one).
 */
async function listExecutions(rest, workflowId, status) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, ...(status ? { status: [status] } : {}) }));
	const all = [];
	// n8n 2.41 pages by the answer's `nextCursor` (it refuses the older `lastId` with 400).
	for (let cursor = ''; ; ) {
		const r = await rest('GET', `/rest/executions?filter=${filter}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
		if (r.status !== 200) throw new Error(`listing executions of ${workflowId}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
		const page = r.json?.data?.results ?? [];
		all.push(...page);
		cursor = r.json?.data?.nextCursor;
		if (!cursor || page.length === 0) return all;
	}
}

function stopProcess(child) {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

module.exports = {
	OWNER,
	CREDENTIAL_IDS,
	WEBHOOK_HEADER,
	assignWebhookIds,
	checkBuiltNodes,
	installPackage,
	credentialsFor,
	n8nCli,
	n8nCliAsync,
	n8nEnv,
	prepareUserFolder,
	startN8n,
	ownerSession,
	session,
	listExecutions,
	publishWorkflow,
	stopProcess,
	root,
};
