// A key whose real limit is lower than the credential says (SlickText publishes both 8/s-480/min and
// 4/s-240/min, and adjusts limits per account). With the credential at its defaults (8/480), through
// n8n's engine against the sandbox limiting at 4/s and 240/min, sending x-RateLimit: 240 (the window's
// maximum), x-RateLimit-Remaining and x-RateLimit-Reset: every item succeeds, few requests are answered
// 429, and the node then keeps close to 4 a second. The limiter before this change sent at 8 a second
// all along: about half of its requests were answered 429.
import * as path from 'node:path';

import { runNode, type RunResult } from '../../helpers/engine';
import { useSandbox, type SandboxRequest } from '../../helpers/sandbox';

// The engine runs the package from dist/, so its limiters are the ones in dist/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiterModule = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/rateLimiter.js'));

const ITEMS = 60;

/**
 * What the server saw of one run: requests, 429s, and the accepted rate from the first 429 on (from the
 * first request without one), as a share of the fastest a client could have gone: after a 429 nothing is
 * accepted until the server's second resets; then `perSecond` at once, as many again every second. The
 * sandbox's seconds are fixed windows, each starting with the first request a second or more after the
 * last one started (sandbox/shared/rateLimit.js), so they can be read off the arrivals.
 */
function served(requests: SandboxRequest[], perSecond: number) {
	const arrivals = requests.map((r: any) => ({ at: r.receivedAt as number, status: r.status as number }));
	const refused = arrivals.filter((a) => a.status === 429);
	let windowStart = -Infinity;
	let from = arrivals[0].at;
	let resetAt = from;
	for (const a of arrivals) {
		if (a.at - windowStart >= 1000) windowStart = a.at;
		if (a === refused[0]) {
			from = a.at;
			resetAt = windowStart + 1000;
		}
	}
	// Those after the first 429 in the order the server took them (one in the same millisecond may be before).
	const after = refused.length > 0 ? arrivals.slice(arrivals.indexOf(refused[0])) : arrivals;
	const accepted = after.filter((a) => a.status !== 429).map((a) => a.at);
	const fastest = resetAt - from + Math.floor((accepted.length - 1) / perSecond) * 1000;
	return { requests: arrivals.length, refused: refused.length, accepted: accepted.length, rateShare: fastest / (accepted[accepted.length - 1] - from) };
}

