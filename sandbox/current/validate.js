'use strict';
// Checks of request bodies and query parameters. Each returns the value to use or fails with a 400.

const { MESSAGES, fail } = require('./errors');
const { parseStamp } = require('./time');

// ------------------------------------------------------------------------------- body validation

function objectBody(ctx) {
	const body = ctx.body;
	if (!body || typeof body !== 'object' || Array.isArray(body)) fail(400, MESSAGES.objectBody());
	return body;
}

/** Rejects keys the endpoint does not know; optionally insists on at least one known key. */
function checkKeys(body, allowed, { atLeastOne = false } = {}) {
	for (const key of Object.keys(body)) if (!allowed.includes(key)) fail(400, MESSAGES.unknownField(key));
	if (atLeastOne && !allowed.some((key) => body[key] !== undefined)) fail(400, MESSAGES.atLeastOne(allowed));
}

function requireFields(body, fields) {
	for (const field of fields) {
		if (body[field] === undefined || body[field] === null || body[field] === '') fail(400, MESSAGES.required(field));
	}
}

/** A string field: undefined when absent, null when cleared, the string otherwise. */
function text(value, field, { nullable = true, nonEmpty = false } = {}) {
	if (value === undefined) return undefined;
	if (value === null && nullable) return null;
	if (typeof value !== 'string') fail(400, MESSAGES.mustBe(field, 'a string'));
	if (nonEmpty && value.trim() === '') fail(400, MESSAGES.required(field));
	return value;
}

function choice(value, field, values) {
	if (value !== undefined && !values.includes(value)) fail(400, MESSAGES.oneOf(field, values));
	return value;
}

/** The API keeps flags as the integers 1 and 0. */
function flag(value, field) {
	if (value === undefined) return undefined;
	if (![0, 1, '0', '1'].includes(value)) fail(400, MESSAGES.mustBe(field, '1 or 0'));
	return Number(value);
}

function positiveInteger(value, field) {
	if (value === undefined || value === null) return value;
	const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (!Number.isInteger(n) || n < 1) fail(400, MESSAGES.mustBe(field, 'a whole number, 1 or more'));
	return n;
}

function ymd(value, field) {
	if (value === undefined || value === null || value === '') return value === '' ? null : value;
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(parseStamp(value))) {
		fail(400, MESSAGES.mustBe(field, 'a date formatted YYYY-MM-DD'));
	}
	return value;
}

function webAddress(value, field) {
	if (typeof value !== 'string' || !/^https?:\/\/[^\s/?#]+\.[^\s]+$/i.test(value)) {
		fail(400, MESSAGES.mustBe(field, 'a full http(s) address'));
	}
	return value;
}

/** An id from a body: a whole number, given as a number or a string of digits. */
function bodyId(value) {
	if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
	if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
	return undefined;
}

// ----------------------------------------------------------------------------- query validation

/** Only the named query parameters (endpoints that do not filter, such as analytics). */
function checkParams(query, allowed) {
	for (const name of Object.keys(query)) if (!allowed.includes(name)) fail(400, MESSAGES.unknownParam(name));
}

function paramChoice(query, name, values) {
	const value = query[name];
	if (value !== undefined && !values.includes(value)) fail(400, MESSAGES.paramOneOf(name, values));
	return value;
}

function paramDate(query, name, { required = false } = {}) {
	const value = query[name];
	if (value === undefined) {
		if (required) fail(400, MESSAGES.paramMustBe(name, 'given, as YYYY-MM-DD'));
		return undefined;
	}
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(parseStamp(value))) {
		fail(400, MESSAGES.paramMustBe(name, 'a date formatted YYYY-MM-DD'));
	}
	return value;
}

module.exports = {
	objectBody, checkKeys, requireFields, text, choice, flag, positiveInteger, ymd, webAddress, bodyId,
	checkParams, paramChoice, paramDate,
};
