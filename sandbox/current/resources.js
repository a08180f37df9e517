'use strict';
// The resource table (where records live, their id field, the fields a filter may name, the page
// size), record lookups and ids, and the generic routes every resource shares (routeResource).

const { BRAND_PATH, DEFAULT_PAGE_SIZE, LARGE_PAGE_SIZE } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { objectBody } = require('./validate');
const { brandOf } = require('./auth');
const { pageOf } = require('./paging');

/**
 * What the generic handlers need to know of a resource: where its records live, their id field, the
 * fields a filter may name (from the spec's tables), and the default page size.
 */
function resource(spec) {
	const fields = new Set(spec.fields);
	return {
		pageSize: DEFAULT_PAGE_SIZE,
		numericIds: true,
		// A reader for a filter name, or undefined when the resource has no such field.
		filterField: (name) => (fields.has(name) ? (record) => record[name] : undefined),
		find: (brand, id) => brand[spec.key].find((record) => record[spec.idField] === id),
		...spec,
	};
}

const CONTACT_FIELDS = [
	'contact_id', '_brand_id', 'first_name', 'last_name', 'mobile_number', 'mobile_number_carrier', 'email',
	'birthdate', 'address', 'city', 'state', 'zip', 'country', 'source', '_source_id', 'sub_source',
	'_sub_source_id', 'custom_fields', 'timezone', 'language', 'opt_in_status', 'last_opt_in_status_change',
	'created', 'last_updated',
];
const MESSAGE_FIELDS = [
	'_id', 'to', 'from', 'body', 'direction', 'channel', 'source', '_source_id', 'is_gsm', 'message_credits',
	'campaign_completion_percentage', 'text_number', 'brand', 'contact', 'user', 'status', 'created', 'updated',
	'created_micro',
];

const RESOURCES = {
	contacts: resource({
		key: 'contacts', path: 'contacts', idField: 'contact_id', noun: 'Contact', fields: CONTACT_FIELDS,
		find: (brand, id) => brand.contactById.get(id),
	}),
	messages: resource({ key: 'messages', path: 'messages', idField: '_id', noun: 'Message', fields: MESSAGE_FIELDS }),
	keywords: resource({
		key: 'keywords', path: 'keywords', idField: 'keyword_id', noun: 'Keyword', pageSize: LARGE_PAGE_SIZE,
		fields: [
			'keyword_id', '_brand_id', 'word', 'description', 'create_contacts', 'use_alternate_responses',
			'double_opt_in', 'auto_response_message', 'auto_response_message_media_url', 'opt_in_exists_message',
			're_opt_in_message', 'double_opt_in_message', 'active', 'created', 'last_updated', 'deleted',
		],
	}),
	campaigns: resource({
		key: 'campaigns', path: 'campaigns', idField: 'campaign_id', noun: 'Campaign',
		fields: [
			'campaign_id', '_brand_id', '_created_by_user_id', 'name', 'body', 'media_url', 'audience_size', 'status',
			'status_detail', 'status_date', 'completion_percentage', 'created', 'scheduled', 'started', 'finished',
			'last_updated', 'audience',
		],
	}),
	lists: resource({
		key: 'lists', path: 'lists', idField: 'contact_list_id', noun: 'List',
		fields: ['contact_list_id', '_brand_id', 'name', 'description', 'created'],
	}),
	workflows: resource({
		key: 'workflows', path: 'workflows', idField: 'workflow_id', noun: 'Workflow',
		fields: [
			'workflow_id', '_brand_id', 'name', 'description', 'entry_rule', 'entry_rule_time_value',
			'entry_rule_time_unit', 'active', 'created', 'last_updated', 'last_activated', 'last_deactivated',
			'last_cleared',
		],
	}),
	customFields: resource({
		key: 'customFields', path: 'custom-fields', idField: 'custom_field_id', noun: 'Custom field',
		fields: ['custom_field_id', '_brand_id', 'name', 'internal_name', 'description', 'data_type', 'created', 'last_updated'],
	}),
	websitePopups: resource({
		key: 'websitePopups', path: 'website-popups', idField: 'website_popup_id', noun: 'Website popup',
		fields: [
			'website_popup_id', '_brand_id', 'name', 'description', 'min_page_views', 'show_event', 'show_delay_seconds',
			'show_inactivity_seconds', 'show_scroll_percent', 'show_scroll_text', 'hide_from_known_contacts',
			'start_minimized', 'show_desktop', 'show_tablet', 'show_mobile', 'active', 'reopen_value', 'reopen_unit',
			'url_show_rules', 'url_hide_rules', 'show_date', 'hide_date', 'website_preview_url',
			'opt_in_message_media_url', 'html_build', 'html_display', 'double_opt_in_message', 'opt_in_message',
			'created', 'last_updated', 'deleted',
		],
	}),
	segments: resource({
		key: 'segments', path: 'segments', idField: 'segment_id', noun: 'Segment',
		fields: ['segment_id', '_brand_id', 'name', 'description', 'created', 'last_updated'],
	}),
	links: resource({
		key: 'links', path: 'links', idField: 'link_id', noun: 'Link', pageSize: LARGE_PAGE_SIZE,
		fields: [
			'link_id', '_brand_id', '_contact_id', 'name', 'url', 'type', 'source', '_source_id', 'sub_source',
			'_sub_source_id', 'clicks', 'unique_clicks', 'bot_clicks', 'active', 'created', 'expires',
		],
	}),
	threads: resource({
		key: 'threads', path: 'inbox-threads', idField: '_id', noun: 'Inbox thread', pageSize: LARGE_PAGE_SIZE,
		numericIds: false,
		fields: [
			'_id', '_brand_id', '_contact_id', 'status', '_last_message_id', 'last_message', 'last_message_direction',
			'last_message_sent', '_assigned_to_user_id', 'created', 'updated', '_inbox_tag_ids',
		],
	}),
};

