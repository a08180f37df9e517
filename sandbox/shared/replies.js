'use strict';
// A person's reply by SMS, played: the sandbox changes its state as SlickText would and posts the
// webhook event(s) SlickText would post to a trigger URL, on either platform (legacy: signed form
// posts, current: unsigned JSON). Sandbox#reply and Sandbox#redeliver use it, and so does the control
// path POST /__sandbox/reply (for `npm run sandbox -- reply` and any process outside the sandbox's).

const { checkLegacyReply, legacyReply, legacyRequest } = require('../legacy/webhook');
const { checkCurrentReply, currentReply, currentRequest } = require('../current/webhook');

/** SlickText waits this long for an answer (public-api-notes.md, Webhooks), then counts a failure. */
const DEFAULT_TIMEOUT_MS = 5000;
const MAX_REPEAT = 10;
const REPLY_FIELDS = ['platform', 'to', 'from', 'contactId', 'brandId', 'text', 'mediaUrl', 'secret', 'repeat'];
const CURRENT_ONLY = ['contactId', 'brandId'];

class ReplyError extends Error {}

const given = (value) => value !== undefined && value !== null && value !== '';

function httpUrl(value, name) {
	let url;
	try {
		url = new URL(String(value));
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol)) throw new ReplyError(`"${name}" must be an http:// or https:// URL (got ${JSON.stringify(value)})`);
	return url.href;
}

/** Every check on the reply's fields that needs no state; returns them normalized. */
function checkFields(options) {
	if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ReplyError('The reply must be an object of fields');
	const unknown = Object.keys(options).filter((key) => !REPLY_FIELDS.includes(key));
	if (unknown.length > 0) throw new ReplyError(`Unknown field ${unknown.map((k) => `"${k}"`).join(', ')}; a reply takes ${REPLY_FIELDS.join(', ')}`);
	const platform = given(options.platform) ? options.platform : 'current';
	if (platform !== 'legacy' && platform !== 'current') throw new ReplyError(`"platform" must be legacy or current (got ${JSON.stringify(platform)})`);
	if (!given(options.to)) throw new ReplyError('"to" is required: the trigger URL to post the event to');
	const to = httpUrl(options.to, 'to');
	const mediaUrl = given(options.mediaUrl) ? httpUrl(options.mediaUrl, 'mediaUrl') : undefined;
	if (typeof options.text !== 'string' || (options.text === '' && !mediaUrl)) {
		throw new ReplyError('"text" is required: what the person texts (e.g. "C"); it may be empty only with a mediaUrl');
	}
	const repeat = options.repeat === undefined ? 0 : Number(options.repeat);
	if (!Number.isInteger(repeat) || repeat < 0 || repeat > MAX_REPEAT) throw new ReplyError(`"repeat" must be a whole number from 0 to ${MAX_REPEAT} (further deliveries of each event)`);
	if (platform === 'legacy') {
		const wrong = CURRENT_ONLY.filter((key) => given(options[key]));
		if (wrong.length > 0) throw new ReplyError(`${wrong.map((k) => `"${k}"`).join(', ')}: only on the current platform; a legacy reply is identified by "from"`);
		if (!given(options.from)) throw new ReplyError('"from" is required on the legacy platform: the number that texts');
	} else {
		if (mediaUrl) throw new ReplyError('"mediaUrl" is only played on the legacy platform: SlickText\'s inbox_message_received event is not known to carry media');
		if (given(options.secret)) throw new ReplyError('"secret" is only for the legacy platform: SlickText signs no current-platform event');
	}
	if (given(options.secret) && typeof options.secret !== 'string') throw new ReplyError('"secret" must be text');
	return { ...options, platform, to, mediaUrl, repeat };
}

