/* eslint-disable @typescript-eslint/no-explicit-any */
import { sent, useSandbox } from '../../helpers/sandbox';
import { asOutput, BASE, describeError, expectBasicAuth, expectForm, legacyRunner, legacyState, plain, rl } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'contact');
const state = () => legacyState(ctx);
const contacts = (): any[] => state().contacts;

describe('\'Contact\': Get', () => {
	test('sends GET /contacts/{id} and outputs the one contact of the array', async () => {
		const contact = contacts()[3];
		const result = await run({ operation: 'get', contactId: rl(contact.id, 'list') });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/contacts/${contact.id}`, query: {} });
		expectBasicAuth(requests);
		expect(result.json).toEqual([asOutput('contact', contact)]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', contactId: rl('={{ "abc" }}') });
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "abc" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Contact\': Get Many', () => {
	test('Return All over 25,000 contacts asks for three pages of 10000 and outputs them all', async () => {
		ctx.sandbox.reset({ subscribers: 25000 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `${BASE}/contacts`, { limit: '10000', offset: '0' }],
			// Each page starts 100 records into the one before (records that leave or join meanwhile are caught).
			['GET', `${BASE}/contacts`, { limit: '10000', offset: '9900' }],
			['GET', `${BASE}/contacts`, { limit: '10000', offset: '19800' }],
		]);
		expectBasicAuth(requests);
		expect(result.json).toHaveLength(25000);
		expect(result.json[0].id).toBe(Number(contacts()[0].id));
		expect(result.json[24999].id).toBe(Number(contacts()[24999].id));
		expect(new Set(result.json.map((c) => c.id)).size).toBe(25000);
	});

	test('Return All over exactly 20,000 contacts takes 3 requests of overlapping pages: the total says when to stop', async () => {
		ctx.sandbox.reset({ subscribers: 20000 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			{ limit: '10000', offset: '9900' },
			{ limit: '10000', offset: '19800' },
		]);
		expect(result.json).toHaveLength(20000);
	});

	test('Limit asks for that many and outputs no more', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 5 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '5', offset: '0' });
		expect(result.json.map((c) => c.id)).toEqual(contacts().slice(0, 5).map((c) => Number(c.id)));
	});

	test('exact-match filters go into the query as given; the output is what matches', async () => {
		const sample = contacts().find((c) => c.email && c.firstName && c.textword === '5402');
		const filters = {
			firstName: sample.firstName,
			lastName: sample.lastName,
			email: sample.email,
			city: sample.city,
			state: sample.state,
			zipCode: sample.zipCode,
			country: 'US',
			textword: '5402',
		};
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		expect(sent(ctx.sandbox)[0].query).toEqual({ ...filters, limit: '10000', offset: '0' });
		expectBasicAuth(sent(ctx.sandbox));
		expect(result.json).toEqual([asOutput('contact', sample)]);
	});

	test('a mobile number filter is sent as + and digits, with +1 for a 10-digit number', async () => {
		const sample = contacts()[7];
		const result = await run({ operation: 'getAll', returnAll: true, filters: { number: `(${sample.number.slice(2, 5)}) ${sample.number.slice(5, 8)}-${sample.number.slice(8)}` } });
		const [request] = sent(ctx.sandbox);
		expect(request.query).toEqual({ number: sample.number, limit: '10000', offset: '0' });
		expect(request.rawQuery).toContain(`number=%2B${sample.number.slice(1)}`);
		expect(result.json).toEqual([asOutput('contact', sample)]);
	});

	test('custom field filters use the field name without spaces', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { customFields: { field: [{ name: 'Favorite Drink', value: 'Latte' }] } },
		});
		expect(sent(ctx.sandbox)[0].query).toEqual({ FavoriteDrink: 'Latte', limit: '10000', offset: '0' });
		const expected = contacts().filter((c) => c.FavoriteDrink === 'Latte');
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json.map((c) => c.id)).toEqual(expected.map((c) => Number(c.id)));
	});

	test('Subscribed After / Before are sent in Los Angeles time, whatever zone the value is in', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				// +02:00: 08:00 UTC, 01:00 in Los Angeles (PDT, UTC-7)
				subscribedAfter: '2024-06-01T10:00:00+02:00',
				// no zone: the workflow's (America/New_York, EST): 14:30 UTC, 06:30 in Los Angeles (PST)
				subscribedBefore: '2025-01-15T09:30:00',
			},
		});
		expect(sent(ctx.sandbox)[0].query).toEqual({
			subscribedAfter: '2024-06-01 01:00:00',
			subscribedBefore: '2025-01-15 06:30:00',
			limit: '10000',
			offset: '0',
		});
		const expected = contacts().filter((c) => c.subscribedDate > '2024-06-01 01:00:00' && c.subscribedDate < '2025-01-15 06:30:00');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(contacts().length);
		expect(result.json.map((c) => c.id)).toEqual(expected.map((c) => Number(c.id)));
	});

	test('a UTC value is converted to Los Angeles time (2026-03-10T12:00:00Z is 05:00 PDT)', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { subscribedAfter: '2026-03-10T12:00:00Z' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ subscribedAfter: '2026-03-10 05:00:00', limit: '10000', offset: '0' });
		expect(result.json.map((c) => c.id)).toEqual(contacts().filter((c) => c.subscribedDate > '2026-03-10 05:00:00').map((c) => Number(c.id)));
	});

	test.each([
		['a date that is not one', { subscribedAfter: '={{ "next tuesday" }}' }, '\'Subscribed After\': "next tuesday" is not a date and time [item 0]'],
		['a number with fewer than 10 digits', { number: '={{ "555-1234" }}' }, '\'Mobile Number\': "555-1234" has fewer than 10 digits [item 0]'],
		['a textword that is not an ID', { textword: '={{ "COFFEE" }}' }, '\'Textword Name or ID\': must be a number, got "COFFEE" [item 0]'],
	])('%s fails before any request', async (_case, filters, message) => {
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
