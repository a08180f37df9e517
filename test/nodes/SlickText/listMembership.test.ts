import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

const brand = (): any => ctx.sandbox.state.current.brands.get(1001);
const members = (listId: number): Set<number> => brand().listMembers.get(listId);
const listId = (name: string): number => brand().lists.find((l: any) => l.name === name).contact_list_id;
/** Contacts of the brand that are on none of the given lists. */
const outsiders = (ids: number[], count: number): number[] =>
	brand()
		.contacts.map((c: any) => c.contact_id)
		.filter((id: number) => ids.every((l) => !members(l).has(id)))
		.slice(0, count);

async function run(parameters: Record<string, unknown>, items?: IDataObject[], continueOnFail = false) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'list', ...parameters },
		credentials: creds(),
		items,
		continueOnFail,
	});
}

describe('\'List\': Add Contacts', () => {
	test('sends one POST /lists/contacts with every contact and list, from an array expression', async () => {
		const lists = [listId('Tasting Panel'), listId('Holiday Signups')];
		const contacts = outsiders(lists, 3);
		expect(contacts).toHaveLength(3);
		const result = await run(
			{ operation: 'addContacts', contactIds: '={{ $json.contact_ids }}', listIds: lists },
			[{ contact_ids: contacts }],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${BRAND}/lists/contacts`);
		expect(request.query).toEqual({});
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual(contacts.map((id) => ({ contact_id: id, lists })));
		for (const list of lists) for (const id of contacts) expect(members(list).has(id)).toBe(true);
		expect(result.json).toEqual([
			expect.objectContaining({ success: true, contact_ids: contacts, list_ids: lists, added: 6, summary: '6 of 6 list memberships added.' }),
		]);
	});

	test('contacts already on the list: the summary says so (SlickText still answers "Contacts added to lists.")', async () => {
		const list = listId('Tasting Panel');
		const [fresh] = outsiders([list], 1);
		const member = [...members(list)][0] as number;
		const result = await run({ operation: 'addContacts', contactIds: `${member}, ${fresh}`, listIds: [list] });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			expect.objectContaining({ added: 1, message: 'Contacts added to lists.', summary: '1 of 2 list memberships added; 1 was already on the list.' }),
		]);
	});

	test('takes a comma-separated string of contacts and lists from an expression, once each', async () => {
		const list = listId('Holiday Signups');
		const [a, b] = outsiders([list], 2);
		const result = await run({
			operation: 'addContacts',
			contactIds: ` ${a}, ${b},${a} `,
			listIds: `={{ "${list}" }}`,
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual([
			{ contact_id: a, lists: [list] },
			{ contact_id: b, lists: [list] },
		]);
		expect([...members(list)].sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
		expect(result.json).toEqual([expect.objectContaining({ success: true, contact_ids: [a, b], list_ids: [list] })]);
	});

	test('one request per item, not per contact', async () => {
		const list = listId('Holiday Signups');
		const ids = outsiders([list], 4);
		const result = await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [list] }, [
			{ ids: ids.slice(0, 2) },
			{ ids: ids.slice(2).join(',') },
		]);
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)).toHaveLength(2);
		expect(result.json.map((j) => j.contact_ids)).toEqual([ids.slice(0, 2), ids.slice(2)]);
		expect(members(list).size).toBe(4);
	});

	test('an unknown list fails with SlickText naming it', async () => {
		const [contact] = outsiders([], 1);
		const result = await run({ operation: 'addContacts', contactIds: String(contact), listIds: [987654] });
		expect(result.error?.message).toMatch(/not found/);
		expect((result.error as any)?.description).toContain('List 987654 not found.');
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});

	describe('bad input fails before any request', () => {
		const list = () => listId('VIP Club');

		test('an empty list of contact IDs', async () => {
			const result = await run({ operation: 'addContacts', contactIds: '={{ [] }}', listIds: [list()] });
			expect(result.error?.message).toBe('\'Contact IDs\': needs at least one ID [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		test('a blank string of contact IDs', async () => {
			const result = await run({ operation: 'addContacts', contactIds: '={{ " , " }}', listIds: [list()] });
			expect(result.error?.message).toBe('\'Contact IDs\': needs at least one ID [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		test('a non-numeric contact ID in the list', async () => {
			const result = await run({ operation: 'addContacts', contactIds: '5, 6a, 7', listIds: [list()] });
			expect(result.error?.message).toBe('\'Contact IDs\': "6a" is not a numeric ID [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		test('no list chosen (the editor refuses an empty field, so an expression gives none)', async () => {
			const result = await run({ operation: 'addContacts', contactIds: '5', listIds: '={{ $json.lists }}' }, [
				{ lists: [] },
			]);
			expect(result.error?.message).toBe('\'List Names or IDs\': choose at least one list [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		test('a list expression that gives a name instead of an ID', async () => {
			const result = await run({ operation: 'addContacts', contactIds: '5', listIds: '={{ ["VIP Club"] }}' });
			expect(result.error?.message).toBe('\'List Names or IDs\': "VIP Club" is not a numeric ID [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	});

	test('Continue On Fail: a bad item gives an error item in its place, the others go through', async () => {
		const list = listId('Holiday Signups');
		const [a, b] = outsiders([list], 2);
		const result = await run(
			{ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [list] },
			[{ ids: [a] }, { ids: `${b}, x1` }, { ids: String(b) }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toEqual(expect.objectContaining({ success: true, contact_ids: [a] }));
		expect(result.items[0].error).toBeUndefined();
		expect(result.items[1].error?.message).toBe('\'Contact IDs\': "x1" is not a numeric ID [item 1]');
		expect(result.items[2].json).toEqual(expect.objectContaining({ success: true, contact_ids: [b] }));
		expect(result.items[2].error).toBeUndefined();
		const requests = sent(ctx.sandbox, '/lists/contacts');
		expect(requests).toHaveLength(2);
		expect(requests.map((r) => r.body).sort((x: any, y: any) => x[0].contact_id - y[0].contact_id)).toEqual(
			[[{ contact_id: a, lists: [list] }], [{ contact_id: b, lists: [list] }]].sort((x, y) => x[0].contact_id - y[0].contact_id),
		);
		expect([...members(list)].sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
	});
});

describe('\'List\': Remove Contacts', () => {
	test('sends one DELETE /lists/contacts with the same body shape and takes them off the lists', async () => {
		const lists = [listId('Newsletter'), listId('Downtown Store')];
		const both = brand()
			.contacts.map((c: any) => c.contact_id)
			.filter((id: number) => lists.every((l) => members(l).has(id)))
			.slice(0, 3);
		expect(both).toHaveLength(3);
		const sizes = lists.map((l) => members(l).size);
		const result = await run({ operation: 'removeContacts', contactIds: '={{ $json.ids }}', listIds: lists }, [
			{ ids: both },
		]);
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/lists/contacts`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual(both.map((id: number) => ({ contact_id: id, lists })));
		for (const list of lists) for (const id of both) expect(members(list).has(id)).toBe(false);
		expect(lists.map((l) => members(l).size)).toEqual(sizes.map((s) => s - 3));
		// The contacts stay in the brand.
		for (const id of both) expect(brand().contactById.has(id)).toBe(true);
		expect(result.json).toEqual([
			expect.objectContaining({ success: true, contact_ids: both, list_ids: lists, removed: 6 }),
		]);
	});

	test('no list chosen fails before any request', async () => {
		const result = await run({ operation: 'removeContacts', contactIds: '5', listIds: '={{ [] }}' });
		expect(result.error?.message).toBe('\'List Names or IDs\': choose at least one list [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a non-numeric contact ID fails before any request', async () => {
		const result = await run({ operation: 'removeContacts', contactIds: '={{ [5, "five"] }}', listIds: [1] });
		expect(result.error?.message).toBe('\'Contact IDs\': "five" is not a numeric ID [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
