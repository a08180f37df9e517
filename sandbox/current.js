'use strict';
// The current, brand-scoped SlickText API (../shared/spec/current-api.md, plus the groups that
// public-api-notes.md documents: segments, links, inbox threads, analytics), served under /v1.
//
// In memory and stateful. Every collection GET goes through one function (`pageOf`), so paging and
// filters behave the same everywhere, as they do on SlickText; every validation message comes from
// MESSAGES, so wording is consistent and easy to change.
//
// State layout: `state.current` is brand 1001 itself (contacts, lists, segments... at the top level,
// which is what tests read), and `state.current.brands` (not enumerable) maps every brand id to its
// data, brand 1001 included.

const { CREDENTIALS } = require('./credentials');

const BRAND_PATH = '/v1/brands/:brandId';
const MAX_PAGE_SIZE = 10000;
const DEFAULT_PAGE_SIZE = 50;
const LARGE_PAGE_SIZE = 250; // keywords, links and inbox threads (public-api-notes.md)
const DEFAULT_CONTACTS = 250;
const OTHER_BRAND_CONTACTS = 25;

const OPT_IN_STATUSES = ['not subscribed', 'subscribed', 'unsubscribed', 'blocked'];
const TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const ENTRY_RULES = ['once', 'oneAtTime', 'onceInTime', 'multiple'];
const TIME_UNITS = ['second', 'minute', 'hour', 'day'];
const DATA_TYPES = ['string', 'boolean', 'date', 'number'];
const CAMPAIGN_STATUSES = ['send', 'draft', 'scheduled'];
const THREAD_STATUSES = ['open', 'pending', 'closed'];
const GROWTH_COMPARE = ['YoY', 'QoQ', 'MoM', 'WoW', 'DoD', 'PoP'];
const GROWTH_FREQUENCY = ['hour', 'day', 'month', 'year'];
const CONTACT_GROUPS = ['source', 'opt_in_status'];

// ------------------------------------------------------------------------------------------ errors

