/* eslint-disable @typescript-eslint/no-explicit-any */
import { sent, useSandbox } from '../../helpers/sandbox';
import { asOutput, BASE, describeError, expectBasicAuth, expectForm, legacyRunner, legacyState, rl } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'textword');
const state = () => legacyState(ctx);
const contactsOf = (textword: string): any[] => state().contacts.filter((c: any) => c.textword === textword);

describe('\'Textword\': Get', () => {
	test('sends GET /textwords/{id} and outputs the textword out of its envelope', async () => {
		const result = await run({ operation: 'get', textwordId: rl('5401', 'list') });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/textwords/5401`, query: {} });
		expectBasicAuth(requests);
		expect(result.json).toEqual([
			expect.objectContaining({ id: 5401, word: 'COFFEE', contactsCount: contactsOf('5401').length }),
		]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', textwordId: rl('={{ "COFFEE" }}') });
		expect(result.error?.message).toBe('\'Textword\': must be a number, got "COFFEE" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an unknown textword fails with a 404 NodeApiError', async () => {
		const result = await run({ operation: 'get', textwordId: rl('9999') });
		expect(describeError(result.error)).toMatchObject({ name: 'NodeApiError', httpCode: '404', message: 'Textword 9999 was not found [item 0]' });
	});
});

describe('\'Textword\': Get Many', () => {
	test('Return All asks for 10000 at offset 0 and outputs every textword', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/textwords`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(requests);
		expect(result.json.map((t) => t.id)).toEqual(state().textwords.map((t: any) => Number(t.id)));
	});

	test('the Word filter is an exact match in the query; Limit caps the output', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 1, filters: { word: 'VIP' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ word: 'VIP', limit: '1', offset: '0' });
		expect(result.json).toEqual([expect.objectContaining({ id: 5403, word: 'VIP' })]);
	});
});

describe('\'Textword\': Get Contacts', () => {
	test('Return All pages through a textword\'s subscribers with limit 10000', async () => {
		ctx.sandbox.reset({ subscribers: 25000 });
		const expected = contactsOf('5401');
		expect(expected.length).toBeGreaterThan(10000);
		const result = await run({ operation: 'getContacts', textwordId: rl('5401'), returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `${BASE}/textwords/5401/contacts`, { limit: '10000', offset: '0' }],
			['GET', `${BASE}/textwords/5401/contacts`, { limit: '10000', offset: '9900' }],
		]);
		expectBasicAuth(requests);
		expect(result.json).toHaveLength(expected.length);
		expect(result.json.map((c) => c.id)).toEqual(expected.map((c) => Number(c.id)));
	});

	test('filters by field and by subscription date (converted to Pacific time)', async () => {
		const result = await run({
			operation: 'getContacts',
			textwordId: rl('5401'),
			returnAll: true,
			filters: { city: 'San Diego', subscribedBefore: '2024-01-01T00:00:00Z' },
		});
		// 2024-01-01 00:00 UTC is 2023-12-31 16:00 in Los Angeles (PST, UTC-8).
		expect(sent(ctx.sandbox)[0].query).toEqual({
			city: 'San Diego',
			subscribedBefore: '2023-12-31 16:00:00',
			limit: '10000',
			offset: '0',
		});
		const expected = contactsOf('5401').filter((c) => c.city === 'San Diego' && c.subscribedDate < '2023-12-31 16:00:00');
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json.map((c) => c.id)).toEqual(expected.map((c) => Number(c.id)));
	});
});

describe('\'Textword\': Get Messages', () => {
	test('lists the textword\'s messages, filtered by campaign', async () => {
		const all = await run({ operation: 'getMessages', textwordId: rl('5402'), returnAll: true });
		expect(sent(ctx.sandbox)[0]).toMatchObject({ path: `${BASE}/textwords/5402/messages`, query: { limit: '10000', offset: '0' } });
		expect(all.json.map((m) => m.id)).toEqual(state().messages.filter((m: any) => m.textword === 5402).map((m: any) => Number(m.id)));

		ctx.sandbox.reset();
		const one = await run({ operation: 'getMessages', textwordId: rl('5402'), limit: 5, filters: { campaign: 'Weekend deal' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ campaign: 'Weekend deal', limit: '5', offset: '0' });
		expectBasicAuth(sent(ctx.sandbox));
		expect(one.json).toEqual([expect.objectContaining({ id: 90004, campaign: 'Weekend deal' })]);
	});
});

describe('\'Textword\': Get Segments', () => {
	test('lists the segments of the textword with their contact counts', async () => {
		const result = await run({ operation: 'getSegments', textwordId: rl('5401'), returnAll: true });
		const requests = sent(ctx.sandbox);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/textwords/5401/segments`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(requests);
		const sanDiego = contactsOf('5401').filter((c) => c.city === 'San Diego').length;
		expect(result.json).toEqual([
			expect.objectContaining({ id: 701, name: 'Latte lovers' }),
			{ id: 702, name: 'San Diego regulars', description: 'City is San Diego', contacts_count: sanDiego },
		]);
	});
});

describe('\'Textword\': Get Custom Fields', () => {
	test('lists the custom subscriber fields of the textword', async () => {
		const result = await run({ operation: 'getCustomFields', textwordId: rl('5401'), returnAll: true });
		expect(sent(ctx.sandbox)[0]).toMatchObject({ method: 'GET', path: `${BASE}/textwords/5401/customfields`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(sent(ctx.sandbox));
		expect(result.json).toEqual(state().customFields.filter((f: any) => f.textword === '5401').map((f: any) => asOutput('customField', f)));
		expect(result.json.map((f) => f.subscriberField)).toEqual(['Favorite Drink', 'Visits']);
	});
});

describe('\'Textword\': Delete All Contacts', () => {
	test('posts action DELETESUBSCRIBERS and outputs how many were removed', async () => {
		const before = contactsOf('5403').length;
		expect(before).toBeGreaterThan(0);
		const result = await run({ operation: 'deleteSubscribers', textwordId: rl('5403') });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expectForm(sent(ctx.sandbox)[0], '/textwords/5403/contacts', { action: 'DELETESUBSCRIBERS' });
		expect(result.json).toEqual([{ deleted: true, id: 5403, contactsDeleted: before }]);
		expect(contactsOf('5403')).toHaveLength(0);
		expect(contactsOf('5401').length).toBeGreaterThan(0);
	});

	test('a blank textword fails before any request', async () => {
		const result = await run({ operation: 'deleteSubscribers', textwordId: rl('={{ "" }}') });
		expect(result.error?.message).toBe('\'Textword\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
