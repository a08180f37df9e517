/* eslint-disable @typescript-eslint/no-explicit-any */
// The runner (nodes/shared/runner/run.ts) runs every operation's route for all its items. What
// the request, paging and error tests of each resource check is the same on this path; here: what only
// the runner decides (the credential's domain restriction, values that differ per item; field routing
// inside a collection is checked by the Analytics Contact Growth tests).
import { credentialReads, runNode } from '../../../helpers/engine';
import { sent, useSandbox } from '../../../helpers/sandbox';

const ctx = useSandbox();
const BRAND = '/v1/brands/1001';

const getContact = (restriction: Record<string, string>) =>
	runNode({
		type: 'slickText',
		parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '1' } },
		credentials: { slickTextApi: { ...ctx.sandbox.currentCredentials(), ...restriction } },
	});

describe("a credential restricted to specific domains (n8n's Allowed HTTP Request Domains)", () => {
	// The restriction is for the HTTP Request node; in the node the credential belongs to, n8n adds the
	// node's own host to the list (getCredentialAllowedDomains with the node's endpoint). The base URL
	// is the credential's, so the runner names it as the node's endpoint.
	test('with an empty list the node still reaches its own base URL', async () => {
		const result = await getContact({ allowedHttpRequestDomains: 'domains', allowedDomains: '' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/1`)).toHaveLength(1);
		expect(result.json[0].contact_id).toBe(1);
	});

	test('with a list of other hosts the node still reaches its own base URL', async () => {
		const result = await getContact({ allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/1`)).toHaveLength(1);
	});
});

describe('per item', () => {
	test('each item sends its own values, from its own input (values are kept per item)', async () => {
		const items = [{ id: '1' }, { id: '2' }];
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			items,
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/`).map((r) => r.path)).toEqual([`${BRAND}/contacts/1`, `${BRAND}/contacts/2`]);
		expect(result.json.map((j: any) => j.contact_id)).toEqual([1, 2]);
	});

	test('reads the credential from n8n once for the run, not once per request (n8n reads it from its database each time)', async () => {
		const reads = credentialReads.count;
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			items: [{ id: '1' }, { id: '2' }, { id: '3' }],
		});
		expect(result.error).toBeUndefined();
		expect(credentialReads.count - reads).toBe(1);
		// Each request still carries the credential's token, as n8n's authentication puts it.
		const requests = sent(ctx.sandbox, `${BRAND}/contacts/`);
		expect(requests).toHaveLength(3);
		for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${ctx.sandbox.currentCredentials().apiKey}`);
	});
});

describe("the node's Proxy option (follow n8n, or improve on it deliberately)", () => {
	/** A local HTTP proxy that answers itself and records the Proxy-Authorization it got. */
	async function startProxy(): Promise<{ port: number; seen: string[]; stop: () => Promise<void> }> {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const http = require('node:http');
		const seen: string[] = [];
		const server = http.createServer((req: any, res: any) => {
			seen.push(String(req.headers['proxy-authorization'] ?? ''));
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ contact_id: 1 }));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return { port: server.address().port, seen, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
	}

	const getContact = (proxy: string) =>
		runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '1' }, requestOptions: { proxy } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});

	/** Runs with n8n's routing node instead of the node's custom operations. */
	async function throughRoutingNode<T>(run: () => Promise<T>): Promise<T> {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const node = require('../../../helpers/engine').loadPackage().nodes.slickText;
		const custom = node.customOperations;
		node.customOperations = undefined;
		try {
			return await run();
		} finally {
			node.customOperations = custom;
		}
	}

	test.each([
		['not a URL', 'not a proxy', 'host'],
		['no port', 'http://127.0.0.1', 'port'],
	])("a proxy with %s fails the item before any request, with n8n's own message and hint", async (_name, proxy, part) => {
		for (const run of [() => getContact(proxy), () => throughRoutingNode(() => getContact(proxy))]) {
			const result = await run();
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe('The proxy is not valid');
			expect((result.error as any)?.description).toBe(`The proxy URL does not contain a valid value for "${part}"`);
		}
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});

	test('a password with ":" (percent-encoded, as a URL needs) reaches the proxy whole; n8n cuts it at the ":"', async () => {
		const proxy = await startProxy();
		try {
			const url = `http://ann%40example.com:p%3Ass%40word@127.0.0.1:${proxy.port}`;
			const shipped = await getContact(url);
			expect(shipped.error).toBeUndefined();
			const routed = await throughRoutingNode(() => getContact(url));
			expect(routed.error).toBeUndefined();
			const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
			// The runner: what the user meant. n8n's routing node decodes the user:password text, then splits it
			// at every ":" and keeps the first two parts.
			expect(proxy.seen).toEqual([basic('ann@example.com', 'p:ss@word'), basic('ann@example.com', 'p')]);
			// Both went through the proxy, not to the sandbox.
			expect(sent(ctx.sandbox)).toHaveLength(0);
		} finally {
			await proxy.stop();
		}
	});
});
