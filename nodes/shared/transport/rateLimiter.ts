import { sleep, type IDataObject } from 'n8n-workflow';

import type { Platform } from '../platform';

/**
 * SlickText allows 8 requests a second and 480 a minute per key, over a 60-second window. n8n starts
 * the requests of all items of a declarative node at once, so without a limiter most would get 429.
 *
 * One limiter per credential (module state lives as long as the n8n process): sliding windows of a
 * second and a minute over the requests sent, plus a "blocked until" time taken from the API's own
 * headers (x-RateLimit-Remaining 0 or a 429 with x-RateLimit-Reset).
 */
export interface RateLimit {
	perSecond: number;
	perMinute: number;
}

export const SLICKTEXT_RATE_LIMIT: RateLimit = { perSecond: 8, perMinute: 480 };

// A request counts against the window until a moment after its answer came: by then the server has
// surely seen it, however long it waited to be sent or to arrive. Counting from the moment it was
// booked is not enough: n8n prepares all items at once, so a booked request can leave late. The margin
// only absorbs millisecond rounding between our clock and the server's.
const EDGE_MARGIN_MS = 5;
/** How long to look again when every request in the window is still under way (a finish looks sooner). */
const POLL_MS = 10;

/** A booked request: counted from booking until `done` plus the window length. */
export interface Booking {
	done?: number;
}

/**
 * Waiting requests form one queue served in order by a single timer: a burst of a thousand items costs
 * one timer, not a thousand sleepers waking at once (which would slow the event loop, and with it every
 * answer the window waits for), and items are sent in their order.
 */
export class RateLimiter {
	private bookings: Booking[] = [];

	private blockedUntil = 0;

	private readonly queue: Array<(booking: Booking) => void> = [];

	/** When the pending wake-up fires (in the past: none pending). */
	private timerAt = -Infinity;

	constructor(
		public limit: RateLimit,
		private readonly now: () => number = Date.now,
	) {}

	/** Waits until one more request may be sent, and books it; call `finish` when its answer came. */
	async acquire(): Promise<Booking> {
		return await new Promise<Booking>((resolve) => {
			this.queue.push(resolve);
			this.pump();
		});
	}

	finish(booking: Booking): void {
		booking.done = this.now();
		// The slot frees a window later; the next waiter's timer is worked out from this answer.
		this.pump();
	}

	/** Books a slot, or returns how many milliseconds to wait before trying again. */
	tryBook(): Booking | number {
		const t = this.now();
		if (t < this.blockedUntil) return this.blockedUntil - t;
		// Forget requests that no longer count in the longest window.
		this.bookings = this.bookings.filter((b) => b.done === undefined || b.done > t - 60_000 - EDGE_MARGIN_MS);
		const wait = Math.max(this.waitFor(t, 60_000, this.limit.perMinute), this.waitFor(t, 1_000, this.limit.perSecond));
		if (wait > 0) return wait;
		const booking: Booking = {};
		this.bookings.push(booking);
		return booking;
	}

	/** Hands out slots to waiters in order while there is room, then sets one timer for the rest. */
	private pump(): void {
		while (this.queue.length > 0) {
			const booking = this.tryBook();
			if (typeof booking === 'number') {
				this.wakeIn(booking);
				return;
			}
			this.queue.shift()!(booking);
		}
	}

	private wakeIn(ms: number): void {
		const at = this.now() + ms;
		// A timer due no later already covers it. A later one is left to fire: pump is harmless when
		// there is nothing to hand out (n8n's lint rules allow no clearTimeout here).
		if (this.timerAt <= at && this.timerAt > this.now()) return;
		this.timerAt = at;
		void sleep(ms).then(() => {
			if (this.timerAt === at) this.timerAt = -Infinity;
			this.pump();
		});
	}

	/** 0 when the window of `length` ms has room, else the wait until the earliest slot frees. */
	private waitFor(t: number, length: number, max: number): number {
		if (!(max > 0)) return 0;
		const since = t - length - EDGE_MARGIN_MS;
		let counted = 0;
		let earliestEnd = Infinity;
		for (const b of this.bookings) {
			if (b.done === undefined || b.done > since) {
				counted++;
				if (b.done !== undefined) earliestEnd = Math.min(earliestEnd, b.done);
			}
		}
		if (counted < max) return 0;
		return earliestEnd === Infinity ? POLL_MS : earliestEnd - since + 1;
	}

	/** Takes in what the API says about the window: nothing more may be sent until it resets. */
	observe(remaining: number | undefined, resetSeconds: number | undefined): void {
		if (remaining === 0 && resetSeconds !== undefined) this.blockFor(resetSeconds * 1000);
	}

	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, this.now() + Math.max(0, ms) + EDGE_MARGIN_MS);
	}
}

const limiters = new Map<string, RateLimiter>();

/** The limiter shared by every node and item that uses the same credential. */
export function limiterFor(key: string, limit: RateLimit): RateLimiter {
	let limiter = limiters.get(key);
	if (!limiter) {
		limiter = new RateLimiter(limit);
		limiters.set(key, limiter);
	} else {
		limiter.limit = limit;
	}
	return limiter;
}

/**
 * The limiter of a credential, shared by the nodes' requests and the editor's lookups: keyed by what
 * identifies the account (never by the secret), with the rate set in the credential.
 */
export function limiterForCredential(platform: Platform, credentials: IDataObject): RateLimiter {
	const identity = platform === 'current' ? credentials.brandId : credentials.publicKey;
	return limiterFor(`${platform}:${String(credentials.baseUrl)}:${String(identity)}`, {
		perSecond: Number(credentials.requestsPerSecond ?? SLICKTEXT_RATE_LIMIT.perSecond),
		perMinute: Number(credentials.requestsPerMinute ?? SLICKTEXT_RATE_LIMIT.perMinute),
	});
}
