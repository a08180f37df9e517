// The waits of one n8n process in the trigger's static data (nodes/shared/replies/waits/inStaticData.ts):
// the store's contract without n8n, the static data round-tripped through JSON as n8n saves and loads it.
import type { IDataObject } from 'n8n-workflow';

import { openWaitCount, StaticDataWaits, WAITS_FIELD } from '../../../../../nodes/shared/replies/waits/inStaticData';
import { CLAIM_HOLD_MS, MAX_WAITS, MAX_WAITS_PER_PERSON } from '../../../../../nodes/shared/replies/waits/store';

// Times near now: what n8n saves is pruned by the real clock.
const t0 = Date.now();
const wait = (n: number, person = '+16175550100', extra: IDataObject = {}) =>
	({ platform: 'legacy' as const, person, resumeUrl: `http://n8n/webhook-waiting/${n}/a`, since: t0 + n, until: 0, sent: { n }, ...extra });
/** What n8n saves and loads for the next request. */
const roundTrip = (staticData: IDataObject): IDataObject => JSON.parse(JSON.stringify(staticData));

describe('waits in static data', () => {
	it("finds a person's open waits oldest first; a taken one no more, and the reply that took it is a repeat after a restart", async () => {
		const staticData: IDataObject = {};
		const store = new StaticDataWaits('s1', staticData, t0);
		expect(await store.add(wait(2), t0)).toBe('added');
		expect(await store.add(wait(1), t0)).toBe('added');
		expect(await store.add(wait(3, '+16175550999'), t0)).toBe('added');
		expect(await store.add(wait(1), t0)).toBe('known');
		const found = await store.find('+16175550100', 'legacy:ev-1', t0);
		expect(found.open.map((w) => w.resumeUrl)).toEqual(['http://n8n/webhook-waiting/1/a', 'http://n8n/webhook-waiting/2/a']);
		expect(found.open[0].sent).toEqual({ n: 1 });
		expect(await store.claim(found.open[0], 'legacy:ev-1', t0)).toBe('won');
		await store.taken(found.open[0], 'legacy:ev-1', t0 + 1);
		const after = await store.find('+16175550100', 'legacy:ev-1', t0);
		expect(after).toEqual({ open: [expect.objectContaining({ resumeUrl: 'http://n8n/webhook-waiting/2/a' })], takenBefore: true });
		// Another process (or this one after a restart) learns it from n8n's copy.
		const restarted = new StaticDataWaits('s1-after-restart', roundTrip(staticData), t0 + 2);
		expect((await restarted.find('+16175550100', 'legacy:ev-1', t0 + 2)).takenBefore).toBe(true);
		expect((await restarted.find('+16175550100', 'legacy:ev-2', t0 + 2)).takenBefore).toBe(false);
		expect((await restarted.find('+16175550100', 'legacy:ev-2', t0 + 2)).open).toHaveLength(1);
	});

	it('claims a wait for one reply: the same reply again, another reply, a claim left by a stopped process', async () => {
		const store = new StaticDataWaits('s2', {}, t0);
		await store.add(wait(1), t0);
		const [w] = (await store.find('+16175550100', 'k1', t0)).open;
		expect(await store.claim(w, 'k1', t0)).toBe('won');
		expect(await store.claim(w, 'k1', t0)).toBe('same');
		expect(await store.claim(w, 'k2', t0)).toBe('other');
		// Released (the wait kept waiting): free again.
		await store.release(w, 'k1');
		expect(await store.claim(w, 'k2', t0)).toBe('won');
		// A claim whose reply never finished holds the wait CLAIM_HOLD_MS at most.
		expect(await store.claim(w, 'k3', t0 + CLAIM_HOLD_MS + 1)).toBe('won');
		// Taken by k3: its repeat is told so, any other reply finds it another's.
		await store.taken(w, 'k3', t0 + CLAIM_HOLD_MS + 2);
		expect(await store.claim(w, 'k3', t0 + CLAIM_HOLD_MS + 3)).toBe('taken');
		expect(await store.claim(w, 'k4', t0 + 3 * CLAIM_HOLD_MS)).toBe('other');
	});

	it('says whether n8n has stored a wait: not in the request that added it, yes in the next', async () => {
		const staticData: IDataObject = {};
		const store = new StaticDataWaits('s3', staticData, t0);
		await store.add(wait(1), t0);
		expect(store.stored(wait(1).resumeUrl)).toBe(false);
		expect(new StaticDataWaits('s3', roundTrip(staticData), t0).stored(wait(1).resumeUrl)).toBe(true);
	});

	it('forgets a wait past its time limit, and a gone one', async () => {
		const staticData: IDataObject = {};
		const store = new StaticDataWaits('s4', staticData, t0);
		await store.add(wait(1, '+16175550100', { until: t0 + 9000 }), t0);
		await store.add(wait(2), t0);
		expect((await store.find('+16175550100', 'k', t0 + 8000)).open).toHaveLength(2);
		const later = new StaticDataWaits('s4', roundTrip(staticData), t0 + 9001);
		const open = (await later.find('+16175550100', 'k', t0 + 9001)).open;
		expect(open.map((w) => w.resumeUrl)).toEqual(['http://n8n/webhook-waiting/2/a']);
		await later.gone(open[0]);
		expect((await later.find('+16175550100', 'k', t0 + 9002)).open).toEqual([]);
		expect(JSON.stringify(staticData[WAITS_FIELD])).not.toContain('"c"');
	});

	it('refuses a new wait past MAX_WAITS open ones, or MAX_WAITS_PER_PERSON for one person, and drops no older wait', async () => {
		const store = new StaticDataWaits('s5', {}, t0);
		for (let n = 0; n < MAX_WAITS; n++) expect(await store.add(wait(n, `+1617555${String(n).padStart(4, '0')}`), t0)).toBe('added');
		expect(await store.add(wait(MAX_WAITS, '+16175559999'), t0)).toMatch(/holds 10000 open waits, its most/);
		expect(openWaitCount('s5')).toBe(MAX_WAITS);
		const [first] = (await store.find('+16175550000', 'k', t0)).open;
		expect(first).toBeDefined();
		// A taken wait makes room.
		await store.taken(first, 'k', t0);
		expect(await store.add(wait(MAX_WAITS, '+16175559999'), t0)).toBe('added');

		const one = new StaticDataWaits('s6', {}, t0);
		for (let n = 0; n < MAX_WAITS_PER_PERSON; n++) expect(await one.add(wait(n), t0)).toBe('added');
		expect(await one.add(wait(MAX_WAITS_PER_PERSON), t0)).toBe(`+16175550100 has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`);
		expect(await one.add(wait(MAX_WAITS_PER_PERSON + 1, '+16175550101'), t0)).toBe('added');
	});
});

describe('a registration n8n did not save', () => {
	it('asked again, the wait is saved again (n8n may fail to save under load)', async () => {
		const first: IDataObject = {};
		await new StaticDataWaits('s7', first, t0).add(wait(1), t0);
		// n8n's save failed: the next request loads a copy without the wait.
		const again: IDataObject = {};
		const store = new StaticDataWaits('s7', again, t0);
		expect(await store.add(wait(1), t0)).toBe('known');
		expect(store.stored(wait(1).resumeUrl)).toBe(false);
		// Marked to be saved after this request, and then found.
		expect(JSON.stringify(again[WAITS_FIELD])).toContain('webhook-waiting/1/a');
		expect(new StaticDataWaits('s7', roundTrip(again), t0).stored(wait(1).resumeUrl)).toBe(true);
	});
});
