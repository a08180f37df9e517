'use strict';
// Contacts: create, get, get many (filters, custom fields), update by id or mobile number, delete.

const { OPT_IN_STATUSES, TIMEZONES } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { checkKeys, text, choice, ymd } = require('./validate');
const { RESOURCES, findRecord, removeRecord, nextId, routeResource } = require('./resources');

function addContact(b, contact) {
	b.contacts.push(contact);
	b.contactById.set(contact.contact_id, contact);
	b.contactByNumber.set(contact.mobile_number, contact);
}

const CONTACT_TEXT_FIELDS = ['first_name', 'last_name', 'address', 'city', 'state', 'country'];
const CONTACT_WRITABLE = [
	'mobile_number', ...CONTACT_TEXT_FIELDS, 'email', 'zip', 'birthdate', 'timezone', 'language', 'opt_in_status',
];
// Left out of the create response (spec: Contact, "The create response omits ...").
const OMITTED_ON_CREATE = ['mobile_number_carrier', '_source_id', 'sub_source', '_sub_source_id', 'last_updated'];

/** `+` and digits; 10 digits get the US country code. */
function normalizeMobile(value) {
	if (typeof value !== 'string' && typeof value !== 'number') fail(400, MESSAGES.mustBe('mobile_number', 'a string'));
	const raw = String(value).trim();
	if (/[a-z]/i.test(raw)) fail(400, MESSAGES.mobileDigits());
	const digits = raw.replace(/\D/g, '');
	if (digits.length < 10) fail(400, MESSAGES.mobileDigits());
	if (digits.length === 10) return `+1${digits}`;
	if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
	return fail(400, MESSAGES.mobileUs());
}

/** A custom field value checked against the field's current data_type; null removes the value. */
function customValue(field, value) {
	const name = field.internal_name;
	if (value === null || value === '') return null;
	switch (field.data_type) {
		case 'number': {
			const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
			if (typeof n !== 'number' || !Number.isFinite(n)) fail(400, MESSAGES.mustBe(name, 'a number'));
			return n;
		}
		case 'boolean': {
			if ([true, 1, '1', 'true'].includes(value)) return true;
			if ([false, 0, '0', 'false'].includes(value)) return false;
			return fail(400, MESSAGES.mustBe(name, 'true or false'));
		}
		case 'date':
			return ymd(value, name);
		default:
			if (typeof value === 'object') fail(400, MESSAGES.mustBe(name, 'a string'));
			return String(value);
	}
}

/** Checks every key of a contact body before anything changes; returns the changes to make. */
function contactChanges(b, body, { create }) {
	const customByName = new Map(b.customFields.map((field) => [field.internal_name, field]));
	const allowed = create ? [...CONTACT_WRITABLE, 'force_double_opt_in'] : CONTACT_WRITABLE;
	const fields = {};
	const custom = {};
	for (const [key, value] of Object.entries(body)) {
		if (customByName.has(key)) custom[key] = customValue(customByName.get(key), value);
		else if (!allowed.includes(key)) fail(400, MESSAGES.unknownField(key));
	}
	for (const key of CONTACT_TEXT_FIELDS) fields[key] = text(body[key], key);
	fields.email = text(body.email, 'email');
	if (fields.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)) fail(400, MESSAGES.mustBe('email', 'an e-mail address'));
	if (body.zip !== undefined && body.zip !== null && typeof body.zip !== 'string' && typeof body.zip !== 'number') {
		fail(400, MESSAGES.mustBe('zip', 'a string or a number'));
	}
	fields.zip = body.zip === undefined || body.zip === null ? body.zip : String(body.zip);
	fields.birthdate = ymd(body.birthdate, 'birthdate');
	fields.timezone = choice(body.timezone, 'timezone', TIMEZONES);
	fields.language = text(body.language, 'language', { nullable: false });
	if (fields.language !== undefined && !/^[a-z]{2}$/.test(fields.language)) fail(400, MESSAGES.mustBe('language', 'a two-letter code such as en'));
	fields.opt_in_status = choice(body.opt_in_status, 'opt_in_status', OPT_IN_STATUSES);
	if (body.mobile_number !== undefined) fields.mobile_number = normalizeMobile(body.mobile_number);
	for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
	return { fields, custom };
}

