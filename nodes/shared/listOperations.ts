import {
	NodeApiError,
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
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
	type INodePropertyRouting,
	type INodeTypeDescription,
	type JsonObject,
	type PreSendAction,
} from 'n8n-workflow';

/**
 * The list operations (those with Return All) run as n8n "custom operations" instead of through n8n's
 * routing node. Their description stays declarative (the same routing: method, URL, preSend steps,
 * pager, response check); only the last step differs: the routing node appends each item's result
 * with `returnData.push(...records)`, which overflows the call stack between 120,000 and 125,000
 * records. Here the records are appended one by one, so Return All takes any list that fits in memory.
 *
 * n8n-core's WorkflowExecute runs `customOperations[resource][operation]` before it would route the
 * node (the WhatsApp node uses the same mechanism), and the tool variant inherits it.
 */

type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
type RequestData = DeclarativeRestApiSettings.ResultOptions;

/**
 * One item's view of the run context, with the methods of n8n's per-item context (IExecuteSingleFunctions)
 * that the shared steps use. Methods read `this.itemIndex`, so a view made with Object.create and
 * another index (allItems' atItem) evaluates that item, as n8n's own per-item context does.
 */
class ItemContext {
	readonly helpers: IExecuteFunctions['helpers'];

	constructor(
		private readonly run: IExecuteFunctions,
		readonly itemIndex: number,
	) {
		this.helpers = run.helpers;
	}

	getItemIndex(): number {
		return this.itemIndex;
	}

	getNodeParameter(name: string, fallback?: unknown, options?: IDataObject): unknown {
		return this.run.getNodeParameter(name, this.itemIndex, fallback as never, options as never);
	}

