'use strict';
// The SlickText sandbox: one real HTTP server on 127.0.0.1 that emulates both SlickText APIs from
// ../shared/spec (current, brand-scoped under /v1; legacy, account-scoped under /legacy/v1).
// In memory and stateful. Tests start it in-process on port 0; `npm run sandbox` starts it by hand.

const http = require('node:http');
const https = require('node:https');
const { createRouter } = require('./shared/router');
const { createRateLimiter } = require('./shared/rateLimit');
const { createFault, takeFault, applyFault } = require('./shared/faults');
const { addTextword } = require('./legacy/store');
const { HttpError } = require('./shared/httpError');
const { CREDENTIALS } = require('./shared/credentials');
const { withLatency, delayingFront } = require('./shared/latency');
const { selfSignedCertificate } = require('./shared/tls');
const { createFreedoms } = require('./shared/freedoms');
const { createChurn } = require('./shared/churn');
const { playReply, playReplies, redeliver, replyEndpoint } = require('./shared/replies');
const currentFreedoms = require('./current/freedoms');
const legacyFreedoms = require('./legacy/freedoms');
const current = require('./current');
const legacy = require('./legacy');

const DEFAULT_RATE_LIMIT = { perSecond: 8, perMinute: 480 };

class Sandbox {
	/**
	 * @param {object} [options]
	 * @param {false|{perSecond:number, perMinute:number}} [options.rateLimit] SlickText's limit by default
	 * @param {{contacts?: number, subscribers?: number}} [options.seed] sizes of the demo data
	 * @param {number} [options.latencyMs] a round trip added to every request (see latency.js)
	 * @param {boolean} [options.tls] HTTPS with a self-signed certificate made at start (see tls.js)
	 * @param {false|true|number|string|{seed?: number|string, nulls?: boolean}} [options.freedoms] serve the
	 *   forms the specs allow besides the stored one, at random from this seed (see shared/freedoms.js);
	 *   off (false) by default, true draws a seed
	 * @param {string} [options.legacyWebhookSecret] the legacy webhook's secret: played replies are signed
	 *   with it (see reply()), and legacyCredentials() carries it as the credential's Webhook Secret
	 * @param {number} [options.webhookTimeoutMs] how long a played reply waits for the trigger (5000, SlickText's)
	 */
	constructor(options = {}) {
		this.options = {
			rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
			seed: options.seed || {},
			logBodies: options.logBodies !== false,
			latencyMs: Number(options.latencyMs) || 0,
			tls: options.tls === true,
			legacyWebhookSecret: options.legacyWebhookSecret ? String(options.legacyWebhookSecret) : undefined,
			webhookTimeoutMs: Number(options.webhookTimeoutMs) || undefined,
		};
		// Made once, so that reset() keeps the seed (a drawn one too).
		this.configuredFreedoms = createFreedoms(options.freedoms);
		this.credentials = CREDENTIALS;
		this.server = undefined;
		this.sockets = new Set();
		this.openConnections = 0;
		this.router = createRouter();
		current.register(this.router, this);
		legacy.register(this.router, this);
		this.reset();
	}

	/** Fresh demo data, an empty request log, no faults, the configured rate limit. */
	reset(seed = this.options.seed) {
		this.state = {
			current: current.createState(seed),
			legacy: legacy.createState(seed),
		};
		this.requests = [];
		this.faults = [];
		this.requestCount = 0;
		// Connections that carried at least one logged request (control paths do not count), and of
		// them how many shook hands over TLS and how many of those resumed an earlier TLS session.
		this.connectionCounts = { connections: 0, tlsHandshakes: 0, tlsResumed: 0 };
		this.countedSockets = new WeakSet();
		this.resetPeak();
		this.setRateLimit(this.options.rateLimit);
		// The configured freedoms again (a test may have switched them), from the start of their sequence.
		this.freedoms = this.configuredFreedoms;
		this.freedoms?.reset();
		this.churns = [];
		return this;
	}

	/** Switches the freedoms on (a seed, true, or {seed, nulls}) or off (false) until the next reset. */
	setFreedoms(option) {
		this.freedoms = createFreedoms(option);
		return this.freedoms;
	}

