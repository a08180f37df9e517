// The limiter's arithmetic, on a clock the test moves by hand (so nothing here depends on timing).
import {
	MAX_IN_FLIGHT,
	MAX_REMEMBERED_KEYS,
	MAX_RESET_WAIT_MS,
	RateLimiter,
	limiterFor,
	rememberedKeys,
	resetLimiters,
	resetWaitMs,
	type Booking,
} from '../../../nodes/shared/transport/rateLimiter';

function clock(start = 1_000_000) {
	const c = { t: start, now: () => c.t };
	return c;
}

const booked = (b: Booking | number): b is Booking => typeof b !== 'number';

/** A limiter that has had an answer from the API already (so its first request does not probe alone). */
function heard(limiter: RateLimiter): RateLimiter {
	limiter.observe(200, undefined, undefined);
	return limiter;
}

describe('RateLimiter', () => {
	it(`hands out at most ${MAX_IN_FLIGHT} requests at once, in item order, one more as each answer comes`, async () => {
		const c = clock();
		// A credential allowing far more than SlickText: only the in-flight bound holds requests back.
		const limiter = heard(new RateLimiter({ perSecond: 1e6, perMinute: 6e7 }, c.now));
		const order: number[] = [];
		const bookings: Booking[] = [];
		for (let i = 0; i < 100; i++) {
			void limiter.acquire().then((b) => {
				order.push(i);
				bookings.push(b);
			});
		}
		const settle = () => new Promise((resolve) => setImmediate(resolve));
		await settle();
		expect(MAX_IN_FLIGHT).toBe(32);
		expect(order).toEqual(Array.from({ length: MAX_IN_FLIGHT }, (_, i) => i));
		limiter.finish(bookings[3]);
		limiter.finish(bookings[3]); // a second finish of the same request frees nothing more
		await settle();
		expect(order).toHaveLength(MAX_IN_FLIGHT + 1);
		expect(order[MAX_IN_FLIGHT]).toBe(MAX_IN_FLIGHT);
		for (const b of [...bookings]) limiter.finish(b);
		await settle();
		expect(order).toHaveLength(Math.min(100, 2 * MAX_IN_FLIGHT + 1));
	});

	it('lets 8 requests through in a second and makes the 9th wait until a second after the first answer', () => {
		const c = clock();
		const limiter = heard(new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now));
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
		limiter.observe(200, 0, 12_000);
		const wait = limiter.tryBook() as number;
		expect(wait).toBeGreaterThanOrEqual(12_000);
		expect(wait).toBeLessThan(12_100);
		limiter.observe(200, 5, 30_000);
		c.t += wait;
		expect(booked(limiter.tryBook())).toBe(true);
	});

	it('gives the slot of a request answered 429 back at once: the server did not count it', () => {
		const c = clock();
		const limiter = heard(new RateLimiter({ perSecond: 4, perMinute: 240 }, c.now));
		const four = [0, 1, 2, 3].map(() => limiter.tryBook() as Booking);
		expect(four.every(booked)).toBe(true);
		c.t += 5;
		four.forEach((b, i) => limiter.finish(b, i === 3));
		c.t += 100;
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(false);
	});

	it('follows a lower limit set in the credential', () => {
		const c = clock();
		const limiter = heard(new RateLimiter({ perSecond: 2, perMinute: 100 }, c.now));
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(false);
	});
});

describe('RateLimiter queue', () => {
	// jest's fake timers drive both the limiter's clock and its wake-up timer: the times are the ones it
	// decided, whatever else the machine is doing.
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('serves waiting requests in the order they asked, a window apart', async () => {
		const started = Date.now();
		const limiter = new RateLimiter({ perSecond: 4, perMinute: 480 }, () => Date.now() - started);
		const order: number[] = [];
		const times: number[] = [];
		const all = Promise.all(
			Array.from({ length: 6 }, async (_, i) => {
				const booking = await limiter.acquire();
				order.push(i);
				times.push(Date.now() - started);
				// Answered 40 ms after it left.
				await new Promise((resolve) => setTimeout(resolve, 40));
				limiter.finish(booking);
			}),
		);
		await jest.advanceTimersByTimeAsync(5_000);
		await all;
		expect(order).toEqual([0, 1, 2, 3, 4, 5]);
		// The first alone (a key's first request), the next three at its answer, the fifth and sixth a
		// second after the answers of the first and second (and the limiter's 15 ms margin).
		expect(times.slice(0, 4)).toEqual([0, 40, 40, 40]);
		expect(times[4]).toBeGreaterThanOrEqual(1040);
		expect(times[4]).toBeLessThan(1100);
		expect(times[5]).toBeGreaterThanOrEqual(times[4]);
		expect(times[5]).toBeLessThan(1100);
	});
});

