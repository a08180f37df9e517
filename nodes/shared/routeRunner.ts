import {
	NodeApiError,
	NodeHelpers,
	NodeOperationError,
	getCredentialAllowedDomains,
	sleep,
	type DeclarativeRestApiSettings,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
	type INodePropertyRouting,
	type INodeTypeDescription,
	type JsonObject,
	type PreSendAction,
} from 'n8n-workflow';

import { asOwn, checkItem, gateProperties, invalidInputError, rawParameter, startRun } from './allItems';

/**
 * Every operation of both nodes runs as an n8n "custom operation" that runs the operation's declarative
 * routing itself, instead of n8n's routing node. The descriptions stay declarative (method, URL,
 * preSend steps, pager, postReceive steps, field routing); what changes is the work around them:
 *
 * - The routing node evaluates, for every item, the value of every top-level property definition
 *   (146 in the current node, most of them for other operations) and checks each one's display
 *   options, twice (once more to learn whose host the base URL is). Here the fields shown for the
 *   node's parameters are found once per run, and each item evaluates only those.
 * - The all-or-nothing check (allItems) ran every item's preSend steps on a copy, then each item ran
 *   them again. Here each item is prepared once, all items before any request, and an invalid item
 *   stops the run before anything is sent, as before.
 * - The routing node appends each item's result with `returnData.push(...records)`, which overflows
 *   the call stack between 120,000 and 125,000 records (Return All of a big brand). Here records are
 *   appended one by one.
 *
 * n8n-core's WorkflowExecute runs `customOperations[resource][operation]` before it would route the
 * node (the WhatsApp node uses the same mechanism), and the tool variant inherits it. An operation whose
 * routing uses anything this runner does not take over exactly stays with the routing node.
 */

type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
type RequestData = DeclarativeRestApiSettings.ResultOptions;
type Pagination = (this: IExecutePaginationFunctions, requestData: RequestData) => Promise<INodeExecutionData[]>;
type PostReceiveStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** Plain data (what JSON can hold): safe to keep and hand out as a copy. */
function isPlain(value: unknown, depth = 0): boolean {
	if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
	if (typeof value !== 'object' || depth > 8) return false;
	const proto = Object.getPrototypeOf(value);
	if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
	return Object.values(value as object).every((v) => isPlain(v, depth + 1));
}

/**
 * One item's view of the run context, with the methods of n8n's per-item context (IExecuteSingleFunctions)
 * that the shared steps use. Methods read `this.itemIndex`, so a view made with Object.create and
 * another index (allItems' atItem) evaluates that item, as n8n's own per-item context does.
 *
 * A parameter is evaluated once per item: the checks, the body building and the pager of one item all
 * read the same fields, and within a run a field's value for an item cannot change. Plain values are
 * kept and handed out as copies; anything else (say a date from an expression) is evaluated each time.
 */
class ItemContext {
	readonly helpers: IExecuteFunctions['helpers'];
	private readonly values = new Map<string, unknown>();
	private readonly credentials = new Map<string, Promise<unknown>>();

	private readonly parameters: IDataObject;

	/** `node`: the run's copy of the node (n8n's getNode makes a deep copy on every call). */
	constructor(
		private readonly run: IExecuteFunctions,
		readonly itemIndex: number,
		private readonly node: INode,
	) {
		this.helpers = run.helpers;
		this.parameters = node.parameters as IDataObject;
	}

	getItemIndex(): number {
		return this.itemIndex;
	}

	getNodeParameter(name: string, fallback?: unknown, options?: IDataObject): unknown {
		// With the item: a view made with Object.create for another item shares this map.
		const key = `${this.itemIndex}\u0000${name}\u0000${options ? JSON.stringify(options) : ''}`;
		if (this.values.has(key)) {
			const kept = this.values.get(key);
			return typeof kept === 'object' ? structuredClone(kept) : kept;
		}
		const value = this.run.getNodeParameter(name, this.itemIndex, fallback as never, options as never) as unknown;
		// Only a parameter that is set: otherwise n8n answered with this call's fallback.
		if (value !== undefined && rawParameter(this.parameters, name) !== undefined && isPlain(value)) {
			this.values.set(key, structuredClone(value));
		}
		return value;
	}

	async getCredentials<T extends object = IDataObject>(type: string): Promise<T> {
		let credentials = this.credentials.get(type);
		if (!credentials) {
			credentials = this.run.getCredentials<T>(type, this.itemIndex);
			this.credentials.set(type, credentials);
			// A failed lookup is not kept: the next step asks again, as it would have.
			credentials.catch(() => this.credentials.delete(type));
		}
		return (await credentials) as T;
	}

	getWorkflowDataProxy() {
		return this.run.getWorkflowDataProxy(this.itemIndex);
	}

	getInputData() {
		return this.run.getInputData()[this.itemIndex];
	}