function applyCustom(contact, custom) {
	const names = Object.keys(custom);
	if (names.length === 0) return;
	const values = { ...(contact.custom_fields || {}) };
	for (const name of names) {
		if (custom[name] === null) delete values[name];
		else values[name] = custom[name];
	}
	contact.custom_fields = values;
}

function forceDoubleOptIn(value) {
	if (value === undefined) return false;
	if (![true, false, 'true', 'false'].includes(value)) fail(400, MESSAGES.mustBe('force_double_opt_in', 'the string true or false'));
	return String(value) === 'true';
}

function createContact(b, body) {
	if (body.mobile_number === undefined || body.mobile_number === null || body.mobile_number === '') {
		fail(400, MESSAGES.required('mobile_number'));
	}
	const { fields, custom } = contactChanges(b, body, { create: true });
	const doubleOptIn = forceDoubleOptIn(body.force_double_opt_in);
	if (b.contactByNumber.has(fields.mobile_number)) fail(422, MESSAGES.duplicateMobile());
	const now = stamp();
	const contact = {
		contact_id: nextId(b, 'contact'), _brand_id: b.brand.brand_id, first_name: null, last_name: null,
		mobile_number: fields.mobile_number, mobile_number_carrier: null, email: null, birthdate: null, address: null,
		city: null, state: null, zip: null, country: null, source: 'api', _source_id: null, sub_source: null,
		_sub_source_id: null, custom_fields: {}, timezone: null, language: 'en', opt_in_status: 'not subscribed',
		last_opt_in_status_change: now, created: now, last_updated: null,
	};
	Object.assign(contact, fields);
	applyCustom(contact, custom);
	// With double opt-in the contact stays "not subscribed" until it replies to the confirmation text.
	if (doubleOptIn) contact.opt_in_status = 'not subscribed';
	addContact(b, contact);
	return createResponse(contact);
}

/** The create response: no null fields, none of OMITTED_ON_CREATE, custom_fields always an object. */
function createResponse(contact) {
	const out = {};
	for (const [key, value] of Object.entries(contact)) {
		if (value !== null && !OMITTED_ON_CREATE.includes(key)) out[key] = value;
	}
	out.custom_fields = contact.custom_fields || {};
	return out;
}

/** PUT targets a contact by id, or by mobile number (spec: "by the contact id in the path or by mobile number"). */
function contactForUpdate(b, rawId) {
	if (/^\+\d{10,}$/.test(rawId)) {
		const contact = b.contactByNumber.get(rawId);
		if (!contact) fail(404, MESSAGES.notFound('Contact'));
		return contact;
	}
	return findRecord(b, RESOURCES.contacts, rawId);
}

function updateContact(b, contact, body) {
	checkKeys(body, [...CONTACT_WRITABLE, ...b.customFields.map((field) => field.internal_name)], { atLeastOne: true });
	const { fields, custom } = contactChanges(b, body, { create: false });
	if (fields.mobile_number !== undefined) {
		const holder = b.contactByNumber.get(fields.mobile_number);
		if (holder && holder !== contact) fail(422, MESSAGES.duplicateMobile());
		b.contactByNumber.delete(contact.mobile_number);
		b.contactByNumber.set(fields.mobile_number, contact);
	}
	const now = stamp();
	if (fields.opt_in_status !== undefined && fields.opt_in_status !== contact.opt_in_status) {
		contact.last_opt_in_status_change = now;
	}
	Object.assign(contact, fields);
	applyCustom(contact, custom);
	contact.last_updated = now;
	return { ...contact, custom_fields: contact.custom_fields || {} };
}

function deleteContact(b, contact) {
	removeRecord(b, RESOURCES.contacts, contact);
	b.contactById.delete(contact.contact_id);
	b.contactByNumber.delete(contact.mobile_number);
	for (const members of b.listMembers.values()) members.delete(contact.contact_id);
}

function register(router) {
	const contacts = RESOURCES.contacts;
	routeResource(router, contacts, {
		create: createContact, update: updateContact, remove: deleteContact,
		findForUpdate: (b, res, rawId) => contactForUpdate(b, rawId),
	});
}

module.exports = { register, addContact, deleteContact };
