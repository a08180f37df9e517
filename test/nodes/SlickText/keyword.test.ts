import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const KEYWORDS = '/v1/brands/1001/keywords';
const AUTH = 'Bearer sandbox-api-key';

const keywords = (): any[] => ctx.sandbox.state.current.keywords;
const locator = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>) {
	return await runNode({ type: 'slickText', parameters: { resource: 'keyword', ...parameters }, credentials: creds() });
}

describe('\'Keyword\': Get', () => {
	test('sends GET /keywords/{id} and outputs the keyword unwrapped', async () => {
		const keyword = keywords()[1];
		const result = await run({ operation: 'get', keywordId: locator('list', String(keyword.keyword_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${KEYWORDS}/${keyword.keyword_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([keyword]);
	});

	test('a keyword that does not exist: a 404 naming the keyword', async () => {
		const result = await run({ operation: 'get', keywordId: locator('id', '404') });
		expect((result.error as any).httpCode).toBe('404');
		expect(result.error?.message).toBe('Keyword 404 was not found [item 0]');
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', keywordId: locator('id', '={{ "COFFEE" }}') });
		expect(result.error?.message).toBe('\'Keyword\': must be a number, got "COFFEE" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Keyword\': Get Many', () => {
	test('Return All asks for a page of 10000 and outputs every keyword', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(KEYWORDS);
		expect(request.query).toEqual({ limit: '10000', offset: '0' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(keywords());
	});

	test('Limit 2 asks for 2 and outputs the first 2', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json).toEqual(keywords().slice(0, 2));
	});

	test('the Active filter sends active=0 and outputs only inactive keywords', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { active: false } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ active: '0', limit: '10000', offset: '0' });
		const inactive = keywords().filter((k) => k.active === 0);
		expect(inactive.length).toBeGreaterThan(0);
		expect(result.json).toEqual(inactive);
	});

	test('the Word filter is an exact, case-sensitive match', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { word: 'VIP', active: true } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ word: 'VIP', active: '1', limit: '10000', offset: '0' });
		expect(result.json).toEqual(keywords().filter((k) => k.word === 'VIP'));
		expect(result.json).toHaveLength(1);

		ctx.sandbox.reset();
		const lower = await run({ operation: 'getAll', returnAll: true, filters: { word: 'vip' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ word: 'vip', limit: '10000', offset: '0' });
		expect(lower.json).toEqual([]);
	});
});

describe('\'Keyword\': Delete', () => {
	test('sends DELETE, outputs {deleted, keyword_id} and removes the keyword', async () => {
		const keyword = keywords()[3];
		const before = keywords().length;
		const result = await run({ operation: 'delete', keywordId: locator('id', String(keyword.keyword_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${KEYWORDS}/${keyword.keyword_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, keyword_id: keyword.keyword_id }]);
		expect(keywords()).toHaveLength(before - 1);
		expect(keywords().find((k) => k.keyword_id === keyword.keyword_id)).toBeUndefined();
	});

	test('a blank ID fails before any request', async () => {
		const result = await run({ operation: 'delete', keywordId: locator('id', '={{ "" }}') });
		expect(result.error?.message).toBe('\'Keyword\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
