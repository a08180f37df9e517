// What a server, proxy or clock can do to the limiter, through the engine against the sandbox: reset
// headers far in the future, a wall clock stepping back, nonsense rates in the credential, one key typed
// two ways, and 429s that go on for longer than a handful of tries.
import * as path from 'node:path';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

// The engine runs the package from dist/, so its limiter (and clock) is the one in dist/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiterModule = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/rateLimiter.js'));

const SLICKTEXT = { requestsPerSecond: 8, requestsPerMinute: 480 };

describe('rate limiter hardening through the engine', () => {
	// The sandbox's own limit is off: these tests look at when the node sends, not at what it is refused.
	const ctx = useSandbox();
	// (Optional chaining only so that this file also runs, and fails, against the limiter before these fixes.)
	const clock = limiterModule.limiterClock ?? { now: () => performance.now() };
	const realNow = clock.now;

	beforeEach(() => {
		limiterModule.resetLimiters?.();
	});

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

	const arrivals = () => ctx.sandbox.requests.filter((r) => r.method === 'POST').map((r: any) => r.receivedAt as number);

	function expectAtMost8PerSecond(times: number[]) {
		// Loopback jitter: the server sees 9 requests spread over at least ~a second.
		for (let i = 8; i < times.length; i++) expect(times[i] - times[i - 8]).toBeGreaterThanOrEqual(950);
	}

	it('converts a reset given as an epoch timestamp instead of waiting for decades', async () => {
		const resetAt = Math.floor(Date.now() / 1000) + 2;
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 429,
			headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) },
			match: { method: 'POST' },
		});
		const started = performance.now();
		const result = await createContacts(5550100, 1, ctx.sandbox.currentCredentials(SLICKTEXT));
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		const took = performance.now() - started;
		// It waited for the reset (about a second or two away), and no longer.
		expect(took).toBeGreaterThanOrEqual(500);
		expect(took).toBeLessThan(5000);
		expect(ctx.sandbox.requests.map((r) => r.status)).toEqual([429, 200]);
	});

	it('caps a reset that cannot be seconds (60000, milliseconds) at a minute, for every later execution too', async () => {
		const credentials = ctx.sandbox.currentCredentials(SLICKTEXT);
		ctx.sandbox.injectFault({
			kind: 'body',
			body: { id: 1, mobile_number: '+13135550200' },
			headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60000' },
			match: { method: 'POST' },
		});
		expect((await createContacts(5550200, 1, credentials)).error).toBeUndefined();
		const limiter = limiterModule.limiterForCredential('current', credentials);
		// Blocked for a minute (not 60,000 seconds, almost 17 hours).
		const wait = limiter.tryBook();
		expect(typeof wait).toBe('number');
		expect(wait).toBeGreaterThan(55_000);
		expect(wait).toBeLessThanOrEqual(60_100);
		// A minute later on the limiter's clock, the next execution goes straight through.
		const offset = 60_100;
		clock.now = () => realNow() + offset;
		const started = performance.now();
		const next = await createContacts(5550201, 1, credentials);
		expect(next.error).toBeUndefined();
		expect(performance.now() - started).toBeLessThan(3000);
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
		const started = performance.now();
		const result = await createContacts(5550300, 20, ctx.sandbox.currentCredentials(SLICKTEXT));
		await stepper;
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(20);
		// 20 at 8 a second take about two seconds, the step notwithstanding (not an hour).
		const took = performance.now() - started;
		expect(took).toBeGreaterThan(1900);
		expect(took).toBeLessThan(6000);
	});

	it.each([
		['0', 0],
		['negative', -3],
		['NaN', Number.NaN],
		['empty', ''],
	])('falls back to 8 a second when the credential rate is %s', async (_label, rate) => {
		const result = await createContacts(5550400, 10, ctx.sandbox.currentCredentials({ requestsPerSecond: rate, requestsPerMinute: rate }));
		expect(result.error).toBeUndefined();
		expectAtMost8PerSecond(arrivals());
	});

	it('uses one limiter for the brand ID typed as "b1001" and "1001" (one API key)', async () => {
		const base = ctx.sandbox.currentCredentials(SLICKTEXT);
		const [a, b] = await Promise.all([
			createContacts(5550500, 8, { ...base, brandId: `b${String(base.brandId)}` }),
			createContacts(5550600, 8, { ...base, brandId: ` ${String(base.brandId)} `, baseUrl: `${String(base.baseUrl)}/` }),
		]);
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		const times = arrivals();
		expect(times).toHaveLength(16);
		expectAtMost8PerSecond(times.sort((x, y) => x - y));
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
		const started = performance.now();
		const result = await createContacts(5550800, 1, ctx.sandbox.currentCredentials({ ...SLICKTEXT, rateLimitWait: 2 }));
		const took = performance.now() - started;
		expect(result.error?.message).toMatch(/rate limited/i);
		expect(took).toBeGreaterThan(900);
		expect(took).toBeLessThan(5000);
		expect(ctx.sandbox.requests.length).toBeGreaterThanOrEqual(2);
		expect(ctx.sandbox.requests.length).toBeLessThanOrEqual(4);
	});
});
