// The sandbox's --latency-ms: every answer comes a round trip later, half of it before the handler sees
// the request (so arrival times are what a distant server would log).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox, CREDENTIALS } = require('../../sandbox/server');

describe('sandbox latency', () => {
	it('adds the round trip it is given, half each way', async () => {
		const sandbox = await startSandbox({ latencyMs: 150, rateLimit: false });
		try {
			const started = Date.now();
			const res = await fetch(`${sandbox.currentBaseUrl}/brands/${CREDENTIALS.current.brandId}/contacts?limit=1`, {
				headers: { Authorization: `Bearer ${CREDENTIALS.current.apiKey}` },
			});
			const took = Date.now() - started;
			expect(res.status).toBe(200);
			expect(took).toBeGreaterThanOrEqual(148);
			expect(sandbox.requests[0].receivedAt - started).toBeGreaterThanOrEqual(73);
		} finally {
			await sandbox.stop();
		}
	});
});
