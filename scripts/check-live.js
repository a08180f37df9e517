#!/usr/bin/env node
'use strict';
// `npm run check:live`: checks, against a real SlickText account, the assumptions the nodes rely on.
// For every read-only operation (HTTP GET) of both nodes it asks the API itself (plain fetch) and prints
// whether the raw answer matched each assumption: envelope shapes, field types (which numbers came as
// strings), paging (limit honoured, a second page continues the first), rate headers and the limit they
// show, the error body of a 404 and of a bad key. Then it runs the same operation through the built node
// (dist/) in n8n's real engine (test/helpers/engine.ts) and reports whether the node accepted the answer.
// Nothing is written to the account: the check sends GET requests only.
//
//   SLICKTEXT_API_KEY=... SLICKTEXT_BRAND_ID=... npm run check:live            current API
//   SLICKTEXT_PUBLIC_KEY=pub_... SLICKTEXT_PRIVATE_KEY=... npm run check:live   legacy API
//   (both sets: both APIs). Optional: SLICKTEXT_BASE_URL, SLICKTEXT_LEGACY_BASE_URL (default SlickText's),
//   SLICKTEXT_CHECK_PACE_MS (pause between the check's own requests, default 250: 4 a second, the lower
//   of SlickText's published limits). Flags: --json (the report as JSON), --raw-only (no node runs).
// Exit code 0 when nothing failed, 1 when a check failed, 2 when no credentials were given.
// docs/assumptions.md says what each check means.

const path = require('node:path');
const legacyFreedoms = require('../sandbox/legacy/freedoms');

const DEFAULT_BASE_URL = { current: 'https://dev.slicktext.com/v1', legacy: 'https://api.slicktext.com/v1' };
const PAGE = 2; // the check's page size: small, so that a second page exists on most collections
const NODE_LIMIT = 5; // Limit of the node's Get Many runs: one page, nothing heavy on a big account

// ------------------------------------------------------------------------------------ configuration

function configFromEnv(env = process.env) {
	const config = { paceMs: env.SLICKTEXT_CHECK_PACE_MS === undefined ? 250 : Number(env.SLICKTEXT_CHECK_PACE_MS) };
	if (env.SLICKTEXT_API_KEY && env.SLICKTEXT_BRAND_ID) {
		config.current = {
			apiKey: env.SLICKTEXT_API_KEY,
			brandId: String(env.SLICKTEXT_BRAND_ID).replace(/^b/i, ''),
			baseUrl: (env.SLICKTEXT_BASE_URL || DEFAULT_BASE_URL.current).replace(/\/+$/, ''),
		};
	}
	if (env.SLICKTEXT_PUBLIC_KEY && env.SLICKTEXT_PRIVATE_KEY) {
		config.legacy = {
			publicKey: env.SLICKTEXT_PUBLIC_KEY,
			privateKey: env.SLICKTEXT_PRIVATE_KEY,
			baseUrl: (env.SLICKTEXT_LEGACY_BASE_URL || DEFAULT_BASE_URL.legacy).replace(/\/+$/, ''),
		};
	}
	return config;
}

// ------------------------------------------------------------------------------------------ raw HTTP

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plain fetch against one API, paced, with every answer's rate headers kept for the summary. */
class Client {
	constructor(platform, credentials, paceMs) {
		this.platform = platform;
		this.credentials = credentials;
		this.paceMs = paceMs;
		this.last = 0;
		this.answers = []; // {status, limit, remaining, reset}
	}

	auth(credentials = this.credentials) {
		if (this.platform === 'current') return `Bearer ${credentials.apiKey}`;
		return `Basic ${Buffer.from(`${credentials.publicKey}:${credentials.privateKey}`).toString('base64')}`;
	}

	url(pathAndQuery) {
		const { baseUrl, brandId } = this.credentials;
		if (this.platform === 'legacy' || pathAndQuery === '/brands') return `${baseUrl}${pathAndQuery}`;
		return `${baseUrl}/brands/${brandId}${pathAndQuery}`;
	}

	/** GET; a 429 is waited out (x-RateLimit-Reset, at most 60 s) and tried once more. */
	async get(pathAndQuery, { authorization } = {}) {
		for (let attempt = 0; ; attempt++) {
			const wait = this.last + this.paceMs - Date.now();
			if (wait > 0) await sleep(wait);
			this.last = Date.now();
			const res = await fetch(this.url(pathAndQuery), {
				headers: { authorization: authorization ?? this.auth(), accept: 'application/json' },
			});
			const text = await res.text();
			const rate = {
				status: res.status,
				limit: res.headers.get('x-ratelimit'),
				remaining: res.headers.get('x-ratelimit-remaining'),
				reset: res.headers.get('x-ratelimit-reset'),
			};
			this.answers.push(rate);
			let body;
			try {
				body = text ? JSON.parse(text) : undefined;
			} catch {
				body = undefined;
			}
			if (res.status === 429 && attempt === 0) {
				const reset = Number(rate.reset);
				await sleep(Math.min(60, Number.isFinite(reset) && reset > 0 ? reset : 1) * 1000 + 200);
				continue;
			}
			return { status: res.status, body, text, rate };
		}
	}
}

