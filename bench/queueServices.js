'use strict';
// What the queue-mode benchmarks share: Redis (Debian's redis-server) and a throw-away Postgres cluster
// (Debian's postgresql, run as the postgres user when started as root) on 127.0.0.1 ports of their own,
// the environment that puts n8n into queue mode against them, n8n processes (main, `n8n webhook`,
// `n8n worker`) with log files, and one list of every process started, each stopped by its PID: in
// reverse order of start, also on failure or Ctrl-C, and killed as a last resort when the script exits.

const { fork, spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const env = require('../scripts/n8n-env');
const { paths, ensureRuntime } = require('../scripts/n8n-runtime');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every process started through this module: {name, child, stopSignal}, in order of start. */
const started = [];
/** Run after the processes are stopped on Ctrl-C (for example removing a temporary folder). */
const onInterrupt = [];
let handlersInstalled = false;

function installHandlers() {
	if (handlersInstalled) return;
	handlersInstalled = true;
	// Last resort when the script dies some other way: no orphaned servers.
	process.on('exit', () => {
		for (const { child } of started) {
			if (running(child)) {
				try {
					process.kill(child.pid, 'SIGKILL');
				} catch {
					// gone already
				}
			}
		}
	});
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.on(signal, () => {
			console.error(`${signal}: stopping every process started here`);
			stopAll()
				.then(async () => {
					for (const fn of onInterrupt) await fn();
				})
				.finally(() => process.exit(130));
		});
	}
}

const running = (child) => Boolean(child.pid) && child.exitCode === null && child.signalCode === null;

/** Registers a child so that it is stopped by PID (stopSignal first, SIGKILL after 20 s). */
function track(name, child, stopSignal = 'SIGTERM') {
	installHandlers();
	started.push({ name, child, stopSignal });
	return child;
}

function stopEntry({ name, child, stopSignal }) {
	return new Promise((resolve) => {
		if (!running(child)) return resolve();
		const timer = setTimeout(() => {
			console.error(`${name} (pid ${child.pid}) did not stop in 20 s: SIGKILL`);
			try {
				process.kill(child.pid, 'SIGKILL');
			} catch {
				// gone already
			}
		}, 20_000);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		try {
			process.kill(child.pid, stopSignal);
		} catch {
			clearTimeout(timer);
			resolve();
		}
	});
}

/** Stops, newest first, every tracked process for which `which(name)` holds, and forgets it. */
async function stopWhere(which) {
	for (let i = started.length - 1; i >= 0; i--) {
		if (!which(started[i].name)) continue;
		const [entry] = started.splice(i, 1);
		await stopEntry(entry);
	}
}

/** The services n8n uses: stopped after every n8n process. */
const SERVICES = new Set(['redis', 'postgres']);

/**
 * Stops every tracked process: the n8n processes at once (an n8n webhook process waits for executions it
 * still counts as running, up to its 20 s here), then the services they use.
 */
async function stopAll() {
	const n8n = started.filter((entry) => !SERVICES.has(entry.name));
	for (const entry of n8n) started.splice(started.indexOf(entry), 1);
	await Promise.all(n8n.map(stopEntry));
	await stopWhere(() => true);
}

/** The PID of a tracked process by name, for log lines. */
const pidOf = (name) => started.find((s) => s.name === name)?.child.pid;

function portOpen(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** Rejects when something already listens on one of the ports: it would answer in place of ours. */
async function assertPortsFree(ports) {
	for (const [what, port] of Object.entries(ports)) {
		if (await portOpen(port)) throw new Error(`port ${port} (${what}) is already in use`);
	}
}

/** Polls `check` until it holds; fails when `child` exits first or after `timeoutMs`. */
async function waitFor(what, check, child, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child && !running(child)) throw new Error(`${what} exited (${child.signalCode ?? child.exitCode}) before it was ready`);
		try {
			if (await check()) return;
		} catch {
			// not up yet
		}
		if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
		await sleep(300);
	}
}

/** Debian's postgres binaries (the newest installed major version), or undefined. */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')));
	versions.sort((a, b) => Number(b) - Number(a));
	return versions[0] && path.join(root, versions[0], 'bin');
}

function which(command) {
	const r = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Why queue mode cannot run here, or undefined. */
function missing() {
	if (!fs.existsSync(paths().ready)) return 'the n8n runtime is not installed (npm run test:e2e installs it)';
	if (!which('redis-server')) return 'Redis is not installed (apt-get install -y redis-server)';
	if (!postgresBin()) return 'Postgres is not installed (apt-get install -y postgresql)';
	if (process.getuid && process.getuid() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
		return 'running as root and there is no postgres user to run Postgres as';
	}
	return undefined;
}

/** A log file `<name>.log` in `folder` opened for appending, or 'ignore' without a folder. */
function logFile(folder, name) {
	return folder ? fs.openSync(path.join(folder, `${name}.log`), 'a') : 'ignore';
}

/** redis-server without persistence on 127.0.0.1:port, its working folder under `tmp`. */
async function startRedis({ port, tmp, logs }) {
	const dir = fs.mkdtempSync(path.join(tmp, 'redis-'));
	const out = logFile(logs, 'redis');
	const child = track(
		'redis',
		spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
			stdio: ['ignore', out, out],
		}),
	);
	await waitFor('redis', () => portOpen(port), child);
	return child;
}

