// The sandbox's current (brand-scoped) API over real HTTP: auth, paging, filters, every resource's
// rules, and the rate limit. Asserts what a client sees: status codes and bodies.

// A module, so that its names do not meet those of other test files in the global scope.
export {};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');

const KEY = 'sandbox-api-key';
const OTHER_KEY = 'sandbox-other-brand-key';
const B = '/brands/1001';

let sandbox: any;

interface Answer {
	status: number;
	body: any;
	text: string;
	headers: Headers;
}

interface CallOptions {
	body?: unknown;
	key?: string | null;
	rawBody?: string;
	contentType?: string;
	base?: string;
}

async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
	const headers: Record<string, string> = {};
	const key = options.key === undefined ? KEY : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	let body: string | undefined;
	if (options.rawBody !== undefined) body = options.rawBody;
	else if (options.body !== undefined) body = JSON.stringify(options.body);
	if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
	const res = await fetch(`${options.base ?? sandbox.currentBaseUrl}${path}`, { method, headers, body });
	const text = await res.text();
	let parsed: any;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = text;
	}
	return { status: res.status, body: parsed, text, headers: res.headers };
}

const get = (path: string, options?: CallOptions) => call('GET', path, options);
const post = (path: string, body: unknown, options?: CallOptions) => call('POST', path, { ...options, body });
const put = (path: string, body: unknown, options?: CallOptions) => call('PUT', path, { ...options, body });
const del = (path: string, body?: unknown) => call('DELETE', path, { body });

/** The sandbox's own data of brand 1001, to compare answers with. */
const state = () => sandbox.state.current;
const ids = (records: any[], field = 'contact_id') => records.map((r) => r[field]);
const NULL_PAGES = { prevPage: null, currentPage: null, nextPage: null, currentPageString: null, hasMore: false };

/** Every record of a collection, page by page with limit/offset, as a client pages. */
async function walk(path: string, limit: number): Promise<{ records: any[]; pages: number }> {
	const records: any[] = [];
	let pages = 0;
	for (let offset = 0; ; offset += limit) {
		const sep = path.includes('?') ? '&' : '?';
		const page = await get(`${path}${sep}limit=${limit}&offset=${offset}`);
		expect(page.status).toBe(200);
		pages++;
		records.push(...page.body.data);
		if (!page.body.pagingData.hasMore) return { records, pages };
	}
}

async function newContact(extra: Record<string, unknown> = {}) {
	const answer = await post(`${B}/contacts`, { mobile_number: '+1 (415) 555-0142', ...extra });
	expect(answer.status).toBe(200);
	return answer.body;
}

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});

beforeEach(() => {
	sandbox.reset();
});

afterAll(async () => {
	await sandbox?.stop();
});

describe('auth', () => {
	test('no key is 403 with a message', async () => {
		const answer = await get(`${B}/contacts`, { key: null });
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual({ message: 'Invalid API key.' });
	});

	test('an unknown key, or the key sent as Basic, is 403', async () => {
		expect((await get(`${B}/contacts`, { key: 'nope' })).body).toEqual({ message: 'Invalid API key.' });
		const res = await fetch(`${sandbox.currentBaseUrl}${B}/usage`, { headers: { authorization: `Basic ${KEY}` } });
		expect(res.status).toBe(403);
	});

	test("a key on another brand's path is 403 both ways, and so is an unknown brand", async () => {
		const other = await get(`${B}/contacts`, { key: OTHER_KEY });
		expect(other.status).toBe(403);
		expect(other.body).toEqual({ message: 'This API key has no access to brand 1001.' });
		const mine = await get('/brands/2002/contacts');
		expect(mine.status).toBe(403);
		expect(mine.body).toEqual({ message: 'This API key has no access to brand 2002.' });
		expect((await get('/brands/9999/usage')).status).toBe(403);
		expect((await get('/brands/b1001/usage')).status).toBe(403);
	});

	test('the right key reaches its brand: usage adds up', async () => {
		const answer = await get(`${B}/usage`);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ brand_id: 1001, brand_name: 'Sandbox Coffee Co.', message_credit_limit: null });
		expect(answer.body.total_credits).toBeGreaterThan(0);
		expect(answer.body.credits_available).toBe(answer.body.total_credits - answer.body.credits_used);
		const other = await get('/brands/2002/contacts?limit=10000', { key: OTHER_KEY });
		expect(other.status).toBe(200);
		expect(other.body.data).toHaveLength(25);
		expect(other.body.data.every((c: any) => c._brand_id === 2002)).toBe(true);
	});

	test('GET /brands answers the key\'s own brand, unwrapped, with every field of the spec', async () => {
		const answer = await get('/brands');
		expect(answer.status).toBe(200);
		expect(answer.body.brand_id).toBe(1001);
		expect(answer.body.name).toBe('Sandbox Coffee Co.');
		expect(answer.body.data).toBeUndefined();
		const fields = [
			'brand_id', '_account_id', 'tax_id', 'legal_name', 'name', 'short_name', 'website', 'logo', 'address', 'city',
			'state', 'zip', 'country', 'contact_first_name', 'contact_last_name', 'contact_email', 'contact_phone',
			'industry', 'use_case', 'prohibited_content', 'age_requirement', 'force_double_opt_in', 'inbox_enabled',
			'opt_out_intel_enabled', 'delete_bad_numbers', 'message_credit_limit', 'message_credit_limit_percentage',
			'age_requirement_message', 'age_requirement_ineligible_message', 'double_opt_in_message', 'opt_in_message',
			'opt_in_exists_message', 're_opt_in_message', 'terms_link', 'opt_out_intel_action', 'opt_out_intel_message',
			'time_to_cart_abandonment_value', 'time_to_cart_abandonment_unit', 'attribution_model',
			'message_view_attribution_value', 'message_view_attribution_unit', 'message_click_attribution_value',
			'message_click_attribution_unit', 'delete_bad_numbers_failures', 'created', 'last_updated',
		];
		expect(Object.keys(answer.body).sort()).toEqual([...fields].sort());
		expect(answer.body.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect((await get('/brands', { key: OTHER_KEY })).body.brand_id).toBe(2002);
		expect((await get('/brands', { key: null })).status).toBe(403);
	});
});

