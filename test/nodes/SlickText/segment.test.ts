import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

// The sandbox's segments of brand 1001, as it holds them.
const segments = (): any[] => ctx.sandbox.state.current.brands.get(1001).segments;
const byId = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: object[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'segment', ...parameters }, credentials: creds(), items });
}

describe('\'Segment\': Get', () => {
	test('sends GET /segments/{id} and outputs the segment', async () => {
		const segment = segments()[0];
		const result = await run({ operation: 'get', segmentId: byId('list', String(segment.segment_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/segments/${segment.segment_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([expect.objectContaining({ segment_id: segment.segment_id, name: segment.name })]);
	});

	test('fails on a non-numeric ID without sending anything', async () => {
		const result = await run({ operation: 'get', segmentId: byId('id', '={{ "abc" }}') });
		expect(result.error?.message).toBe('\'Segment\': must be a number, got "abc" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an unknown segment fails with a not-found error', async () => {
		const result = await run({ operation: 'get', segmentId: byId('id', '999999') });
		expect(result.error?.message).toMatch(/Segment 999999 was not found/);
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});
});

describe('\'Segment\': Get Many', () => {
	test('Return All pages with limit 10000 and outputs every segment', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox, '/segments');
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/segments`);
		expect(requests[0].query).toMatchObject({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json.map((s) => s.segment_id)).toEqual(segments().map((s) => s.segment_id));
	});

	test('Limit asks for that many and outputs no more', async () => {
		expect(segments().length).toBeGreaterThan(1);
		const result = await run({ operation: 'getAll', returnAll: false, limit: 1 });
		const [request] = sent(ctx.sandbox, '/segments');
		expect(request.query).toMatchObject({ limit: '1', offset: '0' });
		expect(result.json).toHaveLength(1);
		expect(result.json[0].segment_id).toBe(segments()[0].segment_id);
	});
});

describe('\'Segment\': Update', () => {
	test('sends PUT with only the fields set and outputs the updated segment', async () => {
		const segment = segments()[0];
		const result = await run({
			operation: 'update',
			segmentId: byId('id', String(segment.segment_id)),
			updateFields: { name: 'VIP buyers', description: '' },
		});
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/segments/${segment.segment_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.body).toEqual({ name: 'VIP buyers' });
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([expect.objectContaining({ segment_id: segment.segment_id, name: 'VIP buyers' })]);
		const stored = segments().find((s) => s.segment_id === segment.segment_id);
		expect(stored.name).toBe('VIP buyers');
		expect(stored.description).toBe(segment.description);
	});

	test('sends the description too', async () => {
		const segment = segments()[0];
		await run({
			operation: 'update',
			segmentId: byId('id', String(segment.segment_id)),
			updateFields: { name: 'A', description: 'Bought twice' },
		});
		expect(sent(ctx.sandbox)[0].body).toEqual({ name: 'A', description: 'Bought twice' });
		expect(segments().find((s) => s.segment_id === segment.segment_id).description).toBe('Bought twice');
	});

	test('no update field fails before any request, naming the item', async () => {
		const id = String(segments()[0].segment_id);
		const result = await run(
			{ operation: 'update', segmentId: byId('id', id), updateFields: { name: '={{ $json.name }}' } },
			[{ name: 'ok' }, { name: ' ' }],
		);
		expect(result.error?.message).toBe(
			'\'Update Fields\': set at least one of \'Name\', \'Description\' [item 1]. Nothing was sent: 1 of 2 items has invalid input (item 1)',
		);
		// Every item is checked before the first request of the run: the valid first item is not sent either.
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a bad ID fails before any request', async () => {
		const result = await run({ operation: 'update', segmentId: byId('id', '={{ "12a" }}'), updateFields: { name: 'x' } });
		expect(result.error?.message).toBe('\'Segment\': must be a number, got "12a" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Segment\': Delete', () => {
	test('sends DELETE, outputs {deleted, segment_id} and removes the segment', async () => {
		const segment = segments()[0];
		const before = segments().length;
		const result = await run({ operation: 'delete', segmentId: byId('id', String(segment.segment_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/segments/${segment.segment_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, segment_id: segment.segment_id }]);
		expect(segments()).toHaveLength(before - 1);
		expect(segments().some((s) => s.segment_id === segment.segment_id)).toBe(false);
	});

	test('an empty ID fails before any request', async () => {
		const result = await run({ operation: 'delete', segmentId: byId('id', '={{ "" }}') });
		expect(result.error?.message).toBe('\'Segment\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('From List', () => {
	test('searchSegments lists the records by name, searchable', async () => {
		const all = await loadOptions({ type: 'slickText', method: 'searchSegments', kind: 'listSearch', credentials: creds() });
		expect((all as any).results).toEqual(segments().map((s: any) => ({ name: s.name, value: String(s.segment_id) })));
		const filter = 'VIP';
		const some = (await loadOptions({ type: 'slickText', method: 'searchSegments', kind: 'listSearch', credentials: creds(), filter })) as any;
		expect(some.results.length).toBeGreaterThan(0);
		expect(some.results.length).toBeLessThan(segments().length);
		expect(some.results.every((r: any) => r.name.includes(filter) || r.value.includes(filter))).toBe(true);
		expect(sent(ctx.sandbox)[0].headers.authorization).toBe(AUTH);
	});
});
