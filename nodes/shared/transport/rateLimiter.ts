import { sleep } from 'n8n-workflow';

/**
 * SlickText allows 8 requests a second and 480 a minute per key, over a 60-second window. n8n starts
 * the requests of all items of a declarative node at once, so without a limiter most would get 429.
 *
 * One limiter per credential (module state lives as long as the n8n process): a sliding window over
 * the send times of the last minute, plus a "blocked until" time taken from the API's own headers
 * (x-RateLimit-Remaining 0 or a 429 with x-RateLimit-Reset).
 */
export interface RateLimit {
	perSecond: number;
	perMinute: number;
}

export const SLICKTEXT_RATE_LIMIT: RateLimit = { perSecond: 8, perMinute: 480 };

// Client and server clocks see a request a few milliseconds apart; a small margin keeps a request
// sent right at a window edge from arriving just before the server's window has moved on.
const EDGE_MARGIN_MS = 30;

export class RateLimiter {
	private sent: number[] = [];

	private blockedUntil = 0;

	constructor(
		public limit: RateLimit,
		private readonly now: () => number = Date.now,
	) {}

	/** Waits until one more request may be sent, and books it. */
	async acquire(): Promise<void> {
		for (;;) {
			const wait = this.tryBook();
			if (wait <= 0) return;
			await sleep(wait);
		}
	}

	/** Books a slot and returns 0, or returns how many milliseconds to wait before trying again. */
	tryBook(): number {
		const t = this.now();
		if (t < this.blockedUntil) return this.blockedUntil - t;
		const minuteAgo = t - 60_000 - EDGE_MARGIN_MS;
		let firstInMinute = 0;
		while (firstInMinute < this.sent.length && this.sent[firstInMinute] <= minuteAgo) firstInMinute++;
		if (firstInMinute > 0) this.sent.splice(0, firstInMinute);

		if (this.limit.perMinute > 0 && this.sent.length >= this.limit.perMinute) {
			return this.sent[this.sent.length - this.limit.perMinute] - minuteAgo + 1;
		}
		if (this.limit.perSecond > 0) {
			const secondAgo = t - 1_000 - EDGE_MARGIN_MS;
			const inSecond = this.sent.length - lowerBound(this.sent, secondAgo);
			if (inSecond >= this.limit.perSecond) {
				return this.sent[this.sent.length - this.limit.perSecond] - secondAgo + 1;
			}
		}
		this.sent.push(t);
		return 0;
	}

	/** Takes in what the API says about the window: nothing more may be sent until it resets. */
	observe(remaining: number | undefined, resetSeconds: number | undefined): void {
		if (remaining === 0 && resetSeconds !== undefined) this.blockFor(resetSeconds * 1000);
	}

	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, this.now() + Math.max(0, ms) + EDGE_MARGIN_MS);
	}
}

/** Index of the first send time after `t` (the array is sorted). */
function lowerBound(times: number[], t: number): number {
	let lo = 0;
	let hi = times.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (times[mid] <= t) lo = mid + 1;
		else hi = mid;
	}
	return lo;
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
