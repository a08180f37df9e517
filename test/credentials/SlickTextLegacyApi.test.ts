import { loadPackage, testCredential } from '../helpers/engine';
import { useSandbox } from '../helpers/sandbox';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('SlickText Legacy API credential', () => {
	const ctx = useSandbox();

	it('passes its test with good keys, sending HTTP Basic to GET /account', async () => {
		const result = await testCredential('slickTextLegacyApi', ctx.sandbox.legacyCredentials());
		expect(result.status).toBe('OK');
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = ctx.sandbox.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/legacy/v1/account');
		expect(request.headers.authorization).toBe(basic('pub_sandbox', 'sandbox-private-key'));
	});

	it('fails its test with a wrong private key, without showing the key', async () => {
		const result = await testCredential(
			'slickTextLegacyApi',
			ctx.sandbox.legacyCredentials({ privateKey: 'not-the-private-key' }),
		);
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain('not-the-private-key');
		expect(result.message).toMatch(/^SlickText did not accept the keys \(401\)\. Check the 'Public Key' and the 'Private Key'/);
		expect(ctx.sandbox.requests[0].status).toBe(401);
	});

	it('fails its test with a wrong public key', async () => {
		const result = await testCredential('slickTextLegacyApi', ctx.sandbox.legacyCredentials({ publicKey: 'pub_other' }));
		expect(result.status).toBe('Error');
		expect(ctx.sandbox.requests[0].headers.authorization).toBe(basic('pub_other', 'sandbox-private-key'));
	});

	it('keeps the private key in a password field', () => {
		const credential = loadPackage().credentials.slickTextLegacyApi;
		expect(credential.properties.find((p) => p.name === 'privateKey')?.typeOptions?.password).toBe(true);
	});
});
