/* eslint-disable @typescript-eslint/no-explicit-any */
import { loadOptions, runNode } from '../../../helpers/engine';
import { sent, useSandbox } from '../../../helpers/sandbox';

// Issue 18.1: "From List" searches used to read one page of 200 and filter it in the node, so contact
// 240, a fresh contact and the legacy subscriber at offset 350 were "No results". A number or an ID now
// goes to the API's exact-match filters; a name search reads on, page by page, with n8n's pagination
// token to load more.

const ctx = useSandbox();
const BRAND = '/v1/brands/1001';
const LEGACY = '/legacy/v1';

const current = () => ctx.sandbox.state.current.brands.get(1001) ?? ctx.sandbox.state.current.brands[1001];
const legacy = () => ctx.sandbox.state.legacy;

async function searchCurrent(filter?: string, paginationToken?: string): Promise<any> {
	return await loadOptions({
		type: 'slickText',
		method: 'searchContacts',
		kind: 'listSearch',
		credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		filter,
		paginationToken,
	});
}

async function searchLegacy(method: string, filter?: string, paginationToken?: string): Promise<any> {
	return await loadOptions({
		type: 'slickTextLegacy',
		method,
		kind: 'listSearch',
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		filter,
		paginationToken,
	});
}

/** The page reads of a search, without its exact-match tries. */
const scans = (path: string) => sent(ctx.sandbox, path).filter((r) => Object.keys(r.query).every((k) => k === 'limit' || k === 'offset'));
const values = (result: any) => result.results.map((r: any) => r.value);
const dashed = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

describe('current API: contact search over a brand of 1,200 contacts', () => {
	beforeEach(() => {
		ctx.sandbox.reset({ contacts: 1200 });
	});

	test('a mobile number, typed any way, is found with one exact-match request wherever it is', async () => {
		const contact = current().contacts[1100];
		const result = await searchCurrent(dashed(contact.mobile_number));
		expect(result.results[0]).toEqual({ name: expect.stringContaining(contact.mobile_number), value: String(contact.contact_id) });
		const [first] = sent(ctx.sandbox, `${BRAND}/contacts`);
		expect(first.query).toEqual({ limit: '200', offset: '0', mobile_number: contact.mobile_number });
	});

	test('a contact ID is found by the contact_id filter', async () => {
		const contact = current().contacts[1150];
		const result = await searchCurrent(String(contact.contact_id));
		expect(values(result)[0]).toBe(String(contact.contact_id));
		expect(sent(ctx.sandbox, `${BRAND}/contacts`)[0].query).toEqual({ limit: '200', offset: '0', contact_id: String(contact.contact_id) });
	});

	test('a contact created a moment ago is found by its number and by its name', async () => {
		const created = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '+16175550142', additionalFields: { firstName: 'Zebulon', lastName: 'Quartzfield' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		expect(created.error).toBeUndefined();
		const id = String(created.json[0].contact_id);
		expect(values(await searchCurrent('617-555-0142'))).toEqual([id]);
		// Typed in lower case: the capitalized last name is an exact match, found without reading the brand.
		ctx.sandbox.requests.length = 0;
		expect(values(await searchCurrent('quartzfield'))[0]).toBe(id);
		expect(sent(ctx.sandbox, `${BRAND}/contacts`)[1].query).toEqual({ limit: '200', offset: '0', last_name: 'Quartzfield' });
	});

	test('part of a name is matched page by page beyond the first 200', async () => {
		await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '+16175550143', additionalFields: { firstName: 'Zebulon', lastName: 'Quartzfield' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		ctx.sandbox.requests.length = 0;
		const result = await searchCurrent('tzfie');
		expect(result.results).toEqual([{ name: 'Zebulon Quartzfield (+16175550143)', value: expect.any(String) }]);
		const offsets = scans(`${BRAND}/contacts`).map((r) => r.query.offset);
		expect(offsets).toEqual(['0', '200', '400', '600', '800', '1000', '1200']);
		expect(result.paginationToken).toBeUndefined();
	});

	test('a name search that matches many stops at a screenful and hands n8n a token to load more', async () => {
		const first = await searchCurrent('a');
		expect(first.results.length).toBeGreaterThanOrEqual(20);
		expect(first.paginationToken).toBe('200');
		ctx.sandbox.requests.length = 0;
		const next = await searchCurrent('a', first.paginationToken);
		expect(sent(ctx.sandbox, `${BRAND}/contacts`)[0].query).toEqual({ limit: '200', offset: '200' });
		const overlap = values(next).filter((v: string) => values(first).includes(v));
		expect(overlap).toEqual([]);
		expect(values(next)).toContain(String(current().contacts[240].contact_id));
	});

	test('a search that matches nothing reads at most 5,000 records per call, then continues from the token', async () => {
		ctx.sandbox.reset({ contacts: 6000 });
		const first = await searchCurrent('nobody-by-this-name');
		expect(first.results).toEqual([]);
		expect(first.paginationToken).toBe('5000');
		expect(scans(`${BRAND}/contacts`)).toHaveLength(25);
		const rest = await searchCurrent('nobody-by-this-name', first.paginationToken);
		expect(rest.paginationToken).toBeUndefined();
	});

	test('other collections: an ID goes to the collection\'s id filter', async () => {
		const list = current().lists[2];
		const result = await loadOptions({
			type: 'slickText',
			method: 'searchLists',
			kind: 'listSearch',
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			filter: String(list.contact_list_id),
		});
		expect(values(result)[0]).toBe(String(list.contact_list_id));
		expect(sent(ctx.sandbox, `${BRAND}/lists`)[0].query).toEqual({ limit: '200', offset: '0', contact_list_id: String(list.contact_list_id) });
	});
});

describe('legacy API: subscriber search over 2,500 subscribers', () => {
	beforeEach(() => {
		ctx.sandbox.reset({ subscribers: 2500 });
	});

	test('the subscriber at offset 2,300 is found by number and by ID', async () => {
		const contact = legacy().contacts[2300];
		const byNumber = await searchLegacy('searchContacts', dashed(contact.number));
		expect(values(byNumber)).toContain(contact.id);
		expect(sent(ctx.sandbox, `${LEGACY}/contacts`)[0].query).toEqual({ limit: '200', offset: '0', number: contact.number });
		ctx.sandbox.requests.length = 0;
		const byId = await searchLegacy('searchContacts', contact.id);
		expect(values(byId)[0]).toBe(contact.id);
		expect(sent(ctx.sandbox, `${LEGACY}/contacts`)[0].query).toEqual({ limit: '200', offset: '0', id: contact.id });
	});

	test('the subscriber at offset 350 is found by part of its name, reading 1,000 at a time', async () => {
		const contact = legacy().contacts[350];
		const part = `${contact.firstName} ${contact.lastName}`.slice(1, -1).toLowerCase();
		const result = await searchLegacy('searchContacts', part);
		expect(values(result)).toContain(contact.id);
		expect(scans(`${LEGACY}/contacts`)[0].query).toEqual({ limit: '1000', offset: '0' });
	});

	test('a text matching many subscribers pages with a token, without repeats', async () => {
		const first = await searchLegacy('searchContacts', 'e');
		expect(first.results.length).toBeGreaterThanOrEqual(20);
		expect(first.paginationToken).toBe('1000');
		const next = await searchLegacy('searchContacts', 'e', first.paginationToken);
		expect(values(next).filter((v: string) => values(first).includes(v))).toEqual([]);
	});
});
