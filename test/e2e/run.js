'use strict';
// `npm run test:e2e`: the package inside real n8n (2.41.1 on Node 24), against the sandbox.
// Headless runs (`n8n execute`) of workflows covering every resource of both nodes and of each example,
// then `n8n start`: node and credential types listed, credential tests over the REST API, and the
// trigger receiving events posted like SlickText posts them. Prints "N passed, N failed".

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../../sandbox/server');
const { prepareUserFolder, n8nCli, n8nCliAsync, startN8n, ownerSession, stopProcess, CREDENTIAL_IDS } = require('../../scripts/n8n-env');
const { ensureRuntime } = require('../../scripts/n8n-runtime');
const { ensureChromium } = require('../../scripts/browser');
const allSuites = {
	runtime: require('./runtime'),
	headless: require('./headless'),
	editor: require('./editorChecks'),
	agent: require('./agent'),
	server: require('./server'),
	repeats: require('./repeats'),
	imports: require('./imports'),
	retries: require('./retries'),
	panel: require('./triggerPanel'),
	twoWay: require('./twoWay'),
	twoWayScale: require('./twoWayScale'),
	editorPanels: require('./editorPanels'),
	devPath: require('./devPath'),
};
// n8n pings its database every 2 s and, when one ping takes over 5 s, answers every request (webhooks too)
// 503 "Database is not ready!" until one gets through. On a loaded CI machine SQLite's reads can take that
// long (a CI run lost 8 two-way checks to it). These checks judge our nodes, not n8n's database watch, so
// every n8n they start (inheriting this environment) waits a minute before calling its database gone.
process.env.DB_PING_TIMEOUT_MS ??= '60000';

// E2E_ONLY=repeats (comma-separated names) runs some suites only, while working on them.
const suites = (process.env.E2E_ONLY ? process.env.E2E_ONLY.split(',') : Object.keys(allSuites)).map((name) => allSuites[name]);

const results = [];

/** The first `lines` lines of a failure (its message and where), indented by `indent`. */
function failureLines(error, lines, indent) {
	return String(error && error.stack ? error.stack : error).split('\n').slice(0, lines).join(`\n${indent}`);
}

// E2E_CHECK=text runs only the checks whose name holds it (a suite still starts its n8n), while working on one.
async function check(name, fn) {
	if (process.env.E2E_CHECK && !name.includes(process.env.E2E_CHECK)) return;
	const started = Date.now();
	try {
		await fn();
		results.push({ name, ok: true });
		console.log(`  ok    ${name} (${Date.now() - started} ms)`);
	} catch (error) {
		results.push({ name, ok: false, error });
		console.log(`  FAIL  ${name}\n        ${failureLines(error, 6, '        ')}`);
	}
}

async function main() {
	ensureRuntime();
	// The editor checks (the trigger's panel, the examples pasted into the editor) need Chromium.
	ensureChromium();
	const sandbox = await startSandbox({ rateLimit: false });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-'));
	const context = { sandbox, userFolder, n8nCli, n8nCliAsync, startN8n, ownerSession, stopProcess, CREDENTIAL_IDS, check };
	try {
		const workflows = suites.flatMap((s) => (s.workflows ? s.workflows(context) : []));
		console.log(`preparing an n8n user folder in ${userFolder} (${workflows.length} workflows)`);
		// The legacy trigger reads its webhook secret from the SlickText Legacy API credential.
		context.prepared = prepareUserFolder(userFolder, {
			sandbox,
			workflows,
			legacyWebhookSecret: require('./triggerWorkflows').SECRET,
		});
		context.workflows = workflows;
		for (const suite of suites) {
			console.log(`\n${suite.title}`);
			const began = Date.now();
			await suite.run(context);
			// What each suite costs a landing (docs/development.md, which command guards what).
			console.log(`  (${Math.round((Date.now() - began) / 1000)} s)`);
		}
	} finally {
		await sandbox.stop();
		if (!process.env.KEEP_E2E_FOLDER) fs.rmSync(userFolder, { recursive: true, force: true });
	}
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed;
	// Again at the end: CI keeps only the head and the tail of a long log, and a failure printed in the middle is cut out.
	for (const r of results.filter((r) => !r.ok)) {
		console.log(`\nFAIL  ${r.name}\n      ${failureLines(r.error, 4, '      ')}`);
	}
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((error) => {
	console.error(error);
	console.log('\n0 passed, 1 failed');
	process.exit(1);
});