describe('a real limit lower than the credential says (4/s, 240/min), credential at its defaults', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 4, perMinute: 240 } });
	beforeEach(() => limiterModule.resetLimiters());

	const createContacts = (first: number, count: number): Promise<RunResult> =>
		runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items: Array.from({ length: count }, (_, i) => ({ mobile: `+1717${String(first + i)}` })),
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			continueOnFail: true,
		});

	const optIns = (first: number, count: number): Promise<RunResult> =>
		runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'contact', operation: 'optIn', textwordId: { __rl: true, mode: 'id', value: '5401' }, number: '={{ $json.number }}' },
			items: Array.from({ length: count }, (_, i) => ({ number: `+1818${String(first + i)}` })),
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
			continueOnFail: true,
		});

	it.each([
		['current: Contact Create', createContacts, 'mobile_number', '+1717'],
		['legacy: Contact Opt In', optIns, 'number', '+1818'],
	] as const)(`%s x ${ITEMS}: every item succeeds, at most 10%% answered 429, at least 90%% of 4/s after the first 429`, async (_label, run, field, prefix) => {
		// The credential says nothing about the rate: the node starts from SlickText's 8/480.
		expect(ctx.sandbox.currentCredentials().requestsPerSecond).toBeUndefined();
		const result = await run(5550000, ITEMS);
		expect(result.error).toBeUndefined();
		expect(result.json.filter((item) => item.error !== undefined)).toEqual([]);
		expect(result.json.map((item) => item[field])).toEqual(Array.from({ length: ITEMS }, (_, i) => `${prefix}${5550000 + i}`));
		const s = served(ctx.sandbox.requests, 4);
		expect(s.requests - s.refused).toBe(ITEMS);
		expect(s.refused / s.requests).toBeLessThanOrEqual(0.1);
		expect(s.rateShare).toBeGreaterThanOrEqual(0.9);
	}, 60_000);

	/** The sandbox stops sending x-RateLimit (as a proxy might strip it): only 429s show the limit. */
	function withoutWindowMax() {
		const limiter = (ctx.sandbox as any).rateLimiter;
		const take = limiter.take.bind(limiter);
		limiter.take = (key: string) => {
			const verdict = take(key);
			delete verdict.headers['x-ratelimit'];
			return verdict;
		};
	}

	it('without x-RateLimit, learns the limit from the first 429s and remembers it for the next run of the credential', async () => {
		withoutWindowMax();
		const first = await createContacts(5580000, 20);
		expect(first.json.filter((item) => item.error !== undefined)).toEqual([]);
		const s1 = served(ctx.sandbox.requests, 4);
		expect(s1.requests - s1.refused).toBe(20);
		// The first burst after the first answer went at the credential's 8 a second: 3 or 4 refused.
		expect(s1.refused).toBeGreaterThan(0);
		expect(s1.refused / s1.requests).toBeLessThanOrEqual(0.2);
		ctx.sandbox.reset();
		withoutWindowMax();
		const second = await createContacts(5590000, 20);
		expect(second.json.filter((item) => item.error !== undefined)).toEqual([]);
		// The next execution starts at what was learnt: none refused (forgetting it costs the 429s again).
		expect(served(ctx.sandbox.requests, 4)).toMatchObject({ requests: 20, refused: 0 });
	}, 30_000);

	it('keeps the limit SlickText announced for the credential in the next run', async () => {
		expect((await createContacts(5560000, 8)).error).toBeUndefined();
		const credentials = ctx.sandbox.currentCredentials();
		expect(limiterModule.limiterForCredential('current', credentials).effectiveLimit()).toEqual({ perSecond: 4, perMinute: 240 });
		ctx.sandbox.reset();
		const second = await createContacts(5570000, 12);
		expect(second.json.filter((item) => item.error !== undefined)).toEqual([]);
		const s = served(ctx.sandbox.requests, 4);
		expect(s).toMatchObject({ requests: 12, refused: 0 });
		// Four in the first second, not the eight the credential allows (the sandbox counts them all).
		expect(s.rateShare).toBeGreaterThanOrEqual(0.9);
	}, 30_000);
});

describe('the limit the credential says (8/s, 480/min)', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 8, perMinute: 480 } });
	beforeEach(() => limiterModule.resetLimiters());

	it(`${ITEMS} creates and ${ITEMS} opt-ins: none answered 429, at least 90% of 8/s`, async () => {
		const current = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items: Array.from({ length: ITEMS }, (_, i) => ({ mobile: `+1919${String(5550000 + i)}` })),
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			continueOnFail: true,
		});
		const legacy = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'contact', operation: 'optIn', textwordId: { __rl: true, mode: 'id', value: '5401' }, number: '={{ $json.number }}' },
			items: Array.from({ length: ITEMS }, (_, i) => ({ number: `+1919${String(6660000 + i)}` })),
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
			continueOnFail: true,
		});
		for (const [run, prefix] of [
			[current, '/v1/'],
			[legacy, '/legacy/v1/'],
		] as const) {
			expect(run.json.filter((item) => item.error !== undefined)).toEqual([]);
			expect(run.json).toHaveLength(ITEMS);
			const s = served(ctx.sandbox.requests.filter((r) => r.path.startsWith(prefix)), 8);
			expect(s).toMatchObject({ requests: ITEMS, refused: 0 });
			expect(s.rateShare).toBeGreaterThanOrEqual(0.9);
		}
	}, 60_000);
});
