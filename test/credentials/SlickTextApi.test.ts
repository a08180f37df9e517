import { loadPackage, runNode, testCredential } from '../helpers/engine';
import { useSandbox } from '../helpers/sandbox';

describe('SlickText API credential', () => {
	const ctx = useSandbox();

	it('passes its test with a good key and brand, sending the bearer header to the brand usage', async () => {
		const result = await testCredential('slickTextApi', ctx.sandbox.currentCredentials());
		expect(result).toEqual({ status: 'OK', message: 'Connection tested successfully.' });
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = ctx.sandbox.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/brands/1001/usage');
		expect(request.headers.authorization).toBe('Bearer sandbox-api-key');
	});

	it('accepts a brand ID typed as in the web app, with a leading b, and a base URL with a slash', async () => {
		const result = await testCredential(
			'slickTextApi',
			ctx.sandbox.currentCredentials({ brandId: ' b1001 ', baseUrl: `${ctx.sandbox.currentBaseUrl}/` }),
		);
		expect(result.status).toBe('OK');
		expect(ctx.sandbox.requests[0].path).toBe('/v1/brands/1001/usage');
	});

	it('fails its test with a wrong key', async () => {
		const result = await testCredential('slickTextApi', ctx.sandbox.currentCredentials({ apiKey: 'wrong-key' }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused|forbidden|authoriz/i);
		expect(result.message).not.toContain('wrong-key');
		expect(ctx.sandbox.requests[0].headers.authorization).toBe('Bearer wrong-key');
	});

	it('fails its test with a brand the key cannot reach', async () => {
		const result = await testCredential('slickTextApi', ctx.sandbox.currentCredentials({ brandId: '2002' }));
		expect(result.status).toBe('Error');
		expect(ctx.sandbox.requests[0].path).toBe('/v1/brands/2002/usage');
		expect(ctx.sandbox.requests[0].status).toBe(403);
	});

	it('says what to check, not only "Forbidden", for a wrong key and for a brand the key cannot reach', async () => {
		const wrongKey = await testCredential('slickTextApi', ctx.sandbox.currentCredentials({ apiKey: 'wrong-key' }));
		expect(wrongKey.message).toMatch(/^SlickText refused the request \(403\): the API key is wrong, or it belongs to another brand/);
		const otherBrand = await testCredential('slickTextApi', ctx.sandbox.currentCredentials({ brandId: '2002' }));
		expect(otherBrand.message).toMatch(/Check both; the 'Brand ID' is the number in the web address/);
	});

	it('is applied to node requests: every request carries the bearer header of the credential', async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'brand', operation: 'getUsage' },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ brand_id: 1001 });
		expect(ctx.sandbox.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sandbox-api-key']);
	});

	it('keeps the API key in a password field', () => {
		const credential = loadPackage().credentials.slickTextApi;
		const apiKey = credential.properties.find((p) => p.name === 'apiKey');
		expect(apiKey?.typeOptions?.password).toBe(true);
	});
});
