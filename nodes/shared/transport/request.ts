import {
	sleep,
	type IAdditionalCredentialOptions,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';

import { asNodeError, malformedError, markUnanswered, networkCode, responseError, secretsOf, transportError } from '../errors';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import { credentialsOnce } from './credentials';
import { limiterClock, limiterForCredential, rateHeaders, rateLimitWaitMs, type RateLimiter } from './rateLimiter';

/**
 * The one transport: every request the package makes (operations, "From List" searches, dynamic
 * options, the trigger's event checks) goes through `send`. It waits for the credential's rate limiter,
 * sends with n8n's request helper (so n8n applies the credential and the node's request options), lets
 * the limiter learn from the answer's headers, waits out a 429 and sends again (a refused request did
 * nothing), asks a read again after a 5xx or no answer (see readRetry), and turns any other failure into
 * one of n8n's node errors with SlickText's own message and no secret in it.
 */

/** The part of an n8n context the transport uses (execute, load-options and webhook contexts all have it). */
export interface HttpContext {
	helpers: {
		httpRequestWithAuthentication(
			this: unknown,
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
			additionalCredentialOptions?: IAdditionalCredentialOptions,
		): Promise<unknown>;
	};
	getNode(): INode;
}

/** One credential's way to SlickText: made once per run (or lookup) and handed to every request. */
export interface Wire {
	ctx: HttpContext;
	platform: Platform;
	credentials: IDataObject;
	limiter: RateLimiter;
	secrets: string[];
}

/** A SlickText answer whose status the caller accepted. */
export interface Answer {
	status: number;
	body: unknown;
	headers: IDataObject;
}

export interface SendOptions {
	/** For the error: which item of the run this request belongs to. */
	itemIndex?: number;
	/** Statuses besides 2xx that are answers rather than failures (e.g. 404 to an existence check). */
	accept?: number[];
	/** Runs before the request leaves (also after a wait in the limiter); throws to keep it from leaving. */
	beforeSend?: () => void;
}

/** The longest pause between tries when a 429 names no reset (doubling from a second). */
const MAX_BACKOFF_MS = 30_000;

/**
 * A GET that SlickText answers with a 5xx, or that gets no answer (a timeout, a connection closed or
 * refused), is asked again: reading changes nothing, and such failures are mostly over in seconds.
 * `attempts` in all, waiting `firstBackoffMs` and then twice as long before each (1 s, then 2 s).
 * Never a write: a POST, PUT, PATCH or DELETE that may have been done is not sent a second time here
 * (legacy writes are all POSTs). Replaceable so that tests need not wait (docs/reliability.md).
 */
export const readRetry = { attempts: 3, firstBackoffMs: 1000 };

/** No answer that asking again cannot change: the URL is not valid, or its host does not exist. */
const HOPELESS = ['ENOTFOUND', 'ERR_INVALID_URL'];

/** The base URL of the credential; brand-scoped paths of the current API below /brands/{brand_id}. */
export function baseUrlOf(platform: Platform, credentials: IDataObject, brandScoped = true): string {
	const base = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	if (platform === 'legacy' || !brandScoped) return base;
	return `${base}/brands/${String(credentials.brandId ?? '').trim().replace(/^b/i, '')}`;
}

export function wireOf(ctx: HttpContext, platform: Platform, credentials: IDataObject): Wire {
	return { ctx, platform, credentials, limiter: limiterForCredential(platform, credentials), secrets: secretsOf(credentials) };
}

/** The wire of the credential the context holds for the platform. */
export async function wireFor(
	ctx: HttpContext & { getCredentials(type: string): Promise<object> },
	platform: Platform,
): Promise<Wire> {
	return wireOf(ctx, platform, await credentialsOnce(ctx, CREDENTIAL_TYPE[platform]));
}

/**
 * Sends one request. Resolves with the answer when its status is 2xx (or accepted); otherwise throws a
 * NodeApiError: the API's refusal with its status and message, or, when no answer came at all, the
 * transport's error (marked as unanswered: the request may have been done).
 */
export async function send(wire: Wire, options: IHttpRequestOptions, sendOptions: SendOptions = {}): Promise<Answer> {
	const { ctx, platform, limiter } = wire;
	// The credential this wire was made with: n8n would otherwise read it from its database for each request.
	const credentialsDecrypted = { id: '', name: '', type: CREDENTIAL_TYPE[platform], data: wire.credentials as ICredentialDataDecryptedObject };
	const node = ctx.getNode();
	const read = String(options.method ?? 'GET').toUpperCase() === 'GET';
	let firstRefusal: number | undefined;
	let refusals = 0;
	/** Reads asked so far that failed with a 5xx or no answer. */
	let failedReads = 0;
	/** Whether a failed read is asked again, after its pause. */
	const askAgain = async (): Promise<boolean> => {
		if (!read || failedReads + 1 >= readRetry.attempts) return false;
		await sleep(readRetry.firstBackoffMs * 2 ** failedReads++);
		return true;
	};
	for (;;) {
		sendOptions.beforeSend?.();
		const booking = await limiter.acquire();
		let response: IN8nHttpFullResponse | undefined;
		let failed = false;
		let failure: unknown;
		try {
			// After the wait in the limiter: the run may have stopped meanwhile.
			sendOptions.beforeSend?.();
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE[platform],
				{ ...options, returnFullResponse: true, ignoreHttpStatusErrors: true },
				{ credentialsDecrypted },
			)) as IN8nHttpFullResponse;
			// Before `finish`: what the answer says about the window counts for the requests it releases.
			const { remaining, resetMs, windowMax } = rateHeaders((response.headers ?? {}) as IDataObject);
			limiter.observe(response.statusCode, remaining, resetMs, windowMax, booking);
		} catch (error) {
			if (isStop(error)) throw asNodeError(node, error);
			failed = true;
			failure = error;
		} finally {
			// A refused request did not count at SlickText: its slot comes back.
			limiter.finish(booking, response?.statusCode === 429);
		}
		if (failed || !response) {
			if (!HOPELESS.includes(String(networkCode(failure))) && (await askAgain())) continue;
			throw unanswered(node, failure, sendOptions.itemIndex, wire.secrets);
		}
		const headers = (response.headers ?? {}) as IDataObject;
		const { resetMs } = rateHeaders(headers);
		const status = response.statusCode;
		if ((status >= 200 && status < 300) || sendOptions.accept?.includes(status)) {
			if (typeof response.body === 'string' && response.body.trim() !== '') {
				throw malformedError(node, 'the body is not JSON', sendOptions.itemIndex);
			}
			return { status, body: response.body, headers };
		}
		if (status === 429) {
			// Refused, so nothing was done: waiting for the window to reset and sending again is safe, for as
			// long as the credential's Rate Limit Wait allows in total.
			const now = limiterClock.now();
			firstRefusal ??= now;
			const pause = resetMs ?? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** refusals++);
			if (now + pause - firstRefusal <= rateLimitWaitMs(wire.credentials)) {
				limiter.blockFor(pause);
				continue;
			}
		}
		if (status >= 500 && (await askAgain())) continue;
		throw responseError(
			node,
			platform,
			{ status, body: response.body, path: String(options.url ?? ''), secrets: wire.secrets },
			sendOptions.itemIndex,
		);
	}
}

/** A stop thrown by `beforeSend` passes through as it is (it is not a network failure). */
const stops = new WeakSet<object>();

export function asStop<T extends object>(error: T): T {
	stops.add(error);
	return error;
}

function isStop(error: unknown): boolean {
	return typeof error === 'object' && error !== null && stops.has(error);
}

/**
 * No HTTP answer. A refused connection or an unknown host never reached SlickText; anything else (a
 * timeout, a connection closed while waiting) may have been done by SlickText without telling us.
 */
function unanswered(node: INode, error: unknown, itemIndex: number | undefined, secrets: string[]) {
	const mapped = transportError(node, error, itemIndex, secrets);
	const neverArrived = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL'].includes(String(networkCode(error)));
	return neverArrived ? mapped : markUnanswered(mapped);
}

/** A GET of the API for the editor (lookups, "From List" searches): the body of a 2xx answer. */
export async function lookup(wire: Wire, path: string, qs: IDataObject = {}): Promise<unknown> {
	const answer = await send(wire, {
		method: 'GET',
		baseURL: baseUrlOf(wire.platform, wire.credentials),
		url: path,
		qs,
		json: true,
		headers: { Accept: 'application/json' },
	});
	return answer.body;
}
