import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

// The sandbox's links of brand 1001, as it holds them.
const links = (): any[] => ctx.sandbox.state.current.brands.get(1001).links;
const stored = (id: number) => links().find((l) => l.link_id === id);
const byId = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: object[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'link', ...parameters }, credentials: creds(), items });
}

describe('\'Link\': Create', () => {
	test('sends POST /links with {name, url} and outputs the new link, which the sandbox now holds', async () => {
		const before = links().length;
		const result = await run({ operation: 'create', name: 'Spring menu', url: ' https://example.com/spring ' });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${BRAND}/links`);
		expect(request.contentType).toBe('application/json');
		expect(request.body).toEqual({ name: 'Spring menu', url: 'https://example.com/spring' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(links()).toHaveLength(before + 1);
		const created = links()[links().length - 1];
		expect(created).toMatchObject({ name: 'Spring menu', url: 'https://example.com/spring' });
		expect(result.json).toEqual([expect.objectContaining({ link_id: created.link_id, url: 'https://example.com/spring' })]);
	});

	test.each([
		['not a URL', '={{ "example" }}', '\'URL\': "example" is not a web address [item 0]'],
		['another scheme', '={{ "ftp://example.com/x" }}', '\'URL\': "ftp://example.com/x" is not a web address [item 0]'],
		['blank', '={{ "  " }}', '\'URL\': is required [item 0]'],
	])('a URL that is %s fails before any request', async (_case, url, message) => {
		const result = await run({ operation: 'create', name: 'X', url });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a blank name fails before any request', async () => {
		const result = await run({ operation: 'create', name: '={{ "" }}', url: 'https://example.com' });
		expect(result.error?.message).toBe('\'Name\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Link\': Get', () => {
	test('sends GET /links/{id} and outputs the link with its clicks', async () => {
		const link = links()[1];
		const result = await run({ operation: 'get', linkId: byId('list', String(link.link_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/links/${link.link_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([link]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', linkId: byId('id', '={{ "x1" }}') });
		expect(result.error?.message).toBe('\'Link\': must be a number, got "x1" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Link\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every link', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/links`);
		expect(request.query).toEqual({ limit: '10000', offset: '0' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(links());
	});

	test('the Active filter sends active=1 or active=0 and outputs only matching links', async () => {
		const inactive = links().filter((l) => l.active === 0);
		expect(inactive.length).toBeGreaterThan(0);
		const off = await run({ operation: 'getAll', returnAll: true, filters: { active: false } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ active: '0', limit: '10000', offset: '0' });
		expect(off.json.map((l) => l.link_id)).toEqual(inactive.map((l) => l.link_id));

		ctx.sandbox.reset();
		const on = await run({ operation: 'getAll', returnAll: true, filters: { active: true } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ active: '1', limit: '10000', offset: '0' });
		expect(on.json.map((l) => l.link_id)).toEqual(links().filter((l) => l.active === 1).map((l) => l.link_id));
	});

	test('Limit 2 outputs two links', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json.map((l) => l.link_id)).toEqual(links().slice(0, 2).map((l) => l.link_id));
	});
});

describe('\'Link\': Update', () => {
	test('sends PUT with name, url and active as 0, and outputs the changed link', async () => {
		const link = links()[0];
		expect(link.active).toBe(1);
		const result = await run({
			operation: 'update',
			linkId: byId('id', String(link.link_id)),
			updateFields: { name: 'Old menu', url: 'https://example.com/old', active: false },
		});
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/links/${link.link_id}`);
		expect(request.body).toEqual({ name: 'Old menu', url: 'https://example.com/old', active: 0 });
		expect(request.headers.authorization).toBe(AUTH);
		expect(stored(link.link_id)).toMatchObject({ name: 'Old menu', url: 'https://example.com/old', active: 0 });
		expect(result.json).toEqual([expect.objectContaining({ link_id: link.link_id, active: 0, name: 'Old menu' })]);
	});

	test('switching a link on sends only active: 1', async () => {
		const link = links().find((l) => l.active === 0);
		await run({ operation: 'update', linkId: byId('id', String(link.link_id)), updateFields: { active: true } });
		expect(sent(ctx.sandbox)[0].body).toEqual({ active: 1 });
		expect(stored(link.link_id).active).toBe(1);
	});

	test('no update field fails before any request', async () => {
		const result = await run({ operation: 'update', linkId: byId('id', '1'), updateFields: {} });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one of \'Name\', \'URL\', \'Active\' [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a bad URL fails before any request', async () => {
		const result = await run({ operation: 'update', linkId: byId('id', '1'), updateFields: { url: 'example.com' } });
		expect(result.error?.message).toBe('\'URL\': "example.com" is not a web address [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
		expect(stored(1).url).toBe('https://example.com/menu/1');
	});
});

describe('\'Link\': Delete', () => {
	test('sends DELETE, outputs {deleted, link_id} and removes the link', async () => {
		const link = links()[2];
		const result = await run({ operation: 'delete', linkId: byId('id', String(link.link_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/links/${link.link_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, link_id: link.link_id }]);
		expect(stored(link.link_id)).toBeUndefined();
	});

	test('a bad ID on the second item fails that item only, with continue on fail', async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'link', operation: 'delete', linkId: byId('id', '={{ $json.id }}') },
			credentials: creds(),
			items: [{ id: '1' }, { id: 'abc' }],
			continueOnFail: true,
		});
		expect(result.json[0]).toEqual({ deleted: true, link_id: 1 });
		expect(result.json[1].error).toBe('\'Link\': must be a number, got "abc" [item 1]');
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expect(sent(ctx.sandbox)[0].path).toBe(`${BRAND}/links/1`);
	});
});

describe('From List', () => {
	test('searchLinks lists the records by name, searchable', async () => {
		const all = await loadOptions({ type: 'slickText', method: 'searchLinks', kind: 'listSearch', credentials: creds() });
		expect((all as any).results).toEqual(links().map((l: any) => ({ name: `${l.name} (${l.url})`, value: String(l.link_id) })));
		const filter = 'menu/2';
		const some = (await loadOptions({ type: 'slickText', method: 'searchLinks', kind: 'listSearch', credentials: creds(), filter })) as any;
		expect(some.results.length).toBeGreaterThan(0);
		expect(some.results.length).toBeLessThan(links().length);
		expect(some.results.every((r: any) => r.name.includes(filter) || r.value.includes(filter))).toBe(true);
		expect(sent(ctx.sandbox)[0].headers.authorization).toBe(AUTH);
	});
});