// Contacts also filter on a custom field by its internal_name (spec, Filters).
RESOURCES.contacts.filterField = (name, brand) => {
	if (CONTACT_FIELDS.includes(name)) return (contact) => contact[name];
	if (brand.customFields.some((field) => field.internal_name === name)) {
		return (contact) => (contact.custom_fields ? contact.custom_fields[name] : undefined);
	}
	return undefined;
};
// Messages filter on source_id, which is the record's _source_id (spec, Filters).
RESOURCES.messages.filterField = (name) => {
	if (name === 'source_id') return (message) => message._source_id;
	return MESSAGE_FIELDS.includes(name) ? (message) => message[name] : undefined;
};

/** The record with this path id, or 404 (a non-numeric id of a numeric resource is a 404 too). */
function findRecord(brand, res, rawId) {
	const id = res.numericIds ? (/^\d+$/.test(rawId) ? Number(rawId) : undefined) : rawId;
	const record = id === undefined ? undefined : res.find(brand, id);
	if (!record) fail(404, MESSAGES.notFound(res.noun));
	return record;
}

function removeRecord(brand, res, record) {
	const records = brand[res.key];
	records.splice(records.indexOf(record), 1);
}

// ------------------------------------------------------------------------------------------- ids

/** 24 hex digits like the API's message and thread ids: a time part, a kind, a counter. */
function objectId(ms, kind, counter) {
	const seconds = Math.floor(ms / 1000).toString(16).padStart(8, '0');
	return `${seconds}${kind}${counter.toString(16).padStart(8, '0')}`;
}

function nextId(brand, name) {
	return brand.nextId[name]++;
}

/** Sets a record's active flag; with stamps, also its last_activated or last_deactivated time. */
function setActive(record, active, stamps) {
	if (active === undefined || active === record.active) return;
	record.active = active;
	if (stamps) record[active ? 'last_activated' : 'last_deactivated'] = stamp();
}

// ---------------------------------------------------------------------------------------- routing

/**
 * The routes of one resource, from its options: list, get, create, update, remove (each a function
 * of the brand, the record and the body, or true for the plain behaviour). One place for the
 * brand check, the 404 and the `[]` of deletes. findForUpdate replaces the lookup of PUT.
 */
function routeResource(router, res, { list = true, get = true, create, update, remove, beforeRead, findForUpdate = findRecord } = {}) {
	const base = `${BRAND_PATH}/${res.path}`;
	const read = (ctx) => {
		const b = brandOf(ctx);
		if (beforeRead) beforeRead(b);
		return b;
	};
	if (list) router.add('GET', base, (ctx) => {
		const b = read(ctx);
		return pageOf(ctx, b, res, b[res.key]);
	});
	if (get) router.add('GET', `${base}/:id`, (ctx) => {
		const b = read(ctx);
		return { body: findRecord(b, res, ctx.params.id) };
	});
	if (create) router.add('POST', base, (ctx) => {
		const b = brandOf(ctx);
		return { body: create(b, objectBody(ctx)) };
	});
	if (update) router.add('PUT', `${base}/:id`, (ctx) => {
		const b = read(ctx);
		const record = findForUpdate(b, res, ctx.params.id);
		return { body: update(b, record, objectBody(ctx)) };
	});
	if (remove) router.add('DELETE', `${base}/:id`, (ctx) => {
		const b = read(ctx);
		const record = findRecord(b, res, ctx.params.id);
		if (typeof remove === 'function') remove(b, record);
		else removeRecord(b, res, record);
		return { body: [] };
	});
}

/** A GET of the brand that is not a collection (usage, analytics). */
function routeBrandGet(router, path, answer) {
	router.add('GET', `${BRAND_PATH}${path}`, (ctx) => ({ body: answer(brandOf(ctx), ctx) }));
}

module.exports = {
	RESOURCES, CONTACT_FIELDS, findRecord, removeRecord, objectId, nextId, setActive, routeResource, routeBrandGet,
};
