import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import type { Platform } from '../platform';
import type { RateLimit } from './rateLearning';
import { RateLimiter } from './pacing';

// The registry: one RateLimiter per key (SlickText counts requests by key), kept for the process's
// lifetime, and the credential's rate fields read into it.

/** SlickText's published limit for a key (see RateLimiter): what an empty credential field stands for. */
export const SLICKTEXT_RATE_LIMIT: RateLimit = { perSecond: 8, perMinute: 480 };

/** Default for the credential's "Rate Limit Wait" (seconds): the total a request may spend in 429s. */
export const DEFAULT_RATE_LIMIT_WAIT_S = 300;

/**
 * The most credentials (keys) whose limiter this process keeps. Each limiter is a few numbers and the
 * requests of its last minute of use (up to twice its per-minute limit between clean-ups): a hundred
 * keys that each sent 480 in their last minute took 4.9 MB of heap (measured with a driven clock).
 */
export const MAX_REMEMBERED_KEYS = 100;

/**
 * Everything the process remembers about rate limits, one limiter per key (see limiterKey): what each
 * learnt (the limit SlickText announced, the per-second limit 429s showed, the part other senders
 * leave) carries over from run to run and from node to node. Lifetime: the n8n process (a restart
 * forgets, and each queue-mode worker learns on its own). Size: at most MAX_REMEMBERED_KEYS, the least
 * recently used forgotten first (a Map keeps insertion order; each use moves its key to the end), never
 * one with requests waiting or in flight.
 */
const limiters = new Map<string, RateLimiter>();

/** Forgets every limiter (for tests: each starts from a quiet key). */
export function resetLimiters(): void {
	limiters.clear();
}

/** The limiter shared by every node and item that uses the same key. */
export function limiterFor(key: string, limit: RateLimit): RateLimiter {
	let limiter = limiters.get(key);
	if (limiter) {
		limiters.delete(key);
		limiter.limit = limit;
	} else {
		limiter = new RateLimiter(limit);
	}
	limiters.set(key, limiter);
	if (limiters.size > MAX_REMEMBERED_KEYS) {
		for (const [oldKey, old] of limiters) {
			if (old !== limiter && old.idle()) {
				limiters.delete(oldKey);
				break;
			}
		}
	}
	return limiter;
}

/** How many keys the process remembers now (for tests of the bound). */
export function rememberedKeys(): number {
	return limiters.size;
}

/**
 * A rate from the credential: a positive number, or SlickText's default when the field is empty, zero,
 * negative or not a number (which would otherwise switch limiting off).
 */
export function credentialRate(value: unknown, fallback: number): number {
	const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
	return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The base URL as SlickText sees it: no blanks, no trailing slashes, host in lower case. */
function normalisedBase(value: unknown): string {
	const base = String(value ?? '').trim().replace(/\/+$/, '');
	return base.replace(/^([a-z]+:\/\/[^/]+)/i, (origin) => origin.toLowerCase());
}

/**
 * What SlickText counts requests by: the API key (current API) or the public key (legacy), on one
 * server. The key itself is hashed so that no secret is kept as a map key.
 */
export function limiterKey(platform: Platform, credentials: IDataObject): string {
	const identity = platform === 'current' ? credentials.apiKey : credentials.publicKey;
	const hash = createHash('sha256').update(String(identity ?? '').trim()).digest('hex').slice(0, 32);
	return `${platform}:${normalisedBase(credentials.baseUrl)}:${hash}`;
}

/**
 * The limiter of a credential, shared by the nodes' requests and the editor's lookups, with the rate
 * set in the credential.
 */
export function limiterForCredential(platform: Platform, credentials: IDataObject): RateLimiter {
	return limiterFor(limiterKey(platform, credentials), {
		perSecond: credentialRate(credentials.requestsPerSecond, SLICKTEXT_RATE_LIMIT.perSecond),
		perMinute: credentialRate(credentials.requestsPerMinute, SLICKTEXT_RATE_LIMIT.perMinute),
	});
}

/** The credential's bound on the total time one request may spend waiting out 429s, in ms. */
export function rateLimitWaitMs(credentials: IDataObject): number {
	return credentialRate(credentials.rateLimitWait, DEFAULT_RATE_LIMIT_WAIT_S) * 1000;
}
