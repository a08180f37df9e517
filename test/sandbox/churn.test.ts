// Sandbox#churn: a contact collection that changes between two page requests, on both APIs. A naive
// pager (offset += page size) is used here as the client, to prove that the change really shifts the
// window: it misses records when records before the next offset leave, and sees one twice when a record
// joins before it. The ids that left and joined are recorded, so a test of a real client can check
// that it missed none of the records that stayed throughout and output none twice.
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const { startSandbox } = require('../../sandbox/server');

const LEGACY_AUTH = `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}`;
const CURRENT_AUTH = 'Bearer sandbox-api-key';

describe('sandbox churn', () => {
	let sandbox: any;
	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
	});
	beforeEach(() => sandbox.reset());
	afterAll(async () => sandbox?.stop());

	/** Pages through a current collection with limit/offset until hasMore is false; the ids in order. */
	async function currentPages(path: string, limit: number, query = ''): Promise<number[]> {
		const ids: number[] = [];
		for (let offset = 0; ; offset += limit) {
			const res = await fetch(`${sandbox.currentBaseUrl}/brands/1001${path}?limit=${limit}&offset=${offset}${query}`, {
				headers: { authorization: CURRENT_AUTH },
			});
			const body = await res.json();
			ids.push(...body.data.map((c: any) => c.contact_id));
			if (!body.pagingData.hasMore) return ids;
		}
	}

	/** Pages through a legacy collection until offset passes meta.total; the ids in order, as text. */
	async function legacyPages(path: string, limit: number, query = ''): Promise<string[]> {
		const ids: string[] = [];
		for (let offset = 0; ; offset += limit) {
			const res = await fetch(`${sandbox.legacyBaseUrl}${path}?limit=${limit}&offset=${offset}${query}`, {
				headers: { authorization: LEGACY_AUTH },
			});
			const body = await res.json();
			ids.push(...body.contacts.map((c: any) => String(c.id)));
			if (offset + limit >= Number(body.meta.total)) return ids;
		}
	}

	const duplicates = <T>(ids: T[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

	it('current /contacts: two leave before the next offset and one joins at the end; a naive pager misses two that stayed', async () => {
		const before = sandbox.state.current.contacts.map((c: any) => c.contact_id);
		const churn = sandbox.churn({ platform: 'current', path: /\/contacts$/, after: 1, leave: 2, join: 1 });
		const seen = await currentPages('/contacts', 50);
		expect(churn.applied).toBe(true);
		expect(churn.nextOffset).toBe(50);
		expect(churn.left).toHaveLength(2);
		// The leavers were among the first page (before the next offset), spread over it.
		for (const id of churn.left) expect(before.indexOf(id)).toBeLessThan(50);
		expect(new Set(churn.left).size).toBe(2);
		// The joiner is new, at the end, and is a contact of the brand with its own number.
		expect(churn.joined).toHaveLength(1);
		expect(before).not.toContain(churn.joined[0]);
		const stored = sandbox.state.current.contacts;
		expect(stored[stored.length - 1].contact_id).toBe(churn.joined[0]);
		expect(new Set(stored.map((c: any) => c.mobile_number)).size).toBe(stored.length);
		for (const id of churn.left) expect(sandbox.state.current.contactById.has(id)).toBe(false);
		// What the window shift does to a naive pager: exactly two that stayed throughout are missed.
		const stayed = before.filter((id: number) => !churn.left.includes(id));
		const missed = stayed.filter((id: number) => !seen.includes(id));
		expect(missed).toHaveLength(2);
		expect(seen).toContain(churn.joined[0]);
		expect(duplicates(seen)).toEqual([]);
		// The answer after which it happened carries the change in the log.
		const entry = sandbox.requests.find((r: any) => r.seq === churn.afterSeq);
		expect(entry.query).toEqual({ limit: '50', offset: '0' });
		expect(entry.churn).toEqual({ left: churn.left, joined: churn.joined });
	});

	it('current: a record that joins before the next offset shows up twice for a naive pager; filters are kept', async () => {
		const filter = '&opt_in_status=subscribed';
		const before = sandbox.state.current.contacts.filter((c: any) => c.opt_in_status === 'subscribed').map((c: any) => c.contact_id);
		const churn = sandbox.churn({ platform: 'current', after: 2, join: 3, joinAt: 'before-offset' });
		const seen = await currentPages('/contacts', 40, filter);
		expect(churn.applied).toBe(true);
		expect(churn.nextOffset).toBe(80);
		expect(churn.left).toEqual([]);
		// Joiners copy a neighbour, so they pass the same filter, and sit before offset 80.
		for (const id of churn.joined) {
			const contact = sandbox.state.current.contactById.get(id);
			expect(contact.opt_in_status).toBe('subscribed');
		}
		const subscribed = sandbox.state.current.contacts.filter((c: any) => c.opt_in_status === 'subscribed').map((c: any) => c.contact_id);
		for (const id of churn.joined) expect(subscribed.indexOf(id)).toBeLessThan(80);
		// Three records pushed over the page boundary are seen twice; none that stayed is missed.
		expect(duplicates(seen)).toHaveLength(3);
		expect(before.filter((id: number) => !seen.includes(id))).toEqual([]);
	});

	it('current /lists/{id}/contacts: leavers leave the list (not the brand), joiners join both', async () => {
		const members = () => sandbox.state.current.listMembers.get(1);
		const before = [...members()];
		const churn = sandbox.churn({ platform: 'current', path: /\/lists\/1\/contacts$/, leave: 3, join: 2, where: 'anywhere' });
		await currentPages('/lists/1/contacts', 30);
		expect(churn.left).toHaveLength(3);
		for (const id of churn.left) {
			expect(members().has(id)).toBe(false);
			expect(sandbox.state.current.contactById.has(id)).toBe(true);
		}
		for (const id of churn.joined) {
			expect(members().has(id)).toBe(true);
			expect(sandbox.state.current.contactById.has(id)).toBe(true);
		}
		// 'anywhere': spread over the whole list, so some leave after the next page's offset.
		const order = sandbox.state.current.contacts.map((c: any) => c.contact_id).filter((id: number) => before.includes(id));
		expect(Math.max(...churn.left.map((id: number) => order.indexOf(id)))).toBeGreaterThanOrEqual(30);
	});

	it('legacy /textwords/{id}/contacts with a filter: leavers are deleted, joiners pass the filter, ids are recorded', async () => {
		const filter = '&city=San%20Diego';
		const inList = () =>
			sandbox.state.legacy.contacts.filter((c: any) => c.textword === '5401' && c.city === 'San Diego').map((c: any) => c.id);
		const before = inList();
		expect(before.length).toBeGreaterThan(10);
		const churn = sandbox.churn({ platform: 'legacy', path: '/legacy/v1/textwords/5401/contacts', leave: 2, join: 2 });
		const seen = await legacyPages('/textwords/5401/contacts', 5, filter);
		expect(churn.applied).toBe(true);
		expect(churn.nextOffset).toBe(5);
		for (const id of churn.left) {
			expect(before.indexOf(id)).toBeLessThan(5);
			expect(sandbox.state.legacy.contactsById.has(id)).toBe(false);
		}
		expect(inList().slice(-2)).toEqual(churn.joined);
		const stayed = before.filter((id: string) => !churn.left.includes(id));
		expect(stayed.filter((id: string) => !seen.includes(id))).toHaveLength(2);
		for (const id of churn.joined) expect(seen).toContain(id);
	});

	it('counts only matching collection GETs of its platform, happens once, and is cleared by reset', async () => {
		const churn = sandbox.churn({ platform: 'legacy', path: /\/legacy\/v1\/contacts$/, after: 2, leave: 1 });
		const get = (path: string) => fetch(`${sandbox.legacyBaseUrl}${path}`, { headers: { authorization: LEGACY_AUTH } });
		await get('/contacts/3000001'); // one contact, not a collection
		await get('/textwords/5401/contacts'); // another path
		await fetch(`${sandbox.currentBaseUrl}/brands/1001/contacts`, { headers: { authorization: CURRENT_AUTH } });
		await get('/contacts?limit=1&offset=10000'); // 1st
		expect(churn.applied).toBe(false);
		expect(churn.seen).toBe(1);
		await get('/contacts?limit=10'); // 2nd: the change happens after it
		expect(churn.applied).toBe(true);
		expect(churn.nextOffset).toBe(10);
		expect(churn.left).toHaveLength(1);
		await get('/contacts?limit=10');
		expect(churn.left).toHaveLength(1);
		sandbox.reset();
		expect(sandbox.churns).toEqual([]);
	});

	it('refuses options it does not know', () => {
		expect(() => sandbox.churn({ platform: 'other' })).toThrow(/platform/);
		expect(() => sandbox.churn({ platform: 'current', where: 'end' })).toThrow(/where/);
		expect(() => sandbox.churn({ platform: 'current', joinAt: 'middle' })).toThrow(/joinAt/);
		expect(() => sandbox.churn({ platform: 'legacy', leave: -1 })).toThrow(/leave/);
	});
});
