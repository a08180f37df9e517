import {
	NodeApiError,
	NodeOperationError,
	getCredentialAllowedDomains,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

import { isNotSent, markOwn, numberItem } from '../errors';
import { CREDENTIAL_TYPE } from '../platform';
import { credentialsOnce } from '../transport/credentials';
import { baseUrlOf, wireOf } from '../transport/request';
import { asInputError, invalidInputError } from './checks';
import { RunItem, type RunState } from './item';
import { describeRun } from './progress';
import { endTries, maxTriesOf, startTry, type Outcome, type TryMemory } from './retries';
import { asSingle, type OperationRun, type Route, type RouteRunOptions } from './types';

/**
 * Runs one operation's route for all input items: the custom operation n8n-core calls for a
 * resource and operation (WorkflowExecute runs `customOperations[resource][operation]` instead of its
 * routing node). What it does that n8n's routing node does not:
 * - every item is checked and its request built before any request of the run leaves: one bad item
 *   stops the run with nothing sent (with Continue On Fail it becomes that item's error);
 * - after the first failure no further request leaves, and the error says which items were done;
 * - n8n's Retry On Fail does not send again an item an earlier try did (retries.ts);
 * - records are appended one by one (n8n's `push(...records)` overflows past ~120,000).
 * What it does as n8n's routing node does (checked by the differential test): request defaults, the
 * route's method and URL (an expression is evaluated per item), the node's request options (batching,
 * proxy, timeout, SSL, allowed domains), output in item order, errors with their item.
 */

export type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/** Marks a promise as handled now: it is awaited later, after the batching pauses. */
function later<T>(promise: Promise<T>): Promise<T> {
	promise.catch(() => undefined);
	return promise;
}

function isExpression(value: unknown): value is string {
	return typeof value === 'string' && value.startsWith('=');
}

/** n8n's message and hint for a proxy it cannot use (RoutingNode's), for the part that is missing. */
function proxyError(ctx: IExecuteFunctions, itemIndex: number, part: 'host' | 'port'): Error {
	return markOwn(
		new NodeOperationError(ctx.getNode(), 'The proxy is not valid', {
			itemIndex,
			description: `The proxy URL does not contain a valid value for "${part}"`,
		}),
	);
}

/**
 * The proxy option as n8n's routing node reads it (host and port required, the same error), except that
 * a password with ":" (percent-encoded, as a URL needs) reaches the proxy whole, where n8n cuts it at the
 * ":" (test/nodes/shared/runner/run.test.ts).
 */
export function proxyOf(ctx: IExecuteFunctions, proxy: string, itemIndex: number): IDataObject {
	let url: URL;
	try {
		url = new URL(proxy);
	} catch {
		throw proxyError(ctx, itemIndex, 'host');
	}
	if (!url.hostname) throw proxyError(ctx, itemIndex, 'host');
	if (!url.port) throw proxyError(ctx, itemIndex, 'port');
	return {
		host: url.hostname,
		port: parseInt(url.port),
		protocol: url.protocol.replace(/:$/, '') || undefined,
		...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
	};
}

interface Settings {
	defaults: IDataObject;
	requestOptions: IDataObject;
	baseURL: string;
	allowedDomains?: string;
}

/** The request of one item before its preSend steps, as n8n's routing node builds it. */
function requestOf(ctx: IExecuteFunctions, item: RunItem, route: Route, settings: Settings): IHttpRequestOptions {
	const options: IDataObject = { qs: {}, body: {}, headers: {} };
	for (const [key, value] of Object.entries(settings.defaults)) options[key] = structuredClone(value);
	options.baseURL = settings.baseURL;
	options.method = route.method;
	// n8n's evaluateExpression adds the leading "=" itself.
	options.url = isExpression(route.url) ? item.evaluateExpression(route.url.slice(1)) : route.url;
	Object.assign(options, structuredClone(route.request));
	const { proxy, timeout, allowUnauthorizedCerts } = settings.requestOptions;
	if (proxy) options.proxy = proxyOf(ctx, String(proxy), item.itemIndex);
	if (allowUnauthorizedCerts) options.skipSslCertificateValidation = allowUnauthorizedCerts;
	options.timeout = timeout ? timeout : 300_000;
	if (settings.allowedDomains) options.allowedDomains = settings.allowedDomains;
	return options as unknown as IHttpRequestOptions;
}

/** An item's error as n8n's routing node reports it: a NodeApiError as it is, anything else wrapped. */
function asItemError(ctx: IExecuteFunctions, error: Error & { description?: string }, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		numberItem(ctx.getNode(), error, itemIndex);
		return error;
	}
	const wrapped = new NodeApiError(ctx.getNode(), error as unknown as JsonObject, {
		itemIndex,
		message: error?.message,
		description: error?.description,
		httpCode: 'none',
	});
	numberItem(ctx.getNode(), wrapped, itemIndex);
	return wrapped;
}

