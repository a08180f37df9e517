import { sleep } from 'n8n-workflow';

import { MAX_RESET_WAIT_MS } from './rateHeaders';
import { LimitLearner, type RateLimit } from './rateLearning';

// Importable from here as before (request.ts, tests and benches import them from this module).


/**
 * Milliseconds on a clock that only moves forward (a wall-clock step by NTP or by hand does not change
 * any wait). Replaceable so that tests can drive it.
 */
export const limiterClock = { now: (): number => performance.now() };

// Slack added to every window: the server's clock and event loop round differently from ours.
const EDGE_MARGIN_MS = 15;
/** How long to look again when every request in the window is still under way (a finish looks sooner). */
const POLL_MS = 10;
/** Round trips remembered to estimate the shortest one (the network's part of any round trip). */
const RTT_SAMPLES = 24;
/**
 * Once round trips are known, a request counts from its departure plus this much (see countsUntil):
 * requests leave this process a steady time after they are booked, so departures a window apart
 * arrive a window apart.
 */
const DEPARTURE_MARGIN_MS = 10;
/**
 * A round trip longer than the shortest by more than this (plus the margin) means the request was held
 * up, maybe before it left: it then counts from its answer less the shortest round trip. Smaller
 * variations are the answer's way back and the server's event loop.
 */
const RTT_SLACK_MS = 10;
/** The list of bookings is cleaned up once it is this long, then once it doubles. */
const PRUNE_MIN = 64;
/** How long after an answer the next requests still count as "warm" (see `finish`). */
const WARM_MS = 60_000;
/** How long the rest of a first burst waits for the first answer of a key (see the class). */
const PROBE_MAX_MS = 2_000;
/**
 * The most requests of one key in flight at once. SlickText's own limit never needs more than about
 * 8-16 (8 a second, answers within a second or two); a credential set to a far higher rate would
 * otherwise hand n8n's request helpers every item of a run at once, and as they prepare all of those
 * side by side the first request of 1,000 items left after 2-3 s instead of at once (measured on the
 * bench's unlimited credential). 32 still allows over 200 requests a second at a 150 ms round trip.
 */
export const MAX_IN_FLIGHT = 32;

/** A booked request: counted in the windows from `sent` until a window after the server saw it. */
export interface Booking {
	sent: number;
	done?: number;
	/** Booked while answers were coming in, so its round trip is not inflated by a cold start. */
	warm?: boolean;
	/** Answered 429: the server did not count it. */
	refused?: boolean;
}

/**
 * One decision of a limiter, at `at` on its clock: a request released (`booking`), told to wait `wait`
 * ms, or every request held back `until` a time (a 429's reset, or none left in the window). `perSecond`:
 * the rate the limiter allowed itself then; `share`: its part of the key's limit (1: all of it; below 1
 * while others use the key, and it spaces its requests evenly).
 */
export type Decision =
	| { at: number; booking: Booking; perSecond: number; share: number }
	| { at: number; wait: number; perSecond: number; share: number }
	| { at: number; until: number };

/**
 * SlickText allows 8 requests a second and 480 a minute per API key (legacy: per public key), over a
 * 60-second window, in one copy of its documentation; 4 a second and 240 a minute in another; and it
 * adjusts limits per account. n8n starts the requests of all items of a declarative node at once, so
 * without a limiter most would get 429.
 *
 * One limiter per key and process (see `limiters` in limiters.ts for how many are kept and for how
 * long): sliding windows of a second and a minute over the requests sent, never faster than the
 * credential's fields, and slower when the API shows a lower limit:
 * - the limit SlickText announces: x-RateLimit is the window's maximum per minute (240), and the
 *   per-second limit follows SlickText's published ratio (a sixtieth: 4 a second);
 * - the per-second limit 429s show, when the API announces none (or a 429 comes anyway): what the API
 *   accepted in the second before the 429, regained one request a second at a time once that many
 *   seconds' worth of requests went through without 429 (RECOVERY_SECONDS);
 * - a "blocked until" time taken from x-RateLimit-Reset (on a 429, or when Remaining reaches 0);
 * - a share of the rate that shrinks while other processes (n8n queue-mode workers, other tools) use
 *   the same key, as SlickText's x-RateLimit-Remaining shows.
 * The limiter keeps the block and the pacing; what the answers teach (the limit announced, the
 * per-second limit 429s show, the share) is LimitLearner's (rateLearning.ts).
 * A key the limiter has never heard an answer for sends one request first and the others once its
 * answer has told the limit (at most PROBE_MAX_MS later): the first burst of a run does not hit a lower
 * limit with the credential's whole rate.
 *
 * Waiting requests form one queue served in order by a single timer: a burst of a thousand items costs
 * one timer, not a thousand sleepers waking at once (which would slow the event loop, and with it every
 * answer the window waits for), and items are sent in their order.
 */