	/**
	 * A collection that changes while it is paged (see shared/churn.js): after the `after`-th GET of a
	 * collection whose path matches, `leave` records go and `join` records come. Returns the churn,
	 * whose `left` and `joined` list the ids once it has happened. Cleared by reset().
	 */
	churn(options) {
		const churn = createChurn(options);
		this.churns.push(churn);
		return churn;
	}

	/**
	 * A person's reply by SMS (shared/replies.js): the state changes as SlickText's would, then the event(s)
	 * SlickText posts for it go to the trigger URL `to`. Fields: platform ('current' by default or 'legacy'),
	 * to, text, from (the number; legacy, also current), contactId and brandId (current), mediaUrl (legacy),
	 * secret (legacy; else the legacyWebhookSecret option; else unsigned), repeat (that many further
	 * deliveries of each event, as SlickText's retries). Resolves with {status, body} of the trigger's first
	 * answer, `events` (every event posted, in order) and `deliveries` (each post: event, headers, rawBody,
	 * status, body, error); throws a ReplyError for bad input, before anything changes.
	 */
	reply(options) {
		return playReply(this, options);
	}

	/**
	 * Many people's replies (shared/replies.js, playReplies): a share (`percent`, default 100) of the subscribed
	 * members of list `fromList` (current) or the subscribers of textword `fromTextword` (legacy), picked and
	 * ordered at random from `seed`, each texting `text` or one of `choices`, `concurrency` (default 10) at
	 * once; each reply is played as reply() plays it. Resolves with the seed, counts and every reply's answer.
	 */
	replyMany(options) {
		return playReplies(this, options);
	}

	/** One event of a reply() posted again with the next attempt number (SlickText's retry); same answer shape. */
	redeliver(event, options) {
		return redeliver(this, event, options);
	}

	/**
	 * false switches the limit off; {perSecond, perMinute} sets it. `now`: the clock its windows run on
	 * (milliseconds; the wall clock by default), for tests that must not depend on how fast requests come.
	 */
	setRateLimit(limit, now) {
		this.rateLimiter = limit ? createRateLimiter(limit, now) : undefined;
	}

	/**
	 * Fails matching requests. kind: 'status' (answer status with body), 'drop' (destroy the socket),
	 * 'malformed' (200 with a body that is not JSON), 'body' (200 with the given body as JSON),
	 * 'slow' (wait delayMs, or less if the promise `until` settles first, then answer normally).
	 * match: {method?, path? (string prefix or RegExp on the path without query), body? (a text the raw
	 * body contains), nth? (1-based among matching requests)}; times: how many requests it hits (default
	 * 1, Infinity for all).
	 */
	injectFault(fault) {
		const entry = createFault(fault);
		this.faults.push(entry);
		return entry;
	}

	async start(port = 0, host = '127.0.0.1') {
		const { tls, latencyMs } = this.options;
		const handler = (req, res) => this.handle(req, res);
		const track = (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		};
		if (tls) {
			this.certificate = selfSignedCertificate();
			this.server = https.createServer({ key: this.certificate.key, cert: this.certificate.cert }, handler);
		} else {
			this.server = http.createServer(withLatency(handler, latencyMs));
		}
		// Node closes an idle kept-alive connection after 5 s. A client in this same process that spends
		// longer between two requests (parsing a page of 10,000 records on a machine busy with other work)
		// found its connection closed under its next request (ECONNRESET); fetch keeps one only 4 s (or as
		// long as this header says, less 2 s), so a longer idle time here closes nothing a client still uses.
		this.server.keepAliveTimeout = 30_000;
		this.server.on('connection', (socket) => {
			track(socket);
			this.openConnections++;
			this.peakOpenConnections = Math.max(this.peakOpenConnections, this.openConnections);
			socket.on('close', () => this.openConnections--);
		});
		// Over TLS the round trip is added on the TCP connection in front (handshakes pay it too).
		const delayed = tls && latencyMs > 0;
		await listen(this.server, delayed ? 0 : port, host);
		if (delayed) {
			this.front = delayingFront(this.server.address().port, host, latencyMs, track);
			await listen(this.front, port, host);
		}
		const address = (this.front ?? this.server).address();
		this.origin = `${tls ? 'https' : 'http'}://${host}:${address.port}`;
		this.currentBaseUrl = `${this.origin}/v1`;
		this.legacyBaseUrl = `${this.origin}/legacy/v1`;
		return this;
	}

