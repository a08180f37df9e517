'use strict';
// A person's reply by SMS, played: the sandbox changes its state as SlickText would and posts the
// webhook event(s) SlickText would post to a trigger URL, on either platform (legacy: signed form
// posts, current: unsigned JSON). Sandbox#reply and Sandbox#redeliver use it, and so does the control
// path POST /__sandbox/reply (for `npm run sandbox -- reply` and any process outside the sandbox's).
// Many people's replies at once (fromList / fromTextword, Sandbox#replyMany) are picked here, next to the
// state, and each is played by playReply exactly as one reply is: one round trip for the CLI, and one
// code path for what a reply changes and posts.

const { checkLegacyReply, legacyReply, legacyRequest } = require('../legacy/webhook');
const { checkCurrentReply, replyBrand, currentReply, currentRequest } = require('../current/webhook');
const { contactsOf } = require('../legacy/store');
const { mulberry32 } = require('./freedoms');

/** SlickText waits this long for an answer (public-api-notes.md, Webhooks), then counts a failure. */
const DEFAULT_TIMEOUT_MS = 5000;
const MAX_REPEAT = 10;
// Fields that make it many people's replies (playReplies), and only valid then.
const CROWD_FIELDS = ['fromList', 'fromTextword', 'percent', 'seed', 'choices', 'concurrency'];
const REPLY_FIELDS = ['platform', 'to', 'from', 'contactId', 'brandId', 'text', 'mediaUrl', 'secret', 'repeat', ...CROWD_FIELDS];
const CURRENT_ONLY = ['contactId', 'brandId'];
const DEFAULT_CONCURRENCY = 10;
const MAX_CONCURRENCY = 100;

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
	const crowd = given(options.fromList) || given(options.fromTextword);
	if (!crowd) {
		const wrong = CROWD_FIELDS.filter((key) => options[key] !== undefined);
		if (wrong.length > 0) throw new ReplyError(`${wrong.map((k) => `"${k}"`).join(', ')}: only with "fromList" (current) or "fromTextword" (legacy), many people's replies`);
	}
	const platform = given(options.platform) ? options.platform : 'current';
	if (platform !== 'legacy' && platform !== 'current') throw new ReplyError(`"platform" must be legacy or current (got ${JSON.stringify(platform)})`);
	if (!given(options.to)) throw new ReplyError('"to" is required: the trigger URL to post the event to');
	const to = httpUrl(options.to, 'to');
	const mediaUrl = given(options.mediaUrl) ? httpUrl(options.mediaUrl, 'mediaUrl') : undefined;
	if (options.choices !== undefined) {
		if (options.text !== undefined) throw new ReplyError('"text" or "choices", not both: with choices each person texts one of them');
		if (!Array.isArray(options.choices) || options.choices.length === 0) throw new ReplyError('"choices" must be a non-empty array of texts (each person texts one of them)');
	}
	for (const text of options.choices ?? [options.text]) {
		if (typeof text !== 'string' || (text === '' && !mediaUrl)) {
			throw new ReplyError(`"${options.choices ? 'choices' : 'text'}" is required: what the person texts (e.g. "C"); it may be empty only with a mediaUrl`);
		}
	}
	const repeat = options.repeat === undefined ? 0 : Number(options.repeat);
	if (!Number.isInteger(repeat) || repeat < 0 || repeat > MAX_REPEAT) throw new ReplyError(`"repeat" must be a whole number from 0 to ${MAX_REPEAT} (further deliveries of each event)`);
	if (crowd) {
		if (given(options.fromList) && given(options.fromTextword)) throw new ReplyError('"fromList" (current) or "fromTextword" (legacy), not both');
		const one = ['from', 'contactId'].filter((key) => given(options[key]));
		if (one.length > 0) throw new ReplyError(`${one.map((k) => `"${k}"`).join(', ')}: names one person; with "fromList" or "fromTextword" the sandbox picks the people`);
		if (platform === 'legacy' && given(options.fromList)) throw new ReplyError('"fromList" is for the current platform: legacy replies come "fromTextword" (a textword\'s subscribers)');
		if (platform === 'current' && given(options.fromTextword)) throw new ReplyError('"fromTextword" is for the legacy platform: current replies come "fromList" (a list\'s members)');
	}
	if (platform === 'legacy') {
		const wrong = CURRENT_ONLY.filter((key) => given(options[key]));
		if (wrong.length > 0) throw new ReplyError(`${wrong.map((k) => `"${k}"`).join(', ')}: only on the current platform; a legacy reply is identified by "from"`);
		if (!given(options.from) && !crowd) throw new ReplyError('"from" is required on the legacy platform: the number that texts');
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
	if (given(fields.fromList) || given(fields.fromTextword)) throw new ReplyError('"fromList" and "fromTextword" play many people\'s replies: Sandbox#replyMany plays them');
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

/** A whole number in [min, max], or the fallback when absent; a ReplyError naming the field otherwise. */
function wholeNumber(options, key, min, max, fallback, what) {
	if (options[key] === undefined || options[key] === null || options[key] === '') return fallback;
	const n = Number(options[key]);
	if (!Number.isInteger(n) || n < min || n > max) throw new ReplyError(`"${key}" must be a whole number from ${min} to ${max} (${what}; got ${JSON.stringify(options[key])})`);
	return n;
}

/**
 * The people a crowd's replies come from, in the state's order: the subscribed members of a list of a
 * brand (current), or the subscribers of a textword (legacy; opted-out numbers are no longer in
 * state.contacts). Each person carries the fields that make playReply play their reply.
 */
function crowdOf(sandbox, fields) {
	if (fields.platform === 'legacy') {
		const { legacy } = sandbox.state;
		const textword = legacy.textwords.find((t) => t.id === String(fields.fromTextword).trim());
		if (!textword) {
			const known = legacy.textwords.map((t) => `${t.id} ${t.word}`).join(', ');
			throw new ReplyError(`textword ${JSON.stringify(fields.fromTextword)} is not a textword of the sandbox's legacy account (its textwords: ${known})`);
		}
		const people = contactsOf(legacy, textword.id).map((c) => ({ from: c.number, subscriberId: c.id, reply: { from: c.number } }));
		return { source: { textword: textword.id, word: textword.word }, people };
	}
	const { brand: b, error } = replyBrand(sandbox.state, fields.brandId);
	if (error) throw new ReplyError(error);
	const id = /^\d+$/.test(String(fields.fromList).trim()) ? Number(fields.fromList) : undefined;
	const list = b.lists.find((l) => l.contact_list_id === id);
	if (!list) {
		const known = b.lists.map((l) => `${l.contact_list_id} "${l.name}"`).join(', ');
		throw new ReplyError(`list ${JSON.stringify(fields.fromList)} is not a list of brand ${b.brand.brand_id} (its lists: ${known || 'none'})`);
	}
	const members = b.listMembers.get(list.contact_list_id);
	const people = b.contacts
		.filter((c) => members.has(c.contact_id) && c.opt_in_status === 'subscribed')
		.map((c) => ({ from: c.mobile_number, contactId: c.contact_id, reply: { contactId: c.contact_id, brandId: b.brand.brand_id } }));
	return { source: { list: list.contact_list_id, name: list.name, brandId: b.brand.brand_id }, people };
}

/**
 * Runs work(item, index) for every item, at most `concurrency` at once; the results in the items' order.
 * The one pool of the sandbox's crowd of replies, the e2e suites and the benches.
 */
async function inPool(items, concurrency, work) {
	const results = new Array(items.length);
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const i = next++;
			results[i] = await work(items[i], i);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
	return results;
}

const answered2xx = (reply) => reply.deliveries.every((d) => d.status !== null && d.status >= 200 && d.status < 300);

/**
 * Sandbox#replyMany: `percent` (default 100) of the people of `fromList` (current) or `fromTextword`
 * (legacy) reply, picked and ordered at random from `seed` (drawn when absent, and returned), each
 * texting `text` or one of `choices`, `concurrency` (default 10) at once; the other fields are those of
 * playReply. Everything is checked before anything changes. Resolves with the source, how many people it
 * had (`subscribed`), the seed, `answered` (replies whose every post got a 2xx) and `notAnswered`, and
 * `replies`: per reply, in the order played, who (from, contactId or subscriberId), text and playReply's
 * answer.
 */
async function playReplies(sandbox, options) {
	const fields = checkFields(options);
	if (!given(fields.fromList) && !given(fields.fromTextword)) throw new ReplyError('many replies come "fromList" (current) or "fromTextword" (legacy)');
	const percent = given(fields.percent) ? Number(fields.percent) : 100;
	if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new ReplyError(`"percent" must be a number from 0 to 100 (the share of the people who reply; got ${JSON.stringify(fields.percent)})`);
	const seed = wholeNumber(fields, 'seed', 0, 2 ** 32 - 1, Math.floor(Math.random() * 2 ** 31), 'picks who replies, in which order, with which text');
	const concurrency = wholeNumber(fields, 'concurrency', 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY, 'replies played at once');
	const { source, people } = crowdOf(sandbox, fields);

	// A seeded shuffle picks the people and the order at once: the first `percent` of it reply.
	const random = mulberry32(seed);
	const order = [...people];
	for (let i = order.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[order[i], order[j]] = [order[j], order[i]];
	}
	const texts = fields.choices ?? [fields.text];
	const plays = order.slice(0, Math.round((people.length * percent) / 100)).map((person) => ({ person, text: texts[Math.floor(random() * texts.length)] }));

	const base = {};
	for (const key of ['platform', 'to', 'mediaUrl', 'secret', 'repeat']) if (fields[key] !== undefined) base[key] = fields[key];
	const replies = await inPool(plays, concurrency, async ({ person, text }) => {
		const { reply, ...who } = person;
		return { ...who, text, ...(await playReply(sandbox, { ...base, ...reply, text })) };
	});
	const answered = replies.filter(answered2xx).length;
	return {
		platform: fields.platform, to: fields.to, source, subscribed: people.length, percent, seed, concurrency,
		answered, notAnswered: replies.length - answered, replies,
	};
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
		// Many people's replies: 200 even when the trigger refused some; each reply carries its answers.
		if (fields && (given(fields.fromList) || given(fields.fromTextword))) return { status: 200, body: await playReplies(sandbox, fields) };
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

module.exports = { inPool, playReply, playReplies, redeliver, replyEndpoint, ReplyError, DEFAULT_TIMEOUT_MS, REPLY_FIELDS };