/**
 * An item's failure under Continue On Fail or the error output: the error, and its message in the JSON as
 * n8n writes it after the run. n8n 1.x clears `error` from items it moves to the error output before that
 * step, so without the message here they would reach the error output empty.
 */
function failedItem(error: Error): INodeExecutionData {
	return { json: { error: error.message }, error: error as NodeOperationError };
}
/** The error of an item whose write an earlier try sent without an answer, and which is not sent again. */
function notResentError(ctx: IExecuteFunctions, itemIndex: number, outcome: Outcome): Error {
	return markOwn(
		new NodeOperationError(ctx.getNode(), `Not sent again: no answer came in try ${outcome.tryNumber} [item ${itemIndex}]`, {
			itemIndex,
			description:
				`Item ${itemIndex} went out in try ${outcome.tryNumber} of Retry On Fail and SlickText gave no answer, so it may have been done. ` +
				'Sending it again could text someone twice, so the node does not. Check in SlickText (for texts, its message log).',
		}),
	);
}

async function runRoute(ctx: IExecuteFunctions, route: Route, defaults: IDataObject, runOptions: RouteRunOptions = {}): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const node = ctx.getNode();
	const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE[route.platform]);
	const requestOptions = ctx.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const baseURL = baseUrlOf(route.platform, credentials, route.brandScoped);
	// The base URL is the node's own (from its credential), so its host is allowed as n8n allows a
	// declarative node's own base URL. The same for every item: worked out once.
	const allowedDomains = getCredentialAllowedDomains?.({
		node,
		credentialData: credentials as ICredentialDataDecryptedObject,
		credentialOwnedSurface: true,
		nodeEndpointUrl: baseURL,
	});
	const settings: Settings = { defaults, requestOptions, baseURL, allowedDomains };
	const { batching } = requestOptions as { batching?: { batch?: { batchSize?: number; batchInterval?: number } } };
	const batchSize = (batching?.batch?.batchSize ?? 0) > 0 ? (batching?.batch?.batchSize as number) : 1;
	const batchInterval = batching?.batch?.batchInterval ?? 0;
	const checksOnFail = ctx.continueOnFail();
	const continueOnFail = checksOnFail || runOptions.eachOnItsOwn === true;

	// Writes remember what each try did (reads may be repeated freely).
	const memoryKey = route.write ? (ctx.getExecuteData() as object | undefined) : undefined;
	const memory: TryMemory | undefined = startTry(memoryKey, maxTriesOf(node));
	const earlier = (index: number) => memory?.items.get(index);
	const run: RunState = { ctx, wire: wireOf(ctx, route.platform, credentials), node, shared: new Map() };

	// Every item still to send is prepared before any request leaves; an invalid item stops the run first
	// (all or nothing), or with Continue On Fail becomes that item's error.
	const runItems: RunItem[] = [];
	const prepared: Array<IHttpRequestOptions | undefined> = [];
	const invalid = new Map<number, Error>();
	const skipped = (index: number) => runOptions.onlyItems !== undefined && !runOptions.onlyItems.has(index);
	for (let index = 0; index < items.length; index++) {
		const item = new RunItem(run, index, earlier(index)?.state === 'unanswered');
		runItems.push(item);
		prepared.push(undefined);
		if (earlier(index)?.state === 'done' || skipped(index)) continue;
		try {
			let options = requestOf(ctx, item, route, settings);
			for (const step of route.preSend) options = await step.call(asSingle(item), options);
			prepared[index] = options;
		} catch (error) {
			invalid.set(index, asInputError(node, index, error));
		}
	}
	if (invalid.size > 0 && !checksOnFail) {
		if (memory && memory.tries >= memory.maxTries) endTries(memoryKey);
		throw invalidInputError(node, invalid, items.length);
	}
	await runOptions.beforeSending?.();

	const results: Array<Promise<INodeExecutionData[]>> = [];
	for (let index = 0; index < items.length; index++) {
		if (skipped(index)) {
			results.push(Promise.resolve([]));
			continue;
		}
		if (index > 0 && batchInterval > 0 && index % batchSize === 0) await sleep(batchInterval);
		const before = earlier(index);
		if (before?.state === 'done') {
			results.push(Promise.resolve(before.output));
			continue;
		}
		if (before?.state === 'unanswered' && route.unknown === 'report') {
			results.push(later(Promise.reject(notResentError(ctx, index, before))));
			continue;
		}
		const request = prepared[index];
		if (!request) {
			results.push(Promise.resolve([failedItem(invalid.get(index) as Error)]));
			continue;
		}
		const item = runItems[index];
		results.push(
			later(route.execute(item, request).then(
				(output) => {
					memory?.items.set(index, { state: 'done', tryNumber: memory.tries, output });
					runOptions.onItem?.(index, { output });
					return output;
				},
				(error: unknown) => {
					runOptions.onItem?.(index, { error: error as Error });
					if (item.unanswered) memory?.items.set(index, { state: 'unanswered', tryNumber: memory.tries });
					// The first failure stops the run: no later request leaves (Continue On Fail: each on its own).
					if (!continueOnFail) run.stoppedBy ??= index;
					throw error;
				},
			)),
		);
	}

	const settled = await Promise.allSettled(results);
	const returnData: INodeExecutionData[] = [];
	let failure: { index: number; reason: Error } | undefined;
	const failedItems: number[] = [];
	for (let index = 0; index < settled.length; index++) {
		const result = settled[index];
		if (result.status === 'fulfilled') {
			// One by one: a spread of a whole list would overflow the call stack.
			for (const record of result.value) returnData.push(record);
			continue;
		}
		if (continueOnFail) {
			returnData.push(failedItem(asItemError(ctx, result.reason as Error, index)));
			continue;
		}
		if (!isNotSent(result.reason)) failedItems.push(index);
		// The error of the item that stopped the run (an item not resent after no answer, if none stopped it).
		// Only that one is given its item: another item's error is left as it is.
		if (!failure || index === run.stoppedBy) failure = { index, reason: result.reason as Error };
	}
	if (!failure) {
		endTries(memoryKey);
		return [returnData];
	}
	const tryNumber = memory?.tries ?? 1;
	const retried = memory !== undefined && tryNumber < memory.maxTries;
	if (!retried) endTries(memoryKey);
	const outcomes = new Map<number, Outcome>(memory?.items ?? []);
	if (!memory) {
		// A read (or no execute data): this try's own record.
		settled.forEach((result, index) => {
			if (result.status === 'fulfilled') outcomes.set(index, { state: 'done', tryNumber: 1, output: [] });
			else if (runItems[index].unanswered) outcomes.set(index, { state: 'unanswered', tryNumber: 1 });
		});
	}
	const record = describeRun({
		total: items.length,
		write: route.write,
		failed: failure.index,
		failedToo: failedItems.filter((index) => index !== failure.index),
		outcomes,
		tryNumber,
		retried,
	});
	const error: Error & { description?: string | null } = asItemError(ctx, failure.reason, failure.index);
	error.description = `${error.description ? `${error.description}\n\n` : ''}${record}`;
	throw error;
}

/**
 * The custom operations of a node: every route by resource and operation, and the operations that run
 * more than a route (runs: given the route, if they have one, to run when they choose).
 */
export function customOperationsOf(
	routes: Record<string, Record<string, Route>>,
	defaults: IDataObject,
	runs: Record<string, Record<string, OperationRun>> = {},
): Record<string, Record<string, CustomOperation>> {
	const operations: Record<string, Record<string, CustomOperation>> = {};
	for (const [resource, byOperation] of Object.entries(routes)) {
		operations[resource] = {};
		for (const [operation, route] of Object.entries(byOperation)) {
			operations[resource][operation] = async function (this: IExecuteFunctions) {
				return await runRoute(this, route, defaults);
			};
		}
	}
	for (const [resource, byOperation] of Object.entries(runs)) {
		operations[resource] ??= {};
		for (const [operation, run] of Object.entries(byOperation)) {
			const route = routes[resource]?.[operation];
			operations[resource][operation] = async function (this: IExecuteFunctions) {
				return await run(this, route ? async (options) => await runRoute(this, route, defaults, options) : undefined);
			};
		}
	}
	return operations;
}