	evaluateExpression(expression: string) {
		return this.run.evaluateExpression(expression, this.itemIndex);
	}

	getNode() {
		return this.node;
	}

	getExecuteData() {
		return this.run.getExecuteData();
	}

	continueOnFail() {
		return this.run.continueOnFail();
	}

	getTimezone() {
		return this.run.getTimezone();
	}

	getExecutionId() {
		return this.run.getExecutionId();
	}

	getMode() {
		return this.run.getMode();
	}

	getWorkflow() {
		return this.run.getWorkflow();
	}

	getExecutionCancelSignal() {
		return this.run.getExecutionCancelSignal();
	}

	getInstanceBaseUrl() {
		return this.run.getInstanceBaseUrl();
	}

	getRestApiUrl() {
		return this.run.getRestApiUrl();
	}
}

// ------------------------------------------------------------------------------ what a route may use

function isExpression(value: unknown): value is string {
	return typeof value === 'string' && value.startsWith('=');
}

/** Keys that n8n's routing node adds to a route's expressions; evaluateExpression does not have them. */
const ROUTING_KEYS = /\$(value|credentials|version|response|responseItem|request|parent|index)\b/;

/** A field's routing this runner sends exactly: one value into the query or body, under a fixed name. */
function fieldRoutingSupported(routing: INodePropertyRouting): boolean {
	const { send, ...rest } = routing;
	if (Object.keys(rest).length > 0 || !send) return false;
	const { type, property, ...other } = send;
	return Object.keys(other).length === 0 && (type === 'query' || type === 'body') && typeof property === 'string' && !isExpression(property);
}

/** An operation's routing this runner runs exactly: request values, preSend steps, a pager, postReceive steps. */
function operationRoutingSupported(routing: INodePropertyRouting): boolean {
	const { request = {}, send = {}, operations = {}, output = {}, ...rest } = routing;
	if (Object.keys(rest).length > 0) return false;
	if (Object.values(request).some((v) => (typeof v === 'string' && ROUTING_KEYS.test(v)) || (typeof v === 'object' && v !== null))) return false;
	const { paginate, preSend = [], ...sendRest } = send;
	if (paginate !== true || Object.keys(sendRest).length > 0 || preSend.some((s) => typeof s !== 'function')) return false;
	const { pagination, ...operationsRest } = operations;
	if (typeof pagination !== 'function' || Object.keys(operationsRest).length > 0) return false;
	const { postReceive = [], ...outputRest } = output;
	return Object.keys(outputRest).length === 0 && (postReceive as unknown[]).every((s) => typeof s === 'function');
}

/** Whether every routing inside a field (its own, its choices', its collection's fields') is supported. */
function fieldSupported(property: INodeProperties): boolean {
	if (property.routing && !fieldRoutingSupported(property.routing)) return false;
	for (const option of (property.options ?? []) as Array<INodeProperties | INodePropertyOptions | { values?: INodeProperties[] }>) {
		if ('routing' in option && option.routing && !('type' in option)) return false;
		if ('type' in option && !fieldSupported(option as INodeProperties)) return false;
		if ('values' in option && option.values?.some((v) => v.routing || (v.options ?? []).length > 0)) return false;
	}
	return true;
}

/** Whether a property can be shown for this resource and operation (display rules on other fields aside). */
function mayShow(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const resources = show.resource as unknown[] | undefined;
	const operations = show.operation as unknown[] | undefined;
	return (resources === undefined || resources.includes(resource)) && (operations === undefined || operations.includes(operation));
}

// ------------------------------------------------------------------------------ the plan of a run

interface FieldSend {
	path: string;
	type: 'query' | 'body';
	property: string;
	extractValue: boolean;
}

/** What n8n's routing node would merge from the fields shown, in the fields' order. */
interface Plan {
	parts: Array<{ request: IDataObject } | { send: FieldSend }>;
	preSend: PreSendAction[];
	pagination?: Pagination;
	postReceive: PostReceiveStep[];
}

