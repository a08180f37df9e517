import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { currentRecord } from './numbers';
import type { Platform } from './platform';
import { asSingle, type Execute, type ItemRun, type Route } from './runner/types';

/**
 * How an operation file declares what its operation sends: method and URL, the preSend steps that
 * check the item and build the body, and either one request whose answer the output steps shape, a pager
 * (paging.ts) or an `execute` of its own (an operation of several requests).
 */
export interface RouteOptions {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL; may be an n8n expression. */
	url: string;
	/** For collections: one of the pagers of paging.ts. */
	pages?: Execute;
	/** Checks and body building, in order, before the request is sent. */
	preSend?: PreSendAction[];
	/** Shapes the output items of a successful answer of a one-request operation. */
	output?: PostReceiveAction[];
	/** Sends the item's requests itself (e.g. a look-up first). */
	execute?: Execute;
	/** Overrides of the node's request defaults. */
	request?: Partial<IHttpRequestOptions>;
	/** False for the one current-API path outside /brands/{brand_id} (GET /brands). */
	brandScoped?: boolean;
	/** See Route.unknown; by default a POST is not resent (it creates or texts), other writes are. */
	unknown?: Route['unknown'];
}

/** An output step: n8n's postReceive function signature. */
type OutputStep = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/**
 * One request; its answer is one item, shaped by the output steps (n8n's postReceive signature).
 * `goneMeansDone`: a delete. When an earlier try of Retry On Fail sent it and no answer came, "not found"
 * now means that try deleted it: the item is done.
 */
export function once(output: PostReceiveAction[] = [], goneMeansDone = false): Execute {
	return async (item: ItemRun, request: IHttpRequestOptions) => {
		const accept = goneMeansDone && item.unansweredBefore ? [404] : [];
		let answer = await item.send(request, { accept });
		if (answer.status === 404) answer = { ...answer, status: 200, body: {} };
		let items: INodeExecutionData[] = [{ json: answer.body as IDataObject }];
		const response = { statusCode: answer.status, headers: answer.headers, body: answer.body } as IN8nHttpFullResponse;
		for (const step of output as OutputStep[]) items = await step.call(asSingle(item), items, response);
		return items;
	};
}

/** Every record of a current-API operation in the one form the nodes output (see numbers.ts). */
function inOneForm(execute: Execute): Execute {
	return async (item, request) =>
		(await execute(item, request)).map((entry) => {
			const json = entry.json && typeof entry.json === 'object' && !Array.isArray(entry.json) ? currentRecord(entry.json) : entry.json;
			return json === entry.json ? entry : { ...entry, json };
		});
}

/** Legacy actions whose second time changes nothing (an edit, an opt-out, a delete). */
const SAME_AGAIN = ['EDIT', 'OPTOUT', 'DELETE', 'DELETESUBSCRIBERS'];

function route(platform: Platform, options: RouteOptions, preSend: PreSendAction[] = []): Route {
	const write = options.method !== 'GET';
	const action = (options as { action?: string }).action;
	const deletes = options.method === 'DELETE' || action === 'DELETE';
	const execute = options.execute ?? options.pages ?? once(options.output, deletes);
	return {
		platform,
		method: options.method,
		url: options.url,
		brandScoped: options.brandScoped ?? true,
		request: options.request ?? {},
		preSend: [...(options.preSend ?? []), ...preSend],
		execute: platform === 'current' ? inOneForm(execute) : execute,
		write,
		// A POST creates or sends: unless a second one changes nothing, it is not resent.
		unknown: options.unknown ?? (options.method === 'POST' && !SAME_AGAIN.includes(action ?? '') ? 'report' : 'resend'),
	};
}

/** An operation of the current, brand-scoped API (JSON bodies). */
export function currentRoute(options: RouteOptions): Route {
	return route('current', options);
}

/** An operation of the legacy API; a write carries its `action` in a form-encoded body. */
export function legacyRoute(options: RouteOptions & { action?: string }): Route {
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

/** A numeric id stays a number in the output, as the API gives ids. */
export function toIdValue(id: unknown): number | string {
	const text = String(id ?? '').trim();
	return /^\d+$/.test(text) && text.length < 16 ? Number(text) : text;
}
