'use strict';
// The one list handler. Filters run on the stored records (cheap, O(n)); only the page is
// turned into wire records, so a 10,000-record page out of 100,000 stays fast.

const { BASE, MAX_LIMIT, DEFAULT_LIMIT } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { parseTimestamp } = require('./time');

const origin = (ctx) => (ctx.headers.host ? `http://${ctx.headers.host}` : ctx.sandbox.origin);
const link = (ctx, path) => `${origin(ctx)}${BASE}${path}`;
const selfLink = (ctx) => `${origin(ctx)}${ctx.entry.path}${ctx.entry.rawQuery || ''}`;

const DATE_RANGES = {
	contacts: { field: 'subscribedDate', after: 'subscribedAfter', before: 'subscribedBefore' },
	messages: { field: 'sent', after: 'sentAfter', before: 'sentBefore' },
};

const asFilterText = (value) => (value === null || value === undefined ? '' : String(value));

/**
 * The records a collection GET selects, before paging: its limit and offset, and the records that pass
 * its filters. searchParams: the query; records, fields, range as for collection(). Fails on a bad query.
 */
function select(searchParams, { records, fields, range }) {
	let limit = DEFAULT_LIMIT;
	let offset = 0;
	const filters = [];
	let after;
	let before;
	for (const [name, value] of searchParams) {
		if (name === 'limit') {
			if (!/^\d+$/.test(value) || Number(value) > MAX_LIMIT || Number(value) < 1) fail(400, MESSAGES.limit);
			limit = Number(value);
		} else if (name === 'offset') {
			if (!/^\d+$/.test(value)) fail(400, MESSAGES.offset);
			offset = Number(value);
		} else if (range && (name === range.after || name === range.before)) {
			if (parseTimestamp(value) === undefined) fail(400, MESSAGES.dateFormat(name));
			if (name === range.after) after = value;
			else before = value;
		} else if (fields.includes(name)) {
			filters.push([name, value]);
		} else {
			fail(400, MESSAGES.unknownParameter(name));
		}
	}

	let matched = records;
	if (filters.length || after || before) {
		matched = records.filter((record) => {
			for (const [name, value] of filters) if (asFilterText(record[name]) !== value) return false;
			if (after || before) {
				// Timestamps are LA wall-clock strings: lexical order is time order. Both ends exclusive.
				const when = record[range.field];
				if (!when) return false;
				if (after && !(when > after)) return false;
				if (before && !(when < before)) return false;
			}
			return true;
		});
	}
	return { limit, offset, matched };
}

/**
 * GET of a collection. records: stored records; fields: filterable names; range: a DATE_RANGES entry
 * or undefined; view: stored record -> wire record (applied to the page only).
 */
function collection(ctx, { key, records, fields, range, view }) {
	const { limit, offset, matched } = select(ctx.searchParams, { records, fields, range });
	const page = matched.slice(offset, offset + limit).map(view);
	const links = { self: selfLink(ctx) };
	if (offset + limit < matched.length) {
		const next = new URLSearchParams(ctx.searchParams);
		next.set('limit', String(limit));
		next.set('offset', String(offset + limit));
		links.next = `${origin(ctx)}${ctx.entry.path}?${next}`;
	}
	return { body: { meta: { limit, offset, total: matched.length }, links, [key]: page } };
}

module.exports = { collection, select, link, selfLink, DATE_RANGES };