// ------------------------------------------------------------------------------------------- checks

const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v));
const short = (value, max = 120) => {
	const text = value === undefined ? 'nothing' : typeof value === 'string' ? value : JSON.stringify(value);
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function check(name, status, detail) {
	return { name, status, detail };
}

/** Every value at a dotted path; `[]` walks an array ('data[].contact.contact_id'). */
function valuesAt(body, dotted) {
	let values = [body];
	for (const part of dotted.split('.')) {
		const many = part.endsWith('[]');
		const key = many ? part.slice(0, -2) : part;
		const next = [];
		for (const v of values) {
			if (!isRecord(v) || !(key in v)) continue;
			if (many) {
				if (Array.isArray(v[key])) next.push(...v[key]);
			} else next.push(v[key]);
		}
		values = next;
	}
	return values;
}

/**
 * Field types: of the listed numeric fields (paths), which came as numbers and which as strings; a value
 * that is neither (nor null) fails. The nodes read both forms; the note says which one this account sends.
 */
function fieldTypes(body, numericPaths) {
	const asStrings = [];
	const wrong = [];
	let seen = 0;
	for (const p of numericPaths) {
		const values = valuesAt(body, p).filter((v) => v !== null);
		if (values.length === 0) continue;
		seen++;
		if (values.some((v) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))) asStrings.push(p);
		const bad = values.find((v) => !(typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))));
		if (bad !== undefined) wrong.push(`${p} is ${short(bad, 40)}`);
	}
	if (wrong.length) return check('field types', 'FAIL', `not numbers: ${wrong.join('; ')}`);
	if (seen === 0) return check('field types', 'skip', 'no numeric field in this answer');
	if (asStrings.length) return check('field types', 'note', `numbers as strings: ${asStrings.join(', ')}`);
	return check('field types', 'ok', `${seen} numeric field(s), all numbers`);
}

/** The numeric fields of a legacy answer, from the sandbox's description of them (every key, any record). */
function legacyNumericPaths(description = legacyFreedoms.ANSWER, prefix = '') {
	const out = [];
	for (const [key, spec] of Object.entries(description)) {
		const here = prefix ? `${prefix}.${key}` : key;
		if (spec === 'number' || (Array.isArray(spec) && spec.includes('number'))) out.push(here);
		else if (Array.isArray(spec) && isRecord(spec[0])) out.push(...legacyNumericPaths(spec[0], `${here}[]`));
		else if (isRecord(spec)) out.push(...legacyNumericPaths(spec, here));
	}
	return out;
}
const LEGACY_NUMERIC = legacyNumericPaths();

// Integer (or number) fields of current-API records: the spec's tables, and public-api-notes for the
// records the spec leaves out. Paths are relative to one record.
const CURRENT_NUMERIC = {
	contact: ['contact_id', '_brand_id'],
	brand: [
		'brand_id', '_account_id', 'tax_id', 'prohibited_content', 'age_requirement', 'force_double_opt_in', 'inbox_enabled',
		'opt_out_intel_enabled', 'delete_bad_numbers', 'message_credit_limit', 'message_credit_limit_percentage',
		'time_to_cart_abandonment_value', 'message_view_attribution_value', 'message_click_attribution_value',
		'delete_bad_numbers_failures',
	],
	usage: ['brand_id', 'total_credits', 'credits_used', 'credits_available', 'message_credit_limit', 'message_credit_limit_percentage'],
	workflow: ['workflow_id', '_brand_id', 'entry_rule_time_value', 'active'],
	customField: ['custom_field_id', '_brand_id'],
	websitePopup: [
		'website_popup_id', '_brand_id', 'min_page_views', 'show_delay_seconds', 'show_inactivity_seconds', 'show_scroll_percent',
		'hide_from_known_contacts', 'start_minimized', 'show_desktop', 'show_tablet', 'show_mobile', 'active', 'reopen_value',
	],
	message: [
		'_source_id', 'is_gsm', 'message_credits', 'campaign_completion_percentage', 'created_micro', 'text_number._brand_id',
		'text_number.text_number_id', 'brand.brand_id', 'contact.contact_id', 'user.user_id',
	],
	keyword: ['keyword_id', '_brand_id'],
	campaign: ['campaign_id', '_brand_id', 'audience_size', 'completion_percentage'],
	list: ['contact_list_id', '_brand_id'],
	segment: ['segment_id', '_brand_id'],
	link: ['link_id', '_brand_id', 'clicks', 'unique_clicks', 'bot_clicks', 'active'],
	inboxThread: ['_brand_id', '_contact_id'],
};
const inPage = (record) => (CURRENT_NUMERIC[record] ?? []).map((p) => `data[].${p}`);

