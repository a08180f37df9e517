'use strict';
// The current, brand-scoped SlickText API (../shared/spec/current-api.md plus the documented groups of
// public-api-notes.md), under /v1. In memory; every collection pages and filters the same way.

const { CREDENTIALS } = require('./credentials');

const P = '/v1/brands/:brandId';
const MAX_PAGE = 10000;
const OPT_IN = ['not subscribed', 'subscribed', 'unsubscribed', 'blocked'];
const TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const ENTRY_RULES = ['once', 'oneAtTime', 'onceInTime', 'multiple'];
const TIME_UNITS = ['second', 'minute', 'hour', 'day'];
const DATA_TYPES = ['string', 'boolean', 'date', 'number'];

class ApiError extends Error {
	constructor(status, message) {
		super(message);
		this.httpStatus = status;
		this.body = { message };
	}
}
const fail = (status, message) => {
	throw new ApiError(status, message);
};

const pad = (n) => String(n).padStart(2, '0');
function stamp(date = new Date()) {
	return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
const day = (i) => stamp(new Date(Date.UTC(2025, 0, 1) + i * 3600 * 1000));

// ---------------------------------------------------------------------------------------------- seed

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Omar', 'Zoe', 'Ivan', 'Lena', 'Raj'];
const LAST = ['Smith', 'Garcia', 'Chen', 'Patel', 'Nguyen', 'Brown', 'Khan', 'Rossi'];
const CITIES = [
	['Boston', 'MA', '02108'],
	['Austin', 'TX', '73301'],
	['Denver', 'CO', '80202'],
	['Seattle', 'WA', '98101'],
];
const DRINKS = ['latte', 'espresso', 'cold brew', 'tea'];

function brandRecord(id, name) {
	return {
		brand_id: id, _account_id: 500 + id, tax_id: 123456789, legal_name: `${name} LLC`, name,
		short_name: name.split(' ')[0], website: 'https://example.com', logo: null, address: '1 Main St',
		city: 'Boston', state: 'MA', zip: '02108', country: 'US', contact_first_name: 'Sam',
		contact_last_name: 'Owner', contact_email: 'owner@example.com', contact_phone: '+16175550100',
		industry: 'Food & Beverage', use_case: 'Marketing', prohibited_content: 0, age_requirement: 0,
		force_double_opt_in: 0, inbox_enabled: 1, opt_out_intel_enabled: 0, delete_bad_numbers: 0,
		message_credit_limit: null, message_credit_limit_percentage: 80,
		age_requirement_message: 'Are you 18 or older? Reply YES.', age_requirement_ineligible_message: 'Sorry!',
		double_opt_in_message: 'Reply YES to join.', opt_in_message: 'Welcome! Reply STOP to opt out.',
		opt_in_exists_message: 'You are already subscribed.', re_opt_in_message: 'Welcome back!',
		terms_link: 'https://example.com/terms', opt_out_intel_action: null, opt_out_intel_message: null,
		time_to_cart_abandonment_value: 1, time_to_cart_abandonment_unit: 'hour', attribution_model: 'last_touch',
		message_view_attribution_value: 1, message_view_attribution_unit: 'day',
		message_click_attribution_value: 5, message_click_attribution_unit: 'day', delete_bad_numbers_failures: 3,
		created: '2025-01-22 10:00:00', last_updated: '2025-06-01 12:00:00',
	};
}

function createBrand(brandId, name, contactCount) {
	const b = {
		brand: brandRecord(brandId, name),
		contacts: [], contactById: new Map(), byNumber: new Map(), next: {},
		lists: [], memberships: new Map(), customFields: [], keywords: [], campaigns: [], workflows: [],
		popups: [], messages: [], segments: [], links: [], threads: [], threadContent: new Map(),
	};
	b.next = { contact: 1, list: 1, customField: 1, campaign: 1, link: 1 };
	const fields = [
		['Favorite Drink', 'favorite_drink', 'string'],
		['Loyalty Points', 'loyalty_points', 'number'],
		['VIP', 'vip', 'boolean'],
		['Signup Date', 'signup_date', 'date'],
	];
	for (const [fname, internal, type] of fields) {
		b.customFields.push({ custom_field_id: b.next.customField++, _brand_id: brandId, name: fname, internal_name: internal,
			description: `${fname} of the contact`, data_type: type, created: day(1), last_updated: day(1) });
	}
	for (let i = 0; i < contactCount; i++) {
		const [city, state, zip] = CITIES[i % CITIES.length];
		const id = b.next.contact++;
		const contact = {
			contact_id: id, _brand_id: brandId, first_name: FIRST[i % FIRST.length], last_name: LAST[i % LAST.length],
			mobile_number: `+1617${String(5000000 + i).padStart(7, '0')}`, mobile_number_carrier: i % 3 ? 'Verizon' : null,
			email: `contact${id}@example.com`, birthdate: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
			address: `${i + 1} Elm St`, city, state, country: 'US', zip, source: i % 5 ? 'api' : 'Keyword',
			_source_id: null, sub_source: null, _sub_source_id: null,
			custom_fields: i % 2 ? { favorite_drink: DRINKS[i % DRINKS.length], loyalty_points: i % 100, vip: i % 10 === 1, signup_date: '2025-02-01' } : null,
			timezone: TIMEZONES[i % TIMEZONES.length], language: 'en', opt_in_status: OPT_IN[[1, 1, 1, 2, 0, 1, 3, 1][i % 8]],
			last_opt_in_status_change: day(i % 500), created: day(i % 500), last_updated: null,
		};
		b.contacts.push(contact);
		b.contactById.set(id, contact);
		b.byNumber.set(contact.mobile_number, contact);
	}
	for (const [name, every] of [['Newsletter', 1], ['VIP Club', 4], ['Downtown Store', 3], ['Winback', 7]]) {
		const id = b.next.list++;
		b.lists.push({ contact_list_id: id, _brand_id: brandId, name, description: `${name} subscribers`, created: day(2) });
		const members = new Set();
		for (let i = 0; i < Math.min(b.contacts.length, 2000); i += every) members.add(b.contacts[i].contact_id);
		b.memberships.set(id, members);
	}
	['COFFEE', 'DEALS', 'VIP', 'JOIN'].forEach((word, i) => {
		b.keywords.push({ keyword_id: i + 1, _brand_id: brandId, word, description: `${word} keyword`, create_contacts: 1,
			use_alternate_responses: 0, double_opt_in: i === 2 ? 1 : 0, auto_response_message: `Thanks for texting ${word}!`,
			auto_response_message_media_url: null, opt_in_exists_message: 'Already in!', re_opt_in_message: 'Welcome back!',
			double_opt_in_message: 'Reply YES', active: i === 3 ? 0 : 1, created: day(3), last_updated: day(3), deleted: null });
	});
	for (let i = 0; i < 3; i++) {
		b.campaigns.push(campaignRecord(b, { name: `Spring promo ${i + 1}`, body: 'Spring is here: 20% off!', status: ['sent', 'draft', 'scheduled'][i],
			scheduled: i === 2 ? '2026-12-01 15:00:00' : null, audience: { all: true } }));
	}
	[['Welcome series', 'once', 1], ['Birthday', 'onceInTime', 1], ['Winback', 'multiple', 0]].forEach(([name, rule, active], i) => {
		b.workflows.push({ workflow_id: i + 1, _brand_id: brandId, name, description: `${name} workflow`, entry_rule: rule,
			entry_rule_time_value: rule === 'onceInTime' ? 1 : null, entry_rule_time_unit: rule === 'onceInTime' ? 'day' : null,
			active, created: day(4), last_updated: day(4), last_activated: active ? day(5) : null, last_deactivated: null, last_cleared: null });
	});
	[['Homepage popup', 1], ['Exit intent', 0]].forEach(([name, active], i) => {
		b.popups.push({ website_popup_id: i + 1, _brand_id: brandId, name, description: `${name} for the website`, min_page_views: 1,
			show_event: 'load', show_delay_seconds: 3, show_inactivity_seconds: 0, show_scroll_percent: 0, show_scroll_text: null,
			hide_from_known_contacts: 1, start_minimized: 0, show_desktop: 1, show_tablet: 1, show_mobile: 1, active,
			reopen_value: 7, reopen_unit: 'day', url_show_rules: null, url_hide_rules: null, show_date: null, hide_date: null,
			website_preview_url: null, opt_in_message_media_url: null, html_build: '<div>Join</div>', html_display: '<div>Join</div>',
			double_opt_in_message: 'Reply YES', opt_in_message: 'Welcome!', created: day(5), last_updated: day(5), deleted: null });
	});
	const sources = ['Campaign', 'Keyword', 'InboxThread', 'API'];
	for (let i = 0; i < 300 && b.contacts.length; i++) {
		const c = b.contacts[i % b.contacts.length];
		const outgoing = i % 4 !== 2;
		b.messages.push({ _id: `msg${String(i).padStart(21, '0')}`, to: outgoing ? c.mobile_number : '+18885550100',
			from: outgoing ? '+18885550100' : c.mobile_number, body: outgoing ? 'Spring is here: 20% off!' : 'Thanks!',
			direction: outgoing ? 'outgoing' : 'incoming', channel: 'sms', source: sources[i % 4], _source_id: i % 4 === 0 ? 1 : i,
			is_gsm: 1, message_credits: 1, campaign_completion_percentage: 100,
			text_number: { _brand_id: brandId, text_number_id: 1, type: 'tollFree', registration_status: 'registered' },
			brand: { brand_id: brandId }, contact: { contact_id: c.contact_id }, user: { user_id: 1 },
			status: ['delivered', 'delivered', 'undelivered', 'processed'][i % 4], created: day(i), updated: day(i), created_micro: 1735689600 + i + 0.25 });
	}
	[['Subscribed in Boston', 'City is Boston'], ['VIPs', 'VIP is true']].forEach(([name, description], i) => {
		b.segments.push({ segment_id: i + 1, _brand_id: brandId, name, description, created: day(6), last_updated: day(6) });
	});
	for (let i = 0; i < 3; i++) b.links.push(linkRecord(b, { name: `Menu link ${i + 1}`, url: `https://example.com/menu/${i + 1}`, active: i < 2 ? 1 : 0 }));
	for (let i = 0; i < 5 && i < b.contacts.length; i++) {
		const c = b.contacts[i];
		const id = `6744a297616039e17200b0${String(i).padStart(2, '0')}`;
		b.threads.push({ _id: id, _brand_id: brandId, _contact_id: c.contact_id, status: ['open', 'pending', 'closed'][i % 3],
			_last_message_id: `m${id}`, last_message: 'Is the store open today?', last_message_direction: 'incoming',
			last_message_sent: day(i), _assigned_to_user_id: null, created: day(i), updated: day(i), _inbox_tag_ids: [] });
		b.threadContent.set(id, [
			{ _id: `a${id}`, direction: 'incoming', body: 'Is the store open today?', created: day(i) },
			{ _id: `b${id}`, direction: 'outgoing', body: 'Yes, until 6pm!', created: day(i) },
		]);
	}
	return b;
}

function campaignRecord(b, { name, body, media_url = null, status, scheduled = null, audience }) {
	const id = b.next.campaign++;
	const now = stamp();
	const recordStatus = status === 'send' ? 'queued' : status;
	const targets = audience.all ? [{ all_contacts: 1 }] : audience.contact_lists ? audience.contact_lists.map((l) => ({ _contact_list_id: l })) : (audience.segments || []).map((s) => ({ _segment_id: s }));
	const entries = targets.map((t, i) => ({ campaign_audience_id: id * 100 + i, _campaign_id: id, all_contacts: t.all_contacts || 0,
		_contact_list_id: t._contact_list_id ?? null, _segment_id: t._segment_id ?? null,
		size: t.all_contacts ? b.contacts.length : t._contact_list_id ? (b.memberships.get(t._contact_list_id)?.size ?? 0) : 10, created: now }));
	return { campaign_id: id, _brand_id: b.brand.brand_id, _created_by_user_id: 1, name, body, media_url, audience_size: entries.reduce((s, e) => s + e.size, 0),
		status: recordStatus, status_detail: null, status_date: now, completion_percentage: recordStatus === 'sent' ? 100 : 0,
		created: now, scheduled, started: recordStatus === 'sent' ? now : null, finished: recordStatus === 'sent' ? now : null, last_updated: now, audience: entries };
}

function linkRecord(b, { name, url, active = 1 }) {
	const id = b.next.link++;
	return { link_id: id, _brand_id: b.brand.brand_id, _contact_id: null, name, url, type: 'standard', source: 'api', _source_id: null,
		sub_source: null, _sub_source_id: null, clicks: 10 * id, unique_clicks: 7 * id, bot_clicks: id, active, created: day(7), expires: null };
}

function createState(seed = {}) {
	const contacts = seed.contacts === undefined ? 250 : Number(seed.contacts);
	return {
		brands: new Map([
			[1001, createBrand(1001, 'Sandbox Coffee Co.', contacts)],
			[2002, createBrand(2002, 'Other Brand Inc.', 20)],
		]),
	};
}

// ---------------------------------------------------------------------------------- shared handling

const KEY_BRAND = new Map([
	[CREDENTIALS.current.apiKey, 1001],
	[CREDENTIALS.otherBrand.apiKey, 2002],
]);

function keyBrand(headers) {
	const match = /^Bearer\s+(.+)$/i.exec(headers.authorization || '');
	const brandId = match && KEY_BRAND.get(match[1].trim());
	if (!brandId) fail(403, 'Invalid API key.');
	return brandId;
}

function brandOf(ctx) {
	const own = keyBrand(ctx.headers);
	const wanted = Number(ctx.params.brandId);
	if (String(own) !== ctx.params.brandId || !ctx.state.current.brands.has(wanted)) {
		fail(403, `This API key has no access to brand ${ctx.params.brandId}.`);
	}
	return ctx.state.current.brands.get(wanted);
}

function intParam(query, name) {
	if (query[name] === undefined) return undefined;
	if (!/^\d+$/.test(query[name])) fail(400, `The ${name} parameter must be a whole number.`);
	return Number(query[name]);
}

/** Paging (limit/offset or page/pageSize, max 10,000) and exact-match filters, for every collection. */
function page(ctx, records, { defaultSize = 50, filterable, customFields } = {}) {
	const q = { ...ctx.query };
	const limit = intParam(q, 'limit');
	const pageSize = intParam(q, 'pageSize');
	const size = limit ?? pageSize ?? defaultSize;
	if (size > MAX_PAGE) fail(400, `The ${limit !== undefined ? 'limit' : 'pageSize'} parameter may not be above ${MAX_PAGE}.`);
	if (size < 1) fail(400, 'The limit parameter must be at least 1.');
	const offset = limit !== undefined || q.offset !== undefined ? (intParam(q, 'offset') ?? 0) : (intParam(q, 'page') ?? 0) * size;
	for (const name of ['limit', 'offset', 'page', 'pageSize']) delete q[name];
	const filters = Object.entries(q);
	for (const [name] of filters) {
		const known = (filterable && filterable.includes(name)) || (records[0] && name in records[0]) || customFields?.has(name);
		if (!known && !(records.length === 0 && filterable === undefined)) fail(400, `Unknown filter: ${name}`);
	}
	const selected = filters.length
		? records.filter((r) =>
				filters.every(([name, value]) => {
					const actual = name === 'source_id' ? r._source_id : customFields?.has(name) ? r.custom_fields?.[name] : r[name];
					return actual !== undefined && actual !== null && String(actual) === value;
				}),
			)
		: records;
	const data = selected.slice(offset, offset + size);
	const hasMore = offset + data.length < selected.length;
	const single = offset === 0 && !hasMore;
	const current = Math.floor(offset / size);
	return {
		body: {
			data,
			pagingData: single
				? { prevPage: null, currentPage: null, nextPage: null, currentPageString: null, hasMore: false }
				: { prevPage: current > 0 ? current - 1 : null, currentPage: current, nextPage: hasMore ? current + 1 : null,
						currentPageString: `${offset + 1}-${offset + data.length} of ${selected.length}`, hasMore },
		},
	};
}

function find(list, idField, id, noun) {
	const record = /^\d+$/.test(id) ? list.find((r) => r[idField] === Number(id)) : undefined;
	if (!record) fail(404, `${noun} not found.`);
	return record;
}

function remove(list, record) {
	list.splice(list.indexOf(record), 1);
	return { body: [] };
}

function objectBody(ctx) {
	if (!ctx.body || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) fail(400, 'The request body must be a JSON object.');
	return ctx.body;
}

function pick(body, allowed, { atLeastOne } = {}) {
	const out = {};
	for (const [key, value] of Object.entries(body)) {
		if (!allowed.includes(key)) fail(400, `Unknown field: ${key}`);
		out[key] = value;
	}
	if (atLeastOne && Object.keys(out).length === 0) fail(400, `At least one of ${allowed.join(', ')} is required.`);
	return out;
}

function oneOf(value, allowed, field) {
	if (value !== undefined && !allowed.includes(value)) fail(400, `The ${field} must be one of: ${allowed.join(', ')}.`);
}

// ------------------------------------------------------------------------------------------ contacts

const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'birthdate', 'address', 'city', 'state', 'zip', 'country', 'timezone', 'language', 'opt_in_status', 'mobile_number'];

