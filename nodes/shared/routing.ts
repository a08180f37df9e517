import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { tracked } from './allItems';
import { CREDENTIAL_TYPE, type Platform } from './platform';
import { baseUrlOf } from './transport/lookup';
import { checkResponse, sendOnce, type RequestData } from './transport/request';
import type { IExecutePaginationFunctions } from 'n8n-workflow';

/**
 * Builds the routing of one operation. Every operation sets `paginate` so that n8n hands the request
 * to our `operations.pagination` function: that is where rate limiting, the 429 retry, error mapping
 * and paging live, once for both nodes.
 */
export interface RouteOptions {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL; may be an n8n expression. */
	url: string;
	/** For collections: one of the pagers of ../paging. Absent: exactly one request. */
	pages?: (this: IExecutePaginationFunctions, requestData: RequestData) => Promise<INodeExecutionData[]>;
	/** Checks and body building, in order, before the request is sent. */
	preSend?: PreSendAction[];
	/** Shapes the output items of a successful answer (after the shared response check). */
	output?: PostReceiveAction[];
	/** Replaces the whole request runner (e.g. an operation that needs a lookup first). */
	runner?: (this: IExecutePaginationFunctions, requestData: RequestData) => Promise<INodeExecutionData[]>;
	/** Overrides of the node's request defaults. */
	request?: Partial<IHttpRequestOptions>;
	/** False for the one current-API path outside /brands/{brand_id} (GET /brands). */
	brandScoped?: boolean;
}

function route(platform: Platform, options: RouteOptions, preSend: PreSendAction[] = []): INodePropertyRouting {
	const runner = withBaseUrl(platform, options.brandScoped ?? true, options.runner ?? options.pages ?? sendOnce(platform));
	return {
		request: { method: options.method, url: options.url, ...(options.request ?? {}) },
		send: { paginate: true, preSend: [...(options.preSend ?? []), ...preSend] },
		// A write records which items of the run were done, for the error of an item that fails later.
		operations: { pagination: options.method === 'GET' ? runner : trackedRunner(runner) },
		output: { postReceive: [checkResponse(platform), ...(options.output ?? [])] },
	};
}

/**
 * The base URL comes from the credential here, in plain code, not from an expression in the node's
 * request defaults: n8n evaluates such an expression twice for every item (for the request and again to
 * see whose host it is), each time building a whole expression context, which was a sixth of the work
 * per item. The URL sent is the same.
 */
function withBaseUrl(platform: Platform, brandScoped: boolean, runner: NonNullable<RouteOptions['runner']>): NonNullable<RouteOptions['runner']> {
	return async function (this: IExecutePaginationFunctions, requestData: RequestData) {
		const credentials = (await this.getCredentials(CREDENTIAL_TYPE[platform])) as IDataObject;
		const options = { ...requestData.options, baseURL: baseUrlOf(platform, credentials, brandScoped) };
		return await runner.call(this, { ...requestData, options });
	};
}

function trackedRunner(runner: NonNullable<RouteOptions['runner']>): NonNullable<RouteOptions['runner']> {
	return async function (this: IExecutePaginationFunctions, requestData: RequestData) {
		return await tracked(this, async () => await runner.call(this, requestData));
	};
}

/** An operation of the current, brand-scoped API (JSON bodies). */
export function currentRoute(options: RouteOptions): INodePropertyRouting {
	return route('current', options);
}

/** An operation of the legacy API; a write carries its `action` in a form-encoded body. */
export function legacyRoute(options: RouteOptions & { action?: string }): INodePropertyRouting {
	return route('legacy', options, options.action ? [formBody(options.action)] : []);
}

/** Legacy writes are form-encoded, never JSON; values go as strings and empty ones are left out. */
export function formBody(action: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const body: IDataObject = {};
		for (const [key, value] of Object.entries((requestOptions.body ?? {}) as IDataObject)) {
			if (value === undefined || value === null || value === '') continue;
			body[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
		}
		body.action = action;
		requestOptions.body = body;
		requestOptions.json = false;
		requestOptions.headers = {
			...(requestOptions.headers ?? {}),
			'Content-Type': 'application/x-www-form-urlencoded',
		};
		return requestOptions;
	};
}

/** Output of a delete: the API answers `[]`, which would end the workflow with no item. */
export function deletedOutput(idField: string, parameter: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
		const id = this.getNodeParameter(parameter, undefined, { extractValue: true });
		return [{ json: { deleted: true, [idField]: toIdValue(id) } }];
	};
}

/** The record under a resource-named key of a legacy answer; an array gives one item per element. */
export function unwrap(key: string): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		const value = (items[0]?.json ?? {})[key];
		if (value === undefined) return items;
		const records = Array.isArray(value) ? value : [value];
		return records.map((json) => ({ json: json as IDataObject }));
	};
}

/** A numeric id stays a number in the output, as the API gives ids. */
export function toIdValue(id: unknown): number | string {
	const text = String(id ?? '').trim();
	return /^\d+$/.test(text) && text.length < 16 ? Number(text) : text;
}
