import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import { asNodeError, isUnanswered, notSentError } from '../errors';
import { rawParameter } from '../parameters';
import { asStop, send, type Answer, type SendOptions, type Wire } from '../transport/request';
import type { ItemRun } from './types';

/**
 * What the items of one run share: made when the operation starts and handed to each item (no lookup
 * by execution data). `stop` is set by the first item that fails (Continue On Fail off): after that no
 * request of the run leaves.
 */
export interface RunState {
	ctx: IExecuteFunctions;
	wire: Wire;
	/** The run's copy of the node (n8n's getNode makes a deep copy on every call). */
	node: INode;
	/** The first item that failed (Continue On Fail off): after it, no request of the run leaves. */
	stoppedBy?: number;
	/** Values made once per run (see ItemRun.once). */
	shared: Map<string, Promise<unknown>>;
}

/** Plain data (what JSON can hold): safe to keep and hand out as a copy. */
function isPlain(value: unknown, depth = 0): boolean {
	if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
	if (typeof value !== 'object' || depth > 8) return false;
	const proto = Object.getPrototypeOf(value);
	if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
	return Object.values(value as object).every((v) => isPlain(v, depth + 1));
}

/**
 * One item of the run, with the methods of n8n's per-item context that the routes' steps use. A
 * parameter is evaluated once per item: the checks, the body building and the pager of one item all read
 * the same fields, and within a run a field's value for an item cannot change. Plain values are kept
 * and handed out as copies; anything else (a date from an expression) is evaluated each time.
 */
export class RunItem implements ItemRun {
	readonly helpers: IExecuteFunctions['helpers'];

	/** Whether a write of this item went out in this try and no answer came. */
	unanswered = false;

	private readonly values = new Map<string, unknown>();

	private readonly credentials = new Map<string, Promise<unknown>>();

	constructor(
		private readonly run: RunState,
		readonly itemIndex: number,
		readonly unansweredBefore: boolean,
	) {
		this.helpers = run.ctx.helpers;
	}

	getItemIndex(): number {
		return this.itemIndex;
	}

	getNodeParameter(name: string, fallback?: unknown, options?: IDataObject): never {
		const key = `${name}\u0000${options ? JSON.stringify(options) : ''}`;
		if (this.values.has(key)) {
			const kept = this.values.get(key);
			return (typeof kept === 'object' ? structuredClone(kept) : kept) as never;
		}
		const value = this.run.ctx.getNodeParameter(name, this.itemIndex, fallback as never, options as never) as unknown;
		// Only a parameter that is set: otherwise n8n answered with this call's fallback.
		if (value !== undefined && rawParameter(this.run.node.parameters as IDataObject, name) !== undefined && isPlain(value)) {
			this.values.set(key, structuredClone(value));
		}
		return value as never;
	}

	async getCredentials<T extends object = IDataObject>(type: string): Promise<T> {
		let credentials = this.credentials.get(type);
		if (!credentials) {
			credentials = this.run.ctx.getCredentials<T>(type, this.itemIndex);
			this.credentials.set(type, credentials);
			// A failed lookup is not kept: the next step asks again, as it would have.
			credentials.catch(() => this.credentials.delete(type));
		}
		return (await credentials) as T;
	}

	async send(request: IHttpRequestOptions, options: Pick<SendOptions, 'accept'> = {}): Promise<Answer> {
		const write = String(request.method ?? 'GET').toUpperCase() !== 'GET';
		try {
			return await send(this.run.wire, request, {
				...options,
				itemIndex: this.itemIndex,
				beforeSend: () => {
					// Another item of the run failed (Continue On Fail off): nothing more goes out.
					const { stoppedBy } = this.run;
					if (stoppedBy !== undefined && stoppedBy !== this.itemIndex) {
						throw asStop(notSentError(this.run.node, this.itemIndex, stoppedBy));
					}
				},
			});
		} catch (error) {
			if (write && isUnanswered(error)) this.unanswered = true;
			// Already one of n8n's node errors (the transport's): passed on as it is.
			throw asNodeError(this.run.node, error, this.itemIndex);
		}
	}

	async once<T>(key: string, make: () => Promise<T>): Promise<T> {
		let value = this.run.shared.get(key) as Promise<T> | undefined;
		if (!value) {
			value = make();
			this.run.shared.set(key, value);
			// A failed value is not kept: the next item makes it again (and reports its own failure).
			value.catch(() => {
				if (this.run.shared.get(key) === value) this.run.shared.delete(key);
			});
		}
		return await value;
	}

	getWorkflowDataProxy() {
		return this.run.ctx.getWorkflowDataProxy(this.itemIndex);
	}

	getInputData() {
		return this.run.ctx.getInputData()[this.itemIndex];
	}

	evaluateExpression(expression: string) {
		return this.run.ctx.evaluateExpression(expression, this.itemIndex);
	}

	getNode() {
		return this.run.node;
	}

	getExecuteData() {
		return this.run.ctx.getExecuteData();
	}

	continueOnFail() {
		return this.run.ctx.continueOnFail();
	}

	getTimezone() {
		return this.run.ctx.getTimezone();
	}

	getExecutionId() {
		return this.run.ctx.getExecutionId();
	}

	getMode() {
		return this.run.ctx.getMode();
	}

	getWorkflow() {
		return this.run.ctx.getWorkflow();
	}

	getExecutionCancelSignal() {
		return this.run.ctx.getExecutionCancelSignal();
	}

	getInstanceBaseUrl() {
		return this.run.ctx.getInstanceBaseUrl();
	}

	getRestApiUrl() {
		return this.run.ctx.getRestApiUrl();
	}
}