/** One POST as SlickText makes it: no redirects followed, given up after the timeout. */
async function post(to, request, timeoutMs) {
	try {
		const res = await fetch(to, {
			method: 'POST',
			headers: request.headers,
			body: request.body,
			redirect: 'manual',
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await res.text();
		let body = text;
		if (/json/i.test(res.headers.get('content-type') || '') && text !== '') {
			try {
				body = JSON.parse(text);
			} catch {
				body = text;
			}
		}
		return { status: res.status, body };
	} catch (error) {
		const timedOut = error && (error.name === 'TimeoutError' || error.name === 'AbortError');
		const cause = error && error.cause ? error.cause.code || error.cause.message : undefined;
		return { status: null, body: null, error: timedOut ? `no answer within ${timeoutMs} ms` : cause || String(error && error.message) };
	}
}

/** Where each posted event went and with which secret, so that redeliver() can post it again. */
const deliveredTo = new WeakMap();

const platformOf = (event) => (typeof event.Event === 'string' ? 'legacy' : 'current');
const attemptField = (platform) => (platform === 'legacy' ? 'attemptNumber' : 'attempts');

async function deliver(sandbox, platform, event, to, secret) {
	const request = platform === 'legacy' ? legacyRequest(event, secret) : currentRequest(event);
	const answer = await post(to, request, sandbox.options.webhookTimeoutMs || DEFAULT_TIMEOUT_MS);
	deliveredTo.set(event, { to, secret });
	const headers = { ...request.headers };
	return { event, to, headers, rawBody: request.body, ...answer };
}

/** The answer of a play: the first delivery's status and body, every event posted, each delivery. */
function resultOf(deliveries) {
	const [first] = deliveries;
	const result = { status: first.status, body: first.body, events: deliveries.map((d) => d.event), deliveries };
	const failed = deliveries.find((d) => d.error);
	if (failed) result.error = failed.error;
	return result;
}

/** Sandbox#reply: see docs/development.md, "Playing a person's reply". */
async function playReply(sandbox, options) {
	const fields = checkFields(options);
	const { platform, to, repeat } = fields;
	let events;
	let secret;
	if (platform === 'legacy') {
		const checked = checkLegacyReply(sandbox.state.legacy, fields);
		if (checked.error) throw new ReplyError(checked.error);
		secret = given(fields.secret) ? fields.secret : sandbox.options.legacyWebhookSecret || undefined;
		events = legacyReply(sandbox.state.legacy, { number: checked.number, text: fields.text, mediaUrl: fields.mediaUrl });
	} else {
		const checked = checkCurrentReply(sandbox.state, fields);
		if (checked.error) throw new ReplyError(checked.error);
		events = currentReply(checked, { text: fields.text, to });
	}
	const deliveries = [];
	for (const event of events) deliveries.push(await deliver(sandbox, platform, event, to, secret));
	// SlickText's retries: every event again, with the next attempt number each round.
	for (let round = 1; round <= repeat; round++) {
		for (const event of events) deliveries.push(await deliver(sandbox, platform, nextAttempt(platform, event, round + 1), to, secret));
	}
	return resultOf(deliveries);
}

function nextAttempt(platform, event, attempt) {
	return { ...event, [attemptField(platform)]: attempt };
}

/**
 * Sandbox#redeliver: the same event posted again with the next attempt number, as SlickText retries.
 * `event` is one of the `events` a play (or an earlier redeliver) returned; `to` and `secret` default
 * to where and how it was posted then.
 */
async function redeliver(sandbox, event, options = {}) {
	if (typeof event !== 'object' || event === null) throw new ReplyError('redeliver wants an event that reply() returned');
	const platform = platformOf(event);
	const before = deliveredTo.get(event) || {};
	const to = httpUrl(options.to ?? before.to ?? event.url, 'to');
	const secret = platform === 'legacy' ? (options.secret ?? before.secret ?? (sandbox.options.legacyWebhookSecret || undefined)) : undefined;
	const attempt = (Number(event[attemptField(platform)]) || 1) + 1;
	return resultOf([await deliver(sandbox, platform, nextAttempt(platform, event, attempt), to, secret)]);
}

/** POST /__sandbox/reply: the reply's fields as JSON; 200 with the trigger's answer, 400 for bad input. */
async function replyEndpoint(sandbox, method, rawBody) {
	if (method !== 'POST') return { status: 405, body: { message: 'POST the reply\'s fields as JSON to /__sandbox/reply' } };
	let fields;
	try {
		fields = JSON.parse(rawBody || '');
	} catch {
		return { status: 400, body: { message: 'The body must be the reply\'s fields as JSON, e.g. {"platform":"legacy","to":"http://...","from":"+16192000000","text":"C"}' } };
	}
	try {
		const result = await playReply(sandbox, fields);
		if (result.status === null) {
			return { status: 502, body: { message: `The reply was played (the sandbox's state changed), but ${fields.to} did not answer: ${result.error}`, ...result } };
		}
		return { status: 200, body: result };
	} catch (error) {
		if (error instanceof ReplyError) return { status: 400, body: { message: error.message } };
		throw error;
	}
}

module.exports = { playReply, redeliver, replyEndpoint, ReplyError, DEFAULT_TIMEOUT_MS, REPLY_FIELDS };
