// What a key's answers teach about its real limit: the limit SlickText announces, the per-second limit
// 429s show and its slow recovery, and the share left by other processes on the key. Apart from the
// pacing (rateLimiter.ts), which asks it how fast it may send and tells it what the answers said; it
// knows nothing of the limiter and is given the credential's limit and the pacing's state as arguments.

/** A rate: requests a second and a minute. */
export interface RateLimit {
	perSecond: number;
	perMinute: number;
}

/** How far back the x-RateLimit-Remaining samples reach when estimating other senders' rate. */
const SHARE_LOOKBACK_MS = 3_000;
/** The shortest span over which other senders' rate is estimated (shorter is mostly noise). */
const SHARE_MIN_SPAN_MS = 1_000;
/** How often the share is adjusted. */
const SHARE_UPDATE_MS = 1_000;
/** Others sending less than this (a second) count as noise: the process aims at the whole limit. */
const SHARE_ALONE_PER_S = 0.5;
/** Alone on the key, a part at least this large goes straight back to the whole limit. */
const SHARE_SNAP_BACK = 0.95;
/** The most one adjustment changes the share by (a factor). */
const SHARE_MAX_STEP = 1.25;
/** What a 429 leaves of the share while x-RateLimit-Remaining shows others sending on the key. */
const SHARE_DECREASE_LEARNT = 0.9;
/** The part a process takes when a 429 first shows others on the key (one other, until answers tell). */
const SHARE_FIRST_GUESS = 0.5;
/** Kept free of what other senders leave (a fraction of the limit), while others are seen sending. */
const SHARE_HEADROOM = 0.06;
/**
 * Once others were seen, "alone" needs samples over this long: a window that begins anew restarts the
 * samples, and a second of them can miss a slower sender (the share then jumped to the whole limit while
 * another worker still sent, and 429s followed every second until it was seen again).
 */
const SHARE_ALONE_SPAN_MS = 2_500;
/**
 * The smallest x-RateLimit read as a per-minute maximum (one a second). SlickText's published limits
 * are 240 and 480; a smaller number is more likely a per-second figure than a key limited to less than
 * one request a second, and slowing to it would stall every run: the other signals still apply.
 */
const MIN_WINDOW_MAX = 60;
/** SlickText's published limits allow a sixtieth of the minute's maximum in one second (8/480, 4/240). */
const SECONDS_PER_WINDOW = 60;
/** 429s within this long of the first one belong to one burst and teach the limit once. */
const EPISODE_MS = 1_000;
/**
 * A 429 while the API had accepted no fewer than the limiter allows a second is a timing slip (a
 * request landing in the server's previous second), re-synced by the reset alone; another such 429
 * within this long says the limit is lower after all, and the per-second limit drops by one.
 */
const REPEAT_MS = 5_000;
/** Answers counted as "the server's second of the 429" reach back this much further (jitter on the way back). */
const ACCEPTED_SLACK_MS = 50;
/**
 * After a 429 lowered the per-second limit, it grows by one once this many seconds' worth of requests at
 * it went through without 429: slowly, as each step above the real limit costs a 429.
 */
const RECOVERY_SECONDS = 20;

interface RemainingSample {
	at: number;
	remaining: number;
	mine: number;
}

/**
 * The learning of one key. Every method takes the time of the answer (`t`, the limiter's clock) and,
 * where it needs it, `limit`: the credential's fields, which may change on every use of the key.
 */
export class LimitLearner {
	/** The part of the limit this process allows itself (1: all of it; less while others use the key). */
	share = 1;

	/** The per-second limit 429s showed (Infinity: none learnt, or regained up to the ceiling). */
	perSecondCap = Infinity;

	/** Answers SlickText counted (not 429), to tell our part of a falling Remaining from others'. */
	private answered = 0;

	private samples: RemainingSample[] = [];

	private lastShareUpdate = -Infinity;

	private last429 = -Infinity;

	/** Whether the last share update saw others using the key (undefined: none yet). */
	private othersSeen: boolean | undefined;

	/** Whether the last share update saw others using the key. */
	get seesOthers(): boolean {
		return this.othersSeen === true;
	}

	/** The limit SlickText announced in x-RateLimit (its latest answer says), if any. */
	private announced: RateLimit | undefined;

	/** Answers (not 429) of the last second or so: what the API accepted before a 429. */
	private acceptedAt: number[] = [];

	/** When the last burst of 429s began, and the per-second limit the limiter used before it. */
	private episodeAt = -Infinity;

	private episodeFrom = Infinity;

	private episodeReset: number | undefined;

	/** When the last 429 came that looked like a timing slip (see REPEAT_MS). */
	private lastSlip = -Infinity;

	/** Answers without 429 since the per-second limit last moved (see RECOVERY_SECONDS). */
	private sinceStep = 0;

	/** The limit the API allows as far as the limiter knows: the credential's, or less if the API said so. */
	ceiling(limit: RateLimit): RateLimit {
		const announced = this.announced;
		return {
			perSecond: Math.min(limit.perSecond, announced?.perSecond ?? Infinity),
			perMinute: Math.min(limit.perMinute, announced?.perMinute ?? Infinity),
		};
	}