// ------------------------------------------------------------------------------------ the operations

const rl = (value) => ({ __rl: true, mode: 'id', value: String(value) });
/** `YYYY-MM-DD HH:MM:SS` in America/Los_Angeles, as the legacy date filters want. */
function laTime(ms) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: 'America/Los_Angeles', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
		hour: '2-digit', minute: '2-digit', second: '2-digit',
	}).formatToParts(new Date(ms));
	const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
	return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
const ymd = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every read-only operation of both nodes: how to ask the API for it, what it answers, and the node's
 * parameters. kind: collection | record | count | object (analytics) | sendLog. `gives` names the id the
 * first record provides for later operations; `needs` the id an operation cannot run without.
 */
function operations(now = Date.now()) {
	const collection = (resource, apiPath, record, id, gives, extra = {}) => ({
		platform: 'current', resource, operation: 'getAll', kind: 'collection', path: () => apiPath, record, id, gives, ...extra,
	});
	const single = (resource, apiPath, record, id, needs, param) => ({
		platform: 'current', resource, operation: 'get', kind: 'record', record, id, needs,
		path: (ids) => `${apiPath}/${ids[needs]}`, params: (ids) => ({ [param]: rl(ids[needs]) }),
	});
	const current = [
		{ platform: 'current', resource: 'brand', operation: 'get', kind: 'record', record: 'brand', id: 'brand_id', path: () => '/brands', expectId: (cfg) => cfg.brandId },
		{ platform: 'current', resource: 'brand', operation: 'getUsage', kind: 'record', record: 'usage', id: 'brand_id', path: () => '/usage', expectId: (cfg) => cfg.brandId },
		collection('contact', '/contacts', 'contact', 'contact_id', 'contactId'),
		single('contact', '/contacts', 'contact', 'contact_id', 'contactId', 'contactId'),
		collection('campaign', '/campaigns', 'campaign', 'campaign_id', 'campaignId'),
		single('campaign', '/campaigns', 'campaign', 'campaign_id', 'campaignId', 'campaignId'),
		collection('customField', '/custom-fields', 'customField', 'custom_field_id', 'customFieldId'),
		single('customField', '/custom-fields', 'customField', 'custom_field_id', 'customFieldId', 'customFieldId'),
		collection('inboxThread', '/inbox-threads', 'inboxThread', '_id', 'inboxThreadId'),
		{
			platform: 'current', resource: 'inboxThread', operation: 'getMessages', kind: 'collection', record: 'message', id: '_id',
			needs: 'inboxThreadId', path: (ids) => `/inbox-threads/${ids.inboxThreadId}/content`, params: (ids) => ({ inboxThreadId: rl(ids.inboxThreadId) }),
		},
		collection('keyword', '/keywords', 'keyword', 'keyword_id', 'keywordId'),
		single('keyword', '/keywords', 'keyword', 'keyword_id', 'keywordId', 'keywordId'),
		collection('link', '/links', 'link', 'link_id', 'linkId'),
		single('link', '/links', 'link', 'link_id', 'linkId', 'linkId'),
		collection('list', '/lists', 'list', 'contact_list_id', 'listId'),
		single('list', '/lists', 'list', 'contact_list_id', 'listId', 'listId'),
		{
			platform: 'current', resource: 'list', operation: 'getContacts', kind: 'collection', record: 'contact', id: 'contact_id',
			needs: 'listId', path: (ids) => `/lists/${ids.listId}/contacts`, params: (ids) => ({ listId: rl(ids.listId) }),
		},
		{
			platform: 'current', resource: 'list', operation: 'countContacts', kind: 'count', needs: 'listId',
			path: (ids) => `/lists/${ids.listId}/contacts/count`, params: (ids) => ({ listId: rl(ids.listId) }),
		},
		collection('message', '/messages', 'message', '_id'),
		collection('segment', '/segments', 'segment', 'segment_id', 'segmentId'),
		single('segment', '/segments', 'segment', 'segment_id', 'segmentId', 'segmentId'),
		collection('websitePopup', '/website-popups', 'websitePopup', 'website_popup_id', 'websitePopupId'),
		single('websitePopup', '/website-popups', 'websitePopup', 'website_popup_id', 'websitePopupId', 'websitePopupId'),
		collection('workflow', '/workflows', 'workflow', 'workflow_id', 'workflowId'),
		single('workflow', '/workflows', 'workflow', 'workflow_id', 'workflowId', 'workflowId'),
		{ platform: 'current', resource: 'analytics', operation: 'contacts', kind: 'object', path: () => '/analytics/contacts?group=source', params: () => ({ group: 'source' }) },
		{
			platform: 'current', resource: 'analytics', operation: 'contactGrowth', kind: 'object',
			path: () => `/analytics/contacts/growth?start=${ymd(now - 30 * 86400000)}&end=${ymd(now)}&frequency=day`,
			params: () => ({ startDate: ymd(now - 30 * 86400000), endDate: ymd(now), frequency: 'day' }),
		},
		{ platform: 'current', resource: 'analytics', operation: 'campaigns', kind: 'object', path: () => '/analytics/campaigns' },
		{
			platform: 'current', resource: 'analytics', operation: 'campaign', kind: 'object', needs: 'campaignId',
			path: (ids) => `/analytics/campaigns/${ids.campaignId}`, params: (ids) => ({ campaignId: rl(ids.campaignId) }),
		},
		{ platform: 'current', resource: 'analytics', operation: 'messages', kind: 'object', path: () => '/analytics/messages' },
	];

	const lcollection = (resource, operation, key, gives, pathOf, extra = {}) => ({
		platform: 'legacy', resource, operation, kind: 'collection', key, gives, path: pathOf, ...extra,
	});
	const textwordSub = (operation, sub, key) =>
		lcollection('textword', operation, key, undefined, (ids) => `/textwords/${ids.textwordId}/${sub}`, {
			needs: 'textwordId', params: (ids) => ({ textwordId: rl(ids.textwordId) }),
		});
	const legacy = [
		{ platform: 'legacy', resource: 'account', operation: 'get', kind: 'record', key: 'account', path: () => '/account' },
		// A textword with subscribers, so that its contact list has something to page through.
		lcollection('textword', 'getAll', 'textwords', 'textwordId', () => '/textwords', {
			choose: (records) => [...records].sort((a, b) => Number(b.contactsCount) - Number(a.contactsCount))[0],
		}),
		{
			platform: 'legacy', resource: 'textword', operation: 'get', kind: 'record', key: 'textword', needs: 'textwordId',
			path: (ids) => `/textwords/${ids.textwordId}`, params: (ids) => ({ textwordId: rl(ids.textwordId) }),
		},
		textwordSub('getContacts', 'contacts', 'contacts'),
		textwordSub('getMessages', 'messages', 'messages'),
		textwordSub('getSegments', 'segments', 'segments'),
		textwordSub('getCustomFields', 'customfields', 'customFields'),
		lcollection('contact', 'getAll', 'contacts', 'contactId', () => '/contacts'),
		{
			platform: 'legacy', resource: 'contact', operation: 'get', kind: 'record', key: 'contacts', needs: 'contactId',
			path: (ids) => `/contacts/${ids.contactId}`, params: (ids) => ({ contactId: rl(ids.contactId) }),
		},
		// The message whose send log is read: one sent in the last 11 months (older logs have expired),
		// the one with the most recipients among the first 20, so that the log may have a second page.
		lcollection('message', 'getAll', 'messages', 'messageId', () => '/messages', {
			pick: async (client) => {
				const since = laTime(now - 335 * 86400000);
				const recent = await client.get(`/messages?limit=20&sentAfter=${encodeURIComponent(since)}`);
				const sent = (recent.body?.messages ?? []).filter((m) => isRecord(m) && m.sent);
				return sent.sort((a, b) => Number(b.count) - Number(a.count))[0]?.id;
			},
		}),
		{
			platform: 'legacy', resource: 'message', operation: 'get', kind: 'record', key: 'message', needs: 'messageId',
			path: (ids) => `/messages/${ids.messageId}`, params: (ids) => ({ messageId: rl(ids.messageId) }),
		},
		{
			platform: 'legacy', resource: 'message', operation: 'getSendLog', kind: 'sendLog', needs: 'messageId',
			path: (ids) => `/messages/${ids.messageId}/log`, params: (ids) => ({ messageId: rl(ids.messageId) }),
		},
		lcollection('shortlink', 'getAll', 'shortlinks', 'shortlinkId', () => '/shortlinks'),
		{
			platform: 'legacy', resource: 'shortlink', operation: 'get', kind: 'record', key: 'shortlink', needs: 'shortlinkId',
			path: (ids) => `/shortlinks/${ids.shortlinkId}`, params: (ids) => ({ findBy: 'id', shortlinkId: rl(ids.shortlinkId) }),
		},
		lcollection('shortlink', 'getClickers', 'contacts', undefined, (ids) => `/shortlinks/${ids.shortlinkId}/contacts`, {
			needs: 'shortlinkId', params: (ids) => ({ findBy: 'id', shortlinkId: rl(ids.shortlinkId) }),
		}),
	];
	return [...current, ...legacy];
}