/** Every message the API answers with, in one place. */
const MESSAGES = {
	invalidKey: () => 'Invalid API key.',
	noAccess: (brandId) => `This API key has no access to brand ${brandId}.`,
	notFound: (noun) => `${noun} not found.`,
	notFoundId: (noun, id) => `${noun} ${id} not found.`,
	objectBody: () => 'The request body must be a JSON object.',
	membershipBody: () => 'The request body must be a non-empty JSON array of {"contact_id": <id>, "lists": [<list ids>]}.',
	required: (field) => `The ${field} field is required.`,
	atLeastOne: (fields) => `At least one of ${fields.join(', ')} is required.`,
	unknownField: (field) => `Unknown field: ${field}`,
	unknownFilter: (name) => `Unknown filter: ${name}`,
	unknownParam: (name) => `Unknown parameter: ${name}`,
	oneOf: (field, values) => `The ${field} field must be one of: ${values.join(', ')}.`,
	mustBe: (field, what) => `The ${field} field must be ${what}.`,
	paramOneOf: (name, values) => `The ${name} parameter must be one of: ${values.join(', ')}.`,
	paramMustBe: (name, what) => `The ${name} parameter must be ${what}.`,
	pageSize: (name) => `The ${name} parameter must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
	pageStart: (name) => `The ${name} parameter must be a whole number, 0 or more.`,
	mobileDigits: () => 'The mobile_number field must have at least 10 digits.',
	mobileUs: () => 'The mobile_number field must be a US number: 10 digits, or 11 digits starting with 1.',
	duplicateMobile: () => 'A contact with this mobile number already exists.',
	campaignSent: () => 'A campaign that has been sent cannot be changed.',
	scheduledOnly: () => 'The scheduled field is only used when status is scheduled.',
	scheduledPast: () => 'The scheduled field must be in the future.',
	audienceShape: () => 'The audience field must be {"all": true}, {"contact_lists": [ids]} or {"segments": [ids]}.',
	onceInTime: () => 'The entry_rule_time_value and entry_rule_time_unit fields are required when entry_rule is onceInTime.',
	internalName: () => 'The name field must contain letters or digits.',
	rangeOrder: () => 'The end parameter must not be before the start parameter.',
	rangeTooLong: (max) => `The range from start to end has more than ${max} steps at this frequency.`,
};

/** Read by the core: it answers `httpStatus` with `body` (server.js), no import of the core needed. */
class ApiError extends Error {
	constructor(status, message) {
		super(message);
		this.httpStatus = status;
		this.body = { message };
	}
}

function fail(status, message) {
	throw new ApiError(status, message);
}

// -------------------------------------------------------------------------------------- timestamps

const DAY_MS = 86400000;
// Seeded history runs from the day the current platform opened (22 Jan 2025) for about 21 months.
const SEED_START = Date.UTC(2025, 0, 22, 9, 0, 0);
const SEED_SPAN = 640 * DAY_MS;

const pad = (n) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC, the format of every timestamp of the API. */
function stamp(ms = Date.now()) {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

/** Milliseconds of a `YYYY-MM-DD[ HH:MM:SS]` string taken as UTC, or NaN when it is not a real date. */
function parseStamp(text) {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(String(text));
	if (!m) return NaN;
	const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
	const ms = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(ms);
	// Date.UTC rolls 2025-02-30 over to March: a real date survives the round trip.
	const real = back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
	return real ? ms : NaN;
}

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

// ------------------------------------------------------------------------------------------- auth

const BRAND_OF_KEY = new Map([
	[CREDENTIALS.current.apiKey, Number(CREDENTIALS.current.brandId)],
	[CREDENTIALS.otherBrand.apiKey, Number(CREDENTIALS.otherBrand.brandId)],
]);

/** The brand a bearer key belongs to. The spec answers 403 (not 401) for a missing or bad key. */
function keyBrandId(headers) {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization || '');
	const brandId = match ? BRAND_OF_KEY.get(match[1]) : undefined;
	if (!brandId) fail(403, MESSAGES.invalidKey());
	return brandId;
}

/** The brand of the path, once the key is known to reach it (an unknown brand is also a 403). */
function brandOf(ctx) {
	const own = keyBrandId(ctx.headers);
	const requested = ctx.params.brandId;
	const brand = ctx.state.current.brands.get(own);
	if (requested !== String(own) || !brand) fail(403, MESSAGES.noAccess(requested));
	return brand;
}

// ------------------------------------------------------------------------------ paging + filters

function pageSizeParam(query, name) {
	const value = query[name];
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE_SIZE) fail(400, MESSAGES.pageSize(name));
	return Number(value);
}

function pageStartParam(query, name) {
	const value = query[name];
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value)) fail(400, MESSAGES.pageStart(name));
	return Number(value);
}

/**
 * limit/offset or page/pageSize (page is 0-based). limit wins over pageSize and offset over page when
 * both are given.
 */
function pagingOf(query, defaultSize) {
	const limit = pageSizeParam(query, 'limit');
	const pageSize = pageSizeParam(query, 'pageSize');
	const offset = pageStartParam(query, 'offset');
	const page = pageStartParam(query, 'page');
	const size = limit ?? pageSize ?? defaultSize;
	return { size, offset: offset ?? (page ?? 0) * size };
}

const PAGING_PARAMS = new Set(['limit', 'offset', 'page', 'pageSize']);

/** Every non-paging query parameter, as a predicate: exact, case-sensitive, compared as strings. */
function filterOf(query, resource, brand) {
	const tests = [];
	for (const [name, wanted] of Object.entries(query)) {
		if (PAGING_PARAMS.has(name)) continue;
		const read = resource.filterField(name, brand);
		if (!read) fail(400, MESSAGES.unknownFilter(name));
		tests.push((record) => {
			const value = read(record);
			return value !== undefined && value !== null && typeof value !== 'object' && String(value) === wanted;
		});
	}
	if (tests.length === 0) return undefined;
	return (record) => tests.every((test) => test(record));
}

/**
 * The paging envelope. When everything fits in one page the four page fields are null (as the spec
 * says); otherwise they are page numbers (0-based, like `page`) and currentPageString is the current
 * page number as a string, since the API reports no total.
 */
function envelope(data, { offset, size }, hasMore) {
	if (offset === 0 && !hasMore) {
		return { data, pagingData: { prevPage: null, currentPage: null, nextPage: null, currentPageString: null, hasMore } };
	}
	const currentPage = Math.floor(offset / size);
	return {
		data,
		pagingData: {
			prevPage: currentPage > 0 ? currentPage - 1 : null,
			currentPage,
			nextPage: hasMore ? currentPage + 1 : null,
			currentPageString: String(currentPage),
			hasMore,
		},
	};
}

/** One collection GET: filter, then slice. O(n) at worst, a plain slice without filters. */
function pageOf(ctx, brand, resource, records) {
	const paging = pagingOf(ctx.query, resource.pageSize);
	const keep = filterOf(ctx.query, resource, brand);
	const selected = keep ? records.filter(keep) : records;
	const data = selected.slice(paging.offset, paging.offset + paging.size);
	const hasMore = paging.offset + data.length < selected.length;
	return { body: envelope(data, paging, hasMore) };
}

// ------------------------------------------------------------------------------------ resources

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

// ------------------------------------------------------------------------------------- ids, seeds

/** 24 hex digits like the API's message and thread ids: a time part, a kind, a counter. */
function objectId(ms, kind, counter) {
	const seconds = Math.floor(ms / 1000).toString(16).padStart(8, '0');
	return `${seconds}${kind}${counter.toString(16).padStart(8, '0')}`;
}

function nextId(brand, name) {
	return brand.nextId[name]++;
}

const FIRST_NAMES = [
	'Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Omar', 'Zoe', 'Ivan', 'Lena', 'Raj', 'Chloe', 'Mateo', 'Grace', 'Kenji',
	'Sofia', 'Elijah', 'Priya', 'Lucas', 'Hana', 'Diego',
];
const LAST_NAMES = [
	'Smith', 'Garcia', 'Chen', 'Patel', 'Nguyen', 'Brown', 'Khan', 'Rossi', 'Johnson', 'Kim', 'Lopez', "O'Brien",
	'Müller', 'Williams', 'Sato', 'Davis',
];
const EMAIL_NAMES = FIRST_NAMES.map((name) => name.toLowerCase());
const STREETS = ['Elm St', 'Maple Ave', 'Harbor Rd', 'Main St', 'Oak Ln', 'Cedar Ct', 'Beacon St', 'Pine Dr'];
// City, state, zip, time zone: consistent with each other.
const CITIES = [
	['Boston', 'MA', '02108', 'America/New_York'],
	['Chicago', 'IL', '60601', 'America/Chicago'],
	['Denver', 'CO', '80202', 'America/Denver'],
	['Seattle', 'WA', '98101', 'America/Los_Angeles'],
	['Austin', 'TX', '78701', 'America/Chicago'],
	['Brooklyn', 'NY', '11201', 'America/New_York'],
	['Portland', 'OR', '97205', 'America/Los_Angeles'],
];
const CARRIERS = ['Verizon', 'AT&T', 'T-Mobile', null];
const DRINKS = ['latte', 'espresso', 'cold brew', 'cappuccino', 'chai', 'flat white'];
// 60% subscribed, 15% unsubscribed, 15% not subscribed, 10% blocked, by contact index modulo 20.
const OPT_IN_BY_INDEX = [
	...Array(12).fill('subscribed'), ...Array(3).fill('unsubscribed'), ...Array(3).fill('not subscribed'),
	...Array(2).fill('blocked'),
];

const BRAND_PROFILES = [
	{
		brand_id: 1001, _account_id: 70001, tax_id: 824513907, name: 'Sandbox Coffee Co.',
		legal_name: 'Sandbox Coffee Company LLC', short_name: 'SandboxCoffee', website: 'https://sandboxcoffee.example',
		address: '12 Roaster Way', city: 'Boston', state: 'MA', zip: '02110', country: 'US',
		contact_first_name: 'Dana', contact_last_name: 'Whitfield', contact_email: 'dana@sandboxcoffee.example',
		contact_phone: '+16175550142', industry: 'Food & Beverage', use_case: 'Marketing',
		textNumber: '+18885550123', areaCodes: ['617', '312', '720', '206', '512', '718', '503'],
		keywords: ['COFFEE', 'LATTE', 'VIP', 'DEALS', 'JOIN'],
	},
	{
		brand_id: 2002, _account_id: 70002, tax_id: 913377520, name: 'Harbor Books',
		legal_name: 'Harbor Books Inc.', short_name: 'HarborBooks', website: 'https://harborbooks.example',
		address: '4 Wharf St', city: 'Portland', state: 'ME', zip: '04101', country: 'US',
		contact_first_name: 'Sam', contact_last_name: 'Okafor', contact_email: 'sam@harborbooks.example',
		contact_phone: '+12075550188', industry: 'Retail', use_case: 'Marketing',
		textNumber: '+18445550177', areaCodes: ['207', '603'],
		keywords: ['BOOKS', 'READ'],
	},
];

/** The full Brand record of the spec. */
function brandRecord(p) {
	return {
		brand_id: p.brand_id, _account_id: p._account_id, tax_id: p.tax_id, legal_name: p.legal_name, name: p.name,
		short_name: p.short_name, website: p.website, logo: null, address: p.address, city: p.city, state: p.state,
		zip: p.zip, country: p.country, contact_first_name: p.contact_first_name,
		contact_last_name: p.contact_last_name, contact_email: p.contact_email, contact_phone: p.contact_phone,
		industry: p.industry, use_case: p.use_case, prohibited_content: 0, age_requirement: 0, force_double_opt_in: 0,
		inbox_enabled: 1, opt_out_intel_enabled: 1, delete_bad_numbers: 1, message_credit_limit: null,
		message_credit_limit_percentage: 90,
		age_requirement_message: `Reply YES to confirm you are 18 or older to join ${p.name} texts.`,
		age_requirement_ineligible_message: 'Sorry, you must be 18 or older to join.',
		double_opt_in_message: `Reply Y to confirm you want recurring texts from ${p.name}. Msg&data rates may apply.`,
		opt_in_message: `Welcome to ${p.name} texts! Up to 4 msgs/mo. Reply HELP for help, STOP to cancel.`,
		opt_in_exists_message: `You are already subscribed to ${p.name} texts.`,
		re_opt_in_message: `Welcome back to ${p.name} texts! Reply STOP to cancel.`,
		terms_link: `${p.website}/sms-terms`, opt_out_intel_action: 'unsubscribe',
		opt_out_intel_message: 'You have been unsubscribed. Reply START to rejoin.',
		time_to_cart_abandonment_value: 1, time_to_cart_abandonment_unit: 'hour', attribution_model: 'last_touch',
		message_view_attribution_value: 24, message_view_attribution_unit: 'hour',
		message_click_attribution_value: 5, message_click_attribution_unit: 'day', delete_bad_numbers_failures: 3,
		created: '2025-01-22 14:03:11', last_updated: '2026-03-02 09:41:27',
	};
}

function emptyBrand(profile) {
	const brandId = profile.brand_id;
	return {
		brand: brandRecord(profile),
		profile,
		// Credits of the current billing period: subscription, rollovers and purchased messages.
		credits: { subscription: 20000, rollover: 3500, purchased: 1500 },
		// Shared by the messages of this brand (read-only parts of the Message record).
		textNumber: { _brand_id: brandId, text_number_id: brandId * 10 + 1, type: 'tollFree', registration_status: 'registered' },
		brandRef: { brand_id: brandId },
		contacts: [], contactById: new Map(), contactByNumber: new Map(),
		customFields: [], lists: [], listMembers: new Map(), keywords: [], campaigns: [], workflows: [],
		websitePopups: [], messages: [], segments: [], segmentRules: new Map(), links: [], threads: [],
		threadContent: new Map(),
		nextId: {
			contact: 1, customField: 1, list: 1, keyword: 1, campaign: 1, audience: 1, workflow: 1, popup: 1,
			segment: 1, link: 1, message: 1, thread: 1,
		},
	};
}

function seedCustomFields(b) {
	const fields = [
		['Favorite Drink', 'favorite_drink', 'string', 'Usual order, asked at sign-up'],
		['Loyalty Points', 'loyalty_points', 'number', 'Points in the loyalty program'],
		['VIP', 'vip', 'boolean', 'Member of the VIP club'],
		['Signup Date', 'signup_date', 'date', 'Day the contact joined the loyalty program'],
	];
	for (const [name, internalName, dataType, description] of fields) {
		b.customFields.push({
			custom_field_id: nextId(b, 'customField'), _brand_id: b.brand.brand_id, name, internal_name: internalName,
			description, data_type: dataType, created: '2025-01-23 10:15:00', last_updated: '2025-01-23 10:15:00',
		});
	}
}

function seedKeywords(b) {
	b.profile.keywords.forEach((word, i) => {
		b.keywords.push({
			keyword_id: nextId(b, 'keyword'), _brand_id: b.brand.brand_id, word,
			description: `Text ${word} to join`, create_contacts: 1, use_alternate_responses: i === 1 ? 1 : 0,
			double_opt_in: word === 'VIP' ? 1 : 0,
			auto_response_message: `Thanks for texting ${word}! Show this text for 10% off your next order.`,
			auto_response_message_media_url: i === 0 ? 'https://cdn.example.com/mms/coffee.jpg' : null,
			opt_in_exists_message: 'You are already on the list!', re_opt_in_message: 'Welcome back!',
			double_opt_in_message: 'Reply Y to confirm.', active: i === 4 ? 0 : 1,
			created: stamp(SEED_START + i * 3 * DAY_MS), last_updated: stamp(SEED_START + i * 5 * DAY_MS), deleted: null,
		});
	});
}

function seedPopups(b) {
	const popups = [
		['Homepage signup', 'Join for 10% off, shown on every page', 1, 'load'],
		['Exit intent offer', 'Free pastry when leaving the menu page', 0, 'load'],
		['Mobile footer bar', 'Small bar on phones', 1, 'load'],
	];
	popups.forEach(([name, description, active, showEvent], i) => {
		const created = stamp(SEED_START + (10 + i * 20) * DAY_MS);
		b.websitePopups.push({
			website_popup_id: nextId(b, 'popup'), _brand_id: b.brand.brand_id, name, description, min_page_views: 1 + i,
			show_event: showEvent, show_delay_seconds: 5, show_inactivity_seconds: i === 1 ? 30 : 0,
			show_scroll_percent: i === 2 ? 40 : 0, show_scroll_text: i === 2 ? 'Get 10% off' : null,
			hide_from_known_contacts: 1, start_minimized: i === 2 ? 1 : 0, show_desktop: i === 2 ? 0 : 1, show_tablet: 1,
			show_mobile: 1, active, reopen_value: 7, reopen_unit: 'day',
			url_show_rules: i === 1 ? '/menu' : null, url_hide_rules: '/checkout', show_date: null, hide_date: null,
			website_preview_url: b.brand.website, opt_in_message_media_url: null,
			html_build: `<div class="popup"><h2>${name}</h2><input name="phone"></div>`,
			html_display: `<div class="popup"><h2>${name}</h2></div>`,
			double_opt_in_message: b.brand.double_opt_in_message, opt_in_message: b.brand.opt_in_message,
			created, last_updated: created, deleted: null,
		});
	});
}

/** Contact i of n: deterministic, varied, created in id order over the seeded history. */
function seedContact(b, i, n) {
	const id = nextId(b, 'contact');
	const areaCodes = b.profile.areaCodes;
	const [city, state, zip, timezone] = CITIES[i % CITIES.length];
	const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length];
	const last = LAST_NAMES[(i * 13 + 5) % LAST_NAMES.length];
	const createdMs = SEED_START + Math.floor((i * SEED_SPAN) / Math.max(n, 1)) + ((i * 7919) % 3600) * 1000;
	const status = OPT_IN_BY_INDEX[i % OPT_IN_BY_INDEX.length];
	const sourceKind = i % 10;
	const source = sourceKind < 4 ? 'Keyword' : sourceKind < 6 ? 'api' : sourceKind < 8 ? 'Website Popup' : 'Import';
	const sourceId =
		source === 'Keyword' ? String(1 + (i % b.keywords.length)) : source === 'Website Popup' ? String(1 + (i % 3)) : null;
	const local = String(2000000 + Math.floor(i / areaCodes.length)).padStart(7, '0');
	const created = stamp(createdMs);
	return {
		contact_id: id, _brand_id: b.brand.brand_id, first_name: first, last_name: last,
		mobile_number: `+1${areaCodes[i % areaCodes.length]}${local}`,
		mobile_number_carrier: CARRIERS[i % CARRIERS.length],
		email: i % 6 === 5 ? null : `${EMAIL_NAMES[(i * 7) % FIRST_NAMES.length]}.${id}@example.com`,
		birthdate: i % 3 === 2 ? null : `${1960 + ((i * 7) % 45)}-${pad(1 + ((i * 5) % 12))}-${pad(1 + ((i * 11) % 28))}`,
		address: `${100 + ((i * 37) % 900)} ${STREETS[i % STREETS.length]}`, city, state, zip, country: 'US',
		source, _source_id: sourceId, sub_source: source === 'Website Popup' ? (i % 2 ? 'mobile' : 'desktop') : null,
		_sub_source_id: null,
		custom_fields:
			i % 5 === 4
				? null
				: {
						favorite_drink: DRINKS[i % DRINKS.length],
						loyalty_points: (i * 37) % 500,
						vip: i % 10 === 1,
						signup_date: created.slice(0, 10),
					},
		timezone, language: i % 9 === 4 ? 'es' : 'en', opt_in_status: status,
		last_opt_in_status_change: status === 'subscribed' ? created : stamp(createdMs + 12 * DAY_MS),
		created, last_updated: i % 4 === 3 ? stamp(createdMs + 3 * DAY_MS) : null,
	};
}

function addContact(b, contact) {
	b.contacts.push(contact);
	b.contactById.set(contact.contact_id, contact);
	b.contactByNumber.set(contact.mobile_number, contact);
}

function seedContacts(b, n) {
	for (let i = 0; i < n; i++) addContact(b, seedContact(b, i, n));
}

/** Lists with memberships that grow with the contacts; the last list is empty. */
function seedLists(b) {
	const lists = [
		['Newsletter', 'Monthly news and new drinks', (c, i) => i % 3 !== 2],
		['VIP Club', 'Loyalty members with VIP status', (c) => Boolean(c.custom_fields && c.custom_fields.vip)],
		['Downtown Store', 'Customers of the Boston store', (c) => c.city === 'Boston'],
		['Tasting Panel', 'Invited to taste new roasts', (c, i) => i % 25 === 3 && i < 1000],
		['Holiday Signups', 'Signed up for the holiday season; nobody yet', () => false],
	];
	lists.forEach(([name, description, member], k) => {
		const id = nextId(b, 'list');
		b.lists.push({ contact_list_id: id, _brand_id: b.brand.brand_id, name, description, created: stamp(SEED_START + (k + 1) * DAY_MS) });
		const members = new Set();
		b.contacts.forEach((contact, i) => {
			if (member(contact, i)) members.add(contact.contact_id);
		});
		b.listMembers.set(id, members);
	});
}

/** Segments are saved rules; the rule stays out of the record, which has only the documented fields. */
function seedSegments(b) {
	const segments = [
		['Boston regulars', 'City is Boston', (c) => c.city === 'Boston'],
		['VIP members', 'Custom field VIP is true', (c) => Boolean(c.custom_fields && c.custom_fields.vip)],
		['Lapsed customers', 'Opt-in status is unsubscribed', (c) => c.opt_in_status === 'unsubscribed'],
	];
	segments.forEach(([name, description, rule], k) => {
		const id = nextId(b, 'segment');
		const at = stamp(SEED_START + (30 + k) * DAY_MS);
		b.segments.push({ segment_id: id, _brand_id: b.brand.brand_id, name, description, created: at, last_updated: at });
		b.segmentRules.set(id, rule);
	});
}

function seedWorkflows(b) {
	const workflows = [
		['Welcome series', 'Three texts over the first week', 'once', null, null, 1],
		['Birthday reward', 'Free drink on the birthday', 'onceInTime', 365, 'day', 1],
		['Win-back', 'Offer after 60 days without a visit', 'multiple', null, null, 0],
		['Order follow-up', 'Ask for a review after an order', 'oneAtTime', null, null, 0],
	];
	workflows.forEach(([name, description, rule, value, unit, active], k) => {
		const created = SEED_START + (5 + k * 9) * DAY_MS;
		b.workflows.push({
			workflow_id: nextId(b, 'workflow'), _brand_id: b.brand.brand_id, name, description, entry_rule: rule,
			entry_rule_time_value: value, entry_rule_time_unit: unit, active, created: stamp(created),
			last_updated: stamp(created + 2 * DAY_MS), last_activated: stamp(created + DAY_MS),
			last_deactivated: active ? null : stamp(created + 40 * DAY_MS), last_cleared: null,
		});
	});
}

function seedCampaigns(b) {
	const campaigns = [
		{
			name: 'Tasting panel invite', body: 'Join us Saturday 10am to taste our new Ethiopian roast. Reply YES!',
			status: 'send', audience: { contact_lists: [4] }, media_url: 'https://cdn.example.com/mms/roast.jpg',
		},
		{ name: 'Fall menu preview', body: 'Pumpkin spice is back Monday! Reply STOP to opt out.', status: 'draft', audience: { all: true } },
		{
			name: 'Holiday hours', body: 'We close at 2pm on Dec 24. Happy holidays!', status: 'scheduled',
			scheduled: '2030-12-20 15:00:00', audience: { contact_lists: [1] },
		},
		{ name: 'VIP double points', body: 'VIPs earn double points all weekend.', status: 'send', audience: { segments: [2] } },
	];
	campaigns.forEach((input, k) => {
		// After the last seeded contact joined, so that every recipient existed when it was sent.
		const at = SEED_START + SEED_SPAN + (1 + k * 2) * DAY_MS;
		const campaign = buildCampaign(b, input, at);
		b.campaigns.push(campaign);
		if (input.status === 'send') sendCampaign(b, campaign, at + 3600 * 1000);
	});
}

/** A Message record; the nested text_number, brand and user objects are shared, never changed. */
function buildMessage(b, { contact, direction, body, source, sourceId = null, status, ms, userId = null }) {
	const counter = nextId(b, 'message');
	const outgoing = direction === 'outgoing';
	const created = stamp(ms);
	const gsm = /^[\x20-\x7E\n]*$/.test(body) ? 1 : 0;
	return {
		_id: objectId(ms, 'a0c1e2f3', counter), to: outgoing ? contact.mobile_number : b.profile.textNumber,
		from: outgoing ? b.profile.textNumber : contact.mobile_number, body, direction, channel: 'sms', source,
		_source_id: sourceId, is_gsm: gsm, message_credits: outgoing ? Math.ceil(body.length / (gsm ? 160 : 70)) : 0,
		campaign_completion_percentage: source === 'Campaign' ? 100 : 0, text_number: b.textNumber, brand: b.brandRef,
		contact: { contact_id: contact.contact_id }, user: { user_id: userId }, status, created,
		updated: stamp(ms + (outgoing ? 4000 : 0)), created_micro: ms / 1000 + (counter % 1000) / 1e6,
	};
}

function outgoingStatus(contact) {
	return contact.contact_id % 17 === 0 ? 'undelivered' : 'delivered';
}

/** Keyword texts and their auto-responses, plus order texts sent through the API. */
function seedMessages(b) {
	const sample = b.contacts.slice(0, 200);
	for (const contact of sample) {
		const at = parseStamp(contact.created);
		if (contact.source === 'Keyword') {
			const keyword = b.keywords[Number(contact._source_id) - 1];
			b.messages.push(
				buildMessage(b, { contact, direction: 'incoming', body: keyword.word, source: 'Keyword', sourceId: keyword.keyword_id, status: 'processed', ms: at }),
				buildMessage(b, {
					contact, direction: 'outgoing', body: keyword.auto_response_message, source: 'Keyword',
					sourceId: keyword.keyword_id, status: outgoingStatus(contact), ms: at + 2000,
				}),
			);
		}
		if (contact.contact_id % 7 === 0) {
			b.messages.push(
				buildMessage(b, {
					contact, direction: 'outgoing', body: `Hi ${contact.first_name}, your order #${4000 + contact.contact_id} is ready for pickup.`,
					source: 'API', status: outgoingStatus(contact), ms: at + 5 * DAY_MS,
				}),
			);
		}
	}
}