/**
 * initdb into a fresh folder under `tmp` and run postgres from it on 127.0.0.1:port with a `user` that
 * needs no password; as root, both under the postgres user (which then owns the folder). Stopped with
 * SIGINT (fast shutdown: rolls back open transactions and stops at once).
 */
async function startPostgres({ port, tmp, logs, user = 'postgres', maxConnections = 100 }) {
	const bin = postgresBin();
	const dir = fs.mkdtempSync(path.join(tmp, 'pg-'));
	const asUser = {};
	if (process.getuid() === 0) {
		asUser.uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
		asUser.gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
		// The postgres user must reach the folder: open the way down to it and hand it over.
		fs.chmodSync(tmp, 0o755);
		fs.chownSync(dir, asUser.uid, asUser.gid);
	}
	const data = path.join(dir, 'data');
	const init = spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
		...asUser,
		cwd: dir,
		encoding: 'utf8',
	});
	if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
	const out = logFile(logs, 'postgres');
	const child = track(
		'postgres',
		spawn(
			path.join(bin, 'postgres'),
			['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', `max_connections=${maxConnections}`],
			{ ...asUser, cwd: dir, stdio: ['ignore', out, out] },
		),
		'SIGINT',
	);
	const ready = () => spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', user]).status === 0;
	await waitFor('postgres', async () => ready(), child);
	return child;
}

/** Runs one SQL statement with psql (unaligned, tuples only) and returns its output. */
function psql({ port, user = 'postgres' }, sql) {
	const r = spawnSync(path.join(postgresBin(), 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', 'postgres', '-At', '-c', sql], {
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
	return r.stdout;
}

/** The environment that puts every n8n command (imports, main, webhook, worker) into queue mode. */
function queueEnv({ redisPort, postgresPort, user = 'postgres', extra = {} }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: user,
		DB_POSTGRESDB_PASSWORD: '',
		...extra,
	};
}

/**
 * Spawns an n8n command (`start`, `webhook`, `worker --concurrency=10`) with the package's environment
 * plus `extra`, tracked under `name`. `log` is a file descriptor, 'ignore' or 'pipe'.
 */
function spawnN8n(name, folder, command, extra, log) {
	const runtime = ensureRuntime();
	return track(name, spawn(runtime.node, [runtime.n8nBin, ...command], { env: env.n8nEnv(folder, extra), stdio: ['ignore', log, log] }));
}

/**
 * `n8n webhook` on `port`; resolves once /healthz/readiness answers. Its /healthz answers as soon as the port
 * listens, before n8n mounts the webhook routes: a request then gets express's 404.
 */
async function startWebhookProcess(name, folder, { port, brokerPort, log = 'ignore', extra = {} }) {
	const child = spawnN8n(name, folder, ['webhook'], { N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(brokerPort), ...extra }, log);
	await waitFor(name, async () => (await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).ok, child, 180_000);
	return child;
}

/** `n8n worker`; resolves once its readiness check (on `healthPort`) answers. */
async function startWorker(name, folder, { port, healthPort, brokerPort, concurrency = 10, log = 'ignore', extra = {} }) {
	const child = spawnN8n(
		name,
		folder,
		['worker', `--concurrency=${concurrency}`],
		{
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			...extra,
		},
		log,
	);
	await waitFor(name, async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).ok, child, 180_000);
	return child;
}

/**
 * The sandbox in its own process (bench/sandbox-child.js), limiting like SlickText. `ask(type, extra)`
 * sends the child a message and resolves with its answer of the same type (e.g. `arrivals`, `requests`).
 */
async function startSandboxChild(logs, env = {}) {
	const out = logFile(logs, 'sandbox');
	const child = track(
		'sandbox',
		fork(path.join(__dirname, 'sandbox-child.js'), [], { env: { ...process.env, ...env }, stdio: ['ignore', out, out, 'ipc'] }),
	);
	const ready = await new Promise((resolve, reject) => {
		child.once('message', resolve);
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	const ask = (type, extra = {}) =>
		new Promise((resolve) => {
			const onMessage = (m) => {
				if (m?.type !== type) return;
				child.off('message', onMessage);
				resolve(m[type]);
			};
			child.on('message', onMessage);
			child.send({ type, ...extra });
		});
	return { ...ready, child, ask };
}

module.exports = {
	startSandboxChild,
	track,
	stopWhere,
	stopAll,
	pidOf,
	onInterrupt,
	portOpen,
	assertPortsFree,
	waitFor,
	postgresBin,
	missing,
	logFile,
	startRedis,
	startPostgres,
	psql,
	queueEnv,
	spawnN8n,
	startWebhookProcess,
	startWorker,
	sleep,
};