	async stop() {
		if (!this.server) return;
		for (const socket of this.sockets) socket.destroy();
		const close = (server) => server && new Promise((resolve) => server.close(() => resolve()));
		await Promise.all([close(this.server), close(this.front)]);
		this.server = undefined;
		this.front = undefined;
		this.certificate?.remove();
	}

	/**
	 * A new legacy textword whose subscribers are `people` ({number, firstName?}): the guests of a poll or an
	 * RSVP that a test, the bench or `npm run dev` asks, each list apart from the seeded ones. Its ID back.
	 */
	addLegacyTextword(word, people) {
		return addTextword(this.state.legacy, word, people);
	}

	/** Credentials as n8n would hold them, pointing at this sandbox. */
	currentCredentials(overrides = {}) {
		return { ...CREDENTIALS.current, baseUrl: this.currentBaseUrl, ...this.clientRate(), ...overrides };
	}

	legacyCredentials(overrides = {}) {
		const secret = this.options.legacyWebhookSecret ? { webhookSecret: this.options.legacyWebhookSecret } : {};
		return { ...CREDENTIALS.legacy, baseUrl: this.legacyBaseUrl, ...this.clientRate(), ...secret, ...overrides };
	}

	/** With the sandbox's own limit off, the nodes need not hold back either (tests stay fast). */
	clientRate() {
		return this.rateLimiter ? {} : { requestsPerSecond: 1000, requestsPerMinute: 60000 };
	}

	sendStats(res, url) {
		const byStatus = {};
		for (const r of this.requests) byStatus[r.status] = (byStatus[r.status] || 0) + 1;
		res.writeHead(200, { 'content-type': 'application/json' });
		// When the first and the last logged request arrived: a client's achieved rate, seen from here.
		const span = {};
		for (const { receivedAt } of this.requests) {
			if (!(span.firstAt <= receivedAt)) span.firstAt = receivedAt;
			if (!(span.lastAt >= receivedAt)) span.lastAt = receivedAt;
		}
		// ?arrivals=1 adds [receivedAt, status] of every logged request (how a run spread over the windows).
		const arrivals = url && url.searchParams.get('arrivals') ? { arrivals: this.requests.map((r) => [r.receivedAt, r.status]) } : {};
		const { openConnections, peakOpenConnections } = this;
		// ?resetPeak=1: the peak counts again from now (after this answer), for the next run to measure.
		if (url && url.searchParams.get('resetPeak')) this.resetPeak();
		const connections = { ...this.connectionCounts, openConnections, peakOpenConnections };
		res.end(JSON.stringify({ requests: this.requests.length, byStatus, ...connections, ...span, ...arrivals }));
	}

	/** POST /__sandbox/reply (shared/replies.js): plays a reply for a process outside this one (the CLI). */
	async sendReply(req, res, rawBody) {
		let answer;
		try {
			answer = await replyEndpoint(this, req.method, rawBody);
		} catch (error) {
			// eslint-disable-next-line no-console
			console.error('[sandbox]', error);
			answer = { status: 500, body: { message: `The reply could not be played: ${error && error.message}` } };
		}
		res.writeHead(answer.status, { 'content-type': 'application/json' });
		res.end(JSON.stringify(answer.body));
	}

	/** The most connections open at once (any, control paths included) counts again from those open now. */
	resetPeak() {
		this.peakOpenConnections = this.openConnections;
	}

	countConnection(socket) {
		if (this.countedSockets.has(socket)) return;
		this.countedSockets.add(socket);
		this.connectionCounts.connections++;
		if (socket.encrypted) {
			this.connectionCounts.tlsHandshakes++;
			if (socket.isSessionReused()) this.connectionCounts.tlsResumed++;
		}
	}

