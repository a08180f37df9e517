// List members filtered by opt-in status inside the node, and membership writes in chunks of 500:
// what a nightly hygiene run over a big list needs. Through n8n's real engine.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../helpers/engine';
import { before429, expectAtMostPerSecond, waitRates, watchLimiter } from '../../helpers/limiter';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const BRAND = '/v1/brands/1001';
const brand = (): any => ctx.sandbox.state.current.brands.get(1001);
const members = (listId: number): Set<number> => brand().listMembers.get(listId);
const byStatus = (listId: number, statuses: string[]): any[] =>
	brand().contacts.filter((c: any) => members(listId).has(c.contact_id) && statuses.includes(c.opt_in_status));
const list = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

async function run(parameters: Record<string, unknown>, options: { items?: IDataObject[]; continueOnFail?: boolean; credentials?: object } = {}) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'list', ...parameters },
		credentials: { slickTextApi: ctx.sandbox.currentCredentials(options.credentials) },
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

describe('List > Get Contacts: Opt-In Status filtered in the node', () => {
	test('Return All over 2 pages keeps exactly the unsubscribed and blocked members; SlickText gets plain pages', async () => {
		ctx.sandbox.reset({ contacts: 16000 }); // Newsletter: 10,667 members
		const expected = byStatus(1, ['unsubscribed', 'blocked']);
		expect(members(1).size).toBeGreaterThan(10000);
		const result = await run({ operation: 'getContacts', listId: list(1), returnAll: true, filters: { optInStatus: ['unsubscribed', 'blocked'] } });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.contact_id)).toEqual(expected.map((c) => c.contact_id));
		expect(result.json[0]).toEqual(expected[0]); // whole records unless Simplify is on
		// The API cannot filter a list's members: no filter goes out, pages are asked for at full size.
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `${BRAND}/lists/1/contacts`, { limit: '10000', offset: '0' }],
			['GET', `${BRAND}/lists/1/contacts`, { limit: '10000', offset: '9900' }],
		]);
	});

	test('Limit counts matching members, and pages stay full size while it looks for them', async () => {
		const expected = byStatus(1, ['blocked']).slice(0, 3);
		const result = await run({ operation: 'getContacts', listId: list(1), returnAll: false, limit: 3, simplify: true, filters: { optInStatus: ['blocked'] } });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => [c.contact_id, c.opt_in_status])).toEqual(expected.map((c) => [c.contact_id, 'blocked']));
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([{ limit: '10000', offset: '0' }]);
	});

	test('a status given by expression that is not one of the four fails before any request', async () => {
		const result = await run({ operation: 'getContacts', listId: list(1), returnAll: true, filters: { optInStatus: '={{ ["unsubscribed", "gone"] }}' } });
		expect(result.error?.message).toContain('\'Opt-In Status\': "gone" is not one of: blocked, not subscribed, subscribed, unsubscribed [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('all four statuses chosen: every member comes out, in order', async () => {
		const result = await run({ operation: 'getContacts', listId: list(1), returnAll: true, filters: { optInStatus: ['not subscribed', 'subscribed', 'unsubscribed', 'blocked'] } });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.contact_id)).toEqual(brand().contacts.filter((c: any) => members(1).has(c.contact_id)).map((c: any) => c.contact_id));
	});
});