	async getCredentials<T extends object = IDataObject>(type: string): Promise<T> {
		return await this.run.getCredentials<T>(type, this.itemIndex);
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
		return this.run.getNode();
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

interface ListRoute {
	request: IDataObject;
	preSend: PreSendAction[];
	pagination: (this: IExecutePaginationFunctions, requestData: RequestData) => Promise<INodeExecutionData[]>;
	postReceive: PostReceiveStep[];
}

type PostReceiveStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

function isExpression(value: unknown): value is string {
	return typeof value === 'string' && value.startsWith('=');
}

/** The fields of one operation, as n8n shows them (display options on resource and operation only). */
function shownFor(properties: INodeProperties[], resource: string, operation: string): INodeProperties[] {
	return properties.filter((p) => {
		const show = p.displayOptions?.show ?? {};
		const resources = show.resource as unknown[] | undefined;
		const operations = show.operation as unknown[] | undefined;
		return resources?.includes(resource) === true && operations?.includes(operation) === true;
	});
}

function hasRouting(p: INodeProperties): boolean {
	if (p.routing) return true;
	return ((p.options ?? []) as Array<INodeProperties | INodePropertyOptions>).some(
		(o) => ('routing' in o && o.routing !== undefined) || ('type' in o && hasRouting(o as INodeProperties)),
	);
}

/**
 * The route of a list operation this runner can take over exactly, or undefined (the operation then
 * stays with n8n's routing node): no field of its own routes anything (only its Operation entry does),
 * no request value needs $credentials, and every step is a function.
 */
function listRoute(routing: INodePropertyRouting, fields: INodeProperties[]): ListRoute | undefined {
	if (!fields.some((p) => p.name === 'returnAll')) return undefined;
	if (fields.some(hasRouting)) return undefined;
	const pagination = routing.operations?.pagination;
	if (typeof pagination !== 'function' || routing.send?.paginate !== true) return undefined;
	if (routing.send.type || routing.send.property || routing.send.value !== undefined) return undefined;
	const request = (routing.request ?? {}) as IDataObject;
	if (Object.values(request).some((v) => typeof v === 'string' && v.includes('$credentials'))) return undefined;
	const preSend = routing.send.preSend ?? [];
	const postReceive = (routing.output?.postReceive ?? []) as unknown[];
	if (postReceive.some((step) => typeof step !== 'function')) return undefined;
	if (routing.output?.maxResults !== undefined) return undefined;
	return { request, preSend, pagination, postReceive: postReceive as PostReceiveStep[] };
}

/** What n8n's routing node would build from the node's request defaults, its options and the route. */
function requestOptions(
	run: IExecuteFunctions,
	view: ItemContext,
	defaults: IDataObject,
	baseURL: string,
	route: ListRoute,
	credentials: IDataObject,
): IHttpRequestOptions {
	const options: IDataObject = { qs: {}, body: {}, headers: {} };
	for (const [key, value] of Object.entries(defaults)) {
		options[key] = key === 'baseURL' ? baseURL : structuredClone(value);
	}
	for (const [key, value] of Object.entries(route.request)) {
		// n8n's evaluateExpression adds the leading "=" itself.
		options[key] = isExpression(value) ? view.evaluateExpression(value.slice(1)) : structuredClone(value);
	}
	const { proxy, timeout, allowUnauthorizedCerts } = run.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	if (proxy) options.proxy = proxyOf(run, String(proxy), view.itemIndex);
	if (allowUnauthorizedCerts) options.skipSslCertificateValidation = allowUnauthorizedCerts;
	options.timeout = timeout ? timeout : 300_000;
	// The base URL is the node's own (from its credential), as the routing node decides it.
	const allowedDomains = getCredentialAllowedDomains?.({
		node: run.getNode(),
		credentialData: credentials as ICredentialDataDecryptedObject,
		credentialOwnedSurface: true,
		nodeEndpointUrl: baseURL,
	});
	if (allowedDomains) options.allowedDomains = allowedDomains;
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

/** One item: preSend steps, then the pager with a makeRoutingRequest that sends as n8n's routing does. */
async function runItem(
	run: IExecuteFunctions,
	view: ItemContext,
	requestData: RequestData,
	route: ListRoute,
	credentialType: string,
): Promise<INodeExecutionData[]> {
	for (const step of route.preSend) {
		requestData.options = await step.call(
			view as unknown as IExecuteSingleFunctions,
			requestData.options as IHttpRequestOptions,
		);
	}
	const makeRoutingRequest = async (data: RequestData): Promise<INodeExecutionData[]> => {
		data.options.returnFullResponse = true;
		const response = (await run.helpers.httpRequestWithAuthentication.call(
			run,
			credentialType,
			data.options as IHttpRequestOptions,
		)) as IN8nHttpFullResponse;
		let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
		for (const step of route.postReceive) {
			items = await step.call(view as unknown as IExecuteSingleFunctions, items, response);
		}
		return items;
	};
	const pagination = Object.create(view, { makeRoutingRequest: { value: makeRoutingRequest } });
	return await route.pagination.call(pagination as IExecutePaginationFunctions, requestData);
}

function listOperation(
	description: INodeTypeDescription,
	route: ListRoute,
	baseUrl: (credentials: IDataObject) => string,
): CustomOperation {
	const credentialType = description.credentials?.[0]?.name as string;
	const defaults = (description.requestDefaults ?? {}) as IDataObject;
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const node = this.getNode();
		// As the routing node: credentials once, then every item prepared in order and started at once
		// (allItems relies on item 0's first step running before any other item's).
		const credentials = (await this.getCredentials(credentialType)) as IDataObject;
		const baseURL = baseUrl(credentials);
		const { batching } = this.getNodeParameter('requestOptions', 0, {}) as {
			batching?: { batch?: { batchSize?: number; batchInterval?: number } };
		};
		const batchSize = (batching?.batch?.batchSize ?? 0) > 0 ? (batching?.batch?.batchSize as number) : 1;
		const batchInterval = batching?.batch?.batchInterval ?? 0;
		const views: ItemContext[] = [];
		const results: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0) await sleep(batchInterval);
			const view = new ItemContext(this, itemIndex);
			views.push(view);
			try {
				const requestData: RequestData = {
					options: requestOptions(this, view, defaults, baseURL, route, credentials),
					preSend: [],
					postReceive: [],
					requestOperations: {},
					paginate: true,
				};
				results.push(runItem(this, view, requestData, route, credentialType));
			} catch (error) {
				// As the routing node: a node error as it is, anything else as a NodeOperationError of the item.
				const nodeError =
					error instanceof NodeApiError || error instanceof NodeOperationError
						? error
						: new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
				nodeError.context.itemIndex = itemIndex;
				if (view.continueOnFail()) {
					results.push(Promise.resolve([{ json: {}, error: nodeError }]));
					continue;
				}
				throw nodeError;
			}
		}
		const settled = await Promise.allSettled(results);
		const returnData: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < settled.length; itemIndex++) {
			const result = settled[itemIndex];
			if (result.status === 'fulfilled') {
				// One by one: a spread of the whole list would overflow the call stack.
				for (const record of result.value) returnData.push(record);
				continue;
			}
			const error = result.reason as Error & { description?: string };
			if (views[itemIndex].continueOnFail()) {
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
 * The custom operations of a node: every operation with Return All whose route this runner can take over
 * exactly (see listRoute); `baseUrl` is the credential's base URL (transport/lookup.ts baseUrlOf, as every route uses).
 */
export function listOperations(
	description: INodeTypeDescription,
	baseUrl: (credentials: IDataObject) => string,
): Record<string, Record<string, CustomOperation>> {
	const operations: Record<string, Record<string, CustomOperation>> = {};
	for (const property of description.properties) {
		if (property.name !== 'operation') continue;
		const resources = (property.displayOptions?.show?.resource ?? []) as string[];
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			if (!option.routing) continue;
			for (const resource of resources) {
				const fields = shownFor(description.properties, resource, String(option.value));
				const route = listRoute(option.routing, fields);
				if (!route) continue;
				operations[resource] ??= {};
				operations[resource][String(option.value)] = listOperation(description, route, baseUrl);
			}
		}
	}
	return operations;
}
