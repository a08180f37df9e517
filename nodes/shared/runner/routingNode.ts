import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../platform';
import { baseUrlOf, send, wireOf, type SendOptions } from '../transport/request';
import type { ItemRun, Route } from './types';

/**
 * A route as n8n declarative routing: what the node's description carries, so that n8n's own routing
 * node can run every operation (the node's custom operations run them in production; the differential
 * test runs both and compares). n8n builds the request (request defaults, method, URL, the node's
 * request options) and runs the preSend steps; the route's `execute` does the sending and the output
 * through the same transport, with n8n's per-item context as the item.
 */
export function toRouting(route: Route): INodePropertyRouting {
	return {
		request: { method: route.method, url: route.url, ...route.request },
		send: { paginate: true, preSend: route.preSend },
		operations: {
			async pagination(
				this: IExecutePaginationFunctions,
				requestData: DeclarativeRestApiSettings.ResultOptions,
			): Promise<INodeExecutionData[]> {
				const credentials = (await this.getCredentials(CREDENTIAL_TYPE[route.platform])) as IDataObject;
				const wire = wireOf(this, route.platform, credentials);
				const itemIndex = this.getItemIndex();
				// Without a run to share it, a value made "once per run" is made once per item here.
				const shared = new Map<string, Promise<unknown>>();
				const item = Object.create(this, {
					send: {
						value: async (request: IHttpRequestOptions, options: Pick<SendOptions, 'accept'> = {}) =>
							await send(wire, request, { ...options, itemIndex }),
					},
					once: {
						value: async <T>(key: string, make: () => Promise<T>) => {
							if (!shared.has(key)) shared.set(key, make());
							return (await shared.get(key)) as T;
						},
					},
					unansweredBefore: { value: false },
				}) as ItemRun;
				const options = { ...requestData.options, baseURL: baseUrlOf(route.platform, credentials, route.brandScoped) } as IHttpRequestOptions;
				return await route.execute(item, options);
			},
		},
	};
}