// --------------------------------------------------------------------------------- raw answer checks

const withQuery = (p, query) => `${p}${p.includes('?') ? '&' : '?'}${query}`;
const ids = (records, idField) => records.map((r) => (isRecord(r) ? String(r[idField] ?? JSON.stringify(r)) : String(r)));

async function currentCollection(client, op, pathOf) {
	const checks = [];
	const first = await client.get(withQuery(pathOf, `limit=${PAGE}&offset=0`));
	const body = first.body;
	if (first.status !== 200 || !isRecord(body) || !Array.isArray(body.data) || !isRecord(body.pagingData) || typeof body.pagingData.hasMore !== 'boolean') {
		checks.push(check('envelope', 'FAIL', `${first.status} ${short(first.text)} (wanted {data: [...], pagingData: {hasMore: true|false}})`));
		return { checks, records: [] };
	}
	const { hasMore } = body.pagingData;
	checks.push(check('envelope', 'ok', `{data[${body.data.length}], pagingData.hasMore ${hasMore}}`));
	const pageFields = ['prevPage', 'currentPage', 'nextPage', 'currentPageString'];
	const forms = pageFields.map((f) => `${f} ${kind(body.pagingData[f])}`).join(', ');
	const badForm = pageFields.find((f) => !['null', 'number', 'string'].includes(kind(body.pagingData[f])));
	const nonNullAlone = !hasMore && pageFields.some((f) => body.pagingData[f] !== null && body.pagingData[f] !== undefined);
	checks.push(check('paging fields', badForm ? 'FAIL' : 'note', `${forms}${nonNullAlone ? ' (not null on a single page, as the spec has it)' : ''}`));
	const sizeOk = body.data.length <= PAGE && (!hasMore || body.data.length === PAGE);
	checks.push(check('limit honoured', sizeOk ? 'ok' : 'FAIL', `${body.data.length} records for limit ${PAGE}, hasMore ${hasMore}`));
	if (hasMore) {
		const second = await client.get(withQuery(pathOf, `limit=${PAGE}&offset=${PAGE}`));
		const both = await client.get(withQuery(pathOf, `limit=${PAGE * 2}&offset=0`));
		const a = ids(body.data, op.id);
		const b = ids(second.body?.data ?? [], op.id);
		const expected = ids(both.body?.data ?? [], op.id);
		const continues = second.status === 200 && b.length > 0 && b.every((id) => !a.includes(id)) && JSON.stringify([...a, ...b]) === JSON.stringify(expected);
		checks.push(check('second page', continues ? 'ok' : 'FAIL', continues
			? `offset ${PAGE} continues offset 0 (${a.length + b.length} ids, as limit ${PAGE * 2} at offset 0)`
			: `offset 0: [${a}], offset ${PAGE}: [${b}], limit ${PAGE * 2}: [${expected}]`));
	} else {
		checks.push(check('second page', 'skip', 'everything fits in one page'));
	}
	checks.push(fieldTypes(body, inPage(op.record)));
	return { checks, records: body.data };
}