function normalizeNumber(value) {
	const digits = String(value ?? '').replace(/\D/g, '');
	if (digits.length < 10) fail(422, 'The mobile_number must have at least 10 digits.');
	return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

function applyContactFields(b, contact, body, { create }) {
	const custom = new Set(b.customFields.map((f) => f.internal_name));
	for (const [key, value] of Object.entries(body)) {
		if (key === 'force_double_opt_in' && create) continue;
		if (custom.has(key)) {
			contact.custom_fields = { ...(contact.custom_fields || {}), [key]: value };
		} else if (!CONTACT_FIELDS.includes(key)) {
			fail(400, `Unknown field: ${key}`);
		}
	}
	oneOf(body.opt_in_status, OPT_IN, 'opt_in_status');
	oneOf(body.timezone, TIMEZONES, 'timezone');
	if (body.birthdate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(body.birthdate))) fail(400, 'The birthdate must be YYYY-MM-DD.');
	for (const key of CONTACT_FIELDS) if (body[key] !== undefined && key !== 'mobile_number') contact[key] = body[key];
	if (body.zip !== undefined) contact.zip = String(body.zip);
}

function createContact(ctx) {
	const b = brandOf(ctx);
	const body = objectBody(ctx);
	if (body.mobile_number === undefined) fail(422, 'The mobile_number field is required.');
	const number = normalizeNumber(body.mobile_number);
	if (b.byNumber.has(number)) fail(422, 'A contact with this mobile number already exists.');
	const now = stamp();
	const contact = { contact_id: b.next.contact++, _brand_id: b.brand.brand_id, first_name: '', last_name: '', mobile_number: number,
		email: '', birthdate: null, address: '', city: '', state: '', zip: '', country: '', source: 'api', custom_fields: {},
		timezone: null, language: 'en', opt_in_status: 'not subscribed', last_opt_in_status_change: now, created: now };
	applyContactFields(b, contact, body, { create: true });
	if (String(body.force_double_opt_in) === 'true') contact.opt_in_status = 'not subscribed';
	b.contacts.push(contact);
	b.contactById.set(contact.contact_id, contact);
	b.byNumber.set(number, contact);
	return { body: contact };
}

