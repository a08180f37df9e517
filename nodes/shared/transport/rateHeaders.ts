// Reading SlickText's rate headers (x-RateLimit, x-RateLimit-Remaining, x-RateLimit-Reset, Retry-After)
// into numbers the limiter takes in. Apart from the limiter: plain parsing, no state.

/**
 * The longest one wait for a rate-limit reset may be, whatever a server or proxy announces: SlickText's
 * longest window is a minute, so a longer reset is a wrong header, not a reason to stop for hours.
 */
export const MAX_RESET_WAIT_MS = 60_000;

function headerNumber(headers: Record<string, unknown> | undefined, name: string): number | undefined {
	if (!headers) return undefined;
	const value = headers[name] ?? headers[name.toLowerCase()];
	const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
	return Number.isFinite(n) ? n : undefined;
}

/** What an answer's rate headers say, as `RateLimiter.observe` takes it in. */
export interface RateHeaders {
	/** x-RateLimit-Remaining: requests left in the window. */
	remaining?: number;
	/** x-RateLimit-Reset (or Retry-After), as a wait in ms. */
	resetMs?: number;
	/** x-RateLimit: the window's maximum, SlickText's per-minute limit for the key. */
	windowMax?: number;
}

/** What an answer's headers tell the limiter: the window's maximum, requests left, the wait until it resets. */
export function rateHeaders(headers: Record<string, unknown> | undefined): RateHeaders {
	return {
		remaining: headerNumber(headers, 'x-ratelimit-remaining'),
		resetMs: resetWaitMs(headerNumber(headers, 'x-ratelimit-reset') ?? headerNumber(headers, 'retry-after')),
		windowMax: headerNumber(headers, 'x-ratelimit'),
	};
}

/**
 * Converts a reset header (x-RateLimit-Reset or Retry-After) to a wait in milliseconds, never more than
 * MAX_RESET_WAIT_MS. SlickText sends seconds until the reset; a value that can only be an epoch time
 * (seconds or milliseconds since 1970) is converted with the wall clock; anything else too long (for
 * example milliseconds sent where seconds belong) is capped.
 */
export function resetWaitMs(value: number | undefined, wallNow: number = Date.now()): number | undefined {
	if (value === undefined || !Number.isFinite(value)) return undefined;
	let ms: number;
	if (value >= 1e12) ms = value - wallNow;
	else if (value >= 1e9) ms = value * 1000 - wallNow;
	else ms = value * 1000;
	return Math.min(MAX_RESET_WAIT_MS, Math.max(0, ms));
}
