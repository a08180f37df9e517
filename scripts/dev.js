'use strict';
// `npm run dev`: builds the package, starts the SlickText sandbox, installs the package into a local n8n
// user folder as n8n installs community packages, imports credentials and the example workflows, and
// starts real n8n on 127.0.0.1:5678. Ctrl-C stops everything.
//
//   npm run dev                    against the sandbox
//   npm run dev -- --no-sandbox    no sandbox and no credentials: bring your own SlickText account

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { DEV_WEBHOOK_SECRET, devN8nEnv, prepareDevExamples, twoWaySteps } = require('./dev-settings');
const { ensureRuntime } = require('./n8n-runtime');
const { exampleWorkflows } = require('./examples');
const { OWNER, WEBHOOK_HEADER, prepareUserFolder, publishWorkflow, startN8n, ownerSession, stopProcess, root } = require('./n8n-env');

const args = process.argv.slice(2);
const withSandbox = !args.includes('--no-sandbox');
const port = Number(process.env.N8N_PORT || 5678);
const sandboxPort = Number(process.env.SLICKTEXT_SANDBOX_PORT || 8787);
const userFolder = path.resolve(process.env.SLICKTEXT_DEV_FOLDER || path.join(root, '.n8n-dev'));

function log(message) {
	process.stdout.write(`[dev] ${message}\n`);
}


// What is running, so that Ctrl-C or a failure at any step stops it (an n8n child left behind would keep
// the port and the sandbox's credentials busy).
const running = { sandbox: undefined, child: undefined, stopping: undefined };

function shutdown(code) {
	running.stopping ??= (async () => {
		log('stopping');
		await stopProcess(running.child);
		if (running.sandbox) await running.sandbox.stop();
		process.exit(code);
	})();
	return running.stopping;
}

// Registered before anything starts: a Ctrl-C during the build or n8n's start-up stops what is up so far.
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function main() {
	log('building the package');
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);

	log('preparing the n8n runtime (installed once into a cache, then reused)');
	ensureRuntime();

	if (withSandbox) {
		const { startSandbox } = require('../sandbox/server');
		// Its legacy webhook secret is the legacy credential's: the replies it plays are signed, as SlickText's are.
		running.sandbox = await startSandbox({ legacyWebhookSecret: DEV_WEBHOOK_SECRET }, sandboxPort);
		log(
			`SlickText sandbox at ${running.sandbox.currentBaseUrl} (current) and ${running.sandbox.legacyBaseUrl} (legacy)`,
		);
	}

	log(`installing n8n-nodes-slicktext into ${userFolder}`);
	fs.rmSync(path.join(userFolder, '.n8n', 'database.sqlite'), { force: true });
	const workflows = withSandbox ? exampleWorkflows({ sandbox: running.sandbox }) : [];
	// Examples 7-9 wait for replies: they reach n8n at a SlickText Trigger, whose Production URL the
	// credentials name (Trigger URL for Replies): example 7's for the legacy API, example 9's for the current one.
	const examples = withSandbox ? prepareDevExamples(workflows, running.sandbox, port) : { replyTriggerUrls: {}, publish: [] };
	const prepared = prepareUserFolder(userFolder, {
		sandbox: running.sandbox,
		workflows,
		replyTriggerUrls: examples.replyTriggerUrls,
	});

	log(`starting n8n on http://127.0.0.1:${port}`);
	// n8n's own addresses (webhooks, waiting executions) on the address it listens on.
	const { child, base } = await startN8n(userFolder, { port, onSpawn: (c) => (running.child = c), env: devN8nEnv(port) });
	child.on('exit', (code) => {
		if (running.stopping) return;
		log(`n8n exited with code ${code}`);
		void shutdown(code ?? 0);
	});
	const cookie = await ownerSession(base);
	// The workflows whose SlickText-Replies take the sandbox's replies, published as a user would.
	for (const id of examples.publish) await publishWorkflow(base, cookie, id);

	log('');
	log(`n8n is ready: ${base}`);
	log(`log in with   ${OWNER.email} / ${OWNER.password}`);
	if (running.sandbox) {
		const { CREDENTIALS } = require('../sandbox/server');
		log('credentials "SlickText sandbox (current API)" and "SlickText sandbox (legacy API)" point at the sandbox;');
		log('the example workflows are imported. Ctrl-C stops n8n and the sandbox.');
		log('');
		log('sandbox keys, to restore a credential you changed:');
		log(`  SlickText API         Base URL ${running.sandbox.currentBaseUrl}`);
		log(`                        API Key ${CREDENTIALS.current.apiKey}   Brand ID ${CREDENTIALS.current.brandId}`);
		log(`  SlickText Legacy API  Base URL ${running.sandbox.legacyBaseUrl}`);
		log(`                        Public Key ${CREDENTIALS.legacy.publicKey}   Private Key ${CREDENTIALS.legacy.privateKey}`);
		log('');
		log(`The example webhooks that create contacts and send texts require the header ${WEBHOOK_HEADER}`);
		log('(credential "Webhook header auth (examples)", a random value made for this run). Once the workflow is');
		log('published (Publish, top right in the editor), the other app sends, for example:');
		for (const hook of prepared.webhooks.filter((h) => h.headerAuth)) {
			log(`  ${hook.workflow}`);
			log(`    curl -X POST ${base}/${hook.path} -H '${WEBHOOK_HEADER}: ${prepared.webhookToken}' \\`);
			log(`      -H 'Content-Type: application/json' -d '{"phone": "+16175550142", "order": "A-1001", "first_name": "Rosa"}'`);
		}
		log('Without the header n8n refuses the request (403) and nothing is sent. Each number goes through once a');
		log('day (the Remove Duplicates node): post another number to try again.');
		log('');
		for (const line of twoWaySteps({ sandboxOrigin: running.sandbox.origin, ...examples })) log(line);
	} else {
		log('no sandbox: create a SlickText API or SlickText Legacy API credential with your own keys.');
	}
}

main().catch((error) => {
	console.error(`[dev] ${error.message}`);
	void shutdown(1);
});