async function legacyCollection(client, op, pathOf) {
	const checks = [];
	const first = await client.get(withQuery(pathOf, `limit=${PAGE}&offset=0`));
	const body = first.body;
	const meta = isRecord(body) ? body.meta : undefined;
	const records = isRecord(body) ? body[op.key] : undefined;
	if (first.status !== 200 || !isRecord(meta) || !Array.isArray(records) || !isWhole(meta.total) || !isRecord(body.links)) {
		checks.push(check('envelope', 'FAIL', `${first.status} ${short(first.text)} (wanted {meta: {limit, offset, total}, links, ${op.key}: [...]})`));
		return { checks, records: [] };
	}
	const total = Number(meta.total);
	const asText = ['limit', 'offset', 'total'].filter((f) => typeof meta[f] === 'string');
	checks.push(check('envelope', 'ok', `{meta.total ${JSON.stringify(meta.total)}, links, ${op.key}[${records.length}]}${asText.length ? `; meta.${asText.join(', meta.')} as strings` : ''}`));
	const sizeOk = records.length === Math.min(PAGE, total);
	checks.push(check('limit honoured', sizeOk ? 'ok' : 'FAIL', `${records.length} records for limit ${PAGE}, total ${total}`));
	const hasNext = typeof body.links.next === 'string';
	checks.push(check('links.next', hasNext === total > PAGE ? 'ok' : 'note', `${hasNext ? 'present' : 'absent'} with total ${total} and limit ${PAGE}`));
	if (total > PAGE) {
		const second = await client.get(withQuery(pathOf, `limit=${PAGE}&offset=${PAGE}`));
		const both = await client.get(withQuery(pathOf, `limit=${PAGE * 2}&offset=0`));
		const idField = op.key === 'customFields' ? 'subscriberField' : 'id';
		const a = ids(records, idField);
		const b = ids(second.body?.[op.key] ?? [], idField);
		const expected = ids(both.body?.[op.key] ?? [], idField);
		const continues = second.status === 200 && b.length > 0 && b.every((id) => !a.includes(id)) && JSON.stringify([...a, ...b]) === JSON.stringify(expected);
		checks.push(check('second page', continues ? 'ok' : 'FAIL', continues
			? `offset ${PAGE} continues offset 0 (${a.length + b.length} ids, as limit ${PAGE * 2} at offset 0)`
			: `offset 0: [${a}], offset ${PAGE}: [${b}], limit ${PAGE * 2}: [${expected}]`));
	} else {
		checks.push(check('second page', 'skip', `total ${total} fits in one page`));
	}
	checks.push(fieldTypes(body, LEGACY_NUMERIC));
	return { checks, records };
}