/** Conversations in the inbox; their messages are Message records with source InboxThread. */
function seedThreads(b) {
	const conversations = [
		['Is the Boston store open on Sunday?', 'Yes, 8am to 4pm!', 'Great, thanks'],
		['Can I still use my birthday reward?', 'Of course, it is valid all month.'],
		['Do you have oat milk?', 'We do, and almond too.', 'Perfect', 'See you soon!'],
		['My order is missing a muffin', 'So sorry! We will refund it today.'],
		['STOP sending me deals please', 'Done, you will only get order updates.'],
		['Do you cater events?', 'We do! What date?', 'June 12, about 40 people'],
		['What time do you close?', '6pm on weekdays.'],
		['Is the loyalty app down?', 'Fixed now, sorry about that.', 'Works, thanks'],
	];
	const statuses = ['open', 'pending', 'closed', 'open', 'closed', 'pending', 'open', 'closed'];
	conversations.forEach((lines, k) => {
		const contact = b.contacts[k * 5];
		if (!contact) return;
		const start = parseStamp(contact.created) + 20 * DAY_MS;
		const id = objectId(start, 'b4d5e6f7', nextId(b, 'thread'));
		const messages = lines.map((body, j) =>
			buildMessage(b, {
				contact, direction: j % 2 === 0 ? 'incoming' : 'outgoing', body, source: 'InboxThread',
				status: j % 2 === 0 ? 'processed' : 'delivered', ms: start + j * 600000, userId: j % 2 === 0 ? null : 301,
			}),
		);
		const last = messages[messages.length - 1];
		b.messages.push(...messages);
		b.threadContent.set(id, messages);
		b.threads.push({
			_id: id, _brand_id: b.brand.brand_id, _contact_id: contact.contact_id, status: statuses[k],
			_last_message_id: last._id, last_message: last.body, last_message_direction: last.direction,
			last_message_sent: last.created, _assigned_to_user_id: k % 3 === 0 ? 301 : null, created: messages[0].created,
			updated: last.created, _inbox_tag_ids: k % 2 === 0 ? ['6744a297616039e17200b0d3'] : [],
		});
	});
}

