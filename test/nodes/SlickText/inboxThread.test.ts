import { loadOptions, nodeTypes, PACKAGE_NAME, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

// The sandbox's inbox of brand 1001, as it holds it.
const brand = () => ctx.sandbox.state.current.brands.get(1001);
const threads = (): any[] => brand().threads;
const byId = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: object[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'inboxThread', ...parameters }, credentials: creds(), items });
}

describe('\'Inbox Thread\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every thread', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/inbox-threads`);
		expect(request.query).toEqual({ limit: '10000', offset: '0' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(threads());
	});

	test('the Status filter sends status= and outputs only those threads', async () => {
		const pending = threads().filter((t) => t.status === 'pending');
		expect(pending.length).toBeGreaterThan(0);
		expect(pending.length).toBeLessThan(threads().length);
		const result = await run({ operation: 'getAll', returnAll: true, filters: { status: 'pending' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ status: 'pending', limit: '10000', offset: '0' });
		expect(result.json.map((t) => t._id)).toEqual(pending.map((t) => t._id));
	});

	test.each([
		['picked with the resource locator (By ID)', (id: number) => ({ __rl: true, mode: 'id', value: ` ${id} ` })],
		['picked From List', (id: number) => ({ __rl: true, mode: 'list', value: String(id), cachedResultName: 'A contact' })],
		['saved as text, when the filter was a text field', (id: number) => ` ${id} `],
	])('the Contact filter %s sends _contact_id= and outputs that contact\'s thread', async (_how, value) => {
		const thread = threads()[3];
		const result = await run({ operation: 'getAll', limit: 5, filters: { _contact_id: value(thread._contact_id) } });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].query).toEqual({ _contact_id: String(thread._contact_id), limit: '5', offset: '0' });
		expect(result.json).toEqual([thread]);
	});

	test('the Contact filter is a resource locator with the contact search, starting on From List', () => {
		const filters = nodeTypes
			.getByNameAndVersion(`${PACKAGE_NAME}.slickText`, 1)
			.description.properties.find((p: any) => p.name === 'filters' && p.displayOptions?.show?.resource?.includes('inboxThread'))!;
		const contact = (filters.options as any[]).find((o) => o.name === '_contact_id');
		expect(contact).toMatchObject({ displayName: 'Contact', type: 'resourceLocator', default: { mode: 'list', value: '' } });
		expect(contact.required).toBeFalsy();
		expect(contact.modes[0].typeOptions.searchListMethod).toBe('searchContacts');
	});

	test.each([['text', 'abc'], ['resource locator', { __rl: true, mode: 'id', value: 'abc' }]])(
		'a non-numeric Contact (%s) fails before any request',
		async (_how, value) => {
			const result = await run({ operation: 'getAll', returnAll: true, filters: { _contact_id: value } });
			expect(result.error?.message).toBe('\'Contact\': must be a number, got "abc" [item 0]');
			expect(ctx.sandbox.requests).toHaveLength(0);
		},
	);

	test('Limit 2 outputs the first two threads', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json.map((t) => t._id)).toEqual(threads().slice(0, 2).map((t) => t._id));
	});
});

describe('\'Inbox Thread\': Get Messages', () => {
	test('sends GET /inbox-threads/{id}/content with a string ID and outputs one item per message', async () => {
		const thread = threads()[1];
		const content = brand().threadContent.get(thread._id);
		expect(content.length).toBeGreaterThan(1);
		const result = await run({ operation: 'getMessages', inboxThreadId: byId('list', thread._id), returnAll: true });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/inbox-threads/${thread._id}/content`);
		expect(request.query).toEqual({ limit: '10000', offset: '0' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(content);
	});

	test('an ID typed with spaces around it is trimmed; Limit 1 outputs one message', async () => {
		const thread = threads()[0];
		const result = await run({ operation: 'getMessages', inboxThreadId: byId('id', ` ${thread._id} `), limit: 1 });
		expect(sent(ctx.sandbox)[0].path).toBe(`${BRAND}/inbox-threads/${thread._id}/content`);
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '1', offset: '0' });
		expect(result.json).toEqual([brand().threadContent.get(thread._id)[0]]);
	});

	test.each([
		['has other characters', '={{ "6744a297/../x" }}', '\'Inbox Thread\': "6744a297/../x" is not a thread ID [item 0]'],
		['is empty', '={{ "" }}', '\'Inbox Thread\': is required [item 0]'],
	])('an ID that %s fails before any request', async (_case, value, message) => {
		const result = await run({ operation: 'getMessages', inboxThreadId: byId('id', value), returnAll: true });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an unknown thread fails with SlickText\'s 404', async () => {
		const result = await run({ operation: 'getMessages', inboxThreadId: byId('id', 'ffffffffffffffffffffffff'), returnAll: true });
		expect(result.error?.message).toMatch(/was not found/);
		expect((result.error as any)?.description).toMatch(/Inbox thread not found/);
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});
});