export class RateLimiter {
	private bookings: Booking[] = [];

	/** How many bookings the next clean-up of `bookings` waits for. */
	private pruneAt = PRUNE_MIN;

	private blockedUntil = 0;

	private readonly queue: Array<(booking: Booking) => void> = [];

	/** When the pending wake-up fires (in the past: none pending). */
	private timerAt = -Infinity;

	private readonly rtts: number[] = [];

	/** Booked requests whose answer has not come yet. */
	private inFlight = 0;

	private lastFinish = -Infinity;

	/** Whether any answer of this key came back (or failed) yet; until then one request probes. */
	private heard = false;

	private probeSent = -Infinity;

	/** What the answers taught about the key's real limit; asked how fast to send. */
	private readonly learner = new LimitLearner();

	/**
	 * Set to an array to have every decision appended (tests and benchmarks judge the pacing on what the
	 * limiter decided, which a busy machine cannot move, rather than on when a server saw the requests).
	 * Unset, as in n8n, it costs one check per decision.
	 */
	decisions?: Decision[];

	/**
	 * Our requests still in flight that the server may have counted before it answered `answered`: those
	 * sent no later (the learner asks only when it updates the share). The later ones, and the answered
	 * request itself (already among our answers), are not in that Remaining: counting them hid another
	 * worker's 1 a second behind our own 2-3 in flight, and the part jumped to the whole limit.
	 */
	private unanswered(answered?: Booking): number {
		return this.bookings.filter((b) => b.done === undefined && b !== answered && (answered === undefined || b.sent <= answered.sent)).length;
	}

	/**
	 * @param limit The credential's fields: the most this limiter ever sends (updated on every use).
	 */
	constructor(
		public limit: RateLimit,
		private readonly now: () => number = () => limiterClock.now(),
	) {}

	/** The limit the API allows as far as the limiter knows: the credential's, or less if the API said so. */
	ceiling(): RateLimit {
		return this.learner.ceiling(this.limit);
	}

	/** What this limiter sends at most now, with the per-second limit 429s showed (before any share). */
	effectiveLimit(): RateLimit {
		return this.learner.effectiveLimit(this.limit);
	}

	/** The part of the limit this process allows itself (1: all of it; less while others use the key). */
	get share(): number {
		return this.learner.share;
	}

	set share(share: number) {
		this.learner.share = share;
	}

	/** Whether SlickText's Remaining showed others using the key at the last share update. */
	get seesOthers(): boolean {
		return this.learner.seesOthers;
	}

	/** No request waiting or in flight: the limiter may be forgotten without anyone noticing but the key. */
	idle(): boolean {
		return this.queue.length === 0 && this.inFlight === 0;
	}

	/** Waits until one more request may be sent, and books it; call `finish` when its answer came. */
	async acquire(): Promise<Booking> {
		return await new Promise<Booking>((resolve) => {
			this.queue.push(resolve);
			this.pump();
		});
	}

	/**
	 * The request of `booking` got its answer (or failed). `refused`: SlickText answered 429, so it did not
	 * count the request in its windows, and neither does the limiter (else the slot stays taken for a
	 * second, and after a 429 the next second starts with one request and the rest only later).
	 */
	finish(booking: Booking, refused = false): void {
		if (booking.done === undefined) this.inFlight--;
		if (refused) booking.refused = true;
		const first = !this.heard;
		this.heard = true;
		booking.done = this.now();
		// The first requests after a quiet spell spend much of their round trip here, before they leave
		// (credentials, connections): they would make the network look slower than it is, and the next
		// requests, which leave at once, would arrive early. Only later round trips measure the network.
		if (booking.warm) {
			this.rtts.push(booking.done - booking.sent);
			if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
		}
		this.lastFinish = booking.done;
		// The slot frees a window later; the next waiter's timer is worked out from this answer. The first
		// answer of a key is taken in (observe, which a caller may make right after finish) before the
		// others waiting for it are booked.
		if (first) void Promise.resolve().then(() => this.pump());
		else this.pump();
	}