describe('paging', () => {
	test('0 records: an empty page with null page fields', async () => {
		const empty = state().lists.find((l: any) => state().listMembers.get(l.contact_list_id).size === 0);
		const answer = await get(`${B}/lists/${empty.contact_list_id}/contacts`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ data: [], pagingData: NULL_PAGES });
	});

	test('1 record: one page, null page fields', async () => {
		const answer = await get(`${B}/contacts?contact_id=7`);
		expect(answer.body.data).toHaveLength(1);
		expect(answer.body.data[0].contact_id).toBe(7);
		expect(answer.body.pagingData).toEqual(NULL_PAGES);
	});

	test('exactly one full page: hasMore false and null page fields', async () => {
		const total = state().contacts.length;
		const answer = await get(`${B}/contacts?limit=${total}`);
		expect(answer.body.data).toHaveLength(total);
		expect(answer.body.pagingData).toEqual(NULL_PAGES);
		const lists = await get(`${B}/lists?limit=${state().lists.length}`);
		expect(lists.body.pagingData).toEqual(NULL_PAGES);
	});

	test('default page size 50 for contacts, page fields as numbers and a string', async () => {
		const first = await get(`${B}/contacts`);
		expect(ids(first.body.data)).toEqual(ids(state().contacts.slice(0, 50)));
		expect(first.body.pagingData).toEqual({ prevPage: null, currentPage: 0, nextPage: 1, currentPageString: '0', hasMore: true });
		const second = await get(`${B}/contacts?limit=50&offset=50`);
		expect(ids(second.body.data)).toEqual(ids(state().contacts.slice(50, 100)));
		expect(second.body.pagingData).toEqual({ prevPage: 0, currentPage: 1, nextPage: 2, currentPageString: '1', hasMore: true });
		const last = await get(`${B}/contacts?limit=50&offset=200`);
		expect(last.body.data).toHaveLength(50);
		expect(last.body.pagingData).toEqual({ prevPage: 3, currentPage: 4, nextPage: null, currentPageString: '4', hasMore: false });
		const beyond = await get(`${B}/contacts?limit=50&offset=1000`);
		expect(beyond.body.data).toEqual([]);
		expect(beyond.body.pagingData.hasMore).toBe(false);
	});

	test('default page size 250 for links, keywords and inbox threads', async () => {
		const template = state().links[0];
		for (let i = 0; i < 300; i++) state().links.push({ ...template, link_id: 1000 + i });
		const links = await get(`${B}/links`);
		expect(links.body.data).toHaveLength(250);
		expect(links.body.pagingData.hasMore).toBe(true);
		const keywords = await get(`${B}/keywords`);
		expect(keywords.body.data).toHaveLength(state().keywords.length);
		expect(keywords.body.pagingData).toEqual(NULL_PAGES);
	});

	test('limit 10000 is accepted; 10001 is a 400 that names the parameter', async () => {
		const max = await get(`${B}/contacts?limit=10000`);
		expect(max.status).toBe(200);
		expect(max.body.data).toHaveLength(state().contacts.length);
		const over = await get(`${B}/contacts?limit=10001`);
		expect(over.status).toBe(400);
		expect(over.body.message).toMatch(/\blimit\b/);
		const overSize = await get(`${B}/contacts?pageSize=10001`);
		expect(overSize.status).toBe(400);
		expect(overSize.body.message).toMatch(/\bpageSize\b/);
	});

	test.each([
		['limit=abc', 'limit'],
		['limit=-1', 'limit'],
		['limit=2.5', 'limit'],
		['limit=0', 'limit'],
		['offset=-5', 'offset'],
		['offset=x', 'offset'],
		['page=1.5', 'page'],
		['pageSize=0', 'pageSize'],
	])('%s is a 400 naming %s', async (query, name) => {
		const answer = await get(`${B}/contacts?${query}`);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toContain(`The ${name} parameter`);
	});

	test('walking with limit/offset returns every contact exactly once, in order', async () => {
		const { records, pages } = await walk(`${B}/contacts`, 7);
		expect(pages).toBe(Math.ceil(state().contacts.length / 7));
		expect(ids(records)).toEqual(ids(state().contacts));
		expect(new Set(ids(records)).size).toBe(records.length);
	});

	test('page/pageSize: page is 0-based', async () => {
		const first = await get(`${B}/contacts?page=0&pageSize=100`);
		expect(ids(first.body.data)).toEqual(ids(state().contacts.slice(0, 100)));
		expect(first.body.pagingData).toMatchObject({ currentPage: 0, nextPage: 1, hasMore: true });
		const third = await get(`${B}/contacts?page=2&pageSize=100`);
		expect(ids(third.body.data)).toEqual(ids(state().contacts.slice(200, 250)));
		expect(third.body.pagingData).toEqual({ prevPage: 1, currentPage: 2, nextPage: null, currentPageString: '2', hasMore: false });
		const sizeOnly = await get(`${B}/contacts?pageSize=30`);
		expect(sizeOnly.body.data).toHaveLength(30);
	});

	test('a seed of 20000 contacts pages out as 20000 distinct contacts', async () => {
		sandbox.reset({ contacts: 20000 });
		const first = await get(`${B}/contacts?limit=10000&offset=0`);
		expect(first.body.data).toHaveLength(10000);
		expect(first.body.pagingData.hasMore).toBe(true);
		const second = await get(`${B}/contacts?limit=10000&offset=10000`);
		expect(second.body.data).toHaveLength(10000);
		expect(second.body.pagingData.hasMore).toBe(false);
		const all = [...ids(first.body.data), ...ids(second.body.data)];
		expect(new Set(all).size).toBe(20000);
		const numbers = new Set([...first.body.data, ...second.body.data].map((c: any) => c.mobile_number));
		expect(numbers.size).toBe(20000);
	});
});

