// The memory of received events: how long and how many keys it keeps.
import {
	claimNew,
	digest,
	PERSIST_MAX,
	recordForRestart,
	rememberedCount,
	REMEMBER_MAX,
	REMEMBER_MS,
	STORE_FIELD,
} from '../../../nodes/SlickTextTrigger/deliveries';

const event = (key: string) => ({ key });
const HOUR = 60 * 60 * 1000;

describe('memory of received events', () => {
	it("covers SlickText's whole retry window (about a day)", () => {
		const t0 = 1_000_000;
		expect(claimNew('window', [event('a')], t0)).toHaveLength(1);
		expect(claimNew('window', [event('a')], t0 + 24 * HOUR)).toHaveLength(0);
		expect(REMEMBER_MS).toBeGreaterThan(24 * HOUR);
		expect(claimNew('window', [event('a')], t0 + REMEMBER_MS)).toHaveLength(1);
	});

	it('is not pushed out by 5,000 other events in between', () => {
		const t0 = 1_000_000;
		claimNew('busy', [event('first')], t0);
		for (let i = 0; i < 5000; i++) claimNew('busy', [event(`other-${i}`)], t0 + i);
		expect(claimNew('busy', [event('first')], t0 + HOUR)).toHaveLength(0);
	});

	it('stays bounded: past the maximum the oldest key goes first', () => {
		const t0 = 1_000_000;
		for (let i = 0; i < 120; i++) claimNew('bounded', [event(`k${i}`)], t0 + i, undefined, 100);
		expect(rememberedCount('bounded')).toBe(100);
		expect(claimNew('bounded', [event('k119')], t0 + 200, undefined, 100)).toHaveLength(0);
		expect(claimNew('bounded', [event('k0')], t0 + 200, undefined, 100)).toHaveLength(1);
		expect(REMEMBER_MAX).toBeGreaterThanOrEqual(100_000);
	});

	it('drops expired keys as time passes, so an idle node keeps nothing', () => {
		const t0 = 1_000_000;
		for (let i = 0; i < 50; i++) claimNew('expiring', [event(`k${i}`)], t0);
		claimNew('expiring', [], t0 + REMEMBER_MS + 1);
		expect(rememberedCount('expiring')).toBe(0);
	});

	it('counts an event repeated inside one delivery once', () => {
		expect(claimNew('inside', [event('x'), event('x'), event('y')], 1)).toEqual([event('x'), event('y')]);
	});
});

describe('keys kept in the static data n8n saves', () => {
	/** What n8n writes to its database and reads back for the next delivery. */
	const saved = (staticData: Record<string, unknown>) => JSON.parse(JSON.stringify(staticData)) as Record<string, unknown>;

	it('a key recorded by a run is recognised by a process that never saw it (a restart, another process)', () => {
		const t0 = Date.now();
		const staticData: Record<string, unknown> = {};
		recordForRestart('run-process', staticData, ['current:abc'], t0);
		const stored = saved(staticData)[STORE_FIELD];
		expect(stored).toEqual({ [digest('current:abc')]: Math.floor(t0 / 1000) });
		expect(claimNew('restarted-process', [event('current:abc')], t0 + 1000, stored)).toHaveLength(0);
		expect(claimNew('restarted-process', [event('current:other')], t0 + 1000, stored)).toHaveLength(1);
		// Past the retry window the stored key no longer counts.
		expect(claimNew('late-process', [event('current:abc')], t0 + REMEMBER_MS + 1000, stored)).toHaveLength(1);
	});

	it("is written when n8n saves, so runs that overlap in one process keep each other's keys", () => {
		const t0 = Date.now();
		const runA: Record<string, unknown> = {};
		const runB: Record<string, unknown> = {};
		claimNew('overlap', [event('a')], t0);
		recordForRestart('overlap', runA, ['a'], t0);
		claimNew('overlap', [event('b')], t0);
		recordForRestart('overlap', runB, ['b'], t0);
		// Run B ends first, run A last: A's save still holds B's key.
		const last = saved(runA)[STORE_FIELD] as Record<string, number>;
		expect(Object.keys(last).sort()).toEqual([digest('a'), digest('b')].sort());
	});

	it('learns keys another process stored, and keeps them when it saves', () => {
		const t0 = Date.now();
		const fromElsewhere = { [STORE_FIELD]: { [digest('x')]: Math.floor(t0 / 1000) } };
		const staticData: Record<string, unknown> = { ...fromElsewhere };
		recordForRestart('learner', staticData, ['y'], t0);
		expect(Object.keys(saved(staticData)[STORE_FIELD] as object).sort()).toEqual([digest('x'), digest('y')].sort());
		expect(claimNew('learner', [event('x')], t0)).toHaveLength(0);
	});

	it('stays bounded: the most recent keys, at most the maximum, small enough for a workflow row', () => {
		const t0 = Date.now();
		const staticData: Record<string, unknown> = {};
		for (let i = 0; i < 150; i++) claimNew('persist-bounded', [event(`k${i}`)], t0);
		recordForRestart('persist-bounded', staticData, [], t0, 100);
		const stored = saved(staticData)[STORE_FIELD] as Record<string, number>;
		expect(Object.keys(stored)).toHaveLength(100);
		expect(stored[digest('k149')]).toBeDefined();
		expect(stored[digest('k0')]).toBeUndefined();
		expect(PERSIST_MAX).toBeGreaterThanOrEqual(10_000);
		const full: Record<string, unknown> = {};
		for (let i = 0; i < PERSIST_MAX; i++) claimNew('persist-size', [event(`current:${i.toString(16).padStart(24, '0')}`)], t0);
		recordForRestart('persist-size', full, [], t0);
		expect(JSON.stringify(full).length).toBeLessThan(400_000);
	});

	it('ignores a stored value of the wrong shape', () => {
		expect(claimNew('odd-store', [event('z')], Date.now(), 'not an object')).toHaveLength(1);
		expect(claimNew('odd-store-2', [event('z')], Date.now(), { [digest('z')]: 'yesterday' })).toHaveLength(1);
	});
});