/** The routing of the fields shown for the node's parameters, as the routing node walks them. */
function planOf(description: INodeTypeDescription, node: INode): Plan {
	const parameters = node.parameters as IDataObject;
	const plan: Plan = { parts: [], preSend: [], postReceive: [] };
	const shown = (p: INodeProperties | INodePropertyOptions) =>
		NodeHelpers.displayParameter(parameters as never, p as never, node, description, parameters as never);
	const visit = (property: INodeProperties, base: string) => {
		if (!shown(property)) return;
		const path = base ? `${base}.${property.name}` : property.name;
		if (property.routing?.send?.property) {
			plan.parts.push({
				send: {
					path,
					type: property.routing.send.type as 'query' | 'body',
					property: property.routing.send.property,
					extractValue: property.extractValue !== undefined || property.type === 'resourceLocator',
				},
			});
		}
		if (property.type === 'options') {
			const selected = ((property.options ?? []) as INodePropertyOptions[]).find((o) => o.value === rawParameter(parameters, path));
			const routing = selected?.routing;
			if (!routing || !shown(selected)) return;
			if (routing.request) plan.parts.push({ request: routing.request as IDataObject });
			plan.preSend.push(...(routing.send?.preSend ?? []));
			plan.pagination ??= routing.operations?.pagination as Pagination;
			plan.postReceive.push(...((routing.output?.postReceive ?? []) as PostReceiveStep[]));
		} else if (property.type === 'collection') {
			const value = (rawParameter(parameters, path) ?? {}) as IDataObject;
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (Object.keys(value).includes(option.name) && option.type !== undefined) visit(option, path);
			}
		}
	};
	for (const property of description.properties) visit(property, '');
	return plan;
}

/** Sets a value at a dotted name, as lodash `set` does for the routing node. */
function setAt(target: IDataObject, name: string, value: unknown): void {
	const keys = name.split('.');
	let node = target;
	for (const key of keys.slice(0, -1)) {
		if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
		node = node[key] as IDataObject;
	}
	node[keys[keys.length - 1]] = value as never;
}

interface RunSettings {
	defaults: IDataObject;
	baseURL: string;
	requestOptions: IDataObject;
	allowedDomains?: string;
}

/** What n8n's routing node builds for one item from the request defaults, the plan and the node's options. */
function requestOptionsOf(run: IExecuteFunctions, view: ItemContext, plan: Plan, settings: RunSettings): IHttpRequestOptions {
	const options: IDataObject = { qs: {}, body: {}, headers: {} };
	for (const [key, value] of Object.entries(settings.defaults)) {
		options[key] = key === 'baseURL' ? settings.baseURL : structuredClone(value);
	}
	for (const part of plan.parts) {
		if ('request' in part) {
			for (const [key, value] of Object.entries(part.request)) {
				// n8n's evaluateExpression adds the leading "=" itself.
				options[key] = isExpression(value) ? view.evaluateExpression(value.slice(1)) : value;
			}
			continue;
		}
		const { path, type, property, extractValue } = part.send;
		const value = view.getNodeParameter(path, undefined, extractValue ? { extractValue: true } : undefined);
		if (value !== undefined) setAt(options[type === 'body' ? 'body' : 'qs'] as IDataObject, property, value);
	}
	const { proxy, timeout, allowUnauthorizedCerts } = settings.requestOptions;
	if (proxy) options.proxy = proxyOf(run, String(proxy), view.itemIndex);
	if (allowUnauthorizedCerts) options.skipSslCertificateValidation = allowUnauthorizedCerts;
	options.timeout = timeout ? timeout : 300_000;
	if (settings.allowedDomains) options.allowedDomains = settings.allowedDomains;
	return options as unknown as IHttpRequestOptions;
}

function proxyOf(run: IExecuteFunctions, proxy: string, itemIndex: number): IDataObject {
	let url: URL;
	try {
		url = new URL(proxy);
	} catch {
		throw new NodeApiError(run.getNode(), { message: 'The proxy is not valid' } as JsonObject, {
			itemIndex,
			message: 'The proxy is not valid',
			description: 'The proxy URL does not contain a valid value for "host"',
		});
	}
	return {
		host: url.hostname,
		port: parseInt(url.port),
		protocol: url.protocol.replace(/:$/, '') || undefined,
		...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
	};
}

/**
 * One item made ready: request options built, the gate's checks and the preSend steps run. Throws what
 * the item's input is wrong about.
 */
async function prepareItem(run: IExecuteFunctions, view: ItemContext, plan: Plan, settings: RunSettings): Promise<RequestData> {
	let options = requestOptionsOf(run, view, plan, settings);
	for (const step of plan.preSend) {
		const properties = gateProperties(step);
		if (properties) {
			checkItem(view as unknown as IExecuteSingleFunctions, properties);
			continue;
		}
		options = await step.call(view as unknown as IExecuteSingleFunctions, options);
	}
	return { options, preSend: [], postReceive: [], requestOperations: {}, paginate: true };
}

/** The pager with a makeRoutingRequest that sends as n8n's routing does. */
async function sendItem(run: IExecuteFunctions, view: ItemContext, requestData: RequestData, plan: Plan, credentialType: string) {
	const makeRoutingRequest = async (data: RequestData): Promise<INodeExecutionData[]> => {
		data.options.returnFullResponse = true;
		const response = (await run.helpers.httpRequestWithAuthentication.call(
			run,
			credentialType,
			data.options as IHttpRequestOptions,
		)) as IN8nHttpFullResponse;
		let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
		for (const step of plan.postReceive) {
			items = await step.call(view as unknown as IExecuteSingleFunctions, items, response);
		}
		return items;
	};
	const pagination = Object.create(view, { makeRoutingRequest: { value: makeRoutingRequest } });
	return await (plan.pagination as Pagination).call(pagination as IExecutePaginationFunctions, requestData);
}