async function sendLog(client, pathOf) {
	const checks = [];
	const first = await client.get(pathOf);
	const body = first.body;
	const meta = isRecord(body) ? body.meta : undefined;
	if (first.status !== 200 || !isRecord(meta) || typeof meta.isLastPage !== 'boolean' || !Array.isArray(body.items)) {
		checks.push(check('envelope', 'FAIL', `${first.status} ${short(first.text)} (wanted {meta: {isLastPage, nextPageKey}, items: [...]})`));
		return { checks };
	}
	checks.push(check('envelope', 'ok', `{meta.isLastPage ${meta.isLastPage}, nextPageKey ${kind(meta.nextPageKey)}, items[${body.items.length}]}`));
	if (!meta.isLastPage) {
		const keyOk = typeof meta.nextPageKey === 'string' && meta.nextPageKey !== '';
		const next = keyOk ? await client.get(withQuery(pathOf, `pageKey=${encodeURIComponent(meta.nextPageKey)}`)) : undefined;
		const items = next?.body?.items;
		const ok = next?.status === 200 && Array.isArray(items) && items.length > 0 && typeof next.body.meta?.isLastPage === 'boolean';
		checks.push(check('second page', ok ? 'ok' : 'FAIL', ok ? `pageKey gave ${items.length} more items` : `${next?.status} ${short(next?.text)}`));
	} else {
		checks.push(check('second page', 'skip', 'isLastPage on the first page'));
	}
	checks.push(fieldTypes(body, LEGACY_NUMERIC));
	return { checks };
}

async function recordAnswer(client, op, pathOf, ids, cfg) {
	const answer = await client.get(pathOf);
	const body = answer.body;
	if (answer.status !== 200 || !isRecord(body)) {
		return { checks: [check('record', 'FAIL', `${answer.status} ${short(answer.text)}`)] };
	}
	if (op.platform === 'current') {
		const wanted = op.expectId ? op.expectId(cfg) : ids[op.needs];
		const same = String(body[op.id]) === String(wanted);
		return {
			checks: [
				check('record', same ? 'ok' : 'FAIL', same ? `the record itself, ${op.id} ${JSON.stringify(body[op.id])}` : `${op.id} is ${short(body[op.id])}, wanted ${wanted}: ${short(answer.text)}`),
				fieldTypes({ data: [body] }, inPage(op.record)),
			],
		};
	}
	const inner = body[op.key];
	const record = op.key === 'contacts' ? (Array.isArray(inner) && inner.length === 1 ? inner[0] : undefined) : inner;
	const shape = op.key === 'contacts' ? 'a one-element array under contacts' : `the record under ${op.key}`;
	if (!isRecord(record)) return { checks: [check('record', 'FAIL', `wanted ${shape}: ${short(answer.text)}`)] };
	const same = !op.needs || String(record.id) === String(ids[op.needs]);
	return {
		checks: [
			check('record', same ? 'ok' : 'FAIL', same ? shape : `id ${short(record.id)}, wanted ${ids[op.needs]}`),
			fieldTypes(body, LEGACY_NUMERIC),
		],
	};
}

async function countAnswer(client, pathOf) {
	const answer = await client.get(pathOf);
	const body = answer.body;
	const value = isRecord(body) ? (body.count ?? body.total ?? body.data?.count) : body;
	if (answer.status !== 200 || !isWhole(value)) return { checks: [check('count', 'FAIL', `${answer.status} ${short(answer.text)}`)] };
	const form = isRecord(body) ? `a count object ${short(body)}` : `a bare ${typeof body} ${JSON.stringify(body)}`;
	return { checks: [check('count', isRecord(body) || typeof body === 'string' ? 'note' : 'ok', form)] };
}

async function objectAnswer(client, pathOf) {
	const answer = await client.get(pathOf);
	if (answer.status !== 200 || !isRecord(answer.body)) return { checks: [check('answer', 'FAIL', `${answer.status} ${short(answer.text)}`)] };
	return { checks: [check('answer', 'ok', `an object with ${Object.keys(answer.body).join(', ')}`)] };
}

// ---------------------------------------------------------------------------------------- node runs

