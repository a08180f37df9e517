/* eslint-disable @typescript-eslint/no-explicit-any */
import { sent, useSandbox } from '../../helpers/sandbox';
import { asOutput, BASE, describeError, expectBasicAuth, legacyRunner, legacyState, rl } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'shortlink');
const state = () => legacyState(ctx);
const shortlink = (id: number): any => state().shortlinks.find((s: any) => s.id === id);

describe('\'Shortlink\': Get', () => {
	test('by ID: sends GET /shortlinks/{id} and outputs the shortlink', async () => {
		const result = await run({ operation: 'get', findBy: 'id', shortlinkId: rl('62', 'list') });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/shortlinks/62`, query: {} });
		expectBasicAuth(requests);
		const stored = shortlink(62);
		expect(result.json).toEqual([
			expect.objectContaining({ id: 62, name: stored.name, hash: 'Qz81x', url: stored.url, shortUrl: 'https://slkt.io/Qz81x' }),
		]);
		expect(result.json[0].clickCount).toBe(stored._clicks.reduce((n: number, c: any) => n + c.clicks.length, 0));
	});

	test('by hash: sends GET /shortlinks/hash-{hash}', async () => {
		const result = await run({ operation: 'get', findBy: 'hash', hash: 'k3Fm9' });
		expect(sent(ctx.sandbox)[0]).toMatchObject({ method: 'GET', path: `${BASE}/shortlinks/hash-k3Fm9` });
		expectBasicAuth(sent(ctx.sandbox));
		expect(result.json).toEqual([expect.objectContaining({ id: 61, hash: 'k3Fm9' })]);
	});

	test('by hash: a pasted short URL gives its hash', async () => {
		const result = await run({ operation: 'get', findBy: 'hash', hash: 'https://slkt.io/V1pRs' });
		expect(sent(ctx.sandbox)[0].path).toBe(`${BASE}/shortlinks/hash-V1pRs`);
		expect(result.json).toEqual([expect.objectContaining({ id: 63 })]);
	});

	test.each([
		['a hash with other characters', { findBy: 'hash', hash: '={{ "k3F m9?" }}' }, '\'Hash\': "k3F m9?" is not a shortlink hash [item 0]'],
		['an empty hash', { findBy: 'hash', hash: '={{ "" }}' }, '\'Hash\': is required [item 0]'],
		['a non-numeric ID', { findBy: 'id', shortlinkId: rl('={{ "k3Fm9" }}') }, '\'Shortlink\': must be a number, got "k3Fm9" [item 0]'],
	])('%s fails before any request', async (_case, parameters, message) => {
		const result = await run({ operation: 'get', ...parameters });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an unknown hash fails with a 404 NodeApiError', async () => {
		const result = await run({ operation: 'get', findBy: 'hash', hash: 'nope1' });
		expect(describeError(result.error)).toMatchObject({ name: 'NodeApiError', httpCode: '404', message: 'Shortlink hash-nope1 was not found [item 0]' });
	});
});

describe('\'Shortlink\': Get Many', () => {
	test('Return All outputs every shortlink', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(sent(ctx.sandbox)[0]).toMatchObject({ method: 'GET', path: `${BASE}/shortlinks`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(sent(ctx.sandbox));
		expect(result.json.map((s) => s.id)).toEqual([61, 62, 63]);
	});

	test('the Name filter is an exact match', async () => {
		const result = await run({ operation: 'getAll', limit: 10, filters: { name: 'VIP tasting RSVP' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ name: 'VIP tasting RSVP', limit: '10', offset: '0' });
		expect(result.json).toEqual([expect.objectContaining({ id: 63, name: 'VIP tasting RSVP' })]);
	});
});

describe('\'Shortlink\': Get Clickers', () => {
	test('by ID: lists the clickers; one who left comes with only the ID and click count', async () => {
		const result = await run({ operation: 'getClickers', findBy: 'id', shortlinkId: rl('61'), returnAll: true });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0]).toMatchObject({ method: 'GET', path: `${BASE}/shortlinks/61/contacts`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(sent(ctx.sandbox));
		const clicks = shortlink(61)._clicks;
		expect(result.json.map((c) => c.id)).toEqual(clicks.map((c: any) => Number(c.id)));
		const subscribed = state().contactsById.get('3000001');
		expect(result.json[0]).toEqual({ ...asOutput('contact', subscribed), clickCount: clicks[0].clicks.length, clicks: clicks[0].clicks });
		const gone = clicks.find((c: any) => c.id === '2999001');
		expect(result.json.find((c) => c.id === 2999001)).toEqual({ id: 2999001, clickCount: gone.clicks.length });
	});

	test('by hash, with a Limit', async () => {
		const result = await run({ operation: 'getClickers', findBy: 'hash', hash: 'Qz81x', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0]).toMatchObject({ path: `${BASE}/shortlinks/hash-Qz81x/contacts`, query: { limit: '2', offset: '0' } });
		expect(result.json.map((c) => c.id)).toEqual(shortlink(62)._clicks.slice(0, 2).map((c: any) => Number(c.id)));
	});

	test('an empty hash fails before any request', async () => {
		const result = await run({ operation: 'getClickers', findBy: 'hash', hash: '={{ " " }}', returnAll: true });
		expect(result.error?.message).toBe('\'Hash\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