function contactOf(b, id) {
	const contact = /^\d+$/.test(id) ? b.contactById.get(Number(id)) : undefined;
	if (!contact) fail(404, 'Contact not found.');
	return contact;
}

function updateContact(ctx) {
	const b = brandOf(ctx);
	const contact = contactOf(b, ctx.params.id);
	const body = objectBody(ctx);
	if ('force_double_opt_in' in body) fail(400, 'Unknown field: force_double_opt_in');
	if (body.mobile_number !== undefined) {
		const number = normalizeNumber(body.mobile_number);
		const other = b.byNumber.get(number);
		if (other && other !== contact) fail(422, 'A contact with this mobile number already exists.');
		b.byNumber.delete(contact.mobile_number);
		contact.mobile_number = number;
		b.byNumber.set(number, contact);
	}
	const status = contact.opt_in_status;
	applyContactFields(b, contact, body, { create: false });
	if (status !== contact.opt_in_status) contact.last_opt_in_status_change = stamp();
	contact.last_updated = stamp();
	return { body: { ...contact, custom_fields: contact.custom_fields || {} } };
}

function deleteContact(ctx) {
	const b = brandOf(ctx);
	const contact = contactOf(b, ctx.params.id);
	b.contacts.splice(b.contacts.indexOf(contact), 1);
	b.contactById.delete(contact.contact_id);
	b.byNumber.delete(contact.mobile_number);
	for (const members of b.memberships.values()) members.delete(contact.contact_id);
	return { body: [] };
}