describe('reset headers', () => {
	const wall = 1_763_900_000_000;
	it('reads seconds, converts epoch seconds and milliseconds, and caps anything longer at a minute', () => {
		expect(resetWaitMs(12, wall)).toBe(12_000);
		expect(resetWaitMs(0.25, wall)).toBe(250);
		expect(resetWaitMs(1_763_900_005, wall)).toBe(5_000);
		expect(resetWaitMs(1_763_900_003_000, wall)).toBe(3_000);
		expect(resetWaitMs(60_000, wall)).toBe(MAX_RESET_WAIT_MS);
		expect(resetWaitMs(1_763_800_000, wall)).toBe(0);
		expect(resetWaitMs(-4, wall)).toBe(0);
		expect(resetWaitMs(undefined, wall)).toBeUndefined();
	});

	it('never blocks longer than the bound, whatever it is told', () => {
		const c = clock();
		const limiter = new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		limiter.blockFor(1e15);
		limiter.observe(429, 0, Infinity);
		expect(limiter.tryBook()).toBeLessThanOrEqual(MAX_RESET_WAIT_MS + 20);
	});
});

/**
 * Two processes (say two n8n queue-mode workers) with one key against a server that limits like the
 * sandbox, on a simulated clock with 40 ms each way: their limiters learn from x-RateLimit-Remaining
 * and 429s and settle at the shared limit instead of each sending the whole of it.
 */
describe('several processes sharing one key', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { createRateLimiter } = require('../../../sandbox/shared/rateLimit');

	/** `oneWay` ms each way, plus up to `jitter` ms more at random (seeded: the same every run). */
	function simulate(processes: number, seconds: number, oneWay = 40, jitter = 0) {
		let seed = 1;
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
		const c = clock(0);
		const server = createRateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		const limiters = Array.from({ length: processes }, () => new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now));
		type Event = { at: number; run: () => void };
		const events: Event[] = [];
		const at = (time: number, run: () => void) => events.push({ at: time, run });
		let accepted = 0;
		let refused = 0;
		const next = (limiter: RateLimiter) => {
			const booking = limiter.tryBook();
			if (typeof booking === 'number') return at(c.t + booking, () => next(limiter));
			at(c.t + oneWay + random() * jitter, () => {
				const verdict = server.take('key');
				const headers = verdict.headers;
				at(c.t + oneWay + random() * jitter, () => {
					// As the transport does: the answer's headers first, then the request is done (refused or not).
					const status = verdict.allowed ? 200 : 429;
					if (verdict.allowed) accepted++;
					else refused++;
					limiter.observe(status, Number(headers['x-ratelimit-remaining']), resetWaitMs(Number(headers['x-ratelimit-reset'])));
					limiter.finish(booking, !verdict.allowed);
				});
			});
			// Every process has more work than the limit allows: it asks again at once.
			at(c.t, () => next(limiter));
		};
		for (const limiter of limiters) at(0, () => next(limiter));
		while (events.length > 0) {
			events.sort((a, b) => a.at - b.at);
			const event = events.shift()!;
			if (event.at > seconds * 1000) break;
			c.t = Math.max(c.t, event.at);
			event.run();
		}
		return { accepted, refused, rate: accepted / (8 * seconds) };
	}

	it('two processes reach at least 85% of 8 a second together, with under 10% answered 429', () => {
		const { rate, accepted, refused } = simulate(2, 150);
		expect(rate).toBeGreaterThanOrEqual(0.85);
		expect(refused / (accepted + refused)).toBeLessThan(0.1);
	});

	// Round trips that vary, as on loopback under load: each process's part of the limit is fractional
	// (say 3.8 a second) and moves; rounding it down to whole requests a second left a fifth unused.
	it.each([
		[2, 5],
		[5, 20],
	])('two processes with %i ms each way plus up to %i ms of jitter reach at least 85% together, under 10% answered 429', (oneWay, jitter) => {
		const { rate, accepted, refused } = simulate(2, 150, oneWay, jitter);
		expect(rate).toBeGreaterThanOrEqual(0.85);
		expect(refused / (accepted + refused)).toBeLessThan(0.1);
	});

	it('one process alone still uses the whole limit without 429', () => {
		const { rate, refused } = simulate(1, 60);
		expect(rate).toBeGreaterThanOrEqual(0.95);
		expect(refused).toBe(0);
	});
});

