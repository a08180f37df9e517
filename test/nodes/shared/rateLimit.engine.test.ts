// The shared limiter in front of real requests: with the sandbox limiting like SlickText, a burst of
// items is spread out instead of failing, and a 429 the API still sends is waited out and retried.
import { runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

describe('rate limiting through the engine', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 8, perMinute: 480 } });

	it('sends 20 creates at 8 a second at most, with no failed item and no 429', async () => {
		const items = Array.from({ length: 20 }, (_, i) => ({ mobile: `+1212555${String(1000 + i)}` }));
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items,
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ apiKey: 'sandbox-api-key', baseUrl: ctx.sandbox.currentBaseUrl }) },
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.mobile_number)).toEqual(items.map((i) => i.mobile));
		const posts = ctx.sandbox.requests.filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.status)).toEqual(Array(20).fill(200));
		// The sandbox limits with fixed windows and refused nothing; arrival times, which carry some
		// network and event-loop jitter, show every 9 requests spread over about a second.
		const times = posts.map((r: any) => r.receivedAt as number);
		for (let i = 8; i < times.length; i++) expect(times[i] - times[i - 8]).toBeGreaterThanOrEqual(900);
		// And the burst was not slowed more than needed: 20 requests take about 2 seconds, not 20.
		expect(times[times.length - 1] - times[0]).toBeLessThan(4000);
	});

	it('waits out a 429 from a lower limit the credential did not know about', async () => {
		ctx.sandbox.setRateLimit({ perSecond: 2, perMinute: 480 });
		const items = Array.from({ length: 4 }, (_, i) => ({ mobile: `+1212666${String(1000 + i)}` }));
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items,
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(4);
		const statuses = ctx.sandbox.requests.map((r) => r.status);
		expect(statuses.filter((s) => s === 200)).toHaveLength(4);
		expect(statuses).toContain(429);
	});
});
