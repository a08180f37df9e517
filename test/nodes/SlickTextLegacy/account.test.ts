import { sent, useSandbox } from '../../helpers/sandbox';
import { BASE, describeError, expectBasicAuth, legacyRunner, legacyState } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'account');

describe('Account: Get', () => {
	test('sends GET /account and outputs the account with plan, subscriptions and usage', async () => {
		const result = await run({ operation: 'get' });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BASE}/account`);
		expect(requests[0].query).toEqual({});
		expectBasicAuth(requests);
		const state = legacyState(ctx);
		expect(result.json).toHaveLength(1);
		expect(result.json[0].account).toEqual({ ...state.account.account, id: Number(state.account.account.id) });
		expect(result.json[0].plan).toEqual({ ...state.account.plan, totalTexts: Number(state.account.plan.totalTexts), textwords: Number(state.account.plan.textwords) });
		expect(result.json[0].usage).toMatchObject({ totalSubscribers: state.contacts.length, totalTextwords: state.textwords.length });
	});

	test('wrong keys fail with 401 and say to check the public and private keys', async () => {
		const result = await run({ operation: 'get' }, { credentials: { privateKey: 'wrong' } });
		const error = describeError(result.error);
		expect(error).toMatchObject({ name: 'NodeApiError', message: 'Authorization failed [item 0]', httpCode: '401' });
		expect(error.description).toContain("Check the 'Public Key' and the 'Private Key'");
		expect(sent(ctx.sandbox)[0].status).toBe(401);
	});

	test('a server error that lasts becomes a NodeApiError with the status and SlickText\'s message', async () => {
		// A read answered 5xx is asked again (3 times in all): the error comes when every answer is one.
		ctx.sandbox.injectFault({ kind: 'status', status: 500, times: Infinity, body: { message: 'Database is down' }, match: { path: `${BASE}/account` } });
		const result = await run({ operation: 'get' });
		const error = describeError(result.error);
		expect(error).toMatchObject({ name: 'NodeApiError', message: 'SlickText could not complete the request (500) [item 0]', httpCode: '500' });
		expect(error.description).toContain('Database is down');
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.status])).toEqual(Array(3).fill(['GET', `${BASE}/account`, 500]));
	});
});
