// A key whose real limit is lower than the credential says (SlickText publishes both 8/s-480/min and
// 4/s-240/min, and adjusts limits per account). With the credential at its defaults (8/480), through
// n8n's engine against the sandbox limiting at 4/s and 240/min, sending x-RateLimit: 240 (the window's
// maximum), x-RateLimit-Remaining and x-RateLimit-Reset: every item succeeds, and the limiter takes the
// lower limit from the first answer (or from the first 429s without x-RateLimit) and keeps to it (a
// limiter that keeps to the credential's 8 a second has about half of its requests answered 429).
// Pacing is judged on what the limiter decided (test/helpers/limiter.ts); how few 429s it meets and how
// close it comes to the fastest schedule depend on the machine's timing, and are measured on a simulated
// clock in rateLimiter.test.ts ('a burst across a network') and across a real network by `npm run bench`.
import { runNode, type RunResult } from '../../helpers/engine';
import { before429, expectAtMostPerSecond, expectNoNeedlessWait, limiterModule, releases, waitRates, watchLimiter } from '../../helpers/limiter';
import { useSandbox } from '../../helpers/sandbox';

const ITEMS = 60;

describe('a real limit lower than the credential says (4/s, 240/min), credential at its defaults', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 4, perMinute: 240 } });

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

	const watch = (platform: 'current' | 'legacy') =>
		watchLimiter(platform, platform === 'current' ? ctx.sandbox.currentCredentials() : ctx.sandbox.legacyCredentials());

	it.each([
		['current: Contact Create', 'current', createContacts, 'mobile_number', '+1717'],
		['legacy: Contact Opt In', 'legacy', optIns, 'number', '+1818'],
	] as const)(`%s x ${ITEMS}: every item succeeds, at 4 a second from the first answer on, no slower than needed`, async (_label, platform, run, field, prefix) => {
		// The credential says nothing about the rate: the node starts from SlickText's 8/480.
		expect(ctx.sandbox.currentCredentials().requestsPerSecond).toBeUndefined();
		const limiter = watch(platform);
		const result = await run(5550000, ITEMS);
		expect(result.error).toBeUndefined();
		expect(result.json.filter((item) => item.error !== undefined)).toEqual([]);
		expect(result.json.map((item) => item[field])).toEqual(Array.from({ length: ITEMS }, (_, i) => `${prefix}${5550000 + i}`));
		expect(ctx.sandbox.requests.filter((r) => r.status !== 429)).toHaveLength(ITEMS);
		// The first answer announced 240 a minute: 4 a second from then on (8 would be the credential's).
		// (Its own limit, effectiveLimit, may end lower: repeated 429s, which a starved machine can cause by
		// landing a request in the server's previous second, lower it by one.)
		expect(limiter.ceiling()).toEqual({ perSecond: 4, perMinute: 240 });
		expect(releases(limiter.decisions).filter((b) => !b.refused)).toHaveLength(ITEMS);
		expectAtMostPerSecond(limiter.decisions, 4);
		const quiet = before429(limiter.decisions);
		expect(waitRates(quiet)).toEqual(new Set([4]));
		expectNoNeedlessWait(quiet);
	});

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
		const limiter = watch('current');
		const first = await createContacts(5580000, 20);
		expect(first.json.filter((item) => item.error !== undefined)).toEqual([]);
		expect(ctx.sandbox.requests.filter((r) => r.status !== 429)).toHaveLength(20);
		// The first burst after the first answer went at the credential's 8 a second, all released at once
		// (the server sees them within milliseconds, well inside its second): 3 or 4 refused. From them the
		// limiter learnt the key's per-second limit: what the API accepted in that second (4; fewer when
		// answers came back late).
		expect(ctx.sandbox.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
		const learnt = limiter.effectiveLimit().perSecond;
		expect(learnt).toBeGreaterThanOrEqual(1);
		expect(learnt).toBeLessThanOrEqual(4);
		ctx.sandbox.reset();
		withoutWindowMax();
		const mark = limiter.decisions.length;
		const from = limiterModule.limiterClock.now();
		const second = await createContacts(5590000, 20);
		expect(second.json.filter((item) => item.error !== undefined)).toEqual([]);
		expect(ctx.sandbox.requests.filter((r) => r.status !== 429)).toHaveLength(20);
		// The next execution starts at what was learnt, from its first request on: no 9th-at-8-a-second
		// burst (forgetting it costs the 429s again).
		expect(releases(limiter.decisions.slice(mark)).filter((b) => !b.refused)).toHaveLength(20);
		expectAtMostPerSecond(limiter.decisions, learnt, from);
	});

	it('keeps the limit SlickText announced for the credential in the next run', async () => {
		const limiter = watch('current');
		expect((await createContacts(5560000, 8)).error).toBeUndefined();
		expect(limiter.ceiling()).toEqual({ perSecond: 4, perMinute: 240 });
		// What it knows when the next run begins: 4 a second (less only if 429s in this run showed less).
		const known = limiter.effectiveLimit().perSecond;
		expect(known).toBeLessThanOrEqual(4);
		ctx.sandbox.reset();
		// The log goes on: the first run's last requests still count in the limiter's window (and any block
		// it set still holds) when the second begins; only the second run's decisions are judged.
		const mark = limiter.decisions.length;
		const from = limiterModule.limiterClock.now();
		const second = await createContacts(5570000, 12);
		expect(second.json.filter((item) => item.error !== undefined)).toEqual([]);
		expect(ctx.sandbox.requests.filter((r) => r.status !== 429)).toHaveLength(12);
		// Four in the first second, not the eight the credential allows, and then 4 every second: the
		// limiter went at what it knew from its first decision, and waited only with that many in its last
		// second.
		expect(releases(limiter.decisions.slice(mark)).filter((b) => !b.refused)).toHaveLength(12);
		expectAtMostPerSecond(limiter.decisions, known, from);
		const quiet = before429(limiter.decisions, from);
		expect(waitRates(quiet.slice(mark))).toEqual(new Set([known]));
		expectNoNeedlessWait(quiet, from);
	});
});

describe('the limit the credential says (8/s, 480/min)', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 8, perMinute: 480 } });

	it(`${ITEMS} creates and ${ITEMS} opt-ins: every item succeeds, at 8 a second and no slower than needed`, async () => {
		const limiters = { '/v1/': watchLimiter('current', ctx.sandbox.currentCredentials()), '/legacy/v1/': watchLimiter('legacy', ctx.sandbox.legacyCredentials()) };
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
			expect(ctx.sandbox.requests.filter((r) => r.path.startsWith(prefix) && r.status !== 429)).toHaveLength(ITEMS);
			const limiter = limiters[prefix];
			expect(limiter.ceiling()).toEqual({ perSecond: 8, perMinute: 480 });
			expectAtMostPerSecond(limiter.decisions, 8);
			const quiet = before429(limiter.decisions);
			expect(waitRates(quiet)).toEqual(new Set([8]));
			expectNoNeedlessWait(quiet);
		}
	});
});