let engine;
/** test/helpers/engine.ts, loaded as it is (TypeScript transpiled in memory outside jest). */
function loadEngine() {
	if (engine) return engine;
	// n8n's logger would print every error the node reports (the report has them); quiet, as in jest.
	if (!process.env.SLICKTEXT_TEST_LOGS) process.env.N8N_LOG_LEVEL ??= 'silent';
	const file = path.resolve(__dirname, '../test/helpers/engine.ts');
	// Plain Node cannot load .ts: transpile that one file (and any .ts it requires) with the project's
	// TypeScript. Under jest, require already transforms .ts (and require.extensions is not Node's).
	if (require.extensions && require.extensions['.js'] && !require.extensions['.ts']) {
		const ts = require('typescript');
		const fs = require('node:fs');
		require.extensions['.ts'] = (module, filename) => {
			const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
				compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
				fileName: filename,
			});
			module._compile(outputText, filename);
		};
	}
	engine = require(file);
	return engine;
}

const NODE_TYPE = { current: 'slickText', legacy: 'slickTextLegacy' };
const CREDENTIAL_TYPE = { current: 'slickTextApi', legacy: 'slickTextLegacyApi' };

/** Runs one operation through the built node in n8n's engine: accepted (how many items) or the error. */
async function runThroughNode(op, ids, credentials) {
	const parameters = { resource: op.resource, operation: op.operation, ...(op.params ? op.params(ids) : {}) };
	if (op.kind === 'collection' || op.kind === 'sendLog') Object.assign(parameters, { returnAll: false, limit: NODE_LIMIT });
	const result = await loadEngine().runNode({
		type: NODE_TYPE[op.platform],
		parameters,
		credentials: { [CREDENTIAL_TYPE[op.platform]]: credentials },
	});
	if (result.error) {
		const { message, description } = result.error;
		return check('node', 'FAIL', `rejected: ${message}${description ? ` (${short(description, 200)})` : ''}`);
	}
	return check('node', 'ok', `accepted: ${result.json.length} item(s)`);
}

/** Every GET operation of the built nodes, as resource.operation per platform. */
function nodeReadOperations() {
	const { nodes } = loadEngine().loadPackage();
	const out = { current: [], legacy: [] };
	for (const [platform, name] of Object.entries(NODE_TYPE)) {
		for (const property of nodes[name].description.properties) {
			if (property.name !== 'operation') continue;
			for (const resource of property.displayOptions?.show?.resource ?? []) {
				for (const option of property.options ?? []) {
					if (option.routing?.request?.method === 'GET') out[platform].push(`${resource}.${option.value}`);
				}
			}
		}
	}
	return out;
}

// ------------------------------------------------------------------------------------ the whole check

async function platformChecks(client, cfg) {
	const checks = [];
	// The error body of a 404 and of a bad key (the nodes show `message`, else detail, error or title).
	const missing = await client.get(client.platform === 'current' ? '/contacts/0' : '/textwords/0');
	const says = (body) => isRecord(body) && ['message', 'detail', 'error', 'title'].find((k) => typeof body[k] === 'string');
	checks.push(check('404 body', missing.status === 404 && says(missing.body) ? 'ok' : 'FAIL', `${missing.status} ${short(missing.text)}`));
	const wrong = client.platform === 'current' ? { ...cfg, apiKey: 'check-live-wrong-key' } : { ...cfg, privateKey: 'check-live-wrong-key' };
	const bad = await client.get(client.platform === 'current' ? '/brands' : '/account', { authorization: client.auth(wrong) });
	const badOk = [401, 403].includes(bad.status) && says(bad.body);
	checks.push(check('bad key', badOk ? 'ok' : 'FAIL', `${bad.status} ${short(bad.text)}`));
	// Rate headers: on every answer, and the limit they show.
	const answers = client.answers;
	const withHeaders = answers.filter((a) => a.limit !== null && a.remaining !== null && a.reset !== null);
	const limits = [...new Set(withHeaders.map((a) => a.limit))];
	const remaining = withHeaders.map((a) => Number(a.remaining));
	const resets = withHeaders.map((a) => Number(a.reset));
	const throttled = answers.filter((a) => a.status === 429).length;
	const status = withHeaders.length === 0 ? 'FAIL' : withHeaders.length < answers.length ? 'note' : 'ok';
	const detail = withHeaders.length === 0
		? `no x-RateLimit headers on any of ${answers.length} answers`
		: `x-RateLimit ${limits.join(' / ')} on ${withHeaders.length} of ${answers.length} answers; Remaining ${Math.min(...remaining)}..${Math.max(...remaining)}; ` +
			`Reset ${Math.min(...resets)}..${Math.max(...resets)} s; ${throttled} answered 429`;
	checks.push(check('rate headers', status, detail));
	return checks;
}

/**
 * The whole check. config: {current?, legacy?, paceMs} as configFromEnv gives; options.node: run the
 * operations through the node too (default true); options.nodeCredentials: extra credential fields for
 * the node runs (e.g. its rate). Returns {platforms: {current?, legacy?}, counts}.
 */
