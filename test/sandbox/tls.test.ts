// The sandbox's --tls: HTTPS with a self-signed certificate, connections and TLS handshakes counted in
// /__sandbox/stats, and --latency-ms charged on the TCP and TLS handshakes too.
import * as fs from 'node:fs';
import * as https from 'node:https';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox, CREDENTIALS } = require('../../sandbox/server');

interface Answer {
	status: number;
	body: any;
}

/** One GET over https that trusts only the sandbox's certificate. */
function get(url: string, agent: https.Agent, ca: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = https.get(url, { agent, ca, headers: { Authorization: `Bearer ${CREDENTIALS.current.apiKey}` } }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk) => chunks.push(chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
		});
		req.on('error', reject);
	});
}

describe('sandbox over TLS', () => {
	let sandbox: any;
	afterEach(async () => sandbox?.stop());

	const contacts = () => `${sandbox.currentBaseUrl}/brands/${CREDENTIALS.current.brandId}/contacts?limit=1`;

	it('answers over https and counts connections and handshakes, reused or not', async () => {
		sandbox = await startSandbox({ tls: true, rateLimit: false });
		expect(sandbox.currentBaseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
		const ca = sandbox.certificate.cert;
		const reusing = new https.Agent({ keepAlive: true, maxSockets: 1 });
		const closing = new https.Agent({ keepAlive: false });
		try {
			for (let i = 0; i < 3; i++) {
				const answer = await get(contacts(), reusing, ca);
				expect(answer.status).toBe(200);
				expect(answer.body.data).toHaveLength(1);
			}
			for (let i = 0; i < 3; i++) expect((await get(contacts(), closing, ca)).status).toBe(200);
			// The stats request itself is not counted (control path).
			const stats = (await get(`${sandbox.origin}/__sandbox/stats`, closing, ca)).body;
			expect(stats).toMatchObject({ requests: 6, connections: 4, tlsHandshakes: 4 });
			expect(sandbox.requests[3].headers.connection).toBe('close');
		} finally {
			reusing.destroy();
			closing.destroy();
		}
	});

	it('reports the most connections open at once since the last reset of the peak', async () => {
		sandbox = await startSandbox({ tls: true, rateLimit: false, latencyMs: 50 });
		const ca = sandbox.certificate.cert;
		const closing = new https.Agent({ keepAlive: false });
		try {
			await get(`${sandbox.origin}/__sandbox/stats?resetPeak=1`, closing, ca);
			await Promise.all([1, 2, 3, 4].map(() => get(contacts(), closing, ca)));
			const stats = (await get(`${sandbox.origin}/__sandbox/stats?resetPeak=1`, closing, ca)).body;
			expect(stats.connections).toBe(4);
			// The four at once, and perhaps the closing connection of the first stats request.
			expect(stats.peakOpenConnections).toBeGreaterThanOrEqual(4);
			expect(stats.peakOpenConnections).toBeLessThanOrEqual(5);
			await Promise.all([1, 2].map(() => get(contacts(), closing, ca)));
			const next = (await get(`${sandbox.origin}/__sandbox/stats`, closing, ca)).body;
			expect(next.peakOpenConnections).toBeLessThanOrEqual(3);
		} finally {
			closing.destroy();
		}
	});

	it('refuses a client that does not trust its certificate, and removes it at stop', async () => {
		sandbox = await startSandbox({ tls: true, rateLimit: false });
		const agent = new https.Agent({ keepAlive: false });
		await expect(get(contacts(), agent, undefined as never)).rejects.toThrow(/self[- ]signed/i);
		const { certPath } = sandbox.certificate;
		expect(fs.existsSync(certPath)).toBe(true);
		await sandbox.stop();
		expect(fs.existsSync(certPath)).toBe(false);
		sandbox = undefined;
	});

	it('charges the round trip on the TCP and TLS handshakes: three on a new connection, one on a reused', async () => {
		const rtt = 100;
		sandbox = await startSandbox({ tls: true, rateLimit: false, latencyMs: rtt });
		const ca = sandbox.certificate.cert;
		const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
		try {
			let started = Date.now();
			expect((await get(contacts(), agent, ca)).status).toBe(200);
			const fresh = Date.now() - started;
			// The request reaches the handler after TCP (1), TLS (1) and half of its own round trip.
			expect(sandbox.requests[0].receivedAt - started).toBeGreaterThanOrEqual(2.5 * rtt - 3);
			started = Date.now();
			expect((await get(contacts(), agent, ca)).status).toBe(200);
			const reused = Date.now() - started;
			expect(fresh).toBeGreaterThanOrEqual(3 * rtt - 3);
			expect(reused).toBeGreaterThanOrEqual(rtt - 3);
			expect(sandbox.connectionCounts).toEqual({ connections: 1, tlsHandshakes: 1, tlsResumed: 0 });
		} finally {
			agent.destroy();
		}
	});
});
