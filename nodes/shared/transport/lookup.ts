import type {
	IDataObject,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { responseError, secretsOf, transportError } from '../errors';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import { limiterForCredential } from './rateLimiter';

/**
 * Requests made while the editor loads options ("From List" searches, custom field names): the same
 * base URL rules, rate limiter and error mapping as the nodes' own requests.
 */

export function baseUrlOf(platform: Platform, credentials: IDataObject, brandScoped = true): string {
	const base = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	if (platform === 'legacy' || !brandScoped) return base;
	return `${base}/brands/${String(credentials.brandId ?? '').trim().replace(/^b/i, '')}`;
}

export async function lookupRequest(
	ctx: ILoadOptionsFunctions,
	platform: Platform,
	path: string,
	qs: IDataObject = {},
	method: IHttpRequestMethods = 'GET',
): Promise<unknown> {
	const type = CREDENTIAL_TYPE[platform];
	const credentials = (await ctx.getCredentials(type)) as IDataObject;
	const limiter = limiterForCredential(platform, credentials);
	const booking = await limiter.acquire();
	let response: { statusCode: number; body: unknown };
	try {
		response = await ctx.helpers.httpRequestWithAuthentication.call(ctx, type, {
			method,
			baseURL: baseUrlOf(platform, credentials),
			url: path,
			qs,
			json: true,
			headers: { Accept: 'application/json' },
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		});
	} catch (error) {
		throw transportError(ctx.getNode(), error, undefined, secretsOf(credentials));
	} finally {
		limiter.finish(booking);
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw responseError(ctx.getNode(), platform, {
			status: response.statusCode,
			body: response.body,
			path,
			secrets: secretsOf(credentials),
		});
	}
	return response.body;
}

/**
 * A "From List" search over a collection of the current API. The API filters only by exact match, so
 * a page is fetched and matched here; the offset of the next page is the pagination token.
 */
export async function searchCurrent(
	ctx: ILoadOptionsFunctions,
	options: {
		path: string;
		idField: string;
		label: (record: IDataObject) => string;
		filter?: string;
		paginationToken?: string;
		pageSize?: number;
	},
): Promise<INodeListSearchResult> {
	const pageSize = options.pageSize ?? 200;
	const offset = Number(options.paginationToken ?? 0) || 0;
	const body = (await lookupRequest(ctx, 'current', options.path, { limit: pageSize, offset })) as IDataObject;
	const records = Array.isArray(body?.data) ? (body.data as IDataObject[]) : [];
	const needle = (options.filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const record of records) {
		const name = options.label(record);
		const id = String(record[options.idField]);
		if (needle && !`${name} ${id}`.toLowerCase().includes(needle)) continue;
		results.push({ name, value: id });
	}
	const hasMore = (body?.pagingData as IDataObject | undefined)?.hasMore === true;
	return { results, paginationToken: hasMore ? String(offset + records.length) : undefined };
}

/** The same for a legacy collection (`{meta: {total}, <key>: [...]}`). */
export async function searchLegacy(
	ctx: ILoadOptionsFunctions,
	options: {
		path: string;
		key: string;
		idField?: string;
		label: (record: IDataObject) => string;
		filter?: string;
		paginationToken?: string;
		pageSize?: number;
	},
): Promise<INodeListSearchResult> {
	const pageSize = options.pageSize ?? 200;
	const offset = Number(options.paginationToken ?? 0) || 0;
	const body = (await lookupRequest(ctx, 'legacy', options.path, { limit: pageSize, offset })) as IDataObject;
	const records = Array.isArray(body?.[options.key]) ? (body[options.key] as IDataObject[]) : [];
	const needle = (options.filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const record of records) {
		const name = options.label(record);
		const id = String(record[options.idField ?? 'id']);
		if (needle && !`${name} ${id}`.toLowerCase().includes(needle)) continue;
		results.push({ name, value: id });
	}
	const total = Number((body?.meta as IDataObject | undefined)?.total ?? 0);
	const next = offset + records.length;
	return { results, paginationToken: records.length > 0 && next < total ? String(next) : undefined };
}
