import type { IDataObject } from 'n8n-workflow';

import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

// Brand 1001 as the sandbox holds it: lists and their members (a Set of contact ids per list).
const brand = (): any => ctx.sandbox.state.current.brands.get(1001);
const lists = (): any[] => brand().lists;
const members = (listId: number): Set<number> => brand().listMembers.get(listId);
const listNamed = (name: string) => lists().find((l) => l.name === name);
const rl = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'list', ...parameters }, credentials: creds(), items });
}

describe('\'List\': Create', () => {
	test('sends POST /lists with name and description and outputs the new list', async () => {
		const before = lists().length;
		const result = await run({
			operation: 'create',
			name: ' Spring Tasting ',
			additionalFields: { description: 'Invited to the spring tasting' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${BRAND}/lists`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Spring Tasting', description: 'Invited to the spring tasting' });
		expect(lists()).toHaveLength(before + 1);
		const stored = lists()[lists().length - 1];
		expect(stored).toMatchObject({ name: 'Spring Tasting', description: 'Invited to the spring tasting' });
		expect(result.json).toEqual([stored]);
		expect(members(stored.contact_list_id).size).toBe(0);
	});

	test('sends the name only when there is no description', async () => {
		const result = await run({ operation: 'create', name: 'Walk-ins' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({ name: 'Walk-ins' });
		expect(result.json[0]).toMatchObject({ name: 'Walk-ins', contact_list_id: expect.any(Number) });
	});

	test('a blank name fails before any request, naming the item', async () => {
		const result = await run({ operation: 'create', name: '={{ "  " }}' });
		expect(result.error?.message).toBe('\'Name\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'List\': Get', () => {
	test('sends GET /lists/{id} and outputs the list (From List mode)', async () => {
		const list = listNamed('VIP Club');
		const result = await run({ operation: 'get', listId: rl('list', String(list.contact_list_id)) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/lists/${list.contact_list_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([list]);
	});

	test('an unknown list fails with a not-found error that names it', async () => {
		const result = await run({ operation: 'get', listId: rl('id', '999999') });
		expect(result.error?.message).toBe('List 999999 was not found [item 0]');
		expect((result.error as any)?.description).toContain('List not found.');
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', listId: rl('id', '={{ "VIP" }}') });
		expect(result.error?.message).toBe('\'List\': must be a number, got "VIP" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'List\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every list', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/lists`);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(lists());
	});

	test('Limit asks for that many and outputs no more', async () => {
		expect(lists().length).toBeGreaterThan(2);
		const result = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json).toEqual(lists().slice(0, 2));
	});

	test('the name filter is sent as an exact match', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { name: 'VIP Club' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0', name: 'VIP Club' });
		expect(result.json).toEqual([listNamed('VIP Club')]);
	});
});

describe('\'List\': Update', () => {
	test('sends PUT with only the fields set and outputs the updated list', async () => {
		const list = listNamed('Winback') ?? lists()[1];
		const { description } = list;
		const result = await run({
			operation: 'update',
			listId: rl('id', String(list.contact_list_id)),
			updateFields: { name: 'Regulars', description: '' },
		});
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/lists/${list.contact_list_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Regulars' });
		const stored = lists().find((l) => l.contact_list_id === list.contact_list_id);
		expect(stored).toMatchObject({ name: 'Regulars', description });
		expect(result.json).toEqual([stored]);
	});

	test('sends the description alone', async () => {
		const list = lists()[0];
		const result = await run({
			operation: 'update',
			listId: rl('id', String(list.contact_list_id)),
			updateFields: { description: 'Monthly letter' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({ description: 'Monthly letter' });
		expect(lists()[0].description).toBe('Monthly letter');
	});

	test('nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', listId: rl('id', '1'), updateFields: { name: '={{ "" }}' } });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one of \'Name\', \'Description\' [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'List\': Delete', () => {
	test('sends DELETE, outputs {deleted, contact_list_id} and removes the list', async () => {
		const list = listNamed('Downtown Store');
		const before = lists().length;
		const result = await run({ operation: 'delete', listId: rl('id', String(list.contact_list_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/lists/${list.contact_list_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, contact_list_id: list.contact_list_id }]);
		expect(lists()).toHaveLength(before - 1);
		expect(lists().some((l) => l.contact_list_id === list.contact_list_id)).toBe(false);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', listId: rl('id', '={{ "1; 2" }}') });
		expect(result.error?.message).toBe('\'List\': must be a number, got "1; 2" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'List\': Get Contacts', () => {
	const memberIds = (listId: number) =>
		brand().contacts.filter((c: any) => members(listId).has(c.contact_id)).map((c: any) => c.contact_id);

	test('Limit asks for one page of that size and outputs one item per contact', async () => {
		const list = listNamed('Newsletter');
		const result = await run({ operation: 'getContacts', listId: rl('id', String(list.contact_list_id)), limit: 5 });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/lists/${list.contact_list_id}/contacts`);
		expect(requests[0].query).toEqual({ limit: '5', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json.map((c) => c.contact_id)).toEqual(memberIds(list.contact_list_id).slice(0, 5));
		expect(result.json[0]).toEqual(brand().contactById.get(result.json[0].contact_id));
	});

	test('Return All pages through pages of 10000 until hasMore is false', async () => {
		ctx.sandbox.reset({ contacts: 32000 });
		const list = listNamed('Newsletter');
		const expected = memberIds(list.contact_list_id);
		expect(expected.length).toBeGreaterThan(20000);
		const result = await run({ operation: 'getContacts', listId: rl('id', String(list.contact_list_id)), returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			// Each page starts 100 records into the one before (records that leave or join meanwhile are caught).
			{ limit: '10000', offset: '9900' },
			{ limit: '10000', offset: '19800' },
		]);
		for (const request of requests) {
			expect(request.path).toBe(`${BRAND}/lists/${list.contact_list_id}/contacts`);
			expect(request.headers.authorization).toBe(AUTH);
		}
		expect(result.json).toHaveLength(expected.length);
		expect(result.json.map((c) => c.contact_id)).toEqual(expected);
	}, 60_000);

	test('an empty list gives no item', async () => {
		const list = listNamed('Holiday Signups');
		expect(members(list.contact_list_id).size).toBe(0);
		const result = await run({ operation: 'getContacts', listId: rl('id', String(list.contact_list_id)), returnAll: true });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expect(result.json).toEqual([]);
	});

	test('an unknown list fails with a not-found error that names it', async () => {
		const result = await run({ operation: 'getContacts', listId: rl('id', '4242'), returnAll: true });
		expect(result.error?.message).toBe('List 4242 was not found [item 0]');
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});
});

describe('\'List\': Count Contacts', () => {
	test('sends GET /lists/{id}/contacts/count and outputs {list_id, count}', async () => {
		const list = listNamed('VIP Club');
		const count = members(list.contact_list_id).size;
		expect(count).toBeGreaterThan(0);
		const result = await run({ operation: 'countContacts', listId: rl('list', String(list.contact_list_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/lists/${list.contact_list_id}/contacts/count`);
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.rawBody).toBe('');
		expect(result.json).toEqual([{ list_id: list.contact_list_id, count }]);
	});

	test('a count of 0 is a count', async () => {
		const list = listNamed('Holiday Signups');
		const result = await run({ operation: 'countContacts', listId: rl('id', String(list.contact_list_id)) });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ list_id: list.contact_list_id, count: 0 }]);
	});

	test('a count object is read too, anything else fails the item', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { count: 17 }, match: { path: `${BRAND}/lists/1/contacts/count` } });
		const good = await run({ operation: 'countContacts', listId: rl('id', '1') });
		expect(good.json).toEqual([{ list_id: 1, count: 17 }]);
		ctx.sandbox.injectFault({ kind: 'body', body: { size: 'many' }, match: { path: `${BRAND}/lists/1/contacts/count` } });
		const bad = await run({ operation: 'countContacts', listId: rl('id', '1') });
		expect(bad.error?.message).toMatch(/unexpected answer: the contact count is not a number/);
	});
});

describe('\'List\': From List', () => {
	test('searchLists offers the lists by name and id', async () => {
		const found = (await loadOptions({ type: 'slickText', method: 'searchLists', kind: 'listSearch', credentials: creds() })) as any;
		expect(found.results).toEqual(lists().map((l) => ({ name: l.name, value: String(l.contact_list_id) })));
	});
});