	/** The body as sent: with the freedoms of its description applied, when they are on. */
	serveFreedoms(platform, entry, status, body) {
		if (!this.freedoms) return body;
		const describe = platform === 'legacy' ? legacyFreedoms.describeAnswer : currentFreedoms.describeAnswer;
		const description = describe(entry.method, entry.path, status);
		return description ? this.freedoms.serve(entry, description, body) : body;
	}

	takeFault(entry) {
		return takeFault(this.faults, entry);
	}

	async handle(req, res) {
		const receivedAt = Date.now();
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const rawBody = Buffer.concat(chunks).toString('utf8');
		const url = new URL(req.url, 'http://sandbox');
		// Control paths for a sandbox in another process (benchmarks): not part of SlickText, not logged.
		if (url.pathname === '/__sandbox/stats') return this.sendStats(res, url);
		if (url.pathname === '/__sandbox/reply') return this.sendReply(req, res, rawBody);
		this.countConnection(req.socket);
		const entry = {
			seq: ++this.requestCount,
			receivedAt,
			method: req.method,
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			rawQuery: url.search,
			headers: { ...req.headers },
			contentType: (req.headers['content-type'] || '').split(';')[0].trim(),
			rawBody: this.options.logBodies ? rawBody : undefined,
			status: undefined,
		};
		this.requests.push(entry);

		const send = (status, body, headers = {}) => {
			entry.status = status;
			const text = typeof body === 'string' ? body : JSON.stringify(body);
			res.writeHead(status, {
				'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
				...headers,
			});
			res.end(text);
		};

		const fault = this.takeFault(entry);
		if (fault && (await applyFault(fault, { entry, req, send }))) return;

		const platform = url.pathname.startsWith('/legacy/') ? 'legacy' : 'current';
		if (this.rateLimiter) {
			const verdict = this.rateLimiter.take(`${platform}:${req.headers.authorization || ''}`);
			if (!verdict.allowed) {
				return send(429, { message: 'Too Many Attempts.' }, verdict.headers);
			}
			res.setHeader('x-ratelimit', String(verdict.headers['x-ratelimit']));
			res.setHeader('x-ratelimit-remaining', String(verdict.headers['x-ratelimit-remaining']));
			res.setHeader('x-ratelimit-reset', String(verdict.headers['x-ratelimit-reset']));
		}

		// Parsed only for a request the limiter let through: an entry answered 429 has rawBody but no body, so a
		// check that reads entry.body counts only what SlickText accepted.
		let body;
		try {
			body = parseBody(entry.contentType, rawBody);
		} catch {
			return send(400, { message: 'The request body is not valid JSON.' });
		}
		entry.body = body;

		const match = this.router.match(req.method, url.pathname);
		if (!match) {
			const known = this.router.knownPath(url.pathname);
			return known
				? send(405, { message: `The ${req.method} method is not supported for this route.` })
				: send(404, { message: 'Not Found' });
		}
		try {
			const result = await match.handler({
				sandbox: this,
				state: this.state,
				params: match.params,
				query: entry.query,
				searchParams: url.searchParams,
				headers: req.headers,
				contentType: entry.contentType,
				rawBody,
				body,
				entry,
			});
			const status = result.status ?? 200;
			send(status, this.serveFreedoms(platform, entry, status, result.body), result.headers);
			for (const churn of this.churns) churn.afterAnswer(this, platform, entry, status);
		} catch (error) {
			if (error && error.httpStatus) return send(error.httpStatus, error.body);
			send(500, { message: 'Server Error' });
			// eslint-disable-next-line no-console
			console.error('[sandbox]', error);
		}
	}
}

function parseBody(contentType, rawBody) {
	if (!rawBody) return undefined;
	if (contentType === 'application/json') return JSON.parse(rawBody);
	if (contentType === 'application/x-www-form-urlencoded') {
		return Object.fromEntries(new URLSearchParams(rawBody));
	}
	return rawBody;
}

function listen(server, port, host) {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, resolve);
	});
}

async function startSandbox(options = {}, port = 0) {
	const sandbox = new Sandbox(options);
	await sandbox.start(port);
	return sandbox;
}

module.exports = { Sandbox, startSandbox, HttpError, CREDENTIALS, DEFAULT_RATE_LIMIT };