function seedLinks(b) {
	// Campaign links get clicks in proportion to the campaign's audience, so that click rates stay plausible.
	const campaignClicks = (id, share) => {
		const campaign = b.campaigns.find((c) => c.campaign_id === id);
		return Math.round((campaign ? campaign.audience_size : 0) * share);
	};
	const links = [
		['Tasting menu', 'https://example.com/menu/1', 'Campaign', 1, 1, campaignClicks(1, 0.8)],
		['VIP menu', 'https://example.com/menu/2', 'Campaign', 4, 1, campaignClicks(4, 0.3)],
		['Order online', `${b.brand.website}/order`, 'API', null, 1, 1290],
		['Store locator', `${b.brand.website}/stores`, 'Keyword', 1, 1, 233],
		['Loyalty program', `${b.brand.website}/loyalty`, 'Campaign', 4, 0, campaignClicks(4, 0.2)],
		['Tasting RSVP', `${b.brand.website}/rsvp`, 'Campaign', 1, 1, campaignClicks(1, 0.5)],
	];
	links.forEach(([name, url, source, sourceId, active, clicks], k) => {
		b.links.push({
			link_id: nextId(b, 'link'), _brand_id: b.brand.brand_id, _contact_id: null, name, url, type: 'shortlink',
			source, _source_id: sourceId === null ? null : String(sourceId), sub_source: null, _sub_source_id: null,
			clicks, unique_clicks: Math.floor(clicks * 0.6), bot_clicks: Math.floor(clicks * 0.05), active,
			created: stamp(SEED_START + (70 + k * 30) * DAY_MS), expires: k === 5 ? '2030-01-01 00:00:00' : null,
		});
	});
}