function routedOperation(description: INodeTypeDescription, baseUrl: (credentials: IDataObject) => string): CustomOperation {
	const credentialType = description.credentials?.[0]?.name as string;
	const defaults = (description.requestDefaults ?? {}) as IDataObject;
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const node = this.getNode();
		const plan = planOf(description, node);
		if (!plan.pagination) throw new NodeOperationError(node, 'This operation has no route: choose the resource and operation again');
		const credentials = (await this.getCredentials(credentialType)) as IDataObject;
		const requestOptions = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
		const baseURL = baseUrl(credentials);
		// The base URL is the node's own (from its credential), so its host is allowed as n8n allows a
		// declarative node's own base URL. The same for every item: worked out once.
		const allowedDomains = getCredentialAllowedDomains?.({
			node,
			credentialData: credentials as ICredentialDataDecryptedObject,
			credentialOwnedSurface: true,
			nodeEndpointUrl: baseURL,
		});
		const settings: RunSettings = { defaults, baseURL, requestOptions, allowedDomains };
		const { batching } = requestOptions as { batching?: { batch?: { batchSize?: number; batchInterval?: number } } };
		const batchSize = (batching?.batch?.batchSize ?? 0) > 0 ? (batching?.batch?.batchSize as number) : 1;
		const batchInterval = batching?.batch?.batchInterval ?? 0;
		const continueOnFail = this.continueOnFail();

		// Every item is prepared before any request leaves; an invalid item stops the run first (all or
		// nothing), or with Continue On Fail becomes that item's error.
		const views: ItemContext[] = [];
		const prepared: Array<RequestData | undefined> = [];
		const invalid = new Map<number, Error>();
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const view = new ItemContext(this, itemIndex, node);
			views.push(view);
			try {
				prepared.push(await prepareItem(this, view, plan, settings));
			} catch (error) {
				prepared.push(undefined);
				invalid.set(itemIndex, asOwn(view as unknown as IExecuteSingleFunctions, error));
			}
		}
		if (invalid.size > 0 && !continueOnFail) {
			throw invalidInputError(views[0] as unknown as IExecuteSingleFunctions, invalid, items.length);
		}
		startRun(views[0] as unknown as IExecuteSingleFunctions, items.length, invalid);

		const results: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0) await sleep(batchInterval);
			const requestData = prepared[itemIndex];
			if (!requestData) {
				results.push(Promise.resolve([{ json: {}, error: invalid.get(itemIndex) as NodeOperationError }]));
				continue;
			}
			results.push(sendItem(this, views[itemIndex], requestData, plan, credentialType));
		}
		const settled = await Promise.allSettled(results);
		const returnData: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < settled.length; itemIndex++) {
			const result = settled[itemIndex];
			if (result.status === 'fulfilled') {
				// One by one: a spread of a whole list would overflow the call stack.
				for (const record of result.value) returnData.push(record);
				continue;
			}
			const error = result.reason as Error & { description?: string };
			if (continueOnFail) {
				returnData.push({ json: {}, error: error as never });
				continue;
			}
			// What the routing node does with a failed item: a NodeApiError as it is, anything else wrapped.
			if (error instanceof NodeApiError) {
				error.context.itemIndex = itemIndex;
				throw error;
			}
			throw new NodeApiError(node, error as unknown as JsonObject, {
				itemIndex,
				message: error?.message,
				description: error?.description,
				httpCode: 'none',
			});
		}
		return [returnData];
	};
}

/**
 * The custom operations of a node: every operation whose routing this runner takes over exactly (see
 * operationRoutingSupported and fieldSupported); `baseUrl` is the credential's base URL
 * (transport/lookup.ts baseUrlOf, as every route uses).
 */
export function routedOperations(
	description: INodeTypeDescription,
	baseUrl: (credentials: IDataObject) => string,
): Record<string, Record<string, CustomOperation>> {
	const operations: Record<string, Record<string, CustomOperation>> = {};
	const run = routedOperation(description, baseUrl);
	for (const property of description.properties) {
		if (property.name !== 'operation') continue;
		const resources = (property.displayOptions?.show?.resource ?? []) as string[];
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			if (!option.routing || !operationRoutingSupported(option.routing)) continue;
			for (const resource of resources) {
				const operation = String(option.value);
				const fields = description.properties.filter((p) => p !== property && mayShow(p, resource, operation));
				if (!fields.every(fieldSupported)) continue;
				operations[resource] ??= {};
				operations[resource][operation] = run;
			}
		}
	}
	return operations;
}
