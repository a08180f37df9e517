import {
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type PostReceiveAction,
} from 'n8n-workflow';

import { notSentError, runStopped } from '../allItems';
import { isOwnError, malformedError, responseError, secretsOf, transportError } from '../errors';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import {
	limiterClock,
	limiterForCredential,
	rateLimitWaitMs,
	rateHeaders,
} from './rateLimiter';

/**
 * Every request of both nodes goes through `send`: it waits for the credential's rate limiter, sends
 * through n8n's routing (so authentication and the node's request options apply), maps failures to
 * NodeApiError and sends again only a request that SlickText refused with 429: a 429 costs time, never
 * an item, up to the credential's Rate Limit Wait in total.
 */

export type RequestData = DeclarativeRestApiSettings.ResultOptions;

/** The longest pause between tries when a 429 names no reset (doubling from a second). */
const MAX_BACKOFF_MS = 30_000;

/** Thrown by `checkResponse` (inside n8n's routing) and turned into a NodeApiError by `send`. */
class HttpFailure extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly resetMs: number | undefined,
	) {
		super(`HTTP ${status}`);
	}
}

async function credentialsOf(ctx: IExecuteSingleFunctions, platform: Platform): Promise<IDataObject> {
	return (await ctx.getCredentials(CREDENTIAL_TYPE[platform])) as IDataObject;
}

/**
 * First postReceive of every operation: learns the rate-limit window from the headers and stops any
 * answer that is not a usable success before other postReceive steps shape the output.
 */
export function checkResponse(platform: Platform): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const headers = response.headers as IDataObject;
		const { remaining, resetMs, windowMax } = rateHeaders(headers);
		const limiter = limiterForCredential(platform, await credentialsOf(this, platform));
		limiter.observe(response.statusCode, remaining, resetMs, windowMax);
		if (response.statusCode >= 400 || response.statusCode < 200) {
			throw new HttpFailure(response.statusCode, response.body, resetMs);
		}
		if (typeof response.body === 'string' && response.body.trim() !== '') {
			throw malformedError(this.getNode(), 'the body is not JSON', this.getItemIndex());
		}
		return items;
	};
}

/** Sends one request (one page) with rate limiting and the 429 retry; returns the routed items. */
export async function send(
	ctx: IExecutePaginationFunctions,
	platform: Platform,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const credentials = await credentialsOf(ctx, platform);
	const limiter = limiterForCredential(platform, credentials);
	let firstRefusal: number | undefined;
	for (let attempt = 0; ; attempt++) {
		const stoppedEarly = runStopped(ctx);
		if (stoppedEarly !== undefined) throw notSentError(ctx, stoppedEarly);
		const booking = await limiter.acquire();
		let failure: HttpFailure | Error | undefined;
		try {
			// Another item of the run failed (Continue On Fail off): the run stops, nothing more goes out.
			const stoppedBy = runStopped(ctx);
			if (stoppedBy !== undefined) throw notSentError(ctx, stoppedBy);
			return await ctx.makeRoutingRequest(requestData);
		} catch (error) {
			failure = error as Error;
		} finally {
			limiter.finish(booking, failure instanceof HttpFailure && failure.status === 429);
		}
		if (!(failure instanceof HttpFailure)) {
			if (isOwnError(failure)) throw failure;
			// No HTTP answer (refused, dropped, timed out): never sent again, as it may have been done.
			throw transportError(ctx.getNode(), failure, ctx.getItemIndex(), secretsOf(credentials));
		}
		if (failure.status === 429) {
			// Refused, so nothing was done: waiting for the window to reset and sending again is safe, for
			// as long as the credential's Rate Limit Wait allows in total.
			const now = limiterClock.now();
			firstRefusal ??= now;
			const pause = failure.resetMs ?? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
			if (now + pause - firstRefusal <= rateLimitWaitMs(credentials)) {
				limiter.blockFor(pause);
				continue;
			}
		}
		throw responseError(
			ctx.getNode(),
			platform,
			{ status: failure.status, body: failure.body, path: requestData.options.url, secrets: secretsOf(credentials) },
			ctx.getItemIndex(),
		);
	}
}

/** The routing "pagination" hook of an operation that sends exactly one request. */
export function sendOnce(platform: Platform) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		return await send(this, platform, requestData);
	};
}

/** A copy of the request with other query values (the original is reused for the next page). */
export function withQuery(requestData: RequestData, qs: IDataObject): RequestData {
	return { ...requestData, options: { ...requestData.options, qs: { ...requestData.options.qs, ...qs } } };
}
