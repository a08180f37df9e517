'use strict';
// n8n as a big user runs it, for two-way texts, shared by test/e2e/twoWayScale.js and
// bench/two-way-scale-n8n.js: queue mode (Postgres, Redis, a worker), main, and `n8n webhook` processes
// behind a round-robin proxy of our own (/webhook and /webhook-waiting to the webhook processes in turn,
// the rest to main, as n8n's queue-mode documentation sets up its load balancer). The package's
// credentials point at the sandbox; the owner's n8n API key can be put into a credential.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const env = require('../scripts/n8n-env');
const { paths } = require('../scripts/n8n-runtime');
const services = require('./queueServices');
const { rest: restOf, waitFor } = require('../test/e2e/rest');

/** Redis and Postgres from Debian's packages: installed when missing, as the editor checks install Chromium. */
function ensureQueueServices() {
	const missing = services.missing();
	if (!missing) return;
	if (/Redis|Postgres/.test(missing)) {
		const pkg = /Redis/.test(missing) ? 'redis-server' : 'postgresql';
		console.error(`[queue services] ${missing}: installing Debian's ${pkg} with apt-get`);
		const run = (args) => spawnSync(args[0], args.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
		if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', pkg])) throw new Error(`${missing}, and apt-get could not install ${pkg}`);
		return ensureQueueServices();
	}
	throw new Error(missing);
}

/**
 * The load balancer: /webhook* requests to the webhook processes in turn (the list can change while it
 * runs), everything else to main. A process that does not answer gets the request's 502, as an LB's.
 * While `state.timeline` is an array, each request is added to it once answered ({method, path, start,
 * end}, Date.now() times): what a bench reads to tell where a reply's time went.
 */
function startProxy(port, mainPort, state) {
	let turn = 0;
	const server = http.createServer((req, res) => {
		if (Array.isArray(state.timeline)) {
			const entry = { method: req.method, path: req.url ?? '', start: Date.now() };
			res.once('finish', () => state.timeline?.push({ ...entry, end: Date.now() }));
		}
		const toWebhooks = /^\/webhook(-waiting)?\//.test(req.url ?? '');
		// n8n's resume addresses go to `state.waitingPorts` when set (a test that stops a process keeps them off it).
		const waiting = /^\/webhook-waiting\//.test(req.url ?? '') && state.waitingPorts;
		const targets = waiting ? state.waitingPorts : toWebhooks ? state.webhookPorts : [mainPort];
		// Counted until n8n has answered, also after the client gave up (n8n goes on with the request).
		state.open = (state.open ?? 0) + 1;
		const upstream = http.request({ host: '127.0.0.1', port: targets[turn++ % targets.length], method: req.method, path: req.url, headers: req.headers }, (answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		upstream.once('close', () => state.open--);
		upstream.on('error', () => {
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ message: 'bad gateway' }));
		});
		req.pipe(upstream);
	});
	return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * Starts the stack on ports from `basePort` (proxy = basePort), imports `workflows` and `credentials`
 * (each {id, name, type, data}), publishes the workflows and starts `workers` workers and `webhooks`
 * webhook processes.
 * Returns what a test or a bench needs, and stop().
 */
async function startTwoWayStack({ basePort, tmp, workflows, credentials, webhooks = 2, workers = 1, workerConcurrency = 10, webhookLogLevel }) {
	ensureQueueServices();
	const ports = {
		proxy: basePort,
		main: basePort + 1,
		mainBroker: basePort + 2,
		worker: basePort + 3,
		workerHealth: basePort + 4,
		workerBroker: basePort + 5,
		redis: basePort + 6,
		postgres: basePort + 7,
	};
	const proxyUrl = `http://127.0.0.1:${ports.proxy}`;
	const logs = path.join(tmp, 'logs');
	fs.mkdirSync(logs, { recursive: true });
	await services.assertPortsFree({ proxy: ports.proxy, main: ports.main, redis: ports.redis, postgres: ports.postgres });
	await services.startRedis({ port: ports.redis, tmp, logs });
	await services.startPostgres({ port: ports.postgres, tmp, logs, maxConnections: 200 });
	const saved = { ...process.env };
	Object.assign(process.env, services.queueEnv({ redisPort: ports.redis, postgresPort: ports.postgres }), { N8N_RUNNERS_BROKER_PORT: String(ports.mainBroker) });
	const webhookEnv = { N8N_WEBHOOK_URL: `${proxyUrl}/`, N8N_EDITOR_BASE_URL: `${proxyUrl}/` };
	const state = { webhookPorts: [] };
	const proxy = await startProxy(ports.proxy, ports.main, state);
	const folder = path.join(tmp, 'n8n');
	fs.mkdirSync(folder, { recursive: true });
	let cookie;
	const rest = (method, p, body) => restOf(`http://127.0.0.1:${ports.main}`, cookie, method, p, body);
	const webhook = new Map();

	const stop = async () => {
		await new Promise((r) => proxy.close(() => r()));
		proxy.closeAllConnections?.();
		await services.stopAll();
		for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
		Object.assign(process.env, saved);
	};

	/** Webhook process i: started (again) and put behind the proxy once it serves the published workflows. */
	const startWebhook = async (i) => {
		const port = basePort + 10 + 2 * i;
		await services.startWebhookProcess(`webhook ${i}`, folder, { port, brokerPort: port + 1, log: services.logFile(logs, `webhook-${i}`), extra: { ...webhookEnv, ...(webhookLogLevel ? { N8N_LOG_LEVEL: webhookLogLevel } : {}) } });
		webhook.set(i, port);
		if (!state.webhookPorts.includes(port)) state.webhookPorts.push(port);
	};
	/** Webhook process i taken from the proxy and stopped: SIGKILL as a crash, SIGTERM as a restart. */
	const killWebhook = async (i, signal = 'SIGKILL') => {
		state.webhookPorts = state.webhookPorts.filter((p) => p !== webhook.get(i));
		const pid = services.pidOf(`webhook ${i}`);
		if (pid) process.kill(pid, signal);
		await services.stopWhere((name) => name === `webhook ${i}`);
	};
	/**
	 * The first `count` webhook processes behind the proxy; `resumesOff`: a process that gets none of n8n's
	 * resume addresses (/webhook-waiting), the rest still in turn.
	 */
	const useWebhooks = (count, resumesOff) => {
		state.webhookPorts = [...webhook.values()].slice(0, count);
		state.waitingPorts = resumesOff === undefined ? undefined : state.webhookPorts.filter((port) => port !== webhook.get(resumesOff));
	};

	/**
	 * Webhook process i stopped among other requests (`signal`: SIGKILL as a crash, SIGTERM as a restart) and
	 * started again a second later; then the first `count` processes behind the proxy, n8n's resume addresses
	 * kept off process i (a process stopped mid-resume loses that resume in n8n: docs/queue-mode.md).
	 */
	const stopAndStart = async (i, { signal = 'SIGKILL', count }) => {
		await killWebhook(i, signal);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		await startWebhook(i);
		useWebhooks(count, i);
	};

	try {
		env.prepareUserFolder(folder, { workflows });
		const file = path.join(folder, 'tmp', 'stack-credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentials));
		const imported = env.n8nCli(folder, ['import:credentials', '--input', file]);
		if (imported.status !== 0) throw new Error(`import:credentials: ${imported.stderr || imported.stdout}`);
		const main = await env.startN8n(folder, { port: ports.main, brokerPort: ports.mainBroker, log: services.logFile(logs, 'main'), env: webhookEnv, onSpawn: (c) => services.track('main', c) });
		cookie = await env.ownerSession(main.base);
		await services.startWorker('worker', folder, { port: ports.worker, healthPort: ports.workerHealth, brokerPort: ports.workerBroker, concurrency: workerConcurrency, log: services.logFile(logs, 'worker'), extra: webhookEnv });
		// More workers (n8n's scaling guide runs several) on ports after the webhook processes'.
		for (let i = 1; i < workers; i++) {
			const port = basePort + 30 + 3 * i;
			await services.startWorker(`worker ${i}`, folder, { port, healthPort: port + 1, brokerPort: port + 2, concurrency: workerConcurrency, log: services.logFile(logs, `worker-${i}`), extra: webhookEnv });
		}
		for (const wf of workflows) {
			const stored = await rest('GET', `/rest/workflows/${wf.id}`);
			const res = await rest('POST', `/rest/workflows/${wf.id}/activate`, { versionId: stored.json?.data?.versionId });
			if (res.status >= 300) throw new Error(`activate ${wf.id}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
		}
		for (let i = 0; i < webhooks; i++) await startWebhook(i);
	} catch (error) {
		await stop();
		throw error;
	}

	/**
	 * An n8n API key made as in Settings > n8n API, put into the credential `id`: the owner's, or with
	 * `{ user: 'member' }` a member's, invited and signed up as in Settings > Users.
	 */
	const giveApiKey = async (credential, { user = 'owner' } = {}) => {
		const as = user === 'member' ? await memberRest() : rest;
		const scopes = (await as('GET', '/rest/api-keys/scopes')).json.data;
		const key = await as('POST', '/rest/api-keys', { label: `SlickText replies ${credential.id}`, expiresAt: null, scopes });
		if (key.status !== 200) throw new Error(`API key: ${JSON.stringify(key.json).slice(0, 300)}`);
		const updated = await rest('PATCH', `/rest/credentials/${credential.id}`, { name: credential.name, type: credential.type, data: { ...credential.data, n8nApiKey: key.json.data.rawApiKey } });
		if (updated.status !== 200) throw new Error(`credential: ${JSON.stringify(updated.json).slice(0, 300)}`);
		return key.json.data.rawApiKey;
	};

	/** A member's session (made once): invited by the owner, the invitation accepted, signed in. */
	let member;
	const memberRest = async () => {
		if (!member) {
			const base = `http://127.0.0.1:${ports.main}`;
			const who = { email: 'member@example.com', firstName: 'Bench', lastName: 'Member', password: 'SlickText-Member-1' };
			const invited = await rest('POST', '/rest/invitations', [{ email: who.email, role: 'global:member' }]);
			const url = invited.json?.data?.[0]?.user?.inviteAcceptUrl;
			if (!url) throw new Error(`invitation: ${invited.status} ${JSON.stringify(invited.json).slice(0, 300)}`);
			const token = new URL(url).searchParams.get('token');
			const accepted = await restOf(base, '', 'POST', '/rest/invitations/accept', { token, firstName: who.firstName, lastName: who.lastName, password: who.password });
			if (accepted.status !== 200) throw new Error(`accepting the invitation: ${accepted.status} ${JSON.stringify(accepted.json).slice(0, 300)}`);
			const memberCookie = await env.session(base, who);
			member = (method, p, body) => restOf(base, memberCookie, method, p, body);
		}
		return member;
	};

	// Read from Postgres: n8n 2.41's execution list pages by start time and drops an execution where two
	// started in the same millisecond at a page's end (200 waiting listed as 199).
	const db = { port: ports.postgres };
	const executions = (workflowId, status) =>
		services
			.psql(db, `select id, status from execution_entity where "workflowId" = '${workflowId}'${status ? ` and status = '${status}'` : ''} order by id`)
			.split('\n')
			.filter(Boolean)
			.map((line) => ({ id: line.split('|')[0], status: line.split('|')[1] }));
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	/** The run data of each finished execution of a workflow (of those with an id in `ids`, when given), parsed. */
	const runData = (workflowId, status = 'success', ids) => {
		if (ids && ids.size === 0) return [];
		const only = ids ? ` and e.id in (${[...ids].map(Number).join(',')})` : '';
		const rows = services.psql(
			db,
			`select replace(encode(convert_to(d.data, 'UTF8'), 'base64'), E'\\n', '') from execution_data d join execution_entity e on e.id = d."executionId" where e."workflowId" = '${workflowId}' and e.status = '${status}'${only}`,
		);
		return rows
			.split('\n')
			.filter(Boolean)
			.map((line) => flatted.parse(Buffer.from(line, 'base64').toString('utf8')).resultData?.runData ?? {});
	};

	/** Resolves once each webhook process behind the proxy answers `probe` (a path) with 200. */
	const whenServing = async (probe) => {
		for (const port of [...webhook.values()]) {
			const ready = await waitFor(async () => {
				try {
					return (await fetch(`http://127.0.0.1:${port}${probe}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === 200;
				} catch {
					return false;
				}
			}, 120_000);
			if (!ready) throw new Error(`webhook process on ${port} never served ${probe}`);
		}
	};

	/** Starts recording the requests through the proxy (`state.timeline`), or stops it (`false`); returns the list. */
	const record = (on = true) => (state.timeline = on ? [] : undefined);
	/** Requests the proxy passed on that n8n has not answered yet (those a client gave up on included). */
	const openRequests = () => state.open ?? 0;
	return { ports, proxyUrl, folder, logs, rest, psql: (sql) => services.psql(db, sql), executions, runData, startWebhook, killWebhook, stopAndStart, useWebhooks, giveApiKey, whenServing, record, timeline: () => state.timeline ?? [], openRequests, stop };
}

module.exports = { startTwoWayStack, ensureQueueServices, startProxy };
