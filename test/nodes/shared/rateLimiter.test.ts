// The limiter's arithmetic, on a clock the test moves by hand (so nothing here depends on timing).
import { RateLimiter } from '../../../nodes/shared/transport/rateLimiter';

function clock(start = 1_000_000) {
	const c = { t: start, now: () => c.t };
	return c;
}

describe('RateLimiter', () => {
	it('lets 8 requests through in a second and makes the 9th wait for the window to move', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		for (let i = 0; i < 8; i++) expect(limiter.tryBook()).toBe(0);
		const wait = limiter.tryBook();
		expect(wait).toBeGreaterThan(1000);
		expect(wait).toBeLessThan(1100);
		c.t += wait;
		expect(limiter.tryBook()).toBe(0);
	});

	it('never books more than 480 in any 60 seconds', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		const booked: number[] = [];
		while (c.t < 1_000_000 + 180_000) {
			const wait = limiter.tryBook();
			if (wait === 0) booked.push(c.t);
			else c.t += wait;
		}
		for (let i = 480; i < booked.length; i++) {
			expect(booked[i] - booked[i - 480]).toBeGreaterThan(60_000);
		}
		for (let i = 8; i < booked.length; i++) {
			expect(booked[i] - booked[i - 8]).toBeGreaterThan(1_000);
		}
		// And it does not hold back either: close to 8 a second over three minutes.
		expect(booked.length).toBeGreaterThanOrEqual(Math.floor(0.95 * 180 * 8));
	});

	it('waits for the reset the API announces when it reports no requests left', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		limiter.observe(0, 12);
		const wait = limiter.tryBook();
		expect(wait).toBeGreaterThanOrEqual(12_000);
		expect(wait).toBeLessThan(12_100);
		limiter.observe(5, 30);
		c.t += wait;
		expect(limiter.tryBook()).toBe(0);
	});

	it('follows a lower limit set in the credential', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 2, perMinute: 100 }, c.now);
		expect(limiter.tryBook()).toBe(0);
		expect(limiter.tryBook()).toBe(0);
		expect(limiter.tryBook()).toBeGreaterThan(0);
	});
});