describe('filters', () => {
	test('opt_in_status filters exactly and case-sensitively', async () => {
		const expected = state().contacts.filter((c: any) => c.opt_in_status === 'subscribed');
		const answer = await get(`${B}/contacts?opt_in_status=subscribed&limit=10000`);
		expect(ids(answer.body.data)).toEqual(ids(expected));
		expect(expected.length).toBeGreaterThan(0);
		const blocked = await get(`${B}/contacts?opt_in_status=${encodeURIComponent('not subscribed')}&limit=10000`);
		expect(blocked.body.data.length).toBe(state().contacts.filter((c: any) => c.opt_in_status === 'not subscribed').length);
		expect((await get(`${B}/contacts?opt_in_status=Subscribed`)).body.data).toEqual([]);
	});

	test('every seeded opt-in status is present', async () => {
		for (const status of ['subscribed', 'unsubscribed', 'blocked', 'not subscribed']) {
			const answer = await get(`${B}/contacts?opt_in_status=${encodeURIComponent(status)}&limit=1`);
			expect(answer.body.data).toHaveLength(1);
		}
	});

	test('a custom field filters by its internal_name', async () => {
		const latte = state().contacts.filter((c: any) => c.custom_fields?.favorite_drink === 'latte');
		const answer = await get(`${B}/contacts?favorite_drink=latte&limit=10000`);
		expect(latte.length).toBeGreaterThan(0);
		expect(ids(answer.body.data)).toEqual(ids(latte));
		const vip = await get(`${B}/contacts?vip=true&limit=10000`);
		expect(vip.body.data.length).toBe(state().contacts.filter((c: any) => c.custom_fields?.vip === true).length);
	});

	test('filters combine, and combine with paging', async () => {
		const both = state().contacts.filter((c: any) => c.city === 'Boston' && c.opt_in_status === 'subscribed');
		const answer = await get(`${B}/contacts?city=Boston&opt_in_status=subscribed&limit=10000`);
		expect(ids(answer.body.data)).toEqual(ids(both));
		const paged = await get(`${B}/contacts?opt_in_status=subscribed&limit=10&offset=10`);
		const subscribed = state().contacts.filter((c: any) => c.opt_in_status === 'subscribed');
		expect(ids(paged.body.data)).toEqual(ids(subscribed.slice(10, 20)));
		expect(paged.body.pagingData.hasMore).toBe(true);
	});

	test('an unknown filter is a 400 that names it', async () => {
		const answer = await get(`${B}/contacts?colour=red`);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Unknown filter: colour' });
		expect((await get(`${B}/workflows?opt_in_status=subscribed`)).body).toEqual({ message: 'Unknown filter: opt_in_status' });
	});

	test('messages filter on direction, status, source and source_id', async () => {
		const incoming = await get(`${B}/messages?direction=incoming&limit=10000`);
		expect(incoming.body.data.length).toBe(state().messages.filter((m: any) => m.direction === 'incoming').length);
		expect(incoming.body.data.every((m: any) => m.direction === 'incoming')).toBe(true);
		const sentId = state().campaigns.find((c: any) => c.status === 'sent').campaign_id;
		const campaign = await get(`${B}/messages?source=Campaign&source_id=${sentId}&limit=10000`);
		const expected = state().messages.filter((m: any) => m.source === 'Campaign' && m._source_id === sentId);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(campaign.body.data, '_id')).toEqual(ids(expected, '_id'));
		const undelivered = await get(`${B}/messages?status=undelivered&limit=10000`);
		expect(undelivered.body.data.length).toBeGreaterThan(0);
		expect(undelivered.body.data.every((m: any) => m.status === 'undelivered')).toBe(true);
	});

	test('workflows and popups filter on active, custom fields on data_type', async () => {
		const active = await get(`${B}/workflows?active=1`);
		expect(active.body.data.length).toBe(state().workflows.filter((w: any) => w.active === 1).length);
		expect(active.body.data.every((w: any) => w.active === 1)).toBe(true);
		const inactive = await get(`${B}/website-popups?active=0`);
		expect(inactive.body.data.map((p: any) => p.active)).toEqual(state().websitePopups.filter((p: any) => p.active === 0).map(() => 0));
		const numbers = await get(`${B}/custom-fields?data_type=number`);
		expect(numbers.body.data.map((f: any) => f.internal_name)).toEqual(['loyalty_points']);
	});
});