async function checkLive(config, options = {}) {
	const runNodes = options.node !== false;
	const report = { startedAt: new Date().toISOString(), platforms: {}, counts: { ok: 0, note: 0, FAIL: 0, skip: 0 } };
	const ops = operations(options.now);
	// The node's own list of reads needs the build; without node runs (--raw-only) it is not asked for.
	const covered = runNodes ? nodeReadOperations() : { current: [], legacy: [] };
	for (const platform of ['current', 'legacy']) {
		const cfg = config[platform];
		if (!cfg) continue;
		const client = new Client(platform, cfg, config.paceMs ?? 250);
		const idsFound = {};
		const results = [];
		for (const op of ops.filter((o) => o.platform === platform)) {
			const name = `${op.resource}.${op.operation}`;
			if (op.needs && idsFound[op.needs] === undefined) {
				results.push({ name, request: `GET ${op.path({ [op.needs]: `{${op.needs}}` })}`, checks: [check('skipped', 'skip', `no ${op.needs}: the account has no such record`)] });
				continue;
			}
			const apiPath = op.path(idsFound);
			let outcome;
			if (op.kind === 'collection') {
				outcome = platform === 'current' ? await currentCollection(client, op, apiPath) : await legacyCollection(client, op, apiPath);
				const first = op.choose ? op.choose(outcome.records) : outcome.records[0];
				const idField = platform === 'current' ? op.id : 'id';
				if (op.gives && isRecord(first) && first[idField] !== undefined && first[idField] !== null) idsFound[op.gives] = String(first[idField]);
				const picked = op.pick ? await op.pick(client) : undefined;
				if (picked !== undefined && picked !== null) idsFound[op.gives] = String(picked);
			} else if (op.kind === 'sendLog') outcome = await sendLog(client, apiPath);
			else if (op.kind === 'count') outcome = await countAnswer(client, apiPath);
			else if (op.kind === 'object') outcome = await objectAnswer(client, apiPath);
			else outcome = await recordAnswer(client, op, apiPath, idsFound, cfg);
			const checks = outcome.checks;
			if (runNodes) {
				try {
					checks.push(await runThroughNode(op, idsFound, { ...cfg, ...(options.nodeCredentials ?? {}) }));
				} catch (error) {
					checks.push(check('node', 'FAIL', `the engine failed: ${error.message}`));
				}
			}
			results.push({ name, request: `GET ${apiPath}`, checks });
		}
		// Operations of the node that this table does not know: a new read the check must learn.
		const known = new Set(ops.filter((o) => o.platform === platform).map((o) => `${o.resource}.${o.operation}`));
		for (const name of covered[platform].filter((n) => !known.has(n))) {
			results.push({ name, request: '-', checks: [check('covered', 'FAIL', 'a GET operation of the node that the check does not run')] });
		}
		const general = await platformChecks(client, cfg);
		const where = platform === 'current' ? `${cfg.baseUrl}, brand ${cfg.brandId}` : cfg.baseUrl;
		report.platforms[platform] = { where, operations: results, general, requests: client.answers.length };
		for (const c of [...results.flatMap((r) => r.checks), ...general]) report.counts[c.status]++;
	}
	return report;
}

function formatReport(report) {
	const lines = [];
	const mark = { ok: 'ok  ', note: 'note', FAIL: 'FAIL', skip: 'skip' };
	for (const [platform, part] of Object.entries(report.platforms)) {
		lines.push(`${platform === 'current' ? 'Current API' : 'Legacy API'} (${part.where}), ${report.startedAt}`);
		for (const op of part.operations) {
			lines.push(`  ${op.name.padEnd(26)} ${op.request}`);
			for (const c of op.checks) lines.push(`    ${mark[c.status]}  ${c.name.padEnd(15)} ${c.detail}`);
		}
		for (const c of part.general) lines.push(`  ${mark[c.status]}  ${c.name.padEnd(15)} ${c.detail}`);
		lines.push(`  (${part.requests} requests of the check itself, besides the node's)`, '');
	}
	const { ok, note, FAIL, skip } = report.counts;
	lines.push(`Summary: ${ok} ok, ${note} note, ${FAIL} FAIL, ${skip} skip`);
	return lines.join('\n');
}

async function main(argv = process.argv.slice(2)) {
	const config = configFromEnv();
	if (!config.current && !config.legacy) {
		console.error(
			'check:live needs credentials in the environment: SLICKTEXT_API_KEY and SLICKTEXT_BRAND_ID (current API) ' +
				'and/or SLICKTEXT_PUBLIC_KEY and SLICKTEXT_PRIVATE_KEY (legacy API). See docs/assumptions.md.',
		);
		return 2;
	}
	const report = await checkLive(config, { node: !argv.includes('--raw-only') });
	console.log(argv.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
	return report.counts.FAIL > 0 ? 1 : 0;
}

if (require.main === module) {
	main().then(
		(code) => process.exit(code),
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}

module.exports = { checkLive, formatReport, configFromEnv, operations, nodeReadOperations, LEGACY_NUMERIC, main };