	/** Books a slot, or returns how many milliseconds to wait before trying again. */
	tryBook(): Booking | number {
		const t = this.now();
		if (t < this.blockedUntil) return this.blockedUntil - t;
		// The first request of a key probes: the others wait for its answer (and the limit it tells).
		if (!this.heard && this.inFlight > 0 && t < this.probeSent + PROBE_MAX_MS) return this.probeSent + PROBE_MAX_MS - t;
		// Unknown (no warm answer yet): the network may be anywhere between nothing and the whole round trip.
		const minRtt = this.rtts.length > 0 ? Math.min(...this.rtts) : undefined;
		// Forget requests that no longer count in the longest window: now and then, not on every call (with a
		// credential allowing thousands a minute that filter made each booking cost the whole list, a fifth of
		// the CPU of a 1,000-item run). Requests that no longer count are skipped by waitFor meanwhile.
		if (this.bookings.length >= this.pruneAt) {
			this.bookings = this.bookings.filter((b) => this.countsUntil(b, minRtt, 60_000) > t);
			this.pruneAt = Math.max(PRUNE_MIN, 2 * this.bookings.length);
		}
		const fraction = this.share;
		const ceiling = this.ceiling();
		const perSecond = this.perSecond(ceiling);
		const wait = Math.max(
			this.waitFor(t, minRtt, 60_000, ceiling.perMinute * fraction),
			this.waitFor(t, minRtt, 1_000, Math.ceil(perSecond - 1e-9)),
			// A part of the limit (say 3.8 a second while another process uses the rest) is kept by spacing
			// the requests evenly: rounding it down to whole requests a second would leave up to a fifth of
			// the limit unused by each of two processes, and bursts of the rounded-up count from several
			// processes would meet in one of the server's seconds.
			fraction < 1 ? this.waitFor(t, minRtt, 1000 / perSecond, 1) : 0,
		);
		if (wait > 0) return wait;
		if (!this.heard && this.inFlight === 0) this.probeSent = t;
		const booking: Booking = { sent: t, warm: t - this.lastFinish < WARM_MS };
		this.bookings.push(booking);
		this.inFlight++;
		return booking;
	}

	/** The rate this limiter allows itself now: the limit it knows, its share of it, and what 429s showed. */
	private perSecond(ceiling = this.ceiling()): number {
		return Math.min(ceiling.perSecond * this.share, this.learner.perSecondCap);
	}

	/**
	 * Until when a request counts in a window of `length` ms. The server counts it when it arrives, a
	 * steady time after it left here (this process's own work, then half the round trip): paced by
	 * departure, requests sent a window apart arrive a window apart, whatever the round trip, and no slot
	 * waits for an answer. (Holding each slot until its answer made every window pay a round trip's
	 * variation: 93% of the fastest schedule at 40 to 150 ms.)
	 *
	 * What the answer says still counts: a request whose round trip was longer than the shortest recent
	 * one may have been held up before it left (a busy event loop), so it counts from its answer less the
	 * shortest round trip, the latest it can have arrived. (The median instead let a starved process, whose
	 * usual round trip is inflated, land a batch 60-90 ms early: 12 of 56 answered 429 at 150 ms under
	 * load.) Until a round trip is known, a request counts until its answer, as before; one still in
	 * flight a window after it left blocks its slot (it may not have arrived yet). So does a request booked
	 * after a quiet spell (not warm): it spends an unknown part of its round trip here before it leaves,
	 * and the shortest round trip of the requests after it (themselves slow to leave: the first requests
	 * of a run reached the sandbox up to 100 ms after they were booked, later ones 10-25 ms) cannot say
	 * when it arrived (the first request of the next second landed early: a 429). A 429's reset re-syncs
	 * everything (observe).
	 */
	private countsUntil(b: Booking, minRtt: number | undefined, length: number): number {
		if (minRtt === undefined || !b.warm) return b.done === undefined ? Infinity : b.done + length + EDGE_MARGIN_MS;
		const paced = b.sent + DEPARTURE_MARGIN_MS;
		if (b.done === undefined) return b.sent + length > this.now() ? paced + length + EDGE_MARGIN_MS : Infinity;
		return Math.max(paced, b.done - minRtt - RTT_SLACK_MS) + length + EDGE_MARGIN_MS;
	}

