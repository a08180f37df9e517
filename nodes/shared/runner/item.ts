import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import { asNodeError, forItem, isUnanswered, notSentError } from '../errors';
import { rawParameter } from '../parameters';
import { credentialsOnce } from '../transport/credentials';
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
	/** Values made once per run (see ItemRun.once), each with the item that made it. */
	shared: Map<string, SharedValue>;
}

export interface SharedValue {
	value: Promise<unknown>;
	maker: number;
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
		return (await credentialsOnce(this.run.ctx, type, this.itemIndex)) as T;
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

	/**
	 * A value made once per run and shared by its items. A failed value is not kept, and no item is
	 * handed another item's error:
	 * - the item that made it gets its own failure;
	 * - the items that waited for it (items run side by side, so they all wait for the first one's
	 *   read): with Continue On Fail off the run stops at the maker, and they are not sent; with it on
	 *   they make it once more, together (the first of them makes it, the others wait for that), and fail
	 *   only if that fails too, each with its own copy of the error. A passing failure costs one item;
	 *   a lasting one two reads, not one per item.
	 */
	async once<T>(key: string, make: () => Promise<T>): Promise<T> {
		let waitedInVain = false;
		for (;;) {
			let entry = this.run.shared.get(key);
			const mine = entry === undefined;
			if (!entry) {
				const made: SharedValue = { value: make(), maker: this.itemIndex };
				this.run.shared.set(key, made);
				made.value.catch(() => {
					if (this.run.shared.get(key) === made) this.run.shared.delete(key);
				});
				entry = made;
			}
			try {
				return (await entry.value) as T;
			} catch (error) {
				if (mine) throw asNodeError(this.run.node, error, this.itemIndex);
				if (this.run.shared.get(key) === entry) this.run.shared.delete(key);
				if (!this.run.ctx.continueOnFail()) {
					// The maker failed first: the run stops at it (as its own error will), and this item is not sent.
					this.run.stoppedBy ??= entry.maker;
					throw notSentError(this.run.node, this.itemIndex, entry.maker);
				}
				if (waitedInVain) throw forItem(asNodeError(this.run.node, error, entry.maker), this.itemIndex);
				waitedInVain = true;
			}
		}
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
