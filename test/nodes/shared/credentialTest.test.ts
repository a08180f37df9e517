// The credential test of both credentials (nodes/shared/credentialTest.ts) with an 'n8n API Key': after
// SlickText accepted the keys, the key is tried on n8n's data tables at the n8n address of the
// credential's Trigger URL for Replies (a stand-in of n8n's public API here; real n8n in test/e2e/server.js).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { testCredential } from '../../helpers/engine';
import { fakeN8nApi } from '../../helpers/n8nDataTables';
import { useSandbox } from '../../helpers/sandbox';

const GOOD = 'n8n-api-key-for-tests';
const NARROW = 'a-key-without-data-table-scopes';

describe.each([
	['current', 'slickTextApi'],
	['legacy', 'slickTextLegacyApi'],
] as const)('%s credential test with an n8n API key', (platform, type) => {
	const ctx = useSandbox();
	const api = fakeN8nApi(GOOD);
	let server: Server;
	let n8n = '';
	beforeAll(async () => {
		server = createServer((req, res) => {
			// n8n's public API answers 403 to a key that lacks the endpoint's scope.
			if (req.headers['x-n8n-api-key'] === NARROW) {
				api.calls.push({ method: req.method ?? '', path: req.url ?? '', query: {} });
				res.writeHead(403, { 'Content-Type': 'application/json' });
				return res.end(JSON.stringify({ message: 'Forbidden' }));
			}
			if (req.url?.startsWith('/n8n/api/')) {
				req.url = req.url.slice('/n8n'.length);
				return api.handle(req, res);
			}
			res.writeHead(404).end();
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		// n8n under a path of its own, as behind a proxy: the API is found under the same path as /webhook/.
		n8n = `http://127.0.0.1:${(server.address() as AddressInfo).port}/n8n`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));
	beforeEach(() => (api.calls.length = 0));

	const credentials = (overrides: Record<string, string>) =>
		platform === 'current' ? ctx.sandbox.currentCredentials(overrides) : ctx.sandbox.legacyCredentials(overrides);
	const triggerUrl = () => `${n8n}/webhook/0f1e2d3c-aaaa-bbbb-cccc-123456789abc/webhook`;

	it('SlickText first, then the key on the data tables under the Trigger URL for Replies: OK, and says so', async () => {
		const result = await testCredential(type, credentials({ n8nApiKey: GOOD, replyTriggerUrl: triggerUrl() }));
		expect(result).toEqual({ status: 'OK', message: "Connection tested successfully. The 'n8n API Key' reaches n8n's data tables." });
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(api.calls).toEqual([{ method: 'GET', path: '/api/v1/data-tables', query: { limit: '1' } }]);
	});

	it('a wrong key: the error says n8n refused it, without the key', async () => {
		const result = await testCredential(type, credentials({ n8nApiKey: 'not-the-key', replyTriggerUrl: triggerUrl() }));
		expect(result.status).toBe('Error');
		expect(result.message).toBe("SlickText accepted the credential. n8n did not accept the 'n8n API Key' (401). Make a key in this n8n's Settings > n8n API and paste it.");
		expect(api.calls).toHaveLength(1);
	});

	it('a key without the data-table scopes: the error names the six it needs', async () => {
		const result = await testCredential(type, credentials({ n8nApiKey: NARROW, replyTriggerUrl: triggerUrl() }));
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			"SlickText accepted the credential. The 'n8n API Key' may not read n8n's data tables (403). Give it the scopes dataTable:list, dataTable:create, dataTableRow:read, dataTableRow:create, dataTableRow:update and dataTableRow:delete (Scopes: Custom, group Data tables).",
		);
		expect(result.message).not.toContain(NARROW);
	});

	it('a key but no Trigger URL for Replies: the error says where the key is checked, and n8n is not asked', async () => {
		const result = await testCredential(type, credentials({ n8nApiKey: GOOD, replyTriggerUrl: '' }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^SlickText accepted the credential\. The 'n8n API Key' is checked at the n8n address of the 'Trigger URL for Replies', which is empty/);
		expect(api.calls).toHaveLength(0);
	});

	it('SlickText refuses: its error, and the key is not tried', async () => {
		const wrong = platform === 'current' ? { apiKey: 'wrong-key' } : { privateKey: 'wrong-key' };
		const result = await testCredential(type, credentials({ ...wrong, n8nApiKey: GOOD, replyTriggerUrl: triggerUrl() }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^SlickText (did not accept|refused)/);
		expect(result.message).not.toContain('wrong-key');
		expect(api.calls).toHaveLength(0);
	});

	it("n8n's API not at that address: the error names the address tried", async () => {
		const result = await testCredential(type, credentials({ n8nApiKey: GOOD, replyTriggerUrl: `${n8n.replace(/\/n8n$/, '')}/elsewhere/webhook/x/webhook` }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/n8n's public API does not answer at http:\/\/127\.0\.0\.1:\d+\/elsewhere\/api\/v1 \(404\)/);
	});
});
