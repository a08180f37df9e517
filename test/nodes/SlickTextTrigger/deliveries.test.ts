// The memory of received events: how long and how many keys it keeps.
import { claimNew, rememberedCount, REMEMBER_MAX, REMEMBER_MS } from '../../../nodes/SlickTextTrigger/deliveries';

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
		for (let i = 0; i < 120; i++) claimNew('bounded', [event(`k${i}`)], t0 + i, 100);
		expect(rememberedCount('bounded')).toBe(100);
		expect(claimNew('bounded', [event('k119')], t0 + 200, 100)).toHaveLength(0);
		expect(claimNew('bounded', [event('k0')], t0 + 200, 100)).toHaveLength(1);
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