/**
 * One process, a finite burst of creates, across a network: 200 requests at SlickText's 8 a second
 * against a server that counts each one when it arrives (half a round trip after it left). The client is
 * single-threaded, as n8n is: each request takes some CPU before it leaves, each answer some CPU before
 * its slot is freed, and the network varies by a few milliseconds each way (seeded: the same every run).
 * A 429 is waited out until its reset and sent again, as `send` does.
 */
describe('a burst across a network', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { createRateLimiter } = require('../../../sandbox/shared/rateLimit');

	interface BurstOptions {
		/** What the server allows (default SlickText's 8/480, as the credential says). */
		server?: { perSecond: number; perMinute: number };
		/** Whether answers carry x-RateLimit (the window's maximum); Remaining and Reset always come. */
		windowMax?: boolean;
		/** A limiter that already learnt (an earlier run in the same process). */
		limiter?: RateLimiter;
		c?: { t: number; now: () => number };
	}

	function burst(count: number, roundTrip: number, options: BurstOptions = {}) {
		let seed = 7;
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
		const c = options.c ?? clock(0);
		const serverLimit = options.server ?? { perSecond: 8, perMinute: 480 };
		const server = createRateLimiter(serverLimit, c.now);
		const limiter = options.limiter ?? new RateLimiter({ perSecond: 8, perMinute: 480 }, c.now);
		type Event = { at: number; seq: number; run: () => void };
		// Kept in order (time, then scheduling order) by inserting each event in its place.
		const events: Event[] = [];
		let seq = 0;
		const at = (time: number, run: () => void) => {
			const event = { at: time, seq: seq++, run };
			let lo = 0;
			let hi = events.length;
			while (lo < hi) {
				const mid = (lo + hi) >> 1;
				if (events[mid].at <= time) lo = mid + 1;
				else hi = mid;
			}
			events.splice(lo, 0, event);
		};
		let cpuFreeAt = 0;
		/** The client's one thread: work of `ms` starts when the thread is free. */
		const cpu = (ms: number) => (cpuFreeAt = Math.max(c.t, cpuFreeAt) + ms);
		const arrivals: number[] = [];
		const refusedAt: number[] = [];
		let firstSent = Infinity;
		let lastAnswer = 0;
		let waiting = count;
		// One wake-up pending at a time, as the limiter's own queue has (answers pump too).
		let wakeAt = Infinity;
		const wake = (time: number) => {
			if (wakeAt <= time && wakeAt >= c.t) return;
			wakeAt = time;
			at(time, () => {
				if (wakeAt === time) wakeAt = Infinity;
				pump();
			});
		};
		const pump = () => {
			while (waiting > 0) {
				const booking = limiter.tryBook();
				if (typeof booking === 'number') return wake(c.t + booking);
				waiting--;
				firstSent = Math.min(firstSent, c.t);
				const leaves = cpu(2);
				at(leaves + roundTrip / 2 + random() * 4, () => {
					const verdict = server.take('key');
					if (verdict.allowed) arrivals.push(c.t);
					else refusedAt.push(c.t);
					at(c.t + roundTrip / 2 + random() * 4, () => {
						at(cpu(3), () => {
							// As the transport does: the answer's headers first, then the request is done.
							const headers = verdict.headers;
							const reset = resetWaitMs(Number(headers['x-ratelimit-reset']));
							const windowMax = options.windowMax === false ? undefined : Number(headers['x-ratelimit']);
							limiter.observe(verdict.allowed ? 200 : 429, Number(headers['x-ratelimit-remaining']), reset, windowMax);
							limiter.finish(booking, !verdict.allowed);
							if (verdict.allowed) lastAnswer = c.t;
							else {
								limiter.blockFor(reset ?? 1000);
								waiting++;
							}
							pump();
						});
					});
				});
			}
		};
		at(c.t, pump);
		while (events.length > 0) {
			const event = events.shift()!;
			c.t = Math.max(c.t, event.at);
			event.run();
		}
		const perSecond = serverLimit.perSecond;
		const fastest = Math.floor((count - 1) / perSecond) * 1000;
		// From the first 429 on (or the first arrival, without one): the rate the limiter settled at, as a
		// share of the fastest legal schedule (perSecond at once, as many again every second).
		const from = refusedAt.length > 0 ? refusedAt[0] : arrivals[0];
		const after = arrivals.filter((a) => a >= from);
		return {
			accepted: arrivals.length,
			refused: refusedAt.length,
			wholeRun: (fastest + roundTrip) / (lastAnswer - firstSent),
			arrivalSpan: fastest / (arrivals[arrivals.length - 1] - arrivals[0]),
			afterFirst429: (Math.floor((after.length - 1) / perSecond) * 1000) / (after[after.length - 1] - from),
			limiter,
		};
	}

	// The limiter that held each slot until its answer reached 93% at 40 to 150 ms in the engine and
	// 86-90% here: every window paid the round trip's variation and a safety margin.
	it.each([0, 40, 80, 150])('200 creates at %i ms round trip: at least 95% of the fastest schedule, at most 2% answered 429', (roundTrip) => {
		const { accepted, refused, wholeRun, arrivalSpan } = burst(200, roundTrip);
		expect(accepted).toBe(200);
		expect(refused / (accepted + refused)).toBeLessThanOrEqual(0.02);
		expect(wholeRun).toBeGreaterThanOrEqual(0.95);
		expect(arrivalSpan).toBeGreaterThanOrEqual(0.95);
	});

	// SlickText publishes 4/s-240/min as well as 8/s-480/min; the credential's default is 8/480.
	const LOWER = { perSecond: 4, perMinute: 240 };

	it.each([0, 40, 150])('a lower limit announced in x-RateLimit (240), %i ms round trip: none answered 429, at least 95%% of 4 a second', (roundTrip) => {
		for (const count of [60, 600]) {
			const r = burst(count, roundTrip, { server: LOWER });
			expect(r.accepted).toBe(count);
			expect(r.refused).toBe(0);
			expect(r.arrivalSpan).toBeGreaterThanOrEqual(0.95);
			expect(r.limiter.effectiveLimit()).toEqual(LOWER);
		}
	});

	// Without x-RateLimit, the first burst of a key meets the lower limit at the credential's 8 a second
	// (after the first request's answer): what the server accepted in that second is the limit learnt.
	// Each try one higher later (RECOVERY_SECONDS) costs a 429 or two.
	it.each([0, 40, 150])('a lower limit not announced, %i ms round trip: at most 10%% answered 429 (60) or 5%% (600), at least 90%% of 4 a second after the first 429', (roundTrip) => {
		for (const [count, most] of [
			[60, 0.1],
			[600, 0.05],
		]) {
			const r = burst(count, roundTrip, { server: LOWER, windowMax: false });
			expect(r.accepted).toBe(count);
			expect(r.refused).toBeGreaterThan(0);
			expect(r.refused / (r.accepted + r.refused)).toBeLessThanOrEqual(most);
			expect(r.afterFirst429).toBeGreaterThanOrEqual(0.9);
		}
	});

	it('remembers a lower limit learnt from 429s for the next run of the same key: none answered 429 then', () => {
		const c = clock(0);
		const first = burst(20, 40, { server: LOWER, windowMax: false, c });
		expect(first.refused).toBeGreaterThan(0);
		c.t += 5 * 60_000; // a run five minutes later, on a new server window
		const second = burst(20, 40, { server: LOWER, windowMax: false, c, limiter: first.limiter });
		expect(second.refused).toBe(0);
		expect(second.arrivalSpan).toBeGreaterThanOrEqual(0.95);
	});
});