// -------------------------------------------------------------------------------------------- lists

function listBody(ctx, create) {
	const body = pick(objectBody(ctx), ['name', 'description'], { atLeastOne: !create });
	if (create && !body.name) fail(400, 'The name field is required.');
	return body;
}

function membership(ctx, add) {
	const b = brandOf(ctx);
	if (!Array.isArray(ctx.body) || ctx.body.length === 0) fail(400, 'The body must be a non-empty array of {contact_id, lists}.');
	for (const entry of ctx.body) {
		if (!entry || !Number.isInteger(Number(entry.contact_id)) || !Array.isArray(entry.lists) || entry.lists.length === 0) {
			fail(400, 'Each element needs a contact_id and a non-empty lists array.');
		}
		if (!b.contactById.has(Number(entry.contact_id))) fail(404, `Contact ${entry.contact_id} not found.`);
		for (const list of entry.lists) if (!b.memberships.has(Number(list))) fail(404, `List ${list} not found.`);
	}
	let changed = 0;
	for (const entry of ctx.body) {
		for (const list of entry.lists) {
			const members = b.memberships.get(Number(list));
			const had = members.has(Number(entry.contact_id));
			if (add && !had) members.add(Number(entry.contact_id));
			if (!add && had) members.delete(Number(entry.contact_id));
			if (had !== add) changed++;
		}
	}
	return { body: { success: true, message: add ? 'Contacts added to lists.' : 'Contacts removed from lists.', changed } };
}