	/** What this limiter sends at most now, with the per-second limit 429s showed (before any share). */
	effectiveLimit(limit: RateLimit): RateLimit {
		const ceiling = this.ceiling(limit);
		return { perSecond: Math.min(ceiling.perSecond, this.perSecondCap), perMinute: ceiling.perMinute };
	}

	/**
	 * x-RateLimit is the window's (a minute's) maximum: SlickText's limit for the key, per minute, and a
	 * sixtieth of it per second. The latest answer says, so a limit SlickText raises is followed too (never
	 * above the credential's fields). Ignored when Remaining is above it (then it is not the window's
	 * maximum) or it is below one a second (see MIN_WINDOW_MAX).
	 */
	learnWindowMax(windowMax: number, remaining: number | undefined): void {
		if (!(windowMax >= MIN_WINDOW_MAX) || (remaining !== undefined && remaining > windowMax)) return;
		if (this.announced?.perMinute === windowMax) return;
		this.announced = { perMinute: windowMax, perSecond: Math.max(1, Math.floor(windowMax / SECONDS_PER_WINDOW)) };
	}

	/**
	 * An answer the API counted and accepted: evidence for the per-second limit (see RECOVERY_SECONDS).
	 * `blockedUntil`: until when the limiter holds every request back (a 429's reset).
	 */
	accepted(t: number, limit: RateLimit, blockedUntil: number): void {
		this.answered++;
		this.acceptedAt.push(t);
		// Two episodes' worth: enough for an episode's own count, however late its answers come.
		const since = t - 2 * (EPISODE_MS + ACCEPTED_SLACK_MS);
		let old = 0;
		while (old < this.acceptedAt.length && this.acceptedAt[old] <= since) old++;
		if (old > 0) this.acceptedAt.splice(0, old);
		if (this.perSecondCap === Infinity) return;
		if (t <= blockedUntil && t - this.episodeAt <= EPISODE_MS) {
			// Still blocked by the 429, so sent before it: an accepted answer that came back after the 429
			// (overtaken on the way back) belongs to the second the 429 measured.
			this.refine();
			return;
		}
		this.sinceStep++;
		if (this.sinceStep < RECOVERY_SECONDS * this.perSecondCap) return;
		this.sinceStep = 0;
		this.perSecondCap++;
		if (this.perSecondCap >= this.ceiling(limit).perSecond) this.perSecondCap = Infinity;
	}

	/**
	 * Answers accepted in the server's second that refused a request at `t` (our clock, when the 429 came
	 * back), and since: a 429's reset within a second says where that second began (1000 - reset before
	 * the 429); otherwise it is taken as the second before. Answers come back with some jitter, hence the
	 * slack.
	 */
	private acceptedSince(t: number, resetMs: number | undefined): number {
		const back = resetMs !== undefined && resetMs <= 1_000 ? 1_000 - resetMs : 1_000;
		const since = t - back - ACCEPTED_SLACK_MS;
		return this.acceptedAt.filter((at) => at > since).length;
	}

	/** The per-second limit an episode lowered, raised to the answers accepted in its second since counted. */
	private refine(): void {
		if (this.perSecondCap >= this.episodeFrom) return;
		// Those of the server's second before the first 429, and those come back since (the block keeps new
		// requests out).
		const accepted = this.acceptedSince(this.episodeAt, this.episodeReset);
		this.perSecondCap = Math.max(this.perSecondCap, Math.min(accepted, this.episodeFrom - 1));
	}

	/**
	 * A 429: the key's limit was exceeded. While Remaining shows others sending on the key, it is theirs
	 * and ours meeting: this process takes a smaller part (once a second; the samples give it back).
	 * Otherwise the limit is lower than the limiter thought, or our timing slipped into the server's
	 * previous second: the per-second limit becomes what the API accepted in that second (if fewer than the
	 * limiter allowed), or one less when such slips repeat.
	 */
	learnFrom429(t: number, resetMs: number | undefined, limit: RateLimit, remaining?: number, unanswered: () => number = () => 0): void {
		const previous429 = this.last429;
		this.last429 = t;
		const windowMax = this.announced?.perMinute;
		if (
			this.othersSeen !== true &&
			remaining !== undefined &&
			windowMax !== undefined &&
			windowMax - remaining > this.answered + unanswered()
		) {
			// The window counted more requests than this process ever had accepted (or has in flight):
			// others use the key, whatever this second looked like. Typically a worker whose first answers
			// are 429s because another already sends at the whole limit: it had nothing accepted, so it
			// learnt nothing, and sent the whole limit again after each reset (4 refused a second at 4/s).
			// Half, as if one other: the share updates find the real part once answers are accepted.
			this.othersSeen = true;
			this.share = Math.min(this.share, SHARE_FIRST_GUESS);
			this.perSecondCap = Infinity;
			return;
		}
		if (this.othersSeen === true) {
			if (t - previous429 > EPISODE_MS) this.share = Math.max(this.minShare(limit), this.share * SHARE_DECREASE_LEARNT);
			return;
		}
		this.sinceStep = 0;
		if (t - this.episodeAt <= EPISODE_MS) {
			// A later 429 of the same burst: answers accepted before it may have come back after the first
			// 429 (overtaken on the way back), so it may count more of them.
			this.refine();
			return;
		}
		const accepted = this.acceptedSince(t, resetMs);
		const allowed = Math.max(1, Math.floor(Math.min(this.ceiling(limit).perSecond * this.share, this.perSecondCap) + 1e-9));
		this.episodeAt = t;
		this.episodeReset = resetMs;
		this.episodeFrom = allowed;
		// None accepted: the 429 says nothing about the second (the key used up by others, a minute window):
		// the block alone answers it.
		if (accepted === 0) return;
		if (accepted < allowed) {
			this.perSecondCap = accepted;
			return;
		}
		// No fewer accepted than allowed: a slip, unless slips repeat.
		if (t - this.lastSlip < REPEAT_MS) this.perSecondCap = Math.max(1, allowed - 1);
		this.lastSlip = t;
	}