describe('what the limiter learns from the answers (driven clock)', () => {
	const CREDENTIAL = { perSecond: 8, perMinute: 480 };

	/** Books as many requests as the limiter allows now, without answers. */
	function bookAll(limiter: RateLimiter): Booking[] {
		const out: Booking[] = [];
		for (let b = limiter.tryBook(); typeof b !== 'number'; b = limiter.tryBook()) out.push(b);
		return out;
	}

	it('sends the first request of a key alone until its answer tells the limit, or for 2 s at most', () => {
		const c = clock();
		const limiter = new RateLimiter(CREDENTIAL, c.now);
		const probe = limiter.tryBook() as Booking;
		expect(booked(probe)).toBe(true);
		expect(limiter.tryBook()).toBe(2_000);
		c.t += 150;
		limiter.finish(probe);
		limiter.observe(200, 239, 59_850, 240);
		// Four a second, the first of which has gone.
		expect(bookAll(limiter)).toHaveLength(3);

		// Without an answer, the others go after 2 s at the credential's rate.
		const silent = new RateLimiter(CREDENTIAL, c.now);
		expect(booked(silent.tryBook())).toBe(true);
		c.t += 1_999;
		expect(silent.tryBook()).toBe(1);
		c.t += 1;
		expect(bookAll(silent)).toHaveLength(7);
	});

	it('reads x-RateLimit as the per-minute maximum and a sixtieth of it a second, never above the credential', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		limiter.observe(200, 200, 30_000, 240);
		expect(limiter.effectiveLimit()).toEqual({ perSecond: 4, perMinute: 240 });
		expect(bookAll(limiter)).toHaveLength(4);
		// SlickText raised the key's limit: followed, up to what the credential allows.
		limiter.observe(200, 900, 30_000, 960);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		limiter.observe(200, 400, 30_000, 480);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		limiter.observe(200, 250, 30_000, 300);
		expect(limiter.effectiveLimit()).toEqual({ perSecond: 5, perMinute: 300 });
		// A credential set lower than the announced limit stays the limit.
		limiter.limit = { perSecond: 2, perMinute: 100 };
		expect(limiter.effectiveLimit()).toEqual({ perSecond: 2, perMinute: 100 });
	});

	it('ignores an x-RateLimit that cannot be the window\'s maximum', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		limiter.observe(200, 7, 1_000, 8); // below one a second: more likely a per-second figure
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		limiter.observe(200, 400, 30_000, 240); // more remaining than the maximum
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		limiter.observe(200, undefined, undefined, Number.NaN);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
	});

	/** `accepted` answers (spread over 400 ms), then a 429: what a burst above the limit looks like. */
	function answers(limiter: RateLimiter, c: { t: number }, accepted: number) {
		for (let i = 0; i < accepted; i++) {
			c.t += 400 / accepted;
			limiter.observe(200, 400, 30_000);
		}
		c.t += 5;
		limiter.observe(429, 0, 500);
	}

	it('takes what the API accepted in the second before a 429 as the per-second limit, counting answers that came after the first 429', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		c.t += 2_000;
		answers(limiter, c, 2);
		expect(limiter.effectiveLimit().perSecond).toBe(2);
		// The third accepted answer was overtaken by the 429 on the way back (it comes while the 429 blocks
		// every request, so it was sent before).
		c.t += 3;
		limiter.observe(200, 400, 30_000);
		expect(limiter.effectiveLimit()).toEqual({ perSecond: 3, perMinute: 480 });
		// Another 429 of the same burst changes nothing more.
		c.t += 3;
		limiter.observe(429, 0, 500);
		expect(limiter.effectiveLimit()).toEqual({ perSecond: 3, perMinute: 480 });
		// And the limiter then keeps to it: three a second.
		c.t += 600;
		expect(bookAll(limiter)).toHaveLength(3);
	});

	it('learns nothing about the second from a 429 when nothing was accepted in it (others used the key up)', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		c.t += 2_000;
		limiter.observe(429, 0, 800);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		// It waits for the reset all the same.
		expect(limiter.tryBook()).toBeGreaterThanOrEqual(800);
	});

	it('takes one 429 at the full limit for a timing slip, and repeated ones for a limit one lower', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		c.t += 2_000;
		answers(limiter, c, 8);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		c.t += 6_000; // much later: another slip, still the full limit
		answers(limiter, c, 8);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		c.t += 2_000; // again within seconds: the limit is lower after all
		answers(limiter, c, 8);
		expect(limiter.effectiveLimit().perSecond).toBe(7);
	});

	it('regains the per-second limit one at a time, after 20 seconds\' worth of answers without 429 at each step', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		c.t += 2_000;
		answers(limiter, c, 4);
		expect(limiter.effectiveLimit().perSecond).toBe(4);
		c.t += 1_000; // the 429's reset over: requests go again
		const accept = (n: number) => {
			for (let i = 0; i < n; i++) {
				c.t += 250;
				limiter.observe(200, 400, 30_000);
			}
		};
		accept(79);
		expect(limiter.effectiveLimit().perSecond).toBe(4);
		accept(1);
		expect(limiter.effectiveLimit().perSecond).toBe(5);
		accept(100);
		expect(limiter.effectiveLimit().perSecond).toBe(6);
		accept(120 + 140);
		// Back at the credential's 8: nothing learnt is left to hold it back.
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		// A 429 on the way up stops the climb and starts the count again.
		c.t += 2_000;
		answers(limiter, c, 5);
		expect(limiter.effectiveLimit().perSecond).toBe(5);
	});

	it('does not lower the per-second limit for 429s while Remaining shows others sending on the key', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		// Remaining falls by 8 a second while this process had 2 answers a second: others send 6.
		let remaining = 400;
		for (let i = 0; i < 8; i++) {
			c.t += 500;
			remaining -= 4;
			limiter.observe(200, remaining, 30_000);
		}
		expect(limiter.share).toBeLessThan(1);
		const share = limiter.share;
		c.t += 2_000;
		limiter.observe(429, 0, 500);
		expect(limiter.effectiveLimit()).toEqual(CREDENTIAL);
		expect(limiter.share).toBeCloseTo(share * 0.9);
	});
});

