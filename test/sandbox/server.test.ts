// The sandbox core: its request log, fault injection, the stats path and the rate limit switch.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');

describe('sandbox core', () => {
	let sandbox: any;
	const auth = { Authorization: 'Bearer sandbox-api-key' };
	const url = (path: string) => `${sandbox.currentBaseUrl}/brands/1001${path}`;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
	});
	beforeEach(() => sandbox.reset());
	afterAll(async () => sandbox.stop());

	it('logs every request with method, path, query, headers and raw body', async () => {
		await fetch(url('/contacts?limit=1&opt_in_status=subscribed'), { headers: auth });
		await fetch(url('/lists'), { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"A"}' });
		expect(sandbox.requests.map((r: any) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v1/brands/1001/contacts', 200],
			['POST', '/v1/brands/1001/lists', 200],
		]);
		expect(sandbox.requests[0].query).toEqual({ limit: '1', opt_in_status: 'subscribed' });
		expect(sandbox.requests[1].rawBody).toBe('{"name":"A"}');
		expect(sandbox.requests[1].contentType).toBe('application/json');
		expect(sandbox.requests[1].headers.authorization).toBe('Bearer sandbox-api-key');
	});

	it('fails only the n-th matching request with the given status and body', async () => {
		sandbox.injectFault({ kind: 'status', status: 503, body: { message: 'down' }, match: { path: '/v1/brands/1001/contacts', nth: 2 } });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await fetch(url('/contacts'), { headers: auth })).status);
		expect(statuses).toEqual([200, 503, 200]);
	});

	it('drops the connection, sends malformed bodies and answers slowly on request', async () => {
		sandbox.injectFault({ kind: 'drop', match: { path: '/v1/brands/1001/contacts' } });
		await expect(fetch(url('/contacts'), { headers: auth })).rejects.toThrow();
		sandbox.injectFault({ kind: 'malformed', match: { path: '/v1/brands/1001/lists' } });
		const malformed = await fetch(url('/lists'), { headers: auth });
		expect(malformed.status).toBe(200);
		expect(await malformed.text()).toBe('<html>Bad gateway</html>');
		sandbox.injectFault({ kind: 'slow', delayMs: 300, match: { path: '/v1/brands/1001/usage' } });
		const started = Date.now();
		const slow = await fetch(url('/usage'), { headers: auth });
		expect(slow.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
	});

	it('reports request counts by status and the first and last arrival on its stats path, which is not logged', async () => {
		await fetch(url('/contacts'), { headers: auth });
		await fetch(url('/contacts/999999'), { headers: auth });
		const stats = await (await fetch(`${sandbox.origin}/__sandbox/stats`)).json();
		expect(stats).toEqual({
			requests: 2,
			byStatus: { 200: 1, 404: 1 },
			// Connections that carried logged requests (plain HTTP here: no TLS handshakes).
			connections: expect.any(Number),
			tlsHandshakes: 0,
			tlsResumed: 0,
			openConnections: expect.any(Number),
			peakOpenConnections: expect.any(Number),
			firstAt: expect.any(Number),
			lastAt: expect.any(Number),
		});
		expect(stats.lastAt).toBeGreaterThanOrEqual(stats.firstAt);
	});

	it('answers 404 for unknown paths and 405 for a method a path does not have', async () => {
		expect((await fetch(`${sandbox.currentBaseUrl}/nothing-here`, { headers: auth })).status).toBe(404);
		expect((await fetch(url('/workflows'), { method: 'POST', headers: auth })).status).toBe(405);
	});

	it('limits like SlickText once switched on, and not after it is switched off', async () => {
		// On a clock held still: the four requests fall in one second however slowly they are sent.
		sandbox.setRateLimit({ perSecond: 3, perMinute: 100 }, () => 1_000_000);
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await fetch(url('/usage'), { headers: auth })).status);
		expect(statuses).toEqual([200, 200, 200, 429]);
		sandbox.setRateLimit(false);
		expect((await fetch(url('/usage'), { headers: auth })).status).toBe(200);
	});
});
