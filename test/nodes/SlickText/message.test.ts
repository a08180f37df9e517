import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const MESSAGES = '/v1/brands/1001/messages';
const AUTH = 'Bearer sandbox-api-key';

const messages = (): any[] => ctx.sandbox.state.current.messages;

async function run(parameters: Record<string, unknown>) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'message', operation: 'getAll', ...parameters },
		credentials: creds(),
	});
}

describe('Message: Get Many', () => {
	test('Return All asks for a page of 10000 and outputs one item per message', async () => {
		const result = await run({ returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(MESSAGES);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(messages().length).toBeGreaterThan(100);
		expect(result.json).toEqual(messages());
	});

	test('Return All follows hasMore to the next page, at the offset after the records read', async () => {
		// A first page of two records that says more follow; the second page is the sandbox's own.
		const firstTwo = messages().slice(0, 2);
		ctx.sandbox.injectFault({
			kind: 'body',
			body: { data: firstTwo, pagingData: { prevPage: null, currentPage: 0, nextPage: 1, currentPageString: '0', hasMore: true } },
			match: { path: MESSAGES, method: 'GET', nth: 1 },
		});
		const result = await run({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			{ limit: '10000', offset: '2' },
		]);
		expect(result.json).toEqual([...firstTwo, ...messages().slice(2)]);
	});

	test('Limit 5 asks for 5 and outputs the first 5', async () => {
		const result = await run({ returnAll: false, limit: 5 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '5', offset: '0' });
		expect(result.json).toEqual(messages().slice(0, 5));
	});

	test('status, source, source ID and direction filters: exact-match query parameters', async () => {
		const result = await run({
			returnAll: true,
			filters: { status: 'delivered', source: 'Campaign', sourceId: ' 4 ', direction: 'outgoing' },
		});
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.query).toEqual({
			status: 'delivered',
			source: 'Campaign',
			source_id: '4',
			direction: 'outgoing',
			limit: '10000',
			offset: '0',
		});
		const expected = messages().filter(
			(m) => m.status === 'delivered' && m.source === 'Campaign' && m._source_id === 4 && m.direction === 'outgoing',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json).toEqual(expected);
	});

	test('the incoming direction outputs only texts contacts sent', async () => {
		const result = await run({ returnAll: true, filters: { direction: 'incoming' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ direction: 'incoming', limit: '10000', offset: '0' });
		const expected = messages().filter((m) => m.direction === 'incoming');
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json).toEqual(expected);
	});
});