describe('two workers on one key: what Remaining tells each (driven clock)', () => {
	const CREDENTIAL = { perSecond: 8, perMinute: 480 };

	/**
	 * Every 500 ms: the oldest of `inFlight` requests of ours is answered, and one more is sent. Remaining
	 * falls by ours (one answer) and the other worker's: `others` a step (0.5: one a second).
	 */
	function share(limiter: RateLimiter, c: { t: number }, steps: number, { remaining, others = 0.5, inFlight = 3 }: { remaining: number; others?: number; inFlight?: number }) {
		let theirs = 0;
		const open: Booking[] = [];
		const book = () => {
			const b = limiter.tryBook();
			if (!booked(b)) throw new Error(`the limiter held a request back ${b} ms (share ${limiter.share}, step ${c.t})`);
			open.push(b);
		};
		while (open.length < inFlight) book();
		for (let i = 1; i <= steps; i++) {
			c.t += 500;
			const before = Math.floor(theirs);
			theirs += others;
			remaining -= 1 + Math.floor(theirs) - before;
			const answered = open.shift()!;
			limiter.observe(200, remaining, 30_000, undefined, answered);
			limiter.finish(answered);
			if (i < steps) book();
		}
		// The rest are answered without a word on the window, so that the next call starts clean.
		for (const b of open) limiter.finish(b);
		return remaining;
	}

	it('sees another worker sending 1 a second behind 3 requests of its own in flight', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		// Our requests sent after the one answered are not in its Remaining: they are not taken off the
		// others' count (that hid the other worker, and this one kept the whole limit).
		share(limiter, c, 10, { remaining: 400 });
		expect(limiter.seesOthers).toBe(true);
		// Alone with the same requests in flight, nobody else is seen.
		const alone = heard(new RateLimiter(CREDENTIAL, c.now));
		share(alone, c, 10, { remaining: 300, others: 0 });
		expect(alone.seesOthers).toBe(false);
		expect(alone.share).toBe(1);
	});

	it('takes half the limit when its first answers are 429s and the window counted requests that were not its own', () => {
		const c = clock();
		const limiter = new RateLimiter(CREDENTIAL, c.now);
		// The probe: refused, while the window (240 a minute) already counted 8 requests, none of them ours.
		const probe = limiter.tryBook();
		if (!booked(probe)) throw new Error('the probe was held back');
		c.t += 50;
		limiter.observe(429, 232, 400, 240, probe);
		limiter.finish(probe, true);
		expect(limiter.seesOthers).toBe(true);
		expect(limiter.share).toBe(0.5);
		// After the reset it spaces its requests (2 a second, half of 4) instead of sending 4 at once: the
		// second waits.
		c.t += 500;
		expect(booked(limiter.tryBook())).toBe(true);
		expect(booked(limiter.tryBook())).toBe(false);
		// A 429 of a process that has had its own requests accepted in this window says nothing of others.
		const alone = new RateLimiter(CREDENTIAL, c.now);
		let remaining = 240;
		for (let i = 0; i < 4; i++) {
			const b = alone.tryBook();
			if (!booked(b)) throw new Error('held back');
			c.t += 250;
			alone.observe(200, --remaining, 30_000, 240, b);
			alone.finish(b);
		}
		c.t += 1_100;
		const refused = alone.tryBook();
		if (!booked(refused)) throw new Error('held back');
		alone.observe(429, remaining, 400, 240, refused);
		alone.finish(refused, true);
		expect(alone.seesOthers).toBe(false);
		expect(alone.share).toBe(1);
	});

	it('does not grow its part while a 429 of its own is among the samples, then grows again', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		// The other worker sends 6 a second, so the part shrinks.
		let remaining = share(limiter, c, 30, { remaining: 470, others: 3, inFlight: 1 });
		expect(limiter.share).toBeLessThan(0.8);
		c.t += 100;
		limiter.observe(429, remaining, 500);
		const after429 = limiter.share;
		c.t += 600;
		// The key looks far from full now (the 429's wait left it idle; refused requests are not counted):
		// while the 429 is within the samples, the part stays.
		remaining = share(limiter, c, 5, { remaining, others: 0.5, inFlight: 1 });
		expect(limiter.share).toBeLessThanOrEqual(after429);
		// Once it is not, the room is taken again.
		share(limiter, c, 10, { remaining, others: 0.5, inFlight: 1 });
		expect(limiter.share).toBeGreaterThan(after429);
	});

	it('after others were seen, takes the whole limit back only on 2.5 s of samples without them', () => {
		const c = clock();
		const limiter = heard(new RateLimiter(CREDENTIAL, c.now));
		share(limiter, c, 30, { remaining: 470, others: 3, inFlight: 1 });
		const seen = limiter.share;
		expect(seen).toBeLessThan(0.75);
		// A new window (Remaining jumps back up) and 2 s in which only our answers are counted: the other
		// worker may send once a second or less. The part grows by at most a step, no jump to the whole.
		share(limiter, c, 4, { remaining: 479, others: 0, inFlight: 1 });
		expect(limiter.share).toBeLessThanOrEqual(seen * 1.25 + 1e-9);
		expect(limiter.share).toBeLessThan(1);
		// Alone for longer: back to the whole limit.
		share(limiter, c, 12, { remaining: 470, others: 0, inFlight: 1 });
		expect(limiter.share).toBe(1);
	});
});