function seedBrand(profile, contactCount) {
	const b = emptyBrand(profile);
	seedCustomFields(b);
	seedKeywords(b);
	seedPopups(b);
	seedContacts(b, contactCount);
	seedLists(b);
	seedSegments(b);
	seedWorkflows(b);
	seedCampaigns(b);
	seedMessages(b);
	seedThreads(b);
	seedLinks(b);
	b.messages.sort((x, y) => x.created_micro - y.created_micro);
	return b;
}

/** Fresh demo data. seed.contacts sizes brand 1001 (default 250); brand 2002 always has 25. */
function createState(seed = {}) {
	const requested = seed && seed.contacts !== undefined ? Math.floor(Number(seed.contacts)) : DEFAULT_CONTACTS;
	const count = Number.isFinite(requested) && requested > 0 ? requested : 0;
	const main = seedBrand(BRAND_PROFILES[0], count);
	const other = seedBrand(BRAND_PROFILES[1], OTHER_BRAND_CONTACTS);
	const brands = new Map([
		[main.brand.brand_id, main],
		[other.brand.brand_id, other],
	]);
	// Not enumerable: state.current holds itself through this map.
	Object.defineProperty(main, 'brands', { value: brands, enumerable: false });
	return main;
}

// ----------------------------------------------------------------------------------------- brand

function usageOf(b) {
	const total = b.credits.subscription + b.credits.rollover + b.credits.purchased;
	let used = 0;
	for (const message of b.messages) used += message.message_credits;
	return {
		brand_id: b.brand.brand_id, brand_name: b.brand.name, total_credits: total, credits_used: used,
		credits_available: Math.max(0, total - used), message_credit_limit: b.brand.message_credit_limit,
		message_credit_limit_percentage: b.brand.message_credit_limit_percentage,
	};
}

// -------------------------------------------------------------------------------------- contacts

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

// ----------------------------------------------------------------------------------------- lists

function listChanges(body, { create }) {
	checkKeys(body, ['name', 'description'], { atLeastOne: !create });
	if (create) requireFields(body, ['name']);
	const changes = { name: text(body.name, 'name', { nullable: false, nonEmpty: true }), description: text(body.description, 'description') };
	for (const key of Object.keys(changes)) if (changes[key] === undefined) delete changes[key];
	return changes;
}

function createList(b, body) {
	const changes = listChanges(body, { create: true });
	const list = {
		contact_list_id: nextId(b, 'list'), _brand_id: b.brand.brand_id, name: changes.name,
		description: changes.description ?? null, created: stamp(),
	};
	b.lists.push(list);
	b.listMembers.set(list.contact_list_id, new Set());
	return list;
}

/** `[{contact_id, lists: [ids]}]`, all checked before any change, so a bad element changes nothing. */
function membershipEntries(b, body) {
	if (!Array.isArray(body) || body.length === 0) fail(400, MESSAGES.membershipBody());
	return body.map((entry) => {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail(400, MESSAGES.membershipBody());
		checkKeys(entry, ['contact_id', 'lists']);
		const contactId = bodyId(entry.contact_id);
		if (contactId === undefined) fail(400, MESSAGES.mustBe('contact_id', 'a contact id'));
		if (!Array.isArray(entry.lists) || entry.lists.length === 0) fail(400, MESSAGES.mustBe('lists', 'a non-empty array of list ids'));
		const listIds = entry.lists.map((raw) => {
			const id = bodyId(raw);
			if (id === undefined) fail(400, MESSAGES.mustBe('lists', 'a non-empty array of list ids'));
			if (!b.listMembers.has(id)) fail(404, MESSAGES.notFoundId('List', id));
			return id;
		});
		if (!b.contactById.has(contactId)) fail(404, MESSAGES.notFoundId('Contact', contactId));
		return { contactId, listIds };
	});
}

function changeMemberships(b, body, add) {
	const entries = membershipEntries(b, body);
	let changed = 0;
	for (const { contactId, listIds } of entries) {
		for (const listId of listIds) {
			const members = b.listMembers.get(listId);
			if (members.has(contactId) === add) continue;
			if (add) members.add(contactId);
			else members.delete(contactId);
			changed++;
		}
	}
	return {
		success: true,
		message: add ? 'Contacts added to lists.' : 'Contacts removed from lists.',
		contacts: entries.length,
		[add ? 'added' : 'removed']: changed,
	};
}

function listContacts(b, list) {
	const members = b.listMembers.get(list.contact_list_id);
	return b.contacts.filter((contact) => members.has(contact.contact_id));
}

// ------------------------------------------------------------------------------------- campaigns

const CAMPAIGN_KEYS = ['name', 'body', 'media_url', 'status', 'audience', 'scheduled'];

function idList(value, field, exists, noun) {
	if (!Array.isArray(value) || value.length === 0) fail(400, MESSAGES.audienceShape());
	return value.map((raw) => {
		const id = bodyId(raw);
		if (id === undefined) fail(400, MESSAGES.mustBe(`audience.${field}`, 'an array of ids'));
		if (!exists(id)) fail(404, MESSAGES.notFoundId(noun, id));
		return id;
	});
}

/** {all: true}, or contact_lists and/or segments (several lists or segments may be combined). */
function checkAudience(b, audience) {
	if (!audience || typeof audience !== 'object' || Array.isArray(audience)) fail(400, MESSAGES.audienceShape());
	checkKeys(audience, ['all', 'contact_lists', 'segments']);
	if (audience.all !== undefined) {
		if (audience.all !== true || Object.keys(audience).length > 1) fail(400, MESSAGES.audienceShape());
		return { all: true };
	}
	const out = {};
	if (audience.contact_lists !== undefined) out.contact_lists = idList(audience.contact_lists, 'contact_lists', (id) => b.listMembers.has(id), 'List');
	if (audience.segments !== undefined) out.segments = idList(audience.segments, 'segments', (id) => b.segmentRules.has(id), 'Segment');
	if (!out.contact_lists && !out.segments) fail(400, MESSAGES.audienceShape());
	return out;
}

