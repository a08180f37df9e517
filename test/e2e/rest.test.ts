// The e2e suites' requests to n8n (test/e2e/rest.js): a 503 "Database is not ready!" (n8n refusing every
// request until a ping of its database gets through) is asked again; any other answer is the caller's.
/* eslint-disable @typescript-eslint/no-require-imports */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

const { call, untilReady } = require('./rest');

type Seen = { method: string; url: string; body: string };

/** An HTTP server on 127.0.0.1 answering the requests in turn with `answers` (the last one from then on). */
async function serverAnswering(answers: Array<{ status: number; body: unknown }>) {
	const seen: Seen[] = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			seen.push({ method: req.method ?? '', url: req.url ?? '', body });
			const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
			res.writeHead(answer.status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { base, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

// As n8n 2.41.1's abstract-server answers while its database watch says the database is gone.
const NOT_READY = { status: 503, body: { code: 503, message: 'Database is not ready!' } };

describe('e2e requests to n8n', () => {
	it('asks again while n8n answers "Database is not ready!", the same request each time, and gives the answer that came', async () => {
		const server = await serverAnswering([NOT_READY, NOT_READY, { status: 200, body: { data: { id: '1' } } }]);
		try {
			const answer = await call(`${server.base}/rest/workflows/1/activate`, { method: 'POST', body: { versionId: 'v1' } });
			expect(answer).toEqual({ status: 200, json: { data: { id: '1' } } });
			expect(server.seen).toEqual(Array(3).fill({ method: 'POST', url: '/rest/workflows/1/activate', body: '{"versionId":"v1"}' }));
		} finally {
			await server.close();
		}
	});

	it('gives any other 503 (a webhook of the workflow answering 503 itself) at once', async () => {
		const server = await serverAnswering([{ status: 503, body: { message: 'Workflow is busy' } }, { status: 200, body: {} }]);
		try {
			expect(await call(`${server.base}/webhook/x`, { method: 'POST', body: {} })).toEqual({ status: 503, json: { message: 'Workflow is busy' } });
			expect(server.seen).toHaveLength(1);
		} finally {
			await server.close();
		}
	});

	it('gives up after its time with the last answer, so a database that never comes back fails the check', async () => {
		let sent = 0;
		const answer = await untilReady(async () => (sent++, { status: 503, text: JSON.stringify(NOT_READY.body) }), 1200);
		expect(answer.status).toBe(503);
		// Asked again at least once; at most at 0, 500, 1,000 and 1,500 ms (a busy machine only spaces them
		// out, so the bound holds on any machine).
		expect(sent).toBeGreaterThanOrEqual(2);
		expect(sent).toBeLessThanOrEqual(4);
	});
});
