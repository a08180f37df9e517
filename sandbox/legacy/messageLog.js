'use strict';
// A message's send log: built when the message is sent, read page by page with an opaque pageKey.

const { LOG_PAGE_SIZE, LOG_FIRST_DAY } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { laNow, shift } = require('./time');
const { normalizeNumber } = require('./validate');
const { findMessage } = require('./store');
const { link, selfLink } = require('./paging');

// Delivery statuses spread deterministically over a log: mostly delivered, some of each other kind.
function logStatus(k) {
	if (k % 25 === 7) return 'failed';
	if (k % 10 === 3) return 'undelivered';
	if (k % 8 === 5) return 'sent to carrier';
	return 'delivered';
}

function buildLog(recipients, from, sent) {
	return recipients.map((r, k) => {
		const status = logStatus(k);
		const created = shift(sent, Math.floor(k / 50));
		// "sent to carrier" never heard back; failed never left; the others got a report seconds later.
		const updated = status === 'delivered' || status === 'undelivered' ? shift(created, 3 + (k % 17)) : created;
		return { contact: Number(r.id), to: r.number, from, status, created, updated };
	});
}

const encodePageKey = (messageId, index) => Buffer.from(`log:${messageId}:${index}`).toString('base64url');

function decodePageKey(key, message) {
	const m = /^log:(\d+):(\d+)$/.exec(Buffer.from(String(key), 'base64url').toString('utf8'));
	if (!m || m[1] !== message.id) fail(400, MESSAGES.pageKey);
	const index = Number(m[2]);
	if (index <= 0 || index >= message._log.length) fail(400, MESSAGES.pageKey);
	return index;
}

function logAvailable(message) {
	if (!message.sent || message.sent < LOG_FIRST_DAY) return false;
	const now = laNow();
	const yearAgo = `${Number(now.slice(0, 4)) - 1}${now.slice(4)}`;
	return message.sent >= yearAgo;
}

function sendLog(ctx, state) {
	const message = findMessage(state, ctx.params.id);
	let start = 0;
	let to;
	for (const [name, value] of ctx.searchParams) {
		if (name === 'pageKey') start = decodePageKey(value, message);
		else if (name === 'to') {
			// `+` in an unencoded query turns into a space: compare normalized numbers, not raw text.
			to = normalizeNumber(value);
			if (!to) fail(400, MESSAGES.toFilter);
		} else fail(400, MESSAGES.unknownParameter(name));
	}
	const log = logAvailable(message) ? message._log : [];
	const items = [];
	let i = start;
	for (; i < log.length && items.length < LOG_PAGE_SIZE; i++) {
		if (!to || log[i].to === to) items.push({ ...log[i] });
	}
	// The key points at the next matching item, so a last page never promises an empty one.
	let next = null;
	for (; i < log.length; i++) {
		if (!to || log[i].to === to) {
			next = i;
			break;
		}
	}
	return {
		body: {
			meta: { success: true, isLastPage: next === null, nextPageKey: next === null ? null : encodePageKey(message.id, next) },
			links: { self: selfLink(ctx), message: link(ctx, `/messages/${message.id}`) },
			items,
		},
	};
}

module.exports = { buildLog, sendLog };