describe('List > Add / Remove Contacts: chunks of 500', () => {
	const contactIds = (n: number): number[] => brand().contacts.slice(0, n).map((c: any) => c.contact_id);

	test('Add 1,234 contacts: 3 POSTs of 500, 500 and 234 contacts, in the order given, one output item', async () => {
		ctx.sandbox.reset({ contacts: 1300 });
		const ids = contactIds(1234).reverse();
		const result = await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids }] });
		expect(result.error).toBeUndefined();
		const posts = sent(ctx.sandbox);
		expect(posts.map((r) => [r.method, r.path, r.contentType])).toEqual(Array(3).fill(['POST', `${BRAND}/lists/contacts`, 'application/json']));
		expect(posts[0].body).toEqual(ids.slice(0, 500).map((id) => ({ contact_id: id, lists: [5] })));
		expect(posts[1].body).toEqual(ids.slice(500, 1000).map((id) => ({ contact_id: id, lists: [5] })));
		expect(posts[2].body).toEqual(ids.slice(1000).map((id) => ({ contact_id: id, lists: [5] })));
		expect(members(5).size).toBe(1234);
		expect(result.json).toEqual([
			expect.objectContaining({ success: true, contact_ids: ids, list_ids: [5], added: 1234, contacts: 1234 }),
		]);
		// How it was sent (requests, chunk size) is the node's business, not the user's (n8n's UX guidelines).
		expect(Object.keys(result.json[0])).not.toEqual(expect.arrayContaining(['requests']));
		expect(Object.keys(result.json[0])).not.toEqual(expect.arrayContaining(['chunk_size']));
	});

	test('exactly 500 contacts go in one request', async () => {
		ctx.sandbox.reset({ contacts: 600 });
		const result = await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids: contactIds(500) }] });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox).map((r) => r.body && (r.body as unknown[]).length)).toEqual([500]);
		expect(result.json[0]).toEqual(expect.objectContaining({ added: 500 }));
	});

	test('a failure in the 2nd of 3 requests stops the item; the error says, in contacts, what was done and what was not sent', async () => {
		ctx.sandbox.reset({ contacts: 1300 });
		const ids = contactIds(1234);
		await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids }] });
		ctx.sandbox.requests.length = 0;
		ctx.sandbox.injectFault({ kind: 'status', status: 500, match: { method: 'DELETE', path: `${BRAND}/lists/contacts`, nth: 2 } });
		const result = await run({ operation: 'removeContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids }] });
		expect(result.error?.message).toBe('SlickText could not complete the request (500) (the 2nd of 3 requests of up to 500 contacts) [item 0]');
		expect(result.error?.description).toContain(
			'Done before this stop: the first 500 of 1234 contacts, in the order given, were removed. Not done: contacts 501-1000 (the request this message is about); contacts 1001-1234 were not sent.',
		);
		expect(result.error?.description).toContain('Running the item again is safe');
		const deletes = sent(ctx.sandbox);
		expect(deletes.map((r) => [r.method, r.status, (JSON.parse(r.rawBody as string) as unknown[]).length])).toEqual([
			['DELETE', 200, 500],
			['DELETE', 500, 500],
		]);
		// What the sandbox did matches the error: the first 500 are off the list, the rest still on.
		for (const id of ids.slice(0, 500)) expect(members(5).has(id)).toBe(false);
		for (const id of ids.slice(500)) expect(members(5).has(id)).toBe(true);
	});

	test('a failure in the 1st request: the error says none of the contacts were changed, counted in contacts', async () => {
		ctx.sandbox.reset({ contacts: 1300 });
		const ids = contactIds(1001);
		ctx.sandbox.injectFault({ kind: 'status', status: 500, match: { method: 'POST', path: `${BRAND}/lists/contacts`, nth: 1 } });
		const result = await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids }] });
		expect(result.error?.message).toBe('SlickText could not complete the request (500) (the 1st of 3 requests of up to 500 contacts) [item 0]');
		expect(result.error?.description).toContain(
			"None of this item's 1001 contacts were added. Not done: contacts 1-500 (the request this message is about); contacts 501-1001 were not sent.",
		);
		expect(sent(ctx.sandbox)).toHaveLength(1);
	});

	test('with Continue On Fail the failed item says which request failed and the next item is still sent', async () => {
		ctx.sandbox.reset({ contacts: 1300 });
		const ids = contactIds(1200);
		ctx.sandbox.injectFault({ kind: 'status', status: 422, body: { message: 'Too many contacts' }, match: { method: 'POST', nth: 1 } });
		const result = await run(
			{ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] },
			{ items: [{ ids: ids.slice(0, 1000) }, { ids: ids.slice(1000) }], continueOnFail: true },
		);
		expect(result.json).toHaveLength(2);
		expect(String(result.json[0].error)).toContain('(the 1st of 2 requests of up to 500 contacts)');
		expect(result.json[1]).toEqual(expect.objectContaining({ success: true, added: 200 }));
	});

	test('chunks keep within the rate limit: 5 chunks at 2 a second, each sent once', async () => {
		ctx.sandbox.reset({ contacts: 2600 });
		// 120 a minute: the x-RateLimit the sandbox sends then says 2 a second too (100 would say 1).
		ctx.sandbox.setRateLimit({ perSecond: 2, perMinute: 120 });
		const ids = contactIds(2500);
		const rate = { requestsPerSecond: 2, requestsPerMinute: 120 };
		const limiter = watchLimiter('current', ctx.sandbox.currentCredentials(rate));
		const result = await run({ operation: 'addContacts', contactIds: '={{ $json.ids }}', listIds: [5] }, { items: [{ ids }], credentials: rate });
		expect(result.error).toBeUndefined();
		// Each chunk accepted once, in order (a 429, which a starved machine can cause, is waited out).
		const accepted = sent(ctx.sandbox).filter((r) => r.status === 200);
		expect(accepted).toHaveLength(5);
		expect(accepted.flatMap((r) => (r.body as any[]).map((e) => e.contact_id))).toEqual(ids);
		expect(members(5).size).toBe(2500);
		// Paced by the limiter at 2 a second: the third chunk left a second after the first.
		expect(waitRates(before429(limiter.decisions))).toEqual(new Set([2]));
		expectAtMostPerSecond(limiter.decisions, 2);
	});
});
