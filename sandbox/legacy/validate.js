'use strict';
// Checks of request values: numbers, media URLs, custom field values, form bodies, query parameters.

const { MEDIA_EXTENSIONS } = require('./constants');
const { MESSAGES, fail } = require('./errors');

/** + then digits; 10 digits get the US +1. Undefined when it is not a usable US number. */
function normalizeNumber(value) {
	const text = String(value ?? '').trim();
	if (!/^[0-9+\-(). ]+$/.test(text)) return undefined;
	let digits = text.replace(/\D/g, '');
	if (digits.length < 10 || digits.length > 15) return undefined;
	if (digits.length === 10) digits = `1${digits}`;
	return `+${digits}`;
}

function requireNumber(value) {
	const number = normalizeNumber(value);
	if (!number) fail(400, MESSAGES.number);
	return number;
}

function checkMediaUrl(value) {
	let url;
	try {
		url = new URL(value);
	} catch {
		fail(400, MESSAGES.mediaUrl);
	}
	if (!/^https?:$/.test(url.protocol) || !MEDIA_EXTENSIONS.test(url.pathname)) fail(400, MESSAGES.mediaUrl);
	return value;
}

/** A custom field value as SlickText keeps it: a string, checked against the field's data type. */
function customFieldValue(field, key, value) {
	if (value === '') return null;
	if (field.dataType === 'integer' && !/^-?\d+$/.test(value)) fail(400, MESSAGES.customField(key, 'integer'));
	if (field.dataType === 'date' && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value)) {
		fail(400, MESSAGES.customField(key, 'date'));
	}
	return value;
}

const isShortCode = (textNumber) => /^\d{5,6}$/.test(textNumber);
const fieldKey = (subscriberField) => subscriberField.replace(/\s+/g, '');

/** The form body of a POST. SlickText's legacy POSTs are form-encoded; JSON is refused. */
function formBody(ctx) {
	if (ctx.contentType === 'application/json') fail(400, MESSAGES.formEncoded);
	if (ctx.rawBody && ctx.contentType !== 'application/x-www-form-urlencoded') fail(400, MESSAGES.formEncoded);
	return ctx.body && typeof ctx.body === 'object' ? ctx.body : {};
}

/** Single-record GETs take no query parameters. */
function noQuery(ctx) {
	for (const name of ctx.searchParams.keys()) fail(400, MESSAGES.unknownParameter(name));
}

/** A parameter that counts as given: present and not empty. */
const given = (body, name) => body[name] !== undefined && String(body[name]).trim() !== '';

function required(body, name) {
	if (!given(body, name)) fail(400, MESSAGES.required(name));
	return String(body[name]).trim();
}

module.exports = {
	normalizeNumber, requireNumber, checkMediaUrl, customFieldValue, isShortCode, fieldKey, formBody, noQuery, given,
	required,
};