// ------------------------------------------------------------------------------------------ campaigns

function campaignInput(b, body, create) {
	pick(body, ['name', 'body', 'media_url', 'status', 'audience', 'scheduled'], { atLeastOne: !create });
	if (create) for (const f of ['name', 'body', 'status', 'audience']) if (body[f] === undefined) fail(400, `The ${f} field is required.`);
	oneOf(body.status, ['send', 'draft', 'scheduled'], 'status');
	if (body.status === 'scheduled' && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(body.scheduled ?? ''))) {
		fail(400, 'A scheduled campaign needs scheduled as YYYY-MM-DD HH:MM:SS.');
	}
	if (body.audience !== undefined) {
		const a = body.audience;
		const lists = a && a.contact_lists;
		const segments = a && a.segments;
		if (!a || (a.all !== true && !Array.isArray(lists) && !Array.isArray(segments))) fail(400, 'The audience must be {all: true}, {contact_lists: [...]} or {segments: [...]}.');
		for (const l of lists || []) if (!b.memberships.has(Number(l))) fail(404, `List ${l} not found.`);
		for (const s of segments || []) if (!b.segments.some((x) => x.segment_id === Number(s))) fail(404, `Segment ${s} not found.`);
	}
	return body;
}

// ------------------------------------------------------------------------------------------- routing