describe('contacts', () => {
	test('create normalizes the number, defaults to not subscribed and later reads see the contact', async () => {
		const created = await newContact({ first_name: 'Ada', favorite_drink: 'mocha', loyalty_points: '12', zip: 94107 });
		expect(created.mobile_number).toBe('+14155550142');
		expect(created.opt_in_status).toBe('not subscribed');
		expect(created.source).toBe('api');
		expect(created.zip).toBe('94107');
		expect(created.custom_fields).toEqual({ favorite_drink: 'mocha', loyalty_points: 12 });
		expect(created.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		for (const omitted of ['mobile_number_carrier', '_source_id', 'sub_source', '_sub_source_id', 'last_updated']) {
			expect(created).not.toHaveProperty(omitted);
		}
		const read = await get(`${B}/contacts/${created.contact_id}`);
		expect(read.status).toBe(200);
		expect(read.body).toMatchObject({ contact_id: created.contact_id, first_name: 'Ada', last_updated: null, mobile_number_carrier: null });
		const found = await get(`${B}/contacts?mobile_number=${encodeURIComponent('+14155550142')}`);
		expect(ids(found.body.data)).toEqual([created.contact_id]);
	});

	test('11 digits starting with 1 and an explicit status are kept', async () => {
		const created = await newContact({ mobile_number: '14155550199', opt_in_status: 'subscribed', timezone: 'America/Denver' });
		expect(created.mobile_number).toBe('+14155550199');
		expect(created.opt_in_status).toBe('subscribed');
		expect(created.timezone).toBe('America/Denver');
	});

	test('force_double_opt_in "true" keeps the contact not subscribed', async () => {
		const created = await newContact({ opt_in_status: 'subscribed', force_double_opt_in: 'true' });
		expect(created.opt_in_status).toBe('not subscribed');
	});

	test('a duplicate mobile number is a 422', async () => {
		const existing = state().contacts[0].mobile_number as string;
		const answer = await post(`${B}/contacts`, { mobile_number: existing.slice(2) });
		expect(answer.status).toBe(422);
		expect(answer.body).toEqual({ message: 'A contact with this mobile number already exists.' });
	});

	test.each([
		[{ first_name: 'No number' }, /mobile_number/],
		[{ mobile_number: '555-0142' }, /mobile_number/],
		[{ mobile_number: '+44 20 7946 0958 11' }, /mobile_number/],
		[{ mobile_number: '4155550142', opt_in_status: 'maybe' }, /opt_in_status/],
		[{ mobile_number: '4155550142', birthdate: '04/01/1990' }, /birthdate/],
		[{ mobile_number: '4155550142', birthdate: '1990-02-30' }, /birthdate/],
		[{ mobile_number: '4155550142', timezone: 'Europe/Paris' }, /timezone/],
		[{ mobile_number: '4155550142', nickname: 'Al' }, /Unknown field: nickname/],
		[{ mobile_number: '4155550142', loyalty_points: 'lots' }, /loyalty_points/],
		[{ mobile_number: '4155550142', email: 'not-an-address' }, /email/],
	])('create %j is a 400', async (body, message) => {
		const answer = await post(`${B}/contacts`, body);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toMatch(message);
		expect(state().contacts).toHaveLength(250);
	});

	test('a body that is not a JSON object is a 400', async () => {
		expect((await post(`${B}/contacts`, [{ mobile_number: '4155550142' }])).status).toBe(400);
		const textBody = await call('POST', `${B}/contacts`, { rawBody: 'mobile_number=4155550142', contentType: 'text/plain' });
		expect(textBody.status).toBe(400);
		expect(textBody.body).toEqual({ message: 'The request body must be a JSON object.' });
		expect((await call('POST', `${B}/contacts`, { rawBody: '{oops' })).status).toBe(400);
	});

	test('update changes fields and last_updated; reads see it', async () => {
		const contact = state().contacts.find((c: any) => c.opt_in_status === 'not subscribed');
		const before = contact.last_opt_in_status_change;
		const answer = await put(`${B}/contacts/${contact.contact_id}`, {
			first_name: 'Grace', opt_in_status: 'subscribed', favorite_drink: 'mocha', vip: 'false',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ contact_id: contact.contact_id, first_name: 'Grace', opt_in_status: 'subscribed' });
		expect(answer.body.custom_fields).toMatchObject({ favorite_drink: 'mocha', vip: false });
		expect(answer.body.last_updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect(answer.body.last_opt_in_status_change).not.toBe(before);
		const read = await get(`${B}/contacts/${contact.contact_id}`);
		expect(read.body.first_name).toBe('Grace');
		const filtered = await get(`${B}/contacts?first_name=Grace&favorite_drink=mocha`);
		expect(ids(filtered.body.data)).toEqual([contact.contact_id]);
	});

	test('update by mobile number in the path', async () => {
		const contact = state().contacts[3];
		const answer = await put(`${B}/contacts/${encodeURIComponent(contact.mobile_number)}`, { last_name: 'Hopper' });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ contact_id: contact.contact_id, last_name: 'Hopper' });
	});

	test('update rejects force_double_opt_in, an empty body, a taken number and unknown contacts', async () => {
		const path = `${B}/contacts/1`;
		expect((await put(path, { force_double_opt_in: 'true' })).body).toEqual({ message: 'Unknown field: force_double_opt_in' });
		expect((await put(path, {})).status).toBe(400);
		const taken = await put(path, { mobile_number: state().contacts[1].mobile_number });
		expect(taken.status).toBe(422);
		expect((await put(`${B}/contacts/999999`, { first_name: 'X' })).body).toEqual({ message: 'Contact not found.' });
		expect((await put(`${B}/contacts/abc`, { first_name: 'X' })).status).toBe(404);
	});

	test('a custom field value of null removes it', async () => {
		const contact = state().contacts.find((c: any) => c.custom_fields?.favorite_drink);
		const answer = await put(`${B}/contacts/${contact.contact_id}`, { favorite_drink: null });
		expect(answer.body.custom_fields).not.toHaveProperty('favorite_drink');
	});

	test('delete answers [], and the contact is gone from reads and from lists', async () => {
		const listId = 1;
		const member = [...state().listMembers.get(listId)][0] as number;
		const countBefore = (await get(`${B}/lists/${listId}/contacts/count`)).body;
		const answer = await del(`${B}/contacts/${member}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([]);
		expect((await get(`${B}/contacts/${member}`)).body).toEqual({ message: 'Contact not found.' });
		expect((await get(`${B}/lists/${listId}/contacts/count`)).body).toBe(countBefore - 1);
		const members = await get(`${B}/lists/${listId}/contacts?limit=10000`);
		expect(ids(members.body.data)).not.toContain(member);
		expect((await del(`${B}/contacts/${member}`)).status).toBe(404);
		// Deleted, it can be created again.
		const again = await post(`${B}/contacts`, { mobile_number: state().contacts[0].mobile_number });
		expect(again.status).toBe(422);
	});

	test('unknown and non-numeric contact ids are 404', async () => {
		expect((await get(`${B}/contacts/999999`)).body).toEqual({ message: 'Contact not found.' });
		expect((await get(`${B}/contacts/abc`)).status).toBe(404);
		expect((await get(`${B}/contacts/1.5`)).status).toBe(404);
	});
});

describe('lists', () => {
	test('create, rename, read and delete a list', async () => {
		const created = await post(`${B}/lists`, { name: 'Espresso lovers', description: 'Asked for espresso' });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ _brand_id: 1001, name: 'Espresso lovers', description: 'Asked for espresso' });
		const id = created.body.contact_list_id;
		expect((await put(`${B}/lists/${id}`, { description: 'Double shots' })).body.description).toBe('Double shots');
		expect((await get(`${B}/lists/${id}`)).body).toMatchObject({ name: 'Espresso lovers', description: 'Double shots' });
		expect((await get(`${B}/lists/${id}/contacts/count`)).body).toBe(0);
		expect((await del(`${B}/lists/${id}`)).body).toEqual([]);
		expect((await get(`${B}/lists/${id}`)).body).toEqual({ message: 'List not found.' });
	});

	test('list bodies are validated', async () => {
		expect((await post(`${B}/lists`, { description: 'no name' })).body.message).toMatch(/name/);
		expect((await put(`${B}/lists/1`, {})).status).toBe(400);
		expect((await put(`${B}/lists/1`, { colour: 'red' })).body).toEqual({ message: 'Unknown field: colour' });
	});

	test('the count is a bare number that matches the list contacts', async () => {
		const count = await get(`${B}/lists/1/contacts/count`);
		expect(count.status).toBe(200);
		expect(count.text).toMatch(/^\d+$/);
		expect(count.body).toBe(state().listMembers.get(1).size);
		const { records } = await walk(`${B}/lists/1/contacts`, 1000);
		expect(records).toHaveLength(count.body);
		expect((await get(`${B}/lists/999/contacts/count`)).status).toBe(404);
	});

	test('POST and DELETE /lists/contacts change memberships, and reads see it', async () => {
		const list = (await post(`${B}/lists`, { name: 'Pilot' })).body.contact_list_id;
		const added = await post(`${B}/lists/contacts`, [
			{ contact_id: 1, lists: [list] },
			{ contact_id: 2, lists: [list, 1] },
			{ contact_id: '3', lists: [String(list)] },
		]);
		expect(added.status).toBe(200);
		expect(added.body).toMatchObject({ success: true });
		expect((await get(`${B}/lists/${list}/contacts/count`)).body).toBe(3);
		expect(ids((await get(`${B}/lists/${list}/contacts`)).body.data)).toEqual([1, 2, 3]);
		const removed = await del(`${B}/lists/contacts`, [{ contact_id: 2, lists: [list] }]);
		expect(removed.status).toBe(200);
		expect(removed.body).toMatchObject({ success: true });
		expect((await get(`${B}/lists/${list}/contacts/count`)).body).toBe(2);
		const members = await get(`${B}/lists/${list}/contacts`);
		expect(ids(members.body.data)).toEqual([1, 3]);
		expect(members.body.pagingData).toEqual(NULL_PAGES);
	});

	test('membership bodies are validated before anything changes', async () => {
		const before = state().listMembers.get(1).size;
		const unknownContact = await post(`${B}/lists/contacts`, [{ contact_id: 5, lists: [3] }, { contact_id: 999999, lists: [1] }]);
		expect(unknownContact.status).toBe(404);
		expect(unknownContact.body.message).toMatch(/999999/);
		const unknownList = await post(`${B}/lists/contacts`, [{ contact_id: 1, lists: [4242] }]);
		expect(unknownList.status).toBe(404);
		expect(unknownList.body.message).toMatch(/4242/);
		expect((await post(`${B}/lists/contacts`, { contact_id: 1, lists: [1] })).status).toBe(400);
		expect((await post(`${B}/lists/contacts`, [])).status).toBe(400);
		expect((await post(`${B}/lists/contacts`, [{ contact_id: 1 }])).status).toBe(400);
		expect((await del(`${B}/lists/contacts`, [{ contact_id: 'x', lists: [1] }])).status).toBe(400);
		expect(state().listMembers.get(1).size).toBe(before);
		expect(state().listMembers.get(3).has(5)).toBe(false);
	});
});

describe('campaigns', () => {
	const subscribed = () => state().contacts.filter((c: any) => c.opt_in_status === 'subscribed');

	test('status send to everyone answers queued, then reads show it sent with its messages', async () => {
		const answer = await post(`${B}/campaigns`, { name: 'Flash sale', body: 'BOGO today only!', status: 'send', audience: { all: true } });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ name: 'Flash sale', status: 'queued', audience_size: subscribed().length, scheduled: null });
		expect(answer.body.audience).toEqual([
			expect.objectContaining({ _campaign_id: answer.body.campaign_id, all_contacts: 1, _contact_list_id: null, _segment_id: null }),
		]);
		const id = answer.body.campaign_id;
		const read = await get(`${B}/campaigns/${id}`);
		expect(read.body).toMatchObject({ status: 'sent', completion_percentage: 100 });
		const messages = await get(`${B}/messages?source=Campaign&source_id=${id}&limit=10000`);
		expect(messages.body.data).toHaveLength(subscribed().length);
		expect(messages.body.data.every((m: any) => m.direction === 'outgoing' && m.body === 'BOGO today only!')).toBe(true);
	});

	test('status draft to lists keeps a draft with one audience entry per list', async () => {
		const answer = await post(`${B}/campaigns`, { name: 'Draft', body: 'Soon', status: 'draft', audience: { contact_lists: [2, 3] } });
		expect(answer.status).toBe(200);
		expect(answer.body.status).toBe('draft');
		expect(answer.body.audience.map((a: any) => a._contact_list_id)).toEqual([2, 3]);
		const members = new Set([...state().listMembers.get(2), ...state().listMembers.get(3)]);
		const expected = subscribed().filter((c: any) => members.has(c.contact_id)).length;
		expect(answer.body.audience_size).toBe(expected);
		expect((await get(`${B}/campaigns?status=draft&limit=100`)).body.data.map((c: any) => c.campaign_id)).toContain(answer.body.campaign_id);
	});

	test('status scheduled to a segment needs the time, and keeps it', async () => {
		const body = { name: 'Later', body: 'Coming up', status: 'scheduled', audience: { segments: [2] }, scheduled: '2031-06-01 14:30:00' };
		const answer = await post(`${B}/campaigns`, body);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ status: 'scheduled', scheduled: '2031-06-01 14:30:00' });
		expect(answer.body.audience[0]._segment_id).toBe(2);
		const missing = await post(`${B}/campaigns`, { ...body, scheduled: undefined });
		expect(missing.status).toBe(400);
		expect(missing.body.message).toMatch(/scheduled/);
		expect((await post(`${B}/campaigns`, { ...body, scheduled: '2031-06-01' })).status).toBe(400);
		expect((await post(`${B}/campaigns`, { ...body, scheduled: '2020-01-01 00:00:00' })).status).toBe(400);
	});

	test('campaign bodies are validated', async () => {
		const base = { name: 'X', body: 'Y', status: 'send', audience: { all: true } };
		expect((await post(`${B}/campaigns`, { ...base, status: 'now' })).body.message).toMatch(/status/);
		expect((await post(`${B}/campaigns`, { ...base, audience: { all: false } })).status).toBe(400);
		expect((await post(`${B}/campaigns`, { ...base, audience: { contact_lists: [] } })).status).toBe(400);
		expect((await post(`${B}/campaigns`, { ...base, audience: undefined })).body.message).toMatch(/audience/);
		expect((await post(`${B}/campaigns`, { ...base, audience: { contact_lists: [777] } })).status).toBe(404);
		expect((await post(`${B}/campaigns`, { ...base, audience: { segments: [777] } })).status).toBe(404);
		expect((await post(`${B}/campaigns`, { ...base, scheduled: '2031-01-01 00:00:00' })).status).toBe(400);
		expect((await post(`${B}/campaigns`, { ...base, colour: 'red' })).body).toEqual({ message: 'Unknown field: colour' });
	});

	test('update a draft, refuse a sent one, delete answers []', async () => {
		const draft = state().campaigns.find((c: any) => c.status === 'draft');
		const renamed = await put(`${B}/campaigns/${draft.campaign_id}`, { name: 'Winter menu preview' });
		expect(renamed.status).toBe(200);
		expect(renamed.body).toMatchObject({ name: 'Winter menu preview', status: 'draft' });
		const scheduled = await put(`${B}/campaigns/${draft.campaign_id}`, { status: 'scheduled', scheduled: '2032-01-01 09:00:00' });
		expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduled: '2032-01-01 09:00:00' });
		const sent = state().campaigns.find((c: any) => c.status === 'sent');
		expect((await put(`${B}/campaigns/${sent.campaign_id}`, { name: 'Again' })).status).toBe(400);
		expect((await del(`${B}/campaigns/${draft.campaign_id}`)).body).toEqual([]);
		expect((await get(`${B}/campaigns/${draft.campaign_id}`)).body).toEqual({ message: 'Campaign not found.' });
	});
});

describe('workflows and popups', () => {
	test('onceInTime needs entry_rule_time_value and entry_rule_time_unit', async () => {
		const workflow = state().workflows.find((w: any) => w.entry_rule === 'once');
		const path = `${B}/workflows/${workflow.workflow_id}`;
		const missing = await put(path, { entry_rule: 'onceInTime', entry_rule_time_value: 2 });
		expect(missing.status).toBe(400);
		expect(missing.body.message).toMatch(/entry_rule_time_unit/);
		expect((await put(path, { entry_rule: 'onceInTime' })).status).toBe(400);
		const ok = await put(path, { entry_rule: 'onceInTime', entry_rule_time_value: 2, entry_rule_time_unit: 'hour' });
		expect(ok.status).toBe(200);
		expect(ok.body).toMatchObject({ entry_rule: 'onceInTime', entry_rule_time_value: 2, entry_rule_time_unit: 'hour' });
		expect((await put(path, { entry_rule_time_unit: 'week' })).status).toBe(400);
		const back = await put(path, { entry_rule: 'multiple' });
		expect(back.body).toMatchObject({ entry_rule: 'multiple', entry_rule_time_value: null, entry_rule_time_unit: null });
	});

	test('active switches with 1 and 0 only, and stamps the change', async () => {
		const workflow = state().workflows.find((w: any) => w.active === 1);
		const off = await put(`${B}/workflows/${workflow.workflow_id}`, { active: 0 });
		expect(off.body.active).toBe(0);
		expect(off.body.last_deactivated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect((await get(`${B}/workflows/${workflow.workflow_id}`)).body.active).toBe(0);
		expect((await put(`${B}/workflows/${workflow.workflow_id}`, { active: 2 })).status).toBe(400);
		expect((await put(`${B}/workflows/${workflow.workflow_id}`, { active: true })).status).toBe(400);
		expect((await put(`${B}/workflows/${workflow.workflow_id}`, {})).status).toBe(400);
		const popup = state().websitePopups.find((p: any) => p.active === 1);
		const popupOff = await put(`${B}/website-popups/${popup.website_popup_id}`, { active: '0', name: 'Renamed' });
		expect(popupOff.body).toMatchObject({ active: 0, name: 'Renamed' });
		expect((await put(`${B}/website-popups/${popup.website_popup_id}`, { show_event: 'scroll' })).status).toBe(400);
	});

	test('deletes answer [] and there is no create', async () => {
		expect((await del(`${B}/workflows/1`)).body).toEqual([]);
		expect((await get(`${B}/workflows/1`)).body).toEqual({ message: 'Workflow not found.' });
		expect((await del(`${B}/website-popups/1`)).body).toEqual([]);
		expect((await get(`${B}/website-popups/1`)).status).toBe(404);
		expect((await post(`${B}/workflows`, { name: 'x' })).status).toBe(405);
		expect((await post(`${B}/website-popups`, { name: 'x' })).status).toBe(405);
	});
});

describe('custom fields', () => {
	test('internal_name comes from the name and survives a rename', async () => {
		const created = await post(`${B}/custom-fields`, { name: 'Shoe Size (EU)', data_type: 'number', description: 'For merch' });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ name: 'Shoe Size (EU)', internal_name: 'shoe_size_eu', data_type: 'number' });
		const id = created.body.custom_field_id;
		const renamed = await put(`${B}/custom-fields/${id}`, { name: 'Shoe size' });
		expect(renamed.body).toMatchObject({ name: 'Shoe size', internal_name: 'shoe_size_eu' });
		await put(`${B}/contacts/4`, { shoe_size_eu: 42 });
		expect(ids((await get(`${B}/contacts?shoe_size_eu=42`)).body.data)).toEqual([4]);
		const duplicate = await post(`${B}/custom-fields`, { name: 'shoe size eu' });
		expect(duplicate.body.internal_name).toBe('shoe_size_eu_2');
		expect(duplicate.body.data_type).toBe('string');
	});

	test('custom field bodies are validated', async () => {
		expect((await put(`${B}/custom-fields/1`, {})).status).toBe(400);
		expect((await post(`${B}/custom-fields`, { name: 'X', data_type: 'integer' })).body.message).toMatch(/data_type/);
		expect((await post(`${B}/custom-fields`, { data_type: 'string' })).body.message).toMatch(/name/);
	});

	test('changing data_type keeps stored values and checks later ones', async () => {
		const changed = await put(`${B}/custom-fields/1`, { data_type: 'number' });
		expect(changed.body).toMatchObject({ internal_name: 'favorite_drink', data_type: 'number' });
		expect((await get(`${B}/contacts?favorite_drink=latte&limit=1`)).body.data).toHaveLength(1);
		expect((await put(`${B}/contacts/1`, { favorite_drink: 'mocha' })).status).toBe(400);
	});

	test('delete answers [] and removes the values from every contact', async () => {
		expect((await del(`${B}/custom-fields/1`)).body).toEqual([]);
		expect(state().contacts.some((c: any) => c.custom_fields && 'favorite_drink' in c.custom_fields)).toBe(false);
		expect((await get(`${B}/contacts?favorite_drink=latte`)).body).toEqual({ message: 'Unknown filter: favorite_drink' });
		expect((await post(`${B}/contacts`, { mobile_number: '4155550100', favorite_drink: 'tea' })).status).toBe(400);
	});
});

describe('keywords and messages', () => {
	test('keywords: list, get, delete; no update or create', async () => {
		const list = await get(`${B}/keywords`);
		expect(list.body.data.map((k: any) => k.word)).toEqual(['COFFEE', 'LATTE', 'VIP', 'DEALS', 'JOIN']);
		expect((await get(`${B}/keywords/2`)).body).toMatchObject({ keyword_id: 2, word: 'LATTE' });
		expect((await put(`${B}/keywords/2`, { word: 'MOCHA' })).status).toBe(405);
		expect((await post(`${B}/keywords`, { word: 'MOCHA' })).status).toBe(405);
		expect((await del(`${B}/keywords/2`)).body).toEqual([]);
		expect((await get(`${B}/keywords/2`)).body).toEqual({ message: 'Keyword not found.' });
	});

	test('messages have the fields of the spec and mix directions, statuses and sources', async () => {
		const answer = await get(`${B}/messages?limit=10000`);
		const messages = answer.body.data;
		expect(messages.length).toBeGreaterThan(150);
		expect(new Set(messages.map((m: any) => m.direction))).toEqual(new Set(['incoming', 'outgoing']));
		expect(new Set(messages.map((m: any) => m.source))).toEqual(new Set(['Campaign', 'Keyword', 'InboxThread', 'API']));
		expect(new Set(messages.map((m: any) => m.status))).toEqual(new Set(['delivered', 'undelivered', 'processed']));
		expect(messages[0]).toEqual(
			expect.objectContaining({
				_id: expect.stringMatching(/^[0-9a-f]{24}$/),
				channel: 'sms',
				text_number: expect.objectContaining({ _brand_id: 1001, type: 'tollFree', registration_status: 'registered' }),
				brand: { brand_id: 1001 },
				contact: { contact_id: expect.any(Number) },
				created_micro: expect.any(Number),
			}),
		);
		expect((await get(`${B}/messages/1`)).status).toBe(404);
		expect((await post(`${B}/messages`, {})).status).toBe(405);
	});
});

describe('methods and paths', () => {
	test('an existing path with another method is 405; an unknown path is 404', async () => {
		const answer = await post(`${B}/workflows`, {});
		expect(answer.status).toBe(405);
		expect(answer.body.message).toMatch(/POST/);
		expect((await post('/brands', {})).status).toBe(405);
		expect((await call('PATCH', `${B}/contacts/1`)).status).toBe(405);
		expect((await get(`${B}/webhooks`)).status).toBe(404);
	});
});

describe('segments', () => {
	test('list, get, update, delete; no create', async () => {
		const list = await get(`${B}/segments`);
		expect(list.body.data.map((s: any) => s.segment_id)).toEqual(state().segments.map((s: any) => s.segment_id));
		expect(Object.keys(list.body.data[0]).sort()).toEqual(['_brand_id', 'created', 'description', 'last_updated', 'name', 'segment_id']);
		const updated = await put(`${B}/segments/1`, { name: 'Boston VIPs', description: 'City is Boston and VIP' });
		expect(updated.body).toMatchObject({ segment_id: 1, name: 'Boston VIPs', description: 'City is Boston and VIP' });
		expect((await get(`${B}/segments/1`)).body.name).toBe('Boston VIPs');
		expect((await put(`${B}/segments/1`, {})).status).toBe(400);
		expect((await post(`${B}/segments`, { name: 'x' })).status).toBe(405);
		expect((await del(`${B}/segments/1`)).body).toEqual([]);
		expect((await get(`${B}/segments/1`)).body).toEqual({ message: 'Segment not found.' });
	});
});

describe('links', () => {
	test('list with a filter, create, update, delete', async () => {
		const active = await get(`${B}/links?active=1`);
		expect(active.body.data.length).toBe(state().links.filter((l: any) => l.active === 1).length);
		const created = await post(`${B}/links`, { name: 'Gift cards', url: 'https://sandboxcoffee.example/gift' });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ name: 'Gift cards', url: 'https://sandboxcoffee.example/gift', active: 1, clicks: 0 });
		const id = created.body.link_id;
		expect((await put(`${B}/links/${id}`, { active: 0 })).body.active).toBe(0);
		expect((await get(`${B}/links?active=0&limit=100`)).body.data.map((l: any) => l.link_id)).toContain(id);
		expect((await post(`${B}/links`, { name: 'Bad', url: 'not a url' })).body.message).toMatch(/url/);
		expect((await put(`${B}/links/${id}`, {})).status).toBe(400);
		expect((await del(`${B}/links/${id}`)).body).toEqual([]);
		expect((await get(`${B}/links/${id}`)).body).toEqual({ message: 'Link not found.' });
	});
});

describe('inbox threads', () => {
	test('list with a status filter, read the content, update the status', async () => {
		const open = await get(`${B}/inbox-threads?status=open`);
		expect(open.body.data.length).toBe(state().threads.filter((t: any) => t.status === 'open').length);
		expect(open.body.data.length).toBeGreaterThan(0);
		const thread = open.body.data[0];
		const content = await get(`${B}/inbox-threads/${thread._id}/content`);
		expect(content.status).toBe(200);
		expect(content.body.pagingData).toEqual(NULL_PAGES);
		expect(content.body.data.length).toBeGreaterThan(1);
		expect(content.body.data.every((m: any) => m.source === 'InboxThread' && m.contact.contact_id === thread._contact_id)).toBe(true);
		expect(content.body.data[content.body.data.length - 1]._id).toBe(thread._last_message_id);
		const closed = await put(`${B}/inbox-threads/${thread._id}`, { status: 'closed', _assigned_to_user_id: 302 });
		expect(closed.body).toMatchObject({ _id: thread._id, status: 'closed', _assigned_to_user_id: 302 });
		expect((await get(`${B}/inbox-threads?status=closed&limit=100`)).body.data.map((t: any) => t._id)).toContain(thread._id);
	});

	test('thread updates are validated; unknown threads are 404', async () => {
		const id = state().threads[0]._id;
		expect((await put(`${B}/inbox-threads/${id}`, { status: 'archived' })).body.message).toMatch(/status/);
		expect((await put(`${B}/inbox-threads/${id}`, {})).status).toBe(400);
		expect((await put(`${B}/inbox-threads/nope`, { status: 'open' })).body).toEqual({ message: 'Inbox thread not found.' });
		expect((await get(`${B}/inbox-threads/nope/content`)).status).toBe(404);
	});
});

describe('analytics', () => {
	test('contacts grouped by opt_in_status and source add up to the contacts', async () => {
		const answer = await get(`${B}/analytics/contacts?group=opt_in_status`);
		expect(answer.status).toBe(200);
		expect(answer.body.totals).toEqual({ total: 250 });
		const subscribed = answer.body.groups.find((g: any) => g.name === 'subscribed');
		expect(subscribed.total).toBe(state().contacts.filter((c: any) => c.opt_in_status === 'subscribed').length);
		expect(answer.body.groups.reduce((sum: number, g: any) => sum + g.total, 0)).toBe(250);
		const bySource = await get(`${B}/analytics/contacts?group=source`);
		expect(bySource.body.groups.map((g: any) => g.name).sort()).toEqual(['Import', 'Keyword', 'Website Popup', 'api']);
		expect((await get(`${B}/analytics/contacts?group=city`)).status).toBe(400);
	});

	test('growth counts new contacts per period, with running totals, and compares', async () => {
		const answer = await get(`${B}/analytics/contacts/growth?start=2025-03-01&end=2025-05-31&frequency=month&compare=PoP&group=source`);
		expect(answer.status).toBe(200);
		const inRange = state().contacts.filter((c: any) => c.created >= '2025-03-01' && c.created <= '2025-05-31 23:59:59');
		const before = state().contacts.filter((c: any) => c.created < '2025-03-01').length;
		expect(answer.body.totals).toMatchObject({ total: 250, new: inRange.length, previous_start: '2024-11-29', previous_end: '2025-02-28' });
		expect(answer.body.totals.previous_new).toBe(before);
		expect(answer.body.series.map((p: any) => p.period)).toEqual(['2025-03', '2025-04', '2025-05']);
		expect(answer.body.series.reduce((sum: number, p: any) => sum + p.new, 0)).toBe(inRange.length);
		expect(answer.body.series[2].total).toBe(before + inRange.length);
		expect(answer.body.series[0].groups.reduce((sum: number, g: any) => sum + g.total, 0)).toBe(answer.body.series[0].new);
		const days = await get(`${B}/analytics/contacts/growth?start=2025-06-01&end=2025-06-07`);
		expect(days.body).toMatchObject({ frequency: 'day', compare: null, group: null });
		expect(days.body.series).toHaveLength(7);
		expect((await get(`${B}/analytics/contacts/growth?start=2025-03-01`)).status).toBe(400);
		expect((await get(`${B}/analytics/contacts/growth?start=2025-03-01&end=2025-03-02&compare=XoX`)).status).toBe(400);
		expect((await get(`${B}/analytics/contacts/growth?start=2025-03-02&end=2025-03-01`)).status).toBe(400);
	});

	test('campaign and message analytics are computed from the data', async () => {
		const campaigns = await get(`${B}/analytics/campaigns`);
		expect(campaigns.status).toBe(200);
		const sentCampaigns = state().campaigns.filter((c: any) => c.status === 'sent');
		expect(campaigns.body.totals).toEqual({ campaigns: state().campaigns.length, sent: sentCampaigns.length });
		expect(campaigns.body.campaigns.map((c: any) => c.campaign_id)).toEqual(ids(state().campaigns, 'campaign_id'));
		const sentCampaign = sentCampaigns[0];
		const one = await get(`${B}/analytics/campaigns/${sentCampaign.campaign_id}`);
		const sentMessages = state().messages.filter((m: any) => m.source === 'Campaign' && m._source_id === sentCampaign.campaign_id);
		expect(one.body).toMatchObject({ campaign_id: sentCampaign.campaign_id, sent: sentMessages.length, audience_size: sentMessages.length });
		expect(one.body.delivered + one.body.undelivered).toBe(sentMessages.length);
		expect(one.body.unique_clicks).toBeLessThanOrEqual(one.body.delivered);
		const draft = state().campaigns.find((c: any) => c.status === 'draft');
		expect((await get(`${B}/analytics/campaigns/${draft.campaign_id}`)).body).toMatchObject({ sent: 0, delivery_rate: null });
		expect((await get(`${B}/analytics/campaigns/999`)).status).toBe(404);
		const messages = await get(`${B}/analytics/messages`);
		const all = state().messages;
		expect(messages.body.totals).toEqual({ total: all.length });
		expect(messages.body.direction).toEqual({
			incoming: all.filter((m: any) => m.direction === 'incoming').length,
			outgoing: all.filter((m: any) => m.direction === 'outgoing').length,
		});
		expect(Object.keys(messages.body.status).sort()).toEqual(['delivered', 'processed', 'undelivered']);
		const january = await get(`${B}/analytics/messages?start=2025-01-01&end=2025-01-31`);
		expect(january.body.totals.total).toBe(all.filter((m: any) => m.created < '2025-02-01').length);
		expect((await get(`${B}/analytics/messages?group=direction`)).status).toBe(400);
	});
});

describe('rate limit', () => {
	let limited: any;

	beforeAll(async () => {
		limited = await startSandbox({ rateLimit: { perSecond: 8, perMinute: 480 } });
		// On a clock held still: the nine requests fall in one second however slowly they are sent.
		limited.setRateLimit({ perSecond: 8, perMinute: 480 }, () => 1_000_000);
	});

	afterAll(async () => {
		await limited?.stop();
	});

	test('the 9th request within a second is a 429 with x-ratelimit headers and a JSON message', async () => {
		const answers: Answer[] = [];
		for (let i = 0; i < 9; i++) answers.push(await get(`${B}/usage`, { base: limited.currentBaseUrl }));
		expect(answers.slice(0, 8).map((a) => a.status)).toEqual(Array(8).fill(200));
		expect(answers[0].headers.get('x-ratelimit')).toBe('480');
		expect(answers[7].headers.get('x-ratelimit-remaining')).toBe('472');
		const refused = answers[8];
		expect(refused.status).toBe(429);
		expect(refused.body).toEqual({ message: expect.any(String) });
		expect(refused.headers.get('x-ratelimit')).toBe('480');
		expect(refused.headers.get('x-ratelimit-remaining')).toBe('472');
		expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(0);
	});
});
