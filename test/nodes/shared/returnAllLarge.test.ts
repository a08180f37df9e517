// Return All of any size. n8n's routing node appends each item's result with push(...records), which
// overflowed the stack between 120,000 and 125,000 records; the operations run as custom operations that
// append records one by one (nodes/shared/runner/run.ts). Legacy pages after the first go out 4 at a time.
// Each page starts 100 records into the one before (nodes/shared/paging.ts OVERLAP), so a list that
// changes while it is read loses and doubles nothing: pages of 10,000 advance by 9,900.
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { loadPackage, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();

// Runs over 130,000 records take 10-30 s of CPU each on a quiet 2-core machine, several times that when
// other work shares it: the bound only stops a run that hangs (how fast they are is measured by
// bench/returnAll.bench.ts).
jest.setTimeout(300_000);

const current = (parameters: Record<string, unknown>, extra: object = {}) =>
	runNode({
		type: 'slickText',
		parameters: { resource: 'contact', ...parameters },
		credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		...extra,
	});

const legacy = (parameters: Record<string, unknown>, extra: object = {}) =>
	runNode({
		type: 'slickTextLegacy',
		parameters: { resource: 'contact', ...parameters },
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		...extra,
	});

const pages = (count: number) => Array.from({ length: count }, (_, i) => String(i * 9_900));
/** Pages of 10,000 that overlap by 100, for a list of this many records. */
const pageCount = (records: number) => Math.ceil((records - 100) / 9_900);

describe('Return All over 120,000 records', () => {
	test('current API: 130,000 contacts in order, 14 overlapping pages of 10,000 asked one after another', async () => {
		ctx.sandbox.reset({ contacts: 130_000 });
		const contacts = ctx.sandbox.state.current.brands.get(1001).contacts;
		const result = await current({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(130_000);
		expect(result.json[0].contact_id).toBe(contacts[0].contact_id);
		expect(result.json[10_000].contact_id).toBe(contacts[10_000].contact_id);
		expect(result.json[129_999].contact_id).toBe(contacts[129_999].contact_id);
		const requests = sent(ctx.sandbox);
		// No total in the current API's envelope: pages follow hasMore, one by one.
		expect(requests.map((r) => [r.method, r.path, r.query])).toEqual(
			pages(pageCount(130_000)).map((offset) => ['GET', '/v1/brands/1001/contacts', { limit: '10000', offset }]),
		);
		expect(requests[0].headers.authorization).toMatch(/^Bearer /);
	});

	test('current API: filters and Simplify keep working over 130,000 contacts', async () => {
		ctx.sandbox.reset({ contacts: 130_000 });
		const result = await current({ operation: 'getAll', returnAll: true, simplify: true, filters: { language: 'es' } });
		expect(result.error).toBeUndefined();
		const matching = ctx.sandbox.state.current.brands.get(1001).contacts.filter((c: any) => c.language === 'es');
		expect(matching.length).toBeGreaterThan(0);
		expect(result.json).toHaveLength(matching.length);
		expect(result.json[result.json.length - 1].contact_id).toBe(matching[matching.length - 1].contact_id);
		expect(Object.keys(result.json[0])).not.toContain('address');
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0', language: 'es' });
	});

	test('current API: List Get Contacts of a list of 146,667 members, its opt-in filter applied page by page', async () => {
		// 220,000 contacts: the Newsletter list (1) holds two of every three; 132,000 of them are not blocked.
		ctx.sandbox.reset({ contacts: 220_000 });
		const b = ctx.sandbox.state.current;
		const byId = new Map(b.contacts.map((c: any) => [c.contact_id, c]));
		const members = [...b.listMembers.get(1)].map((id) => byId.get(id) as any);
		expect(members.length).toBeGreaterThan(130_000);
		const all = await current({ resource: 'list', operation: 'getContacts', listId: { __rl: true, mode: 'id', value: '1' }, returnAll: true, simplify: true });
		expect(all.error).toBeUndefined();
		expect(all.json).toHaveLength(members.length);
		expect(all.json[members.length - 1].contact_id).toBe(members[members.length - 1].contact_id);
		const kept = ['subscribed', 'unsubscribed', 'not subscribed'];
		const subscribed = members.filter((c) => kept.includes(c.opt_in_status));
		expect(subscribed.length).toBeGreaterThan(125_000);
		const filtered = await current({
			resource: 'list', operation: 'getContacts', listId: { __rl: true, mode: 'id', value: '1' }, returnAll: true, filters: { optInStatus: kept },
		});
		expect(filtered.error).toBeUndefined();
		expect(filtered.json.map((c) => c.contact_id)).toEqual(subscribed.map((c) => c.contact_id));
	});

	test('legacy API: 130,000 subscribers in order; after the first page the other 13 are asked for at once', async () => {
		ctx.sandbox.reset({ subscribers: 130_000 });
		const contacts = ctx.sandbox.state.legacy.contacts;
		const result = await legacy({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(130_000);
		for (const i of [0, 9_999, 10_000, 65_432, 129_999]) expect(result.json[i].id).toBe(Number(contacts[i].id));
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(pageCount(130_000));
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests.map((r) => r.query.offset).sort((a, b) => Number(a) - Number(b))).toEqual(pages(pageCount(130_000)));
		for (const r of requests) {
			expect([r.method, r.path, r.query.limit]).toEqual(['GET', '/legacy/v1/contacts', '10000']);
			expect(r.headers.authorization).toMatch(/^Basic /);
		}
	});
});

describe('Every operation of both nodes runs through the shared route runner', () => {
	// With no bound left in the pagers, an operation that fell back to n8n's routing node would fail
	// past ~120,000 records again (e.g. a field routing something the runner does not take over), and
	// would cost the routing node's work per item.
	// 64 and 28: with the operations that wait for a reply (Wait for Reply; Legacy's Send and Wait for Reply), Start Each Person's Run and the polls' Ask and Wait and Get Answers.
	test.each([
		['slickText', 64, 13],
		['slickTextLegacy', 28, 10],
	])('%s: each of its %d operations is a custom operation (%d with Return All)', (name, count, listCount) => {
		const node = loadPackage().nodes[name] as INodeType;
		const all: string[] = [];
		const withReturnAll: string[] = [];
		for (const p of node.description.properties as INodeProperties[]) {
			const show = p.displayOptions?.show ?? {};
			if (p.name === 'operation') {
				for (const resource of (show.resource ?? []) as string[]) {
					for (const option of (p.options ?? []) as Array<{ value: string }>) all.push(`${resource}.${option.value}`);
				}
			}
			if (p.name !== 'returnAll') continue;
			for (const resource of (show.resource ?? []) as string[]) {
				for (const operation of (show.operation ?? []) as string[]) withReturnAll.push(`${resource}.${operation}`);
			}
		}
		const custom = Object.entries(node.customOperations ?? {}).flatMap(([resource, ops]) =>
			Object.keys(ops).map((operation) => `${resource}.${operation}`),
		);
		expect(all).toHaveLength(count);
		expect(withReturnAll).toHaveLength(listCount);
		expect(custom.sort()).toEqual(all.sort());
	});
});

describe('Return All over 120,000 records: a filtered current-API list', () => {
	/** 130,000 more messages in brand 1001, every fourth one incoming from a keyword. */
	function seedMessages(count: number): any[] {
		const b = ctx.sandbox.state.current;
		const template = b.messages[0];
		for (let i = 0; i < count; i++) {
			const incoming = i % 4 === 0;
			b.messages.push({
				...template,
				_id: `m${String(i).padStart(23, '0')}`,
				direction: incoming ? 'incoming' : 'outgoing',
				source: incoming ? 'Keyword' : 'API',
				status: incoming ? 'processed' : 'delivered',
			});
		}
		return b.messages;
	}

	test('messages: 130,000 incoming Keyword texts of 520,000, filters in every page, in order', async () => {
		const all = seedMessages(520_000);
		const matching = all.filter((m) => m.direction === 'incoming' && m.source === 'Keyword');
		expect(matching.length).toBeGreaterThan(130_000);
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'message', operation: 'getAll', returnAll: true, filters: { direction: 'incoming', source: ' Keyword ' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(matching.length);
		for (const i of [0, 10_000, 99_999, 100_000, matching.length - 1]) expect(result.json[i]._id).toBe(matching[i]._id);
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => r.rawQuery)).toEqual(
			pages(pageCount(matching.length)).map((offset) => `?direction=incoming&source=Keyword&limit=10000&offset=${offset}`),
		);
	});
});

describe('Legacy pages in parallel', () => {
	test('a slow second page does not hold up the others, and the output stays in order', async () => {
		ctx.sandbox.reset({ subscribers: 45_000 });
		// Page 2 is answered once pages 3 to 5 have arrived (or after 10 s): with at most 4 in flight the node
		// sends them all without waiting for it. Judged on the order of events, not on how long they took.
		let release!: () => void;
		const until = new Promise<void>((resolve) => (release = resolve));
		ctx.sandbox.injectFault({ kind: 'slow', delayMs: 10_000, until, match: { method: 'GET', path: '/legacy/v1/contacts', nth: 2 } });
		let page2AnsweredFirst: boolean | undefined;
		const watch = setInterval(() => {
			const requests = sent(ctx.sandbox);
			if (requests.length < 5 || page2AnsweredFirst !== undefined) return;
			page2AnsweredFirst = requests[1].status !== undefined;
			release();
		}, 5);
		try {
			const result = await legacy({ operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.json.map((c) => c.id)).toEqual(ctx.sandbox.state.legacy.contacts.map((c: any) => Number(c.id)));
		} finally {
			clearInterval(watch);
			release();
		}
		expect(sent(ctx.sandbox).map((r) => r.query.offset)).toEqual(['0', '9900', '19800', '29700', '39600']);
		expect(page2AnsweredFirst).toBe(false);
	});

	test('a failing middle page fails the item with nothing partial', async () => {
		ctx.sandbox.reset({ subscribers: 45_000 });
		// From the 3rd request on, every one fails: a 503 on a read is asked again, so it has to last.
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: Infinity, body: { message: 'Try later' }, match: { method: 'GET', path: '/legacy/v1/contacts', nth: 3 } });
		const result = await legacy({ operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/503|unavailable|Try later/i);
		expect(result.json).toEqual([]);
		// The pages in flight were answered (each 503 asked again, 3 times in all); no page beyond them went out.
		const offsets = sent(ctx.sandbox).map((r) => r.query.offset);
		expect(new Set(offsets).size).toBeLessThanOrEqual(5);
		for (const offset of new Set(offsets)) expect(offsets.filter((o) => o === offset).length).toBeLessThanOrEqual(3);
	});

	test('with Continue On Fail the failing page gives that item an error item; the other item comes out whole', async () => {
		ctx.sandbox.reset({ subscribers: 25_000 });
		// Item 1 reads one page (Limit 10,000), among the first two requests; item 0 pages on, and from the
		// 3rd request on every one fails (a 503 on a read is asked again, so it has to last).
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: Infinity, body: { message: 'Try later' }, match: { method: 'GET', path: '/legacy/v1/contacts', nth: 3 } });
		const result = await legacy(
			{ operation: 'getAll', returnAll: '={{ $json.all }}', limit: 10_000 },
			{ items: [{ all: true }, { all: false }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const errors = result.items.filter((item) => item.error !== undefined);
		expect(errors).toHaveLength(1);
		expect(result.items[0].error).toBeDefined();
		expect(result.items.filter((item) => item.error === undefined)).toHaveLength(10_000);
	});

	test('a Limit of one page is one request', async () => {
		ctx.sandbox.reset({ subscribers: 45_000 });
		const result = await legacy({ operation: 'getAll', returnAll: false, limit: 10_000 });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(10_000);
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([{ limit: '10000', offset: '0' }]);
	});
});

describe('Limit above one page (10,000 a request): pages until that many records are in', () => {
	test('current API: Limit 10,003 returns 10,003 contacts in 2 requests', async () => {
		ctx.sandbox.reset({ contacts: 25_000 });
		const contacts = ctx.sandbox.state.current.brands.get(1001).contacts;
		const result = await current({ operation: 'getAll', returnAll: false, limit: 10_003 });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.contact_id)).toEqual(contacts.slice(0, 10_003).map((c: any) => c.contact_id));
		// The second page asks for the 3 still wanted plus the 100 it re-reads of the first.
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			{ limit: '103', offset: '9900' },
		]);
	});

	test('legacy API: Limit 10,003 returns 10,003 subscribers in 2 requests', async () => {
		ctx.sandbox.reset({ subscribers: 25_000 });
		const contacts = ctx.sandbox.state.legacy.contacts;
		const result = await legacy({ operation: 'getAll', returnAll: false, limit: 10_003 });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.id)).toEqual(contacts.slice(0, 10_003).map((c: any) => Number(c.id)));
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			{ limit: '103', offset: '9900' },
		]);
	});

	test('a Limit above the records there are returns them all and stops at the end', async () => {
		ctx.sandbox.reset({ contacts: 12_000 });
		const result = await current({ operation: 'getAll', returnAll: false, limit: 50_000 });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(12_000);
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			{ limit: '10000', offset: '9900' },
		]);
	});
});
