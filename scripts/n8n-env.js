'use strict';
// Shared by `npm run dev` and the end-to-end tests: an n8n user folder with this package installed the
// way n8n installs community packages, credentials pointing at the sandbox, and helpers to run n8n.

const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensureRuntime } = require('./n8n-runtime');

const root = path.resolve(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));

const OWNER = { email: 'owner@example.com', firstName: 'Sandbox', lastName: 'Owner', password: 'SlickText-Sandbox-1' };
const CREDENTIAL_IDS = { current: 'slicktextCurrent1', legacy: 'slicktextLegacy01', webhook: 'slicktextWebhook1' };

function n8nEnv(userFolder, extra = {}) {
	const runtime = ensureRuntime();
	return {
		...process.env,
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
		N8N_RUNNERS_BROKER_PORT: extra.N8N_RUNNERS_BROKER_PORT || '5679',
		N8N_LOG_LEVEL: 'warn',
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

/** Credentials of both nodes that point at a running sandbox (or at whatever the caller gives). */
function credentialsFor(sandbox) {
	return [
		{
			id: CREDENTIAL_IDS.current,
			name: 'SlickText sandbox (current API)',
			type: 'slickTextApi',
			data: sandbox.currentCredentials(),
		},
		{
			id: CREDENTIAL_IDS.legacy,
			name: 'SlickText sandbox (legacy API)',
			type: 'slickTextLegacyApi',
			data: sandbox.legacyCredentials(),
		},
	];
}

/** Runs an n8n CLI command and returns {status, stdout, stderr, json} (json: the first line starting with {). */
function n8nCli(userFolder, args, extraEnv = {}) {
	const runtime = ensureRuntime();
	const result = spawnSync(runtime.node, [runtime.n8nBin, ...args], {
		env: n8nEnv(userFolder, extraEnv),
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
	});
	let json;
	const lines = (result.stdout || '').split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start >= 0) {
		try {
			json = JSON.parse(lines.slice(start).join('\n'));
		} catch {
			json = undefined;
		}
	}
	return { status: result.status, stdout: result.stdout, stderr: result.stderr, json };
}

function prepareUserFolder(userFolder, { sandbox, workflows = [] } = {}) {
	fs.mkdirSync(path.join(userFolder, 'tmp'), { recursive: true });
	installPackage(userFolder);
	if (sandbox) {
		const file = path.join(userFolder, 'tmp', 'credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentialsFor(sandbox)));
		const r = n8nCli(userFolder, ['import:credentials', '--input', file]);
		if (r.status !== 0) throw new Error(`importing credentials failed: ${r.stderr || r.stdout}`);
	}
	for (const workflow of workflows) {
		const file = path.join(userFolder, 'tmp', `workflow-${workflow.id}.json`);
		fs.writeFileSync(file, JSON.stringify(workflow));
		const r = n8nCli(userFolder, ['import:workflow', '--input', file]);
		if (r.status !== 0) throw new Error(`importing workflow ${workflow.id} failed: ${r.stderr || r.stdout}`);
	}
}

/** Starts `n8n start`; resolves once /healthz/readiness answers. */
async function startN8n(userFolder, { port = 5678, log = 'inherit', brokerPort } = {}) {
	const runtime = ensureRuntime();
	const child = spawn(runtime.node, [runtime.n8nBin, 'start'], {
		env: n8nEnv(userFolder, {
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort || port + 1),
		}),
		stdio: ['ignore', log, log],
	});
	const base = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 120_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`n8n exited with code ${child.exitCode}`);
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
	const res = await fetch(`${base}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
	});
	if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
	const cookie = (res.headers.get('set-cookie') || '').split(';')[0];
	return cookie;
}

function stopProcess(child) {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null) return resolve();
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
	installPackage,
	credentialsFor,
	n8nCli,
	n8nEnv,
	prepareUserFolder,
	startN8n,
	ownerSession,
	stopProcess,
	root,
};
