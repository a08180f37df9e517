'use strict';
// Custom fields: create (with a unique internal_name), update, get, get many, delete (which also
// removes the field's values from every contact).

const { DATA_TYPES } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { checkKeys, requireFields, text, choice } = require('./validate');
const { PAGING_PARAMS } = require('./paging');
const { RESOURCES, CONTACT_FIELDS, nextId, removeRecord, routeResource } = require('./resources');

/** lowercase, underscores; unique in the brand and never a contact field (it is a body key). */
function internalNameFor(b, name) {
	const base = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '') // accents go, the letters stay: Crème -> creme
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '');
	if (!base) fail(400, MESSAGES.internalName());
	const taken = (candidate) =>
		CONTACT_FIELDS.includes(candidate) ||
		['force_double_opt_in', ...PAGING_PARAMS].includes(candidate) ||
		b.customFields.some((field) => field.internal_name === candidate);
	let candidate = base;
	for (let n = 2; taken(candidate); n++) candidate = `${base}_${n}`;
	return candidate;
}

function customFieldChanges(body, { create }) {
	checkKeys(body, ['name', 'data_type', 'description'], { atLeastOne: !create });
	if (create) requireFields(body, ['name']);
	const changes = {
		name: text(body.name, 'name', { nullable: false, nonEmpty: true }),
		data_type: choice(body.data_type, 'data_type', DATA_TYPES),
		description: text(body.description, 'description'),
	};
	for (const key of Object.keys(changes)) if (changes[key] === undefined) delete changes[key];
	return changes;
}

function createCustomField(b, body) {
	const changes = customFieldChanges(body, { create: true });
	const now = stamp();
	const field = {
		custom_field_id: nextId(b, 'customField'), _brand_id: b.brand.brand_id, name: changes.name,
		internal_name: internalNameFor(b, changes.name), description: changes.description ?? null,
		data_type: changes.data_type ?? 'string', created: now, last_updated: now,
	};
	b.customFields.push(field);
	return field;
}

/** Renaming keeps internal_name; a new data_type leaves stored values as they are (spec). */
function updateCustomField(b, field, body) {
	Object.assign(field, customFieldChanges(body, { create: false }), { last_updated: stamp() });
	return field;
}

function deleteCustomField(b, field) {
	removeRecord(b, RESOURCES.customFields, field);
	for (const contact of b.contacts) {
		if (contact.custom_fields && field.internal_name in contact.custom_fields) delete contact.custom_fields[field.internal_name];
	}
}

function register(router) {
	routeResource(router, RESOURCES.customFields, { create: createCustomField, update: updateCustomField, remove: deleteCustomField });
}

module.exports = { register };
