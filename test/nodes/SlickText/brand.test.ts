import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const AUTH = 'Bearer sandbox-api-key';

async function run(operation: string, credentials = ctx.sandbox.currentCredentials()) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'brand', operation },
		credentials: { slickTextApi: credentials },
	});
}

describe('Brand: Get', () => {
	test('sends GET /brands (outside the brand path) and outputs the brand unwrapped', async () => {
		const result = await run('get');
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/brands');
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(AUTH);
		const brand = ctx.sandbox.state.current.brand;
		expect(brand.brand_id).toBe(1001);
		expect(result.json).toEqual([brand]);
	});

	test('a brand ID copied from the web app with its leading letter still works for brand paths', async () => {
		const result = await run('getUsage', ctx.sandbox.currentCredentials({ brandId: 'b1001' }));
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].path).toBe('/v1/brands/1001/usage');
	});
});

describe('Brand: Get Usage', () => {
	test('sends GET /brands/{id}/usage and outputs the credits of the period', async () => {
		const result = await run('getUsage');
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/brands/1001/usage');
		expect(request.headers.authorization).toBe(AUTH);
		// Checked against the sandbox's state: credits of the period and the credits its messages used.
		const state = ctx.sandbox.state.current;
		const total = state.credits.subscription + state.credits.rollover + state.credits.purchased;
		const used = state.messages.reduce((sum: number, m: any) => sum + m.message_credits, 0);
		expect(used).toBeGreaterThan(0);
		expect(result.json).toEqual([
			{
				brand_id: 1001,
				brand_name: state.brand.name,
				total_credits: total,
				credits_used: used,
				credits_available: total - used,
				message_credit_limit: state.brand.message_credit_limit,
				message_credit_limit_percentage: state.brand.message_credit_limit_percentage,
			},
		]);
	});

	test('a wrong brand ID: 403 that says to check the API key and brand ID', async () => {
		const result = await run('getUsage', ctx.sandbox.currentCredentials({ brandId: '2002' }));
		const error = result.error as any;
		expect(error.httpCode).toBe('403');
		expect(error.message).toBe('Forbidden [item 0]');
		expect(error.description).toContain('This API key has no access to brand 2002.');
		expect(error.description).toContain("Check the 'API Key' and the 'Brand ID'");
		expect(sent(ctx.sandbox)[0].path).toBe('/v1/brands/2002/usage');
	});

	test('a wrong API key: 403 that says to check the API key and brand ID', async () => {
		const result = await run('get', ctx.sandbox.currentCredentials({ apiKey: 'not-a-key' }));
		const error = result.error as any;
		expect(error.httpCode).toBe('403');
		expect(error.description).toContain('Invalid API key.');
		expect(error.description).toContain("Check the 'API Key' and the 'Brand ID'");
		expect(sent(ctx.sandbox)[0].headers.authorization).toBe('Bearer not-a-key');
	});
});
