// The limiter's arithmetic, on a clock the test moves by hand (so nothing here depends on timing).
import { RateLimiter, type Booking } from '../../../nodes/shared/transport/rateLimiter';

function clock(start = 1_000_000) {
	const c = { t: start, now: () => c.t };
	return c;
}

const booked = (b: Booking | number): b is Booking => typeof b !== 'number';

describe('RateLimiter', () => {
	it('lets 8 requests through in a second and makes the 9th wait until a second after the first answer', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		const first = limiter.tryBook();
		expect(booked(first)).toBe(true);
		for (let i = 0; i < 7; i++) expect(booked(limiter.tryBook())).toBe(true);
		// Nothing answered yet: it can only look again shortly.
		expect(limiter.tryBook()).toBe(10);
		c.t += 40;
		limiter.finish(first as Booking);
		const wait = limiter.tryBook() as number;
		expect(wait).toBeGreaterThan(1000);
		expect(wait).toBeLessThan(1100);
		c.t += wait;
		expect(booked(limiter.tryBook())).toBe(true);
	});

	it('never lets 9 requests of one second, nor 481 of one minute, overlap (answers after 5 ms)', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		const spans: Array<[number, number]> = [];
		while (c.t < 1_000_000 + 180_000) {
			const b = limiter.tryBook();
			if (typeof b === 'number') {
				c.t += b;
				continue;
			}
			const sentAt = c.t;
			c.t += 5;
			limiter.finish(b);
			spans.push([sentAt, c.t]);
		}
		// A server sees request i somewhere in [sent, answered]: even at the worst, 9 in a row span > 1 s.
		for (let i = 8; i < spans.length; i++) expect(spans[i][0] - spans[i - 8][1]).toBeGreaterThan(1_000);
		for (let i = 480; i < spans.length; i++) expect(spans[i][0] - spans[i - 480][1]).toBeGreaterThan(60_000);
		// And it does not hold back much either: at least 95% of 8 a second over three minutes.
		expect(spans.length).toBeGreaterThanOrEqual(Math.floor(0.95 * 180 * 8));
	});

	it('waits for the reset the API announces when it reports no requests left', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		limiter.observe(0, 12);
		const wait = limiter.tryBook() as number;
		expect(wait).toBeGreaterThanOrEqual(12_000);
		expect(wait).toBeLessThan(12_100);
		limiter.observe(5, 30);
		c.t += wait;
		expect(booked(limiter.tryBook())).toBe(true);
	});

	it('follows a lower limit set in the credential', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 2, perMinute: 100 }, c.now);
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(false);
	});
});

describe('RateLimiter queue', () => {
	it('serves waiting requests in the order they asked, a window apart', async () => {
		const limiter = new RateLimiter({ perSecond: 4, perMinute: 480 });
		const order: number[] = [];
		const started = Date.now();
		const times: number[] = [];
		await Promise.all(
			Array.from({ length: 6 }, async (_, i) => {
				const booking = await limiter.acquire();
				order.push(i);
				times.push(Date.now() - started);
				limiter.finish(booking);
			}),
		);
		expect(order).toEqual([0, 1, 2, 3, 4, 5]);
		// Four at once, the fifth and sixth a second after the first answers.
		expect(times.slice(0, 4).every((t) => t < 100)).toBe(true);
		expect(times[4]).toBeGreaterThanOrEqual(1000);
		expect(times[5]).toBeLessThan(1500);
	});
});
