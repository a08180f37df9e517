/**
 * The rate limit of SlickText keys, one module to import from: the parts live beside it, one purpose
 * each (no part imports this module):
 * - rateHeaders.ts: what an answer's headers say (x-RateLimit, Remaining, Reset);
 * - rateLearning.ts: the real limit learnt from those headers and from 429s, and the share between
 *   processes on one key;
 * - pacing.ts: the limiter of one key, pacing the requests within that limit;
 * - limiters.ts: one limiter per credential, with how many are kept and for how long.
 */
export { MAX_RESET_WAIT_MS, rateHeaders, resetWaitMs, type RateHeaders } from './rateHeaders';
export type { RateLimit } from './rateLearning';
export { MAX_IN_FLIGHT, RateLimiter, limiterClock, type Booking, type Decision } from './pacing';
export {
	DEFAULT_RATE_LIMIT_WAIT_S,
	MAX_REMEMBERED_KEYS,
	SLICKTEXT_RATE_LIMIT,
	credentialRate,
	limiterFor,
	limiterForCredential,
	limiterKey,
	rateLimitWaitMs,
	rememberedKeys,
	resetLimiters,
} from './limiters';