	/** Hands out slots to waiters in order while there is room, then sets one timer for the rest. */
	private pump(): void {
		// Full: the next finish pumps again.
		while (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
			const booking = this.tryBook();
			// (The arguments are only worked out when decisions are recorded.)
			this.decisions?.push(
				typeof booking === 'number'
					? { at: this.now(), wait: booking, perSecond: this.perSecond(), share: this.share }
					: { at: booking.sent, booking, perSecond: this.perSecond(), share: this.share },
			);
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
		void sleep(Math.ceil(ms)).then(() => {
			if (this.timerAt === at) this.timerAt = -Infinity;
			this.pump();
		});
	}

	/** 0 when the window of `length` ms has room for one more, else the wait until a slot frees. */
	private waitFor(t: number, minRtt: number | undefined, length: number, allowed: number): number {
		if (!(allowed > 0)) return 0;
		// A fractional share (say 3.5 a second) rounds down: a shorter window with fewer requests would
		// let bursts from two windows meet in one of the server's.
		const max = Math.max(1, Math.floor(allowed + 1e-9));
		// Fewer requests booked than the window allows (say, a raised limit): room, whatever their times.
		if (this.bookings.length < max) return 0;
		const span = length;
		const ends: number[] = [];
		let inFlight = 0;
		for (const b of this.bookings) {
			// Refused (429): the server did not count it.
			if (b.refused) continue;
			const end = this.countsUntil(b, minRtt, span);
			if (end === Infinity) inFlight++;
			else if (end > t) ends.push(end);
		}
		if (inFlight + ends.length < max) return 0;
		if (ends.length === 0) return POLL_MS;
		// The slot that frees first is the one to wait for.
		const need = inFlight + ends.length - max + 1;
		if (need > ends.length) return POLL_MS;
		ends.sort((a, b) => a - b);
		return ends[need - 1] - t + 1;
	}

	/**
	 * Takes in what the API says after an answer: the limit it announces (x-RateLimit, the window's
	 * maximum), blocks everyone when nothing is left or on a 429, learns a lower per-second limit from
	 * 429s, and learns how fast others use the same key from how Remaining falls beyond our own answers.
	 * Call it for every answer, with `rateHeaders` of its headers and the booking it answers.
	 */
	observe(status: number, remaining: number | undefined, resetMs: number | undefined, windowMax?: number, answered?: Booking): void {
		const t = this.now();
		this.heard = true;
		if (windowMax !== undefined) this.learner.learnWindowMax(windowMax, remaining);
		if (status === 429) {
			this.blockFor(resetMs ?? 1000);
			this.learner.learnFrom429(t, resetMs, this.limit, remaining, () => this.unanswered(answered));
			return;
		}
		this.learner.accepted(t, this.limit, this.blockedUntil);
		if (remaining === undefined) return;
		if (remaining <= 0 && resetMs !== undefined) this.blockFor(resetMs);
		this.learner.learnShare(t, remaining, this.limit, () => this.unanswered(answered));
	}

	/** Stops every request of this key for `ms` (at most MAX_RESET_WAIT_MS). */
	blockFor(ms: number): void {
		const wait = Math.min(MAX_RESET_WAIT_MS, Math.max(0, Number.isFinite(ms) ? ms : MAX_RESET_WAIT_MS));
		this.blockedUntil = Math.max(this.blockedUntil, this.now() + wait + EDGE_MARGIN_MS);
		// Never further than the bound from now, even if an earlier call set more.
		this.blockedUntil = Math.min(this.blockedUntil, this.now() + MAX_RESET_WAIT_MS + EDGE_MARGIN_MS);
		this.decisions?.push({ at: this.now(), until: this.blockedUntil });
	}
}