describe('what the process remembers per key', () => {
	afterEach(() => resetLimiters());

	it(`keeps the learnt limit from run to run, for at most ${MAX_REMEMBERED_KEYS} keys, forgetting the least recently used idle one first`, async () => {
		resetLimiters();
		const limit = { perSecond: 8, perMinute: 480 };
		const first = limiterFor('key-0', limit);
		first.observe(200, 100, 30_000, 240);
		expect(limiterFor('key-0', limit)).toBe(first);
		expect(limiterFor('key-0', limit).effectiveLimit()).toEqual({ perSecond: 4, perMinute: 240 });
		// key-1 has a request in flight: it is never forgotten while busy.
		const busy = limiterFor('key-1', limit);
		const inFlight = await busy.acquire();
		for (let i = 2; i < MAX_REMEMBERED_KEYS; i++) limiterFor(`key-${i}`, limit);
		expect(rememberedKeys()).toBe(MAX_REMEMBERED_KEYS);
		// key-0 used again: key-2 is now the least recently used idle one.
		limiterFor('key-0', limit);
		limiterFor('key-new', limit);
		expect(rememberedKeys()).toBe(MAX_REMEMBERED_KEYS);
		expect(limiterFor('key-0', limit)).toBe(first);
		expect(limiterFor('key-1', limit)).toBe(busy);
		// key-2 was forgotten: a new limiter, which knows nothing.
		expect(limiterFor('key-2', limit).effectiveLimit()).toEqual(limit);
		expect(rememberedKeys()).toBe(MAX_REMEMBERED_KEYS);
		busy.finish(inFlight);
	});
});