function collection(router, { path, key, idField, noun, defaultSize, filterable, create, update, del = true }) {
	router.add('GET', `${P}/${path}`, (ctx) => page(ctx, brandOf(ctx)[key], { defaultSize, filterable }));
	router.add('GET', `${P}/${path}/:id`, (ctx) => ({ body: find(brandOf(ctx)[key], idField, ctx.params.id, noun) }));
	if (create) router.add('POST', `${P}/${path}`, (ctx) => ({ body: create(brandOf(ctx), ctx) }));
	if (update) {
		router.add('PUT', `${P}/${path}/:id`, (ctx) => {
			const b = brandOf(ctx);
			const record = find(b[key], idField, ctx.params.id, noun);
			update(b, record, objectBody(ctx), ctx);
			if ('last_updated' in record) record.last_updated = stamp();
			return { body: record };
		});
	}
	if (del) router.add('DELETE', `${P}/${path}/:id`, (ctx) => {
		const b = brandOf(ctx);
		return remove(b[key], find(b[key], idField, ctx.params.id, noun));
	});
}

function toggleable(b, record, body, fields) {
	const changes = pick(body, fields, { atLeastOne: true });
	if (changes.active !== undefined) {
		if (![0, 1, '0', '1'].includes(changes.active)) fail(400, 'The active field must be 1 or 0.');
		changes.active = Number(changes.active);
	}
	Object.assign(record, changes);
}