describe('\'Inbox Thread\': Update', () => {
	test('sends PUT with the status and outputs the thread, now closed', async () => {
		const thread = threads().find((t) => t.status === 'open');
		const result = await run({ operation: 'update', inboxThreadId: byId('list', thread._id), updateFields: { status: 'closed' } });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/inbox-threads/${thread._id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.body).toEqual({ status: 'closed' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(threads().find((t) => t._id === thread._id).status).toBe('closed');
		expect(result.json).toEqual([expect.objectContaining({ _id: thread._id, status: 'closed' })]);
	});

	test('sends the assignee as a number and the tags as a list', async () => {
		const thread = threads()[2];
		const result = await run({
			operation: 'update',
			inboxThreadId: byId('id', thread._id),
			updateFields: { assignedUserId: ' 42 ', tagIds: 'aa11, bb22' },
		});
		expect(sent(ctx.sandbox)[0].body).toEqual({ _assigned_to_user_id: 42, _inbox_tag_ids: ['aa11', 'bb22'] });
		const stored = threads().find((t) => t._id === thread._id);
		expect(stored).toMatchObject({ _assigned_to_user_id: 42, _inbox_tag_ids: ['aa11', 'bb22'], status: thread.status });
		expect(result.json[0]).toMatchObject({ _id: thread._id, _assigned_to_user_id: 42 });
	});

	test.each([
		[{}, '\'Update Fields\': set at least one of \'Status\', \'Assigned User ID\', \'Tag IDs\' [item 0]'],
		[{ assignedUserId: 'bob' }, '\'Assigned User ID\': must be a number, got "bob" [item 0]'],
		[{ tagIds: 'aa11, b-2' }, '\'Tag IDs\': "b-2" is not a tag ID [item 0]'],
	])('Update Fields %j fail before any request', async (updateFields, message) => {
		const result = await run({ operation: 'update', inboxThreadId: byId('id', threads()[0]._id), updateFields });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a bad thread ID fails before any request', async () => {
		const result = await run({ operation: 'update', inboxThreadId: byId('id', '={{ "a b" }}'), updateFields: { status: 'open' } });
		expect(result.error?.message).toBe('\'Inbox Thread\': "a b" is not a thread ID [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('From List', () => {
	test('searchInboxThreads lists the records by name, searchable', async () => {
		const all = await loadOptions({ type: 'slickText', method: 'searchInboxThreads', kind: 'listSearch', credentials: creds() });
		expect((all as any).results).toEqual(threads().map((t: any) => ({ name: `${t.last_message} (${t._id})`, value: String(t._id) })));
		const filter = threads()[4]._id;
		const some = (await loadOptions({ type: 'slickText', method: 'searchInboxThreads', kind: 'listSearch', credentials: creds(), filter })) as any;
		expect(some.results.length).toBeGreaterThan(0);
		expect(some.results.length).toBeLessThan(threads().length);
		expect(some.results.every((r: any) => r.name.includes(filter) || r.value.includes(filter))).toBe(true);
		expect(sent(ctx.sandbox)[0].headers.authorization).toBe(AUTH);
	});
});
