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

const { ensureRuntime } = require('./n8n-runtime');
const { OWNER, prepareUserFolder, startN8n, ownerSession, stopProcess, root } = require('./n8n-env');

const args = process.argv.slice(2);
const withSandbox = !args.includes('--no-sandbox');
const port = Number(process.env.N8N_PORT || 5678);
const sandboxPort = Number(process.env.SLICKTEXT_SANDBOX_PORT || 8787);
const userFolder = path.resolve(process.env.SLICKTEXT_DEV_FOLDER || path.join(root, '.n8n-dev'));

function log(message) {
	process.stdout.write(`[dev] ${message}\n`);
}

function exampleWorkflows() {
	const dir = path.join(root, 'examples');
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

async function main() {
	log('building the package');
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);

	log('preparing the n8n runtime (installed once into a cache, then reused)');
	ensureRuntime();

	let sandbox;
	if (withSandbox) {
		const { startSandbox } = require('../sandbox/server');
		sandbox = await startSandbox({}, sandboxPort);
		log(`SlickText sandbox at ${sandbox.currentBaseUrl} (current) and ${sandbox.legacyBaseUrl} (legacy)`);
	}

	log(`installing n8n-nodes-slicktext into ${userFolder}`);
	fs.rmSync(path.join(userFolder, '.n8n', 'database.sqlite'), { force: true });
	prepareUserFolder(userFolder, { sandbox, workflows: withSandbox ? exampleWorkflows() : [] });

	log(`starting n8n on http://127.0.0.1:${port}`);
	const { child, base } = await startN8n(userFolder, { port });
	await ownerSession(base);

	const stop = async () => {
		log('stopping');
		await stopProcess(child);
		if (sandbox) await sandbox.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	child.on('exit', async (code) => {
		if (sandbox) await sandbox.stop();
		process.exit(code ?? 0);
	});

	log('');
	log(`n8n is ready: ${base}`);
	log(`log in with   ${OWNER.email} / ${OWNER.password}`);
	if (sandbox) {
		log('credentials "SlickText sandbox (current API)" and "SlickText sandbox (legacy API)" point at the sandbox;');
		log('the example workflows are imported. Ctrl-C stops n8n and the sandbox.');
	} else {
		log('no sandbox: create a SlickText API or SlickText Legacy API credential with your own keys.');
	}
}

main().catch((error) => {
	console.error(`[dev] ${error.message}`);
	process.exit(1);
});
