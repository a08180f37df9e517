import type {
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	PreSendAction,
} from 'n8n-workflow';

import type { Platform } from '../platform';
import type { Answer, SendOptions } from '../transport/request';

/**
 * What the runner runs: one operation's route. Operation files declare it (routing.ts currentRoute and
 * legacyRoute); the node's description carries the same route as n8n declarative routing, so that n8n's
 * own routing node can run it too (routingNode.ts, and the differential test).
 */
export interface Route {
	platform: Platform;
	method: IHttpRequestMethods;
	/** Path below the credential's base URL; may be an n8n expression ("=/textwords/{{ ... }}"). */
	url: string;
	/** False for the one current-API path outside /brands/{brand_id} (GET /brands). */
	brandScoped: boolean;
	/** Overrides of the node's request defaults. */
	request: Partial<IHttpRequestOptions>;
	/** Checks and body building of one item, in order, with n8n's preSend signature. */
	preSend: PreSendAction[];
	/** Sends the item's request(s) and returns its output items. */
	execute: Execute;
	/** Whether the operation changes anything at SlickText (a write): reads may be repeated freely. */
	write: boolean;
	/**
	 * What a later try of n8n's Retry On Fail does with an item whose write went out but got no answer:
	 * `resend` where sending twice changes nothing (updates, deletes, list membership, a create that
	 * SlickText refuses the second time), `report` where it could text someone twice.
	 */
	unknown: 'resend' | 'report';
}

/**
 * One item of a run, as a route's steps see it: n8n's per-item context (parameters, credentials,
 * expressions), plus sending through the transport. The runner builds one per item (item.ts); under
 * n8n's routing node, routingNode.ts builds it over n8n's own per-item context.
 */
export interface ItemRun
	extends Pick<
		IExecuteSingleFunctions,
		| 'getNodeParameter'
		| 'getNode'
		| 'getItemIndex'
		| 'getCredentials'
		| 'getTimezone'
		| 'getExecutionId'
		| 'continueOnFail'
		| 'getInputData'
		| 'evaluateExpression'
		| 'getWorkflowDataProxy'
	> {
	/** Sends one request of this item (rate limiter, 429 waits, errors with the item's index). */
	send(request: IHttpRequestOptions, options?: Pick<SendOptions, 'accept'>): Promise<Answer>;
	/** A value made once per run and shared by its items (the legacy account's settings, say). */
	once<T>(key: string, make: () => Promise<T>): Promise<T>;
	/** Set when an earlier try of Retry On Fail sent this item's write and no answer came. */
	readonly unansweredBefore: boolean;
}

export type Execute = (item: ItemRun, request: IHttpRequestOptions) => Promise<INodeExecutionData[]>;

/** How an operation's own run may have its route run (run.ts runRoute). */
export interface RouteRunOptions {
	/** Each item's sending failure stays that item's (as Continue On Fail); bad input still stops the run first. */
	eachOnItsOwn?: boolean;
	/** Runs once every item is checked and built, before the first request. */
	beforeSending?: () => Promise<void>;
	/** Only these items are checked and sent; the others put out nothing. */
	onlyItems?: Set<number>;
	/** Told of each item as it is done or fails. */
	onItem?: (index: number, result: { output: INodeExecutionData[] } | { error: Error }) => void;
}

/**
 * An operation that does more than its requests (waiting for a reply): n8n runs it as the node's custom
 * operation. `sendRoute` runs the operation's route, if it has one, as every other operation runs.
 */
export type OperationRun = (
	ctx: IExecuteFunctions,
	sendRoute?: (options?: RouteRunOptions) => Promise<INodeExecutionData[][]>,
) => Promise<INodeExecutionData[][]>;

/** A route's steps reach n8n's context methods through the item (preSend steps bind it as `this`). */
export function asSingle(item: ItemRun): IExecuteSingleFunctions {
	return item as unknown as IExecuteSingleFunctions;
}