/** The whole campaign input, checked as one: the same rules for create and for the result of an update. */
function checkCampaign(b, input) {
	requireFields(input, ['name', 'status']);
	text(input.name, 'name', { nullable: false, nonEmpty: true });
	choice(input.status, 'status', CAMPAIGN_STATUSES);
	// A draft may be unfinished; what is sent needs a text and an audience.
	if (input.status !== 'draft') requireFields(input, ['body', 'audience']);
	text(input.body, 'body');
	if (input.media_url !== undefined && input.media_url !== null) webAddress(input.media_url, 'media_url');
	const audience = input.audience === undefined || input.audience === null ? null : checkAudience(b, input.audience);
	let scheduled = null;
	if (input.status === 'scheduled') {
		requireFields(input, ['scheduled']);
		const ms = parseStamp(input.scheduled);
		if (typeof input.scheduled !== 'string' || !/ \d{2}:/.test(input.scheduled) || Number.isNaN(ms)) {
			fail(400, MESSAGES.mustBe('scheduled', 'a timestamp formatted YYYY-MM-DD HH:MM:SS'));
		}
		if (ms <= Date.now()) fail(400, MESSAGES.scheduledPast());
		scheduled = input.scheduled;
	} else if (input.scheduled !== undefined && input.scheduled !== null) {
		fail(400, MESSAGES.scheduledOnly());
	}
	return { name: input.name, body: input.body ?? null, media_url: input.media_url ?? null, status: input.status, audience, scheduled };
}

/** Subscribed contacts of an audience entry (campaigns reach subscribed contacts only). */
function entryContacts(b, target) {
	const subscribed = (contact) => contact.opt_in_status === 'subscribed';
	if (target.all) return b.contacts.filter(subscribed);
	if (target.listId !== undefined) {
		const members = b.listMembers.get(target.listId) || new Set();
		return b.contacts.filter((contact) => subscribed(contact) && members.has(contact.contact_id));
	}
	const rule = b.segmentRules.get(target.segmentId) || (() => false);
	return b.contacts.filter((contact) => subscribed(contact) && rule(contact));
}

function audienceTargets(audience) {
	if (!audience) return [];
	if (audience.all) return [{ all: true }];
	return [
		...(audience.contact_lists || []).map((listId) => ({ listId })),
		...(audience.segments || []).map((segmentId) => ({ segmentId })),
	];
}

/** The recipients of an audience, each once, in contact order. */
function recipientsOf(b, audience) {
	const seen = new Set();
	for (const target of audienceTargets(audience)) for (const contact of entryContacts(b, target)) seen.add(contact);
	return b.contacts.filter((contact) => seen.has(contact));
}

function audienceRecords(b, campaignId, audience, created) {
	return audienceTargets(audience).map((target) => ({
		campaign_audience_id: nextId(b, 'audience'), _campaign_id: campaignId, all_contacts: target.all ? 1 : 0,
		_contact_list_id: target.listId ?? null, _segment_id: target.segmentId ?? null,
		size: entryContacts(b, target).length, created,
	}));
}

/** The audience input back from a record's audience array (for updates that leave it alone). */
function audienceOfRecord(campaign) {
	if (campaign.audience.length === 0) return null;
	if (campaign.audience.some((entry) => entry.all_contacts)) return { all: true };
	const lists = campaign.audience.filter((e) => e._contact_list_id !== null).map((e) => e._contact_list_id);
	const segments = campaign.audience.filter((e) => e._segment_id !== null).map((e) => e._segment_id);
	return { ...(lists.length ? { contact_lists: lists } : {}), ...(segments.length ? { segments } : {}) };
}

function setAudience(b, campaign, audience, at) {
	campaign.audience = audienceRecords(b, campaign.campaign_id, audience, at);
	campaign.audience_size = audience ? recipientsOf(b, audience).length : 0;
}

function buildCampaign(b, input, ms = Date.now()) {
	const checked = checkCampaign(b, input);
	const at = stamp(ms);
	const campaign = {
		campaign_id: nextId(b, 'campaign'), _brand_id: b.brand.brand_id, _created_by_user_id: 301, name: checked.name,
		body: checked.body, media_url: checked.media_url, audience_size: 0,
		status: checked.status === 'send' ? 'queued' : checked.status, status_detail: null, status_date: at,
		completion_percentage: 0, created: at, scheduled: checked.scheduled, started: null, finished: null,
		last_updated: at, audience: [],
	};
	setAudience(b, campaign, checked.audience, at);
	return campaign;
}

/** Sends at once: one outgoing message per recipient, then the campaign is sent. */
function sendCampaign(b, campaign, ms = Date.now()) {
	const recipients = recipientsOf(b, audienceOfRecord(campaign));
	const body = campaign.media_url ? `${campaign.body} ${campaign.media_url}` : campaign.body;
	recipients.forEach((contact, i) => {
		b.messages.push(
			buildMessage(b, {
				contact, direction: 'outgoing', body, source: 'Campaign', sourceId: campaign.campaign_id,
				status: outgoingStatus(contact), ms: ms + i * 10, userId: campaign._created_by_user_id,
			}),
		);
	});
	const at = stamp(ms);
	Object.assign(campaign, {
		status: 'sent', status_detail: `Sent to ${recipients.length} contacts`, status_date: at,
		completion_percentage: 100, audience_size: recipients.length, started: at,
		finished: stamp(ms + recipients.length * 10), last_updated: at,
	});
}

/** Scheduled campaigns whose time has come are sent before anyone reads campaigns. */
function settleCampaigns(b) {
	const now = Date.now();
	for (const campaign of b.campaigns) {
		if (campaign.status === 'scheduled' && parseStamp(campaign.scheduled) <= now) sendCampaign(b, campaign, now);
	}
}

/** A send answers "queued" (SlickText queues, then sends); the stored campaign is sent already. */
function asQueued(campaign) {
	return {
		...campaign, status: 'queued', status_detail: 'Queued for sending', completion_percentage: 0,
		started: null, finished: null,
	};
}

function createCampaign(b, body) {
	checkKeys(body, CAMPAIGN_KEYS);
	const campaign = buildCampaign(b, body);
	b.campaigns.push(campaign);
	if (body.status !== 'send') return campaign;
	sendCampaign(b, campaign);
	return asQueued(campaign);
}

function updateCampaign(b, campaign, body) {
	checkKeys(body, CAMPAIGN_KEYS, { atLeastOne: true });
	if (campaign.status === 'sent' || campaign.status === 'queued') fail(400, MESSAGES.campaignSent());
	const status = body.status ?? campaign.status;
	const merged = {
		name: body.name ?? campaign.name, body: body.body !== undefined ? body.body : campaign.body,
		media_url: body.media_url !== undefined ? body.media_url : campaign.media_url, status,
		audience: body.audience !== undefined ? body.audience : audienceOfRecord(campaign),
		// Moving away from "scheduled" drops the time; staying keeps it unless a new one is given.
		scheduled: status === 'scheduled' ? (body.scheduled ?? campaign.scheduled ?? undefined) : body.scheduled,
	};
	const checked = checkCampaign(b, merged);
	const at = stamp();
	Object.assign(campaign, {
		name: checked.name, body: checked.body, media_url: checked.media_url, scheduled: checked.scheduled,
		status: checked.status === 'send' ? 'queued' : checked.status, status_date: at, last_updated: at,
	});
	setAudience(b, campaign, checked.audience, at);
	if (checked.status !== 'send') return campaign;
	sendCampaign(b, campaign);
	return asQueued(campaign);
}

// ------------------------------------------------------------------------ workflows, popups, etc.

const WORKFLOW_KEYS = ['name', 'description', 'entry_rule', 'entry_rule_time_value', 'entry_rule_time_unit', 'active'];

function setActive(record, active, stamps) {
	if (active === undefined || active === record.active) return;
	record.active = active;
	if (stamps) record[active ? 'last_activated' : 'last_deactivated'] = stamp();
}

