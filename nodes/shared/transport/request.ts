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
import { limiterForCredential, type RateLimiter } from './rateLimiter';

/**
 * Every request of both nodes goes through `send`: it waits for the credential's rate limiter, sends
 * through n8n's routing (so authentication and the node's request options apply), maps failures to
 * NodeApiError and sends again only a request that SlickText refused with 429.
 */

export type RequestData = DeclarativeRestApiSettings.ResultOptions;

/** How often a request refused with 429 is sent again before the item fails. */
export const MAX_RATE_LIMIT_RETRIES = 5;

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

function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	if (!headers) return undefined;
	const value = headers[name] ?? headers[name.toLowerCase()];
	const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
	return Number.isFinite(n) ? n : undefined;
}

async function limiterOf(ctx: IExecuteSingleFunctions, platform: Platform): Promise<RateLimiter> {
	return limiterForCredential(platform, (await ctx.getCredentials(CREDENTIAL_TYPE[platform])) as IDataObject);
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
		const reset = headerNumber(headers, 'x-ratelimit-reset');
		const limiter = await limiterOf(this, platform);
		limiter.observe(headerNumber(headers, 'x-ratelimit-remaining'), reset);
		if (response.statusCode >= 400 || response.statusCode < 200) {
			const retryAfter = headerNumber(headers, 'retry-after');
			const resetMs = reset !== undefined ? reset * 1000 : retryAfter !== undefined ? retryAfter * 1000 : undefined;
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
	const credentials = (await ctx.getCredentials(CREDENTIAL_TYPE[platform])) as IDataObject;
	const limiter = limiterForCredential(platform, credentials);
	for (let attempt = 0; ; attempt++) {
		const stoppedEarly = runStopped(ctx);
		if (stoppedEarly !== undefined) throw notSentError(ctx, stoppedEarly);
		const booking = await limiter.acquire();
		let failure: HttpFailure | Error;
		try {
			// Another item of the run failed (Continue On Fail off): the run stops, nothing more goes out.
			const stoppedBy = runStopped(ctx);
			if (stoppedBy !== undefined) throw notSentError(ctx, stoppedBy);
			return await ctx.makeRoutingRequest(requestData);
		} catch (error) {
			failure = error as Error;
		} finally {
			limiter.finish(booking);
		}
		if (!(failure instanceof HttpFailure)) {
			if (isOwnError(failure)) throw failure;
			// No HTTP answer (refused, dropped, timed out): never sent again, as it may have been done.
			throw transportError(ctx.getNode(), failure, ctx.getItemIndex(), secretsOf(credentials));
		}
		if (failure.status === 429 && attempt < MAX_RATE_LIMIT_RETRIES) {
			// Refused, so nothing was done: waiting for the window to reset and sending again is safe.
			limiter.blockFor(failure.resetMs ?? 1000 * 2 ** attempt);
			continue;
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
