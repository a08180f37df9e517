// What a server, proxy or clock can do to the limiter, through the engine against the sandbox: reset
// headers far in the future, a wall clock stepping back, nonsense rates in the credential, one key typed
// two ways, and 429s that go on for longer than a handful of tries. Pacing is judged on what the limiter
// decided (test/helpers/limiter.ts), not on when the sandbox saw the requests.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { runNode } from '../../helpers/engine';
import { blocks, expectAtMostPerSecond, expectNoNeedlessWait, limiterModule, releases, waits, watchLimiter } from '../../helpers/limiter';
import { useSandbox } from '../../helpers/sandbox';

const SLICKTEXT = { requestsPerSecond: 8, requestsPerMinute: 480 };

describe('rate limiter hardening through the engine', () => {
	// The sandbox's own limit is off: these tests look at when the node sends, not at what it is refused.
	const ctx = useSandbox();
	const clock = limiterModule.limiterClock;
	const realNow = clock.now;

	afterEach(() => {
		clock.now = realNow;
		jest.restoreAllMocks();
	});

	async function createContacts(first: number, count: number, credentials: ICredentialDataDecryptedObject) {
		const items = Array.from({ length: count }, (_, i) => ({ mobile: `+1313${String(first + i)}` }));
		return await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items,
			credentials: { slickTextApi: credentials },
		});
	}

	it('converts a reset given as an epoch timestamp instead of waiting for decades', async () => {
		const resetAt = Math.floor(Date.now() / 1000) + 2;
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 429,
			headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) },
			match: { method: 'POST' },
		});
		const credentials = ctx.sandbox.currentCredentials(SLICKTEXT);
		const limiter = watchLimiter('current', credentials);
		const wallBefore = Date.now();
		const result = await createContacts(5550100, 1, credentials);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(ctx.sandbox.requests.map((r) => r.status)).toEqual([429, 200]);
		// It blocked until the reset (at most two seconds away when the test began, plus its 15 ms margin),
		// not for decades (nor the minute a reset is capped at), and sent again only then.
		const held = blocks(limiter.decisions);
		expect(held.length).toBeGreaterThan(0);
		for (const b of held) expect(b.until - b.at).toBeLessThanOrEqual(resetAt * 1000 - wallBefore + 15);
		const [refused, retry] = releases(limiter.decisions);
		expect(refused.refused).toBe(true);
		expect(retry.sent).toBeGreaterThanOrEqual(Math.max(...held.map((b) => b.until)));
	});

	it('caps a reset that cannot be seconds (60000, milliseconds) at a minute, for every later execution too', async () => {
		const credentials = ctx.sandbox.currentCredentials(SLICKTEXT);
		ctx.sandbox.injectFault({
			kind: 'body',
			body: { id: 1, mobile_number: '+13135550200' },
			headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60000' },
			match: { method: 'POST' },
		});
		const limiter = watchLimiter('current', credentials);
		expect((await createContacts(5550200, 1, credentials)).error).toBeUndefined();
		// Blocked for a minute and the limiter's 15 ms margin (not 60,000 seconds, almost 17 hours).
		const held = blocks(limiter.decisions);
		expect(held).toHaveLength(1);
		expect(held[0].until - held[0].at).toBeGreaterThan(60_000);
		expect(held[0].until - held[0].at).toBeLessThanOrEqual(60_015);
		// A minute later on the limiter's clock, the next execution goes straight through: no wait decided.
		const offset = 60_100;
		clock.now = () => realNow() + offset;
		limiter.decisions = [];
		const next = await createContacts(5550201, 1, credentials);
		expect(next.error).toBeUndefined();
		expect(waits(limiter.decisions)).toEqual([]);
		expect(releases(limiter.decisions)).toHaveLength(1);
	});

	it('keeps its schedule when the wall clock steps back an hour', async () => {
		const wall = Date.now.bind(Date);
		let step = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => wall() - step);
		const stepper = new Promise<void>((resolve) =>
			// eslint-disable-next-line n8n-nodes-base/node-execute-block-wrong-error-thrown
			globalThis.setTimeout(() => {
				step = 3_600_000;
				resolve();
			}, 300),
		);
		const credentials = ctx.sandbox.currentCredentials(SLICKTEXT);
		const limiter = watchLimiter('current', credentials);
		const result = await createContacts(5550300, 20, credentials);
		await stepper;
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(20);
		// 20 at 8 a second, the step notwithstanding: no wait longer than the first request's probe (2 s at
		// most; an hour-long one would show here), none without need, never 9 in a second.
		expect(releases(limiter.decisions)).toHaveLength(20);
		expect(Math.max(...waits(limiter.decisions).map((w) => w.wait))).toBeLessThanOrEqual(2000);
		expectNoNeedlessWait(limiter.decisions);
		expectAtMostPerSecond(limiter.decisions, 8);
	});

	it.each([
		['0', 0],
		['negative', -3],
		['NaN', Number.NaN],
		['empty', ''],
	])('falls back to 8 a second when the credential rate is %s', async (_label, rate) => {
		const credentials = ctx.sandbox.currentCredentials({ requestsPerSecond: rate, requestsPerMinute: rate });
		const limiter = watchLimiter('current', credentials);
		const result = await createContacts(5550400, 10, credentials);
		expect(result.error).toBeUndefined();
		expect(limiter.limit).toEqual({ perSecond: 8, perMinute: 480 });
		expect(releases(limiter.decisions)).toHaveLength(10);
		expectAtMostPerSecond(limiter.decisions, 8);
	});

	it('uses one limiter for the brand ID typed as "b1001" and "1001" (one API key)', async () => {
		const base = ctx.sandbox.currentCredentials(SLICKTEXT);
		const limiter = watchLimiter('current', base);
		const [a, b] = await Promise.all([
			createContacts(5550500, 8, { ...base, brandId: `b${String(base.brandId)}` }),
			createContacts(5550600, 8, { ...base, brandId: ` ${String(base.brandId)} `, baseUrl: `${String(base.baseUrl)}/` }),
		]);
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		// One limiter released all 16, at 8 a second.
		expect(releases(limiter.decisions)).toHaveLength(16);
		expectAtMostPerSecond(limiter.decisions, 8);
	});

	it('keys the limiter by a hash of the API key, never by the key itself', () => {
		const key: string = limiterModule.limiterKey('current', { apiKey: ' secret-key-123 ', baseUrl: 'HTTPS://Dev.SlickText.com/v1/' });
		expect(key).not.toContain('secret-key-123');
		expect(key).toBe(limiterModule.limiterKey('current', { apiKey: 'secret-key-123', baseUrl: 'https://dev.slicktext.com/v1' }));
		expect(key).not.toBe(limiterModule.limiterKey('current', { apiKey: 'other-key', baseUrl: 'https://dev.slicktext.com/v1' }));
	});

	it('keeps retrying 429s past five tries: a 429 costs time, not the item', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, times: 7, headers: { 'retry-after': '0' }, match: { method: 'POST' } });
		const result = await createContacts(5550700, 1, ctx.sandbox.currentCredentials(SLICKTEXT));
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => r.status)).toEqual([...Array(7).fill(429), 200]);
	});

	it('fails the item once the credential\'s Rate Limit Wait is used up', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 429, times: Infinity, headers: { 'retry-after': '1' }, match: { method: 'POST' } });
		const credentials = ctx.sandbox.currentCredentials({ ...SLICKTEXT, rateLimitWait: 2 });
		const limiter = watchLimiter('current', credentials);
		const result = await createContacts(5550800, 1, credentials);
		expect(result.error?.message).toMatch(/rate limited/i);
		// Refused, blocked for the second Retry-After names, sent again after it; refused again, and a second
		// more would pass the 2 s the credential allows: it stops there. (A slower machine only stops it sooner.)
		expect(ctx.sandbox.requests.map((r) => r.status)).toEqual([429, 429]);
		const [first, second] = releases(limiter.decisions);
		const held = blocks(limiter.decisions).filter((b) => b.at < second.sent);
		expect(held.length).toBeGreaterThan(0);
		for (const b of held) expect(b.until - b.at).toBeGreaterThanOrEqual(1000);
		expect(second.sent).toBeGreaterThanOrEqual(Math.max(...held.map((b) => b.until)));
		expect(second.sent).toBeGreaterThan(first.sent);
		// No wait was ever decided beyond the credential's Rate Limit Wait.
		for (const b of blocks(limiter.decisions)) expect(b.until - b.at).toBeLessThanOrEqual(2000);
	});
});