function register(router) {
	router.add('GET', '/v1/brands', (ctx) => ({ body: ctx.state.current.brands.get(keyBrand(ctx.headers)).brand }));
	router.add('GET', `${P}/usage`, (ctx) => {
		const b = brandOf(ctx);
		return { body: { brand_id: b.brand.brand_id, brand_name: b.brand.name, total_credits: 10000, credits_used: 1234,
			credits_available: 8766, message_credit_limit: null, message_credit_limit_percentage: 80 } };
	});

	router.add('GET', `${P}/contacts`, (ctx) => {
		const b = brandOf(ctx);
		return page(ctx, b.contacts, { filterable: CONTACT_FIELDS.concat(['contact_id', 'source', 'mobile_number_carrier', 'created']), customFields: new Set(b.customFields.map((f) => f.internal_name)) });
	});
	router.add('POST', `${P}/contacts`, createContact);
	router.add('GET', `${P}/contacts/:id`, (ctx) => ({ body: contactOf(brandOf(ctx), ctx.params.id) }));
	router.add('PUT', `${P}/contacts/:id`, updateContact);
	router.add('DELETE', `${P}/contacts/:id`, deleteContact);

	router.add('GET', `${P}/messages`, (ctx) => page(ctx, brandOf(ctx).messages, { filterable: ['status', 'source', 'source_id', 'direction'] }));

	collection(router, { path: 'keywords', key: 'keywords', idField: 'keyword_id', noun: 'Keyword', defaultSize: 250 });

	collection(router, {
		path: 'campaigns', key: 'campaigns', idField: 'campaign_id', noun: 'Campaign',
		create: (b, ctx) => {
			const record = campaignRecord(b, campaignInput(b, objectBody(ctx), true));
			b.campaigns.push(record);
			return record;
		},
		update: (b, record, body) => {
			const input = campaignInput(b, body, false);
			for (const f of ['name', 'body', 'media_url', 'scheduled']) if (input[f] !== undefined) record[f] = input[f];
			if (input.status) record.status = input.status === 'send' ? 'queued' : input.status;
			if (input.audience) {
				const fresh = campaignRecord({ ...b, next: { campaign: record.campaign_id } }, { ...record, audience: input.audience });
				record.audience = fresh.audience;
				record.audience_size = fresh.audience_size;
			}
		},
	});

	collection(router, {
		path: 'lists', key: 'lists', idField: 'contact_list_id', noun: 'List',
		create: (b, ctx) => {
			const body = listBody(ctx, true);
			const record = { contact_list_id: b.next.list++, _brand_id: b.brand.brand_id, name: body.name, description: body.description ?? '', created: stamp() };
			b.lists.push(record);
			b.memberships.set(record.contact_list_id, new Set());
			return record;
		},
		update: (b, record, body, ctx) => Object.assign(record, listBody(ctx, false)),
		del: false,
	});
	router.add('DELETE', `${P}/lists/:id`, (ctx) => {
		const b = brandOf(ctx);
		const list = find(b.lists, 'contact_list_id', ctx.params.id, 'List');
		b.memberships.delete(list.contact_list_id);
		return remove(b.lists, list);
	});
	router.add('GET', `${P}/lists/:id/contacts/count`, (ctx) => {
		const b = brandOf(ctx);
		return { body: b.memberships.get(find(b.lists, 'contact_list_id', ctx.params.id, 'List').contact_list_id).size };
	});
	router.add('GET', `${P}/lists/:id/contacts`, (ctx) => {
		const b = brandOf(ctx);
		const members = b.memberships.get(find(b.lists, 'contact_list_id', ctx.params.id, 'List').contact_list_id);
		return page(ctx, b.contacts.filter((c) => members.has(c.contact_id)), { filterable: [] });
	});
	router.add('POST', `${P}/lists/contacts`, (ctx) => membership(ctx, true));
	router.add('DELETE', `${P}/lists/contacts`, (ctx) => membership(ctx, false));

	collection(router, {
		path: 'workflows', key: 'workflows', idField: 'workflow_id', noun: 'Workflow',
		update: (b, record, body) => {
			const changes = pick(body, ['name', 'description', 'entry_rule', 'entry_rule_time_value', 'entry_rule_time_unit', 'active'], { atLeastOne: true });
			oneOf(changes.entry_rule, ENTRY_RULES, 'entry_rule');
			oneOf(changes.entry_rule_time_unit, TIME_UNITS, 'entry_rule_time_unit');
			if (changes.entry_rule === 'onceInTime' && (changes.entry_rule_time_value === undefined || changes.entry_rule_time_unit === undefined)) {
				fail(400, 'The entry_rule_time_value and entry_rule_time_unit fields are required when entry_rule is onceInTime.');
			}
			toggleable(b, record, changes, Object.keys(changes));
			if (changes.active === 1 || changes.active === '1') record.last_activated = stamp();
			if (changes.active === 0 || changes.active === '0') record.last_deactivated = stamp();
		},
	});

	collection(router, {
		path: 'custom-fields', key: 'customFields', idField: 'custom_field_id', noun: 'Custom field', del: false,
		create: (b, ctx) => {
			const body = pick(objectBody(ctx), ['name', 'data_type', 'description']);
			if (!body.name) fail(400, 'The name field is required.');
			oneOf(body.data_type, DATA_TYPES, 'data_type');
			const internal = String(body.name).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
			if (b.customFields.some((f) => f.internal_name === internal)) fail(422, 'A custom field with this name already exists.');
			const record = { custom_field_id: b.next.customField++, _brand_id: b.brand.brand_id, name: body.name, internal_name: internal,
				description: body.description ?? '', data_type: body.data_type ?? 'string', created: stamp(), last_updated: stamp() };
			b.customFields.push(record);
			return record;
		},
		update: (b, record, body) => {
			const changes = pick(body, ['name', 'data_type', 'description'], { atLeastOne: true });
			oneOf(changes.data_type, DATA_TYPES, 'data_type');
			Object.assign(record, changes);
		},
	});
	router.add('DELETE', `${P}/custom-fields/:id`, (ctx) => {
		const b = brandOf(ctx);
		const field = find(b.customFields, 'custom_field_id', ctx.params.id, 'Custom field');
		for (const c of b.contacts) if (c.custom_fields) delete c.custom_fields[field.internal_name];
		return remove(b.customFields, field);
	});

	collection(router, {
		path: 'website-popups', key: 'popups', idField: 'website_popup_id', noun: 'Website popup',
		update: (b, record, body) => toggleable(b, record, body, ['name', 'description', 'active']),
	});

	collection(router, {
		path: 'segments', key: 'segments', idField: 'segment_id', noun: 'Segment',
		update: (b, record, body) => Object.assign(record, pick(body, ['name', 'description'], { atLeastOne: true })),
	});

	collection(router, {
		path: 'links', key: 'links', idField: 'link_id', noun: 'Link', defaultSize: 250,
		create: (b, ctx) => {
			const body = pick(objectBody(ctx), ['name', 'url']);
			if (!body.url || !/^https?:\/\//.test(body.url)) fail(400, 'The url field must be an http(s) URL.');
			const record = linkRecord(b, { name: body.name ?? body.url, url: body.url });
			record.clicks = 0;
			record.unique_clicks = 0;
			record.bot_clicks = 0;
			b.links.push(record);
			return record;
		},
		update: (b, record, body) => {
			if (body.url !== undefined && !/^https?:\/\//.test(body.url)) fail(400, 'The url field must be an http(s) URL.');
			toggleable(b, record, body, ['name', 'url', 'active']);
		},
	});

	router.add('GET', `${P}/inbox-threads`, (ctx) => page(ctx, brandOf(ctx).threads, { defaultSize: 250, filterable: ['status'] }));
	const thread = (b, id) => b.threads.find((t) => t._id === id) || fail(404, 'Inbox thread not found.');
	router.add('GET', `${P}/inbox-threads/:id/content`, (ctx) => {
		const b = brandOf(ctx);
		return page(ctx, b.threadContent.get(thread(b, ctx.params.id)._id) || [], { filterable: [] });
	});
	router.add('PUT', `${P}/inbox-threads/:id`, (ctx) => {
		const b = brandOf(ctx);
		const record = thread(b, ctx.params.id);
		const changes = pick(objectBody(ctx), ['status', '_assigned_to_user_id', '_inbox_tag_ids'], { atLeastOne: true });
		oneOf(changes.status, ['open', 'pending', 'closed'], 'status');
		Object.assign(record, changes, { updated: stamp() });
		return { body: record };
	});

	router.add('GET', `${P}/analytics/contacts`, (ctx) => {
		const b = brandOf(ctx);
		const group = ctx.query.group || 'source';
		oneOf(group, ['source', 'opt_in_status'], 'group');
		const counts = new Map();
		for (const c of b.contacts) counts.set(c[group], (counts.get(c[group]) || 0) + 1);
		return { body: { totals: { total: b.contacts.length }, groups: [...counts].map(([name, total]) => ({ name, total })) } };
	});
	router.add('GET', `${P}/analytics/contacts/growth`, (ctx) => {
		const b = brandOf(ctx);
		oneOf(ctx.query.compare, ['YoY', 'QoQ', 'MoM', 'WoW', 'DoD', 'PoP'], 'compare');
		oneOf(ctx.query.frequency, ['hour', 'day', 'month', 'year'], 'frequency');
		for (const f of ['start', 'end']) if (ctx.query[f] !== undefined && !/^\d{4}-\d{2}-\d{2}/.test(ctx.query[f])) fail(400, `The ${f} parameter must be a date.`);
		return { body: { group: ctx.query.group ?? null, compare: ctx.query.compare ?? null, frequency: ctx.query.frequency ?? 'day',
			start: ctx.query.start ?? null, end: ctx.query.end ?? null, totals: { total: b.contacts.length, previous: Math.floor(b.contacts.length * 0.9) },
			series: [{ date: ctx.query.start ?? '2026-01-01', total: b.contacts.length }] } };
	});
	router.add('GET', `${P}/analytics/campaigns`, (ctx) => {
		const b = brandOf(ctx);
		return { body: { totals: { campaigns: b.campaigns.length, sent: b.campaigns.filter((c) => c.status === 'sent').length },
			campaigns: b.campaigns.map((c) => ({ campaign_id: c.campaign_id, name: c.name, audience_size: c.audience_size, status: c.status })) } };
	});
	router.add('GET', `${P}/analytics/campaigns/:id`, (ctx) => {
		const c = find(brandOf(ctx).campaigns, 'campaign_id', ctx.params.id, 'Campaign');
		return { body: { campaign_id: c.campaign_id, name: c.name, sent: c.audience_size, delivered: Math.floor(c.audience_size * 0.97), clicks: 12, opt_outs: 1 } };
	});
	router.add('GET', `${P}/analytics/messages`, (ctx) => {
		const b = brandOf(ctx);
		const by = (field) => Object.fromEntries([...new Set(b.messages.map((m) => m[field]))].map((v) => [v, b.messages.filter((m) => m[field] === v).length]));
		return { body: { totals: { total: b.messages.length }, direction: by('direction'), status: by('status') } };
	});
}

module.exports = { createState, register };
