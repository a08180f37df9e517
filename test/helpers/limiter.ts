// What the package's rate limiter decided (RateLimiter#decisions): the requests it released and when, on
// its own clock, the waits and the blocks. Tests judge pacing on these, which another process on a busy
// machine cannot move, instead of on when the sandbox saw the requests (that carries the machine's
// jitter: a starved event loop stamps arrivals late and unevenly).
import * as path from 'node:path';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Booking, Decision, RateLimiter } from '../../nodes/shared/transport/rateLimiter';

// The engine runs the package from dist/, so its limiters (and their clock) are the ones in dist/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const limiterModule = require(path.resolve(__dirname, '../../dist/nodes/shared/transport/rateLimiter.js'));

export type WatchedLimiter = RateLimiter & { decisions: Decision[] };

/**
 * The limiter the nodes use for these credentials (the same one: the registry keeps one per key),
 * recording its decisions from now on in a fresh log.
 */
export function watchLimiter(platform: 'current' | 'legacy', credentials: ICredentialDataDecryptedObject): WatchedLimiter {
	const limiter = limiterModule.limiterForCredential(platform, credentials) as WatchedLimiter;
	limiter.decisions = [];
	return limiter;
}

/** The requests released, in order (each with when it was sent, answered, and whether it was refused). */
export const releases = (decisions: Decision[]): Booking[] => decisions.flatMap((d) => ('booking' in d ? [d.booking] : []));

/** The waits decided: at when, for how long, at what rate. */
export const waits = (decisions: Decision[]): Array<{ at: number; wait: number; perSecond: number; share: number }> =>
	decisions.flatMap((d) => ('wait' in d ? [d] : []));

/** The blocks decided (a 429's reset, or no request left in the window): from when until when. */
export const blocks = (decisions: Decision[]): Array<{ at: number; until: number }> => decisions.flatMap((d) => ('until' in d ? [d] : []));

/** When the first answer came (before it, the limiter sends a key's first request alone). */
export const firstAnswer = (decisions: Decision[]): number => Math.min(...releases(decisions).map((b) => b.done ?? Infinity));

/** The rates the limiter held requests back at, once the key's first answer came (before it: a probe). */
export const waitRates = (decisions: Decision[]): Set<number> =>
	new Set(waits(decisions).filter((w) => w.at >= firstAnswer(decisions)).map((w) => w.perSecond));

/**
 * The decisions before the first 429 came back (to a request sent at `from` or later): a 429 may lower the
 * rate the limiter allows itself.
 */
export function before429(decisions: Decision[], from = -Infinity): Decision[] {
	const refused = releases(decisions).find((b) => b.refused && b.sent >= from);
	return refused ? decisions.filter((d) => d.at < refused.done!) : decisions;
}

/**
 * Never more than `perSecond` requests released within a second of the limiter's clock: the 9th at 8 a
 * second left at least a second after the 1st. A request answered 429 before a later one left does not
 * count for that one (the server did not count it, and the limiter gives its slot back); one still under
 * way does. Exact: the limiter books each request against the times it released the others, whatever the
 * machine did in between.
 */
export function expectAtMostPerSecond(decisions: Decision[], perSecond: number, from = -Infinity): void {
	const released = releases(decisions);
	const tooMany: Array<{ index: number; inOneSecond: number }> = [];
	released.forEach((b, index) => {
		if (b.sent < from) return;
		const counted = released.filter((o) => o.sent <= b.sent && o.sent > b.sent - 1000 && !(o.refused && o.done! <= b.sent)).length;
		if (counted > perSecond) tooMany.push({ index, inOneSecond: counted });
	});
	expect(tooMany).toEqual([]);
}

/** The limiter's own slack around a window (its edge and departure margins, 25 ms) and some more. */
const WINDOW_SLACK_MS = 50;

/**
 * `from`: judge only the waits decided from then on (a later run of the same credential), counting the
 * requests and blocks of the whole log: the limiter's window still holds what the earlier run sent.
 *
 * Every wait the limiter decided was needed: each time it held a request back (after the key's first
 * answer, outside a block), its last second still held as many requests as the rate it allowed itself
 * (sent or answered within that second and its margins, or not answered yet). A limiter that sends slower
 * than its rate waits with room in the window and fails this on any machine; a busy machine only makes the
 * limiter decide later, never wait with room. Waits while it takes a part of the key's limit (others use
 * the key; it spaces its requests evenly) are not judged here.
 */
export function expectNoNeedlessWait(decisions: Decision[], from = -Infinity): void {
	const released = releases(decisions);
	const heard = firstAnswer(decisions);
	let blockedUntil = -Infinity;
	const needless: Array<{ at: number; wait: number; counted: number; allowed: number }> = [];
	for (const d of decisions) {
		if ('until' in d) blockedUntil = Math.max(blockedUntil, d.until);
		if (!('wait' in d) || d.at < from || d.at < heard || d.at < blockedUntil || d.share < 1) continue;
		const allowed = Math.ceil(d.perSecond - 1e-9);
		const counted = released.filter((b) => {
			if (b.sent > d.at) return false;
			const answered = b.done !== undefined && b.done <= d.at;
			if (!answered) return true;
			// A refused request does not count (the server did not count it either).
			return !b.refused && Math.max(b.sent, b.done!) + 1000 + WINDOW_SLACK_MS > d.at;
		}).length;
		if (counted < allowed) needless.push({ at: d.at, wait: d.wait, counted, allowed });
	}
	expect(needless).toEqual([]);
}