function updateWorkflow(b, workflow, body) {
	checkKeys(body, WORKFLOW_KEYS, { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	const rule = choice(body.entry_rule, 'entry_rule', ENTRY_RULES);
	const value = positiveInteger(body.entry_rule_time_value, 'entry_rule_time_value');
	const unit = body.entry_rule_time_unit === null ? null : choice(body.entry_rule_time_unit, 'entry_rule_time_unit', TIME_UNITS);
	const active = flag(body.active, 'active');
	const finalRule = rule ?? workflow.entry_rule;
	const finalValue = value !== undefined ? value : workflow.entry_rule_time_value;
	const finalUnit = unit !== undefined ? unit : workflow.entry_rule_time_unit;
	// onceInTime needs its window in the same request when the rule is set to it, and never loses it.
	if (finalRule === 'onceInTime') {
		const given = rule === 'onceInTime' ? value != null && unit != null : finalValue != null && finalUnit != null;
		if (!given) fail(400, MESSAGES.onceInTime());
	}
	if (name !== undefined) workflow.name = name;
	if (description !== undefined) workflow.description = description;
	workflow.entry_rule = finalRule;
	workflow.entry_rule_time_value = finalRule === 'onceInTime' ? finalValue : null;
	workflow.entry_rule_time_unit = finalRule === 'onceInTime' ? finalUnit : null;
	setActive(workflow, active, true);
	workflow.last_updated = stamp();
	return workflow;
}

function updatePopup(b, popup, body) {
	checkKeys(body, ['name', 'description', 'active'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	const active = flag(body.active, 'active');
	if (name !== undefined) popup.name = name;
	if (description !== undefined) popup.description = description;
	setActive(popup, active, false);
	popup.last_updated = stamp();
	return popup;
}

function updateSegment(b, segment, body) {
	checkKeys(body, ['name', 'description'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	if (name !== undefined) segment.name = name;
	if (description !== undefined) segment.description = description;
	segment.last_updated = stamp();
	return segment;
}

// --------------------------------------------------------------------------------- custom fields

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

// ----------------------------------------------------------------------------------------- links

function createLink(b, body) {
	checkKeys(body, ['name', 'url']);
	requireFields(body, ['name', 'url']);
	const link = {
		link_id: nextId(b, 'link'), _brand_id: b.brand.brand_id, _contact_id: null,
		name: text(body.name, 'name', { nullable: false, nonEmpty: true }), url: webAddress(body.url, 'url'),
		type: 'shortlink', source: 'API', _source_id: null, sub_source: null, _sub_source_id: null, clicks: 0,
		unique_clicks: 0, bot_clicks: 0, active: 1, created: stamp(), expires: null,
	};
	b.links.push(link);
	return link;
}

function updateLink(b, link, body) {
	checkKeys(body, ['name', 'url', 'active'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const url = body.url === undefined ? undefined : webAddress(body.url, 'url');
	const active = flag(body.active, 'active');
	if (name !== undefined) link.name = name;
	if (url !== undefined) link.url = url;
	setActive(link, active, false);
	return link;
}

// ---------------------------------------------------------------------------------- inbox threads

function updateThread(b, thread, body) {
	checkKeys(body, ['status', '_assigned_to_user_id', '_inbox_tag_ids'], { atLeastOne: true });
	const status = choice(body.status, 'status', THREAD_STATUSES);
	const user = body._assigned_to_user_id;
	if (user !== undefined && user !== null && bodyId(user) === undefined) fail(400, MESSAGES.mustBe('_assigned_to_user_id', 'a user id'));
	const tags = body._inbox_tag_ids;
	if (tags !== undefined && (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || !/^\w+$/.test(tag)))) {
		fail(400, MESSAGES.mustBe('_inbox_tag_ids', 'an array of tag ids'));
	}
	if (status !== undefined) thread.status = status;
	if (user !== undefined) thread._assigned_to_user_id = user === null ? null : bodyId(user);
	if (tags !== undefined) thread._inbox_tag_ids = [...tags];
	thread.updated = stamp();
	return thread;
}

// ------------------------------------------------------------------------------------- analytics

/** `{totals: {total}, groups: [{name, total}]}`: groups only when a group is asked for. */
function countBy(records, group) {
	if (!group) return [];
	const counts = new Map();
	for (const record of records) {
		const name = record[group] ?? 'unknown';
		counts.set(name, (counts.get(name) || 0) + 1);
	}
	return [...counts].map(([name, total]) => ({ name, total })).sort((x, y) => y.total - x.total);
}

/** Records created in [start, end] (whole days); the bounds are optional. */
function createdBetween(records, start, end) {
	const from = start ? `${start} 00:00:00` : '';
	const to = end ? `${end} 23:59:59` : '\uffff';
	return records.filter((record) => record.created >= from && record.created <= to);
}

function contactAnalytics(b, query) {
	checkParams(query, ['group', 'start', 'end']);
	const group = paramChoice(query, 'group', CONTACT_GROUPS);
	const contacts = createdBetween(b.contacts, paramDate(query, 'start'), paramDate(query, 'end'));
	return { totals: { total: contacts.length }, groups: countBy(contacts, group) };
}

const BUCKET_OF = {
	hour: (created) => `${created.slice(0, 13)}:00:00`,
	day: (created) => created.slice(0, 10),
	month: (created) => created.slice(0, 7),
	year: (created) => created.slice(0, 4),
};

function addPeriod(ms, frequency, n) {
	const d = new Date(ms);
	if (frequency === 'hour') return ms + n * 3600000;
	if (frequency === 'day') return ms + n * DAY_MS;
	if (frequency === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
	return Date.UTC(d.getUTCFullYear() + n, 0, 1);
}

/** Every bucket key from start to end, so that periods without contacts show a 0. */
function bucketKeys(start, end, frequency) {
	const MAX_STEPS = 10000;
	const keys = [];
	const last = parseStamp(`${end} 23:59:59`);
	let ms = parseStamp(start);
	if (frequency === 'month') ms = Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
	if (frequency === 'year') ms = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
	for (; ms <= last; ms = addPeriod(ms, frequency, 1)) {
		if (keys.length >= MAX_STEPS) fail(400, MESSAGES.rangeTooLong(MAX_STEPS));
		keys.push(BUCKET_OF[frequency](stamp(ms)));
	}
	return keys;
}

/** The earlier period `compare` names, as [start, end] dates. */
function previousRange(start, end, compare) {
	const from = parseStamp(start);
	const to = parseStamp(end);
	const shiftMonths = (ms, n) => {
		const d = new Date(ms);
		return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, d.getUTCDate());
	};
	const shift = {
		PoP: (ms) => ms - (to - from + DAY_MS),
		DoD: (ms) => ms - DAY_MS,
		WoW: (ms) => ms - 7 * DAY_MS,
		MoM: (ms) => shiftMonths(ms, 1),
		QoQ: (ms) => shiftMonths(ms, 3),
		YoY: (ms) => shiftMonths(ms, 12),
	}[compare];
	return [stamp(shift(from)).slice(0, 10), stamp(shift(to)).slice(0, 10)];
}

/**
 * New contacts per period from start to end. totals.total is every contact of the brand (as in
 * /analytics/contacts) and totals.new those created in the period; each series point has the new
 * contacts of its period and the running total at its end. compare adds the earlier period's numbers.
 */
function growthAnalytics(b, query) {
	checkParams(query, ['group', 'compare', 'start', 'end', 'frequency']);
	const group = paramChoice(query, 'group', CONTACT_GROUPS);
	const compare = paramChoice(query, 'compare', GROWTH_COMPARE);
	const frequency = paramChoice(query, 'frequency', GROWTH_FREQUENCY) ?? 'day';
	const start = paramDate(query, 'start', { required: true });
	const end = paramDate(query, 'end', { required: true });
	if (end < start) fail(400, MESSAGES.rangeOrder());
	const fresh = createdBetween(b.contacts, start, end);
	const byBucket = new Map(bucketKeys(start, end, frequency).map((key) => [key, []]));
	for (const contact of fresh) {
		const bucket = byBucket.get(BUCKET_OF[frequency](contact.created));
		if (bucket) bucket.push(contact);
	}
	let running = b.contacts.length - createdBetween(b.contacts, start, undefined).length;
	const series = [...byBucket].map(([period, members]) => {
		running += members.length;
		return { period, new: members.length, total: running, ...(group ? { groups: countBy(members, group) } : {}) };
	});
	const totals = { total: b.contacts.length, new: fresh.length };
	if (compare) {
		const [previousStart, previousEnd] = previousRange(start, end, compare);
		const previous = createdBetween(b.contacts, previousStart, previousEnd).length;
		Object.assign(totals, {
			previous_start: previousStart, previous_end: previousEnd, previous_new: previous, change: fresh.length - previous,
			change_percentage: previous ? Math.round(((fresh.length - previous) / previous) * 1000) / 10 : null,
		});
	}
	return {
		start, end, frequency, compare: compare ?? null, group: group ?? null, totals,
		...(group ? { groups: countBy(fresh, group) } : {}), series,
	};
}

/** Per campaign: its messages, clicks on its links, and how many recipients have opted out since. */
function campaignStatsIndex(b) {
	const stats = new Map();
	for (const campaign of b.campaigns) {
		stats.set(campaign.campaign_id, { sent: 0, delivered: 0, undelivered: 0, credits: 0, clicks: 0, unique_clicks: 0, optOuts: new Set() });
	}
	for (const message of b.messages) {
		const s = message.source === 'Campaign' ? stats.get(message._source_id) : undefined;
		if (!s) continue;
		s.sent++;
		if (message.status === 'delivered') s.delivered++;
		if (message.status === 'undelivered') s.undelivered++;
		s.credits += message.message_credits;
		const contact = b.contactById.get(message.contact.contact_id);
		if (contact && contact.opt_in_status === 'unsubscribed') s.optOuts.add(contact.contact_id);
	}
	for (const link of b.links) {
		const s = link.source === 'Campaign' ? stats.get(Number(link._source_id)) : undefined;
		if (!s) continue;
		s.clicks += link.clicks;
		s.unique_clicks += link.unique_clicks;
	}
	return stats;
}

function campaignStats(campaign, s) {
	return {
		campaign_id: campaign.campaign_id, name: campaign.name, status: campaign.status,
		audience_size: campaign.audience_size, sent: s.sent, delivered: s.delivered, undelivered: s.undelivered,
		delivery_rate: s.sent ? Math.round((s.delivered / s.sent) * 1000) / 10 : null, message_credits: s.credits,
		clicks: s.clicks, unique_clicks: s.unique_clicks,
		click_rate: s.delivered ? Math.round((s.unique_clicks / s.delivered) * 1000) / 10 : null,
		opt_outs: s.optOuts.size, started: campaign.started, finished: campaign.finished,
	};
}

/** totals: how many campaigns and how many sent; then the statistics of each campaign. */
function campaignsAnalytics(b, query) {
	checkParams(query, ['start', 'end']);
	const campaigns = createdBetween(b.campaigns, paramDate(query, 'start'), paramDate(query, 'end'));
	const index = campaignStatsIndex(b);
	return {
		totals: { campaigns: campaigns.length, sent: campaigns.filter((campaign) => campaign.status === 'sent').length },
		campaigns: campaigns.map((campaign) => campaignStats(campaign, index.get(campaign.campaign_id))),
	};
}

/** A count per value of a field: {delivered: 12, undelivered: 1}. */
function tally(records, field) {
	const counts = {};
	for (const record of records) {
		const name = record[field] ?? 'unknown';
		counts[name] = (counts[name] || 0) + 1;
	}
	return counts;
}

/** Messages counted in total, by direction and by status; start and end narrow the period. */
function messageAnalytics(b, query) {
	checkParams(query, ['start', 'end']);
	const messages = createdBetween(b.messages, paramDate(query, 'start'), paramDate(query, 'end'));
	return { totals: { total: messages.length }, direction: tally(messages, 'direction'), status: tally(messages, 'status') };
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

function register(router) {
	// GET /brands answers the key's own brand, unwrapped.
	router.add('GET', '/v1/brands', (ctx) => ({ body: ctx.state.current.brands.get(keyBrandId(ctx.headers)).brand }));
	routeBrandGet(router, '/usage', usageOf);

	const contacts = RESOURCES.contacts;
	routeResource(router, contacts, {
		create: createContact, update: updateContact, remove: deleteContact,
		findForUpdate: (b, res, rawId) => contactForUpdate(b, rawId),
	});
	routeResource(router, RESOURCES.messages, { get: false });
	routeResource(router, RESOURCES.keywords, { remove: true });
	routeResource(router, RESOURCES.campaigns, {
		create: createCampaign, update: updateCampaign, remove: true, beforeRead: settleCampaigns,
	});

	// Membership routes come before /lists/:id: DELETE /lists/contacts must not read "contacts" as an id.
	router.add('POST', `${BRAND_PATH}/lists/contacts`, (ctx) => ({ body: changeMemberships(brandOf(ctx), ctx.body, true) }));
	router.add('DELETE', `${BRAND_PATH}/lists/contacts`, (ctx) => ({ body: changeMemberships(brandOf(ctx), ctx.body, false) }));
	routeResource(router, RESOURCES.lists, {
		create: createList,
		update: (b, list, body) => Object.assign(list, listChanges(body, { create: false })),
		remove: (b, list) => {
			removeRecord(b, RESOURCES.lists, list);
			b.listMembers.delete(list.contact_list_id);
		},
	});
	// The count is a bare number (public-api-notes.md).
	routeBrandGet(router, '/lists/:id/contacts/count', (b, ctx) => {
		const list = findRecord(b, RESOURCES.lists, ctx.params.id);
		return b.listMembers.get(list.contact_list_id).size;
	});
	router.add('GET', `${BRAND_PATH}/lists/:id/contacts`, (ctx) => {
		const b = brandOf(ctx);
		const list = findRecord(b, RESOURCES.lists, ctx.params.id);
		return pageOf(ctx, b, contacts, listContacts(b, list));
	});

	routeResource(router, RESOURCES.workflows, { update: updateWorkflow, remove: true });
	routeResource(router, RESOURCES.customFields, { create: createCustomField, update: updateCustomField, remove: deleteCustomField });
	routeResource(router, RESOURCES.websitePopups, { update: updatePopup, remove: true });
	routeResource(router, RESOURCES.segments, {
		update: updateSegment,
		remove: (b, segment) => {
			removeRecord(b, RESOURCES.segments, segment);
			b.segmentRules.delete(segment.segment_id);
		},
	});
	routeResource(router, RESOURCES.links, { create: createLink, update: updateLink, remove: true });

	const threads = RESOURCES.threads;
	routeResource(router, threads, { get: false, update: updateThread });
	// A thread's messages: Message records, paged and filtered like /messages.
	router.add('GET', `${BRAND_PATH}/inbox-threads/:id/content`, (ctx) => {
		const b = brandOf(ctx);
		const thread = findRecord(b, threads, ctx.params.id);
		return pageOf(ctx, b, RESOURCES.messages, b.threadContent.get(thread._id) || []);
	});

	routeBrandGet(router, '/analytics/contacts', (b, ctx) => contactAnalytics(b, ctx.query));
	routeBrandGet(router, '/analytics/contacts/growth', (b, ctx) => growthAnalytics(b, ctx.query));
	routeBrandGet(router, '/analytics/campaigns', (b, ctx) => {
		settleCampaigns(b);
		return campaignsAnalytics(b, ctx.query);
	});
	routeBrandGet(router, '/analytics/campaigns/:id', (b, ctx) => {
		checkParams(ctx.query, []);
		settleCampaigns(b);
		const campaign = findRecord(b, RESOURCES.campaigns, ctx.params.id);
		return campaignStats(campaign, campaignStatsIndex(b).get(campaign.campaign_id));
	});
	routeBrandGet(router, '/analytics/messages', (b, ctx) => messageAnalytics(b, ctx.query));
}

module.exports = { createState, register, MESSAGES, MAX_PAGE_SIZE };