	/**
	 * How fast others use the key, from how x-RateLimit-Remaining falls beyond our own answers.
	 * `unanswered`: how many of our requests are still in flight (asked only when the share is updated).
	 */
	learnShare(t: number, remaining: number, limit: RateLimit, unanswered: () => number): void {
		const ceiling = this.ceiling(limit);
		const last = this.samples[this.samples.length - 1];
		if (last && remaining > last.remaining) {
			// A little higher: answers (of this process or others) overtook each other on the way; such a
			// sample says nothing new. Much higher: a new window began, earlier samples no longer compare.
			if (remaining - last.remaining <= ceiling.perSecond) return;
			this.samples = [];
		}
		this.samples.push({ at: t, remaining, mine: this.answered });
		while (this.samples.length > 2 && this.samples[1].at < t - SHARE_LOOKBACK_MS) this.samples.shift();
		const first = this.samples[0];
		const span = t - first.at;
		if (span < SHARE_MIN_SPAN_MS || t - this.lastShareUpdate < SHARE_UPDATE_MS) return;
		const used = first.remaining - remaining;
		const mine = this.answered - first.mine;
		// Our own requests still in flight may have been counted already (answers overtake each other on
		// the way back): they are not others'. (Without this, one answer overtaken read as another sender,
		// and the part shrank for a process alone on its key.)
		const inFlight = unanswered();
		const othersPerSecond = (Math.max(0, used - mine - inFlight) * 1000) / span;
		this.lastShareUpdate = t;
		// Every process scales its part by how far the key's total use (seen by all of them alike in
		// Remaining) is from the limit: their parts then add up to it, whatever the split. (Aiming at
		// "what the others leave" instead makes each chase the others' last move.) While others are seen,
		// the aim is the limit less a headroom, as processes that do not know each other's timing meet in
		// one of the server's seconds now and then. The square root moves halfway
		// (geometrically), so that processes adjusting together do not overshoot.
		const othersSeen = othersPerSecond > SHARE_ALONE_PER_S || (this.othersSeen === true && span < SHARE_ALONE_SPAN_MS);
		if (othersSeen && this.othersSeen !== true && this.perSecondCap < Infinity) {
			// The 429s that lowered the per-second limit were others' requests and ours meeting: from here the
			// share steers it (from where the limit was, so the processes' parts still add up to the key's).
			this.share = Math.min(this.share, this.perSecondCap / ceiling.perSecond);
			this.perSecondCap = Infinity;
		}
		this.othersSeen = othersSeen;
		if (!this.othersSeen) {
			// Alone on the key (again, say the other worker finished): back to the whole limit quickly, and
			// all the way once close (halving the gap alone never gets there, and any part below 1 spaces
			// the requests). A lower limit the API showed is kept apart from the share (announced,
			// perSecondCap): it does not come back with it.
			const back = (this.share + 1) / 2;
			this.share = back >= SHARE_SNAP_BACK ? 1 : back;
			return;
		}
		const aim = 1 - SHARE_HEADROOM;
		// A 429 of ours within the samples says the key was full, however few answers Remaining counted:
		// refused requests are not counted, and each one's wait leaves the key idle, so the accepted rate
		// alone read as room to grow while the parts already added up to more than the limit. The part
		// then does not grow (the 429 itself took a tenth off).
		const counted = (used * 1000) / span / ceiling.perSecond;
		const utilisation = this.last429 >= first.at ? Math.max(aim, counted) : counted;
		const factor = utilisation > 0 ? Math.sqrt(aim / utilisation) : SHARE_MAX_STEP;
		this.share = Math.min(1, Math.max(this.minShare(limit), this.share * Math.min(SHARE_MAX_STEP, Math.max(1 / SHARE_MAX_STEP, factor))));
	}

	/** At least one request a second, so that a process never stops altogether. */
	private minShare(limit: RateLimit): number {
		return Math.min(1, 1 / this.ceiling(limit).perSecond);
	}
}
