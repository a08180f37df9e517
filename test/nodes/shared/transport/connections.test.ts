// What n8n 2.41.1's request helpers do with connections, against the sandbox over TLS: every request opens
// a new TCP connection and pays a new TLS handshake, whatever a node passes. Both helpers a node can use,
// httpRequest and httpRequestWithAuthentication (after authenticating), end in @n8n/backend-network's
// OutboundHttp.requests().request(), which builds a new http(s).Agent for each request from the
// request's agentOptions (convertN8nRequestToAxios -> setAxiosAgents -> buildNodeAgents) and copies no
// agent from the node's options. If a later n8n keeps connections alive, this test fails: then the README's
// "Connections" note and the benchmark rows are to be looked at again.
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import * as https from 'node:https';

import { runNode } from '../../../helpers/engine';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox, CREDENTIALS } = require('../../../../sandbox/server');

const COUNT = 20;

describe("n8n's request helpers and connections (sandbox over TLS)", () => {
	let sandbox: any;
	beforeAll(async () => {
		sandbox = await startSandbox({ tls: true, rateLimit: false });
	});
	beforeEach(() => sandbox.reset());
	afterAll(async () => sandbox.stop());

	it(`the SlickText node: ${COUNT} items, ${COUNT} connections and TLS handshakes, each request "Connection: close"`, async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: {
				resource: 'contact',
				operation: 'get',
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				requestOptions: { allowUnauthorizedCerts: true },
			},
			items: Array.from({ length: COUNT }, (_, i) => ({ id: i + 1 })),
			credentials: { slickTextApi: sandbox.currentCredentials() },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(COUNT);
		expect(sandbox.connectionCounts).toEqual({ connections: COUNT, tlsHandshakes: COUNT, tlsResumed: 0 });
		expect(sandbox.requests.map((r: any) => r.headers.connection)).toEqual(Array(COUNT).fill('close'));
	});

	// What a node could pass in IHttpRequestOptions (or beside it), one request after the other.
	const variants: Array<[string, object, string]> = [
		['nothing', {}, 'close'],
		// The header changes, the agent does not survive the request: nothing is reused.
		['agentOptions: { keepAlive: true }', { agentOptions: { keepAlive: true } }, 'keep-alive'],
		// Not copied into the request n8n sends: ignored.
		['an https.Agent of its own as httpsAgent', { httpsAgent: new https.Agent({ keepAlive: true, rejectUnauthorized: false }) }, 'close'],
		['an https.Agent of its own as agent', { agent: new https.Agent({ keepAlive: true, rejectUnauthorized: false }) }, 'close'],
	];
	for (const [name, extra, header] of variants) {
		it(`the helpers' request with ${name}: a new connection and TLS handshake for each of ${COUNT} requests in a row`, async () => {
			const request = Container.get(OutboundHttp).requests().request;
			for (let id = 1; id <= COUNT; id++) {
				await request({
					method: 'GET',
					url: `${sandbox.currentBaseUrl}/brands/${CREDENTIALS.current.brandId}/contacts/${id}`,
					headers: { Authorization: `Bearer ${CREDENTIALS.current.apiKey}` },
					skipSslCertificateValidation: true,
					json: true,
					...extra,
				} as never);
			}
			expect(sandbox.connectionCounts).toEqual({ connections: COUNT, tlsHandshakes: COUNT, tlsResumed: 0 });
			expect(sandbox.requests[0].headers.connection).toBe(header);
		});
	}
});
