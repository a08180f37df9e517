import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { asNodeError, inputError, isOwnError, markOwn } from './errors';
import { MAX_PAGE_SIZE } from './limits';

/**
 * All or nothing, across the items of one run. n8n's routing node prepares every item and starts all
 * their requests at once, so a check inside one item's preSend cannot stop another item that is
 * already on its way. Instead the first preSend of every operation waits for one verdict over ALL
 * input items (every field evaluated and every check of the operation run for each item index); only
 * when no item is invalid does any request go out. With Continue On Fail each item gets its own verdict.
 *
 * The same per-run record remembers which items were done, so that a failure on item k can say which
 * items must not be run again.
 */

interface RunState {
	verdict?: Promise<Map<number, Error>>;
	done: Set<number>;
	failure?: { itemIndex: number; error: Error & { description?: string | null }; description: string };
	total: number;
}

// Keyed by the run's execute data: one object shared by the contexts of all items of one node run.
const runs = new WeakMap<object, RunState>();

function itemCount(ctx: IExecuteSingleFunctions): number {
	try {
		const all = ctx.getWorkflowDataProxy(ctx.getItemIndex()).$input.all() as unknown[];
		return Math.max(all.length, ctx.getItemIndex() + 1);
	} catch {
		return ctx.getItemIndex() + 1;
	}
}

/** The run record; item 0 starts a new one (its preSend runs first, also on each try of Retry On Fail). */
function runOf(ctx: IExecuteSingleFunctions, fresh = false): RunState {
	const key = ctx.getExecuteData() as object | undefined;
	const existing = key ? runs.get(key) : undefined;
	if (existing && !fresh) return existing;
	const state: RunState = { done: new Set(), total: itemCount(ctx) };
	if (key) runs.set(key, state);
	return state;
}

/**
 * The same context seen from another item: n8n-core's ExecuteSingleContext reads its item from its
 * `itemIndex` field, so an object built on it with another index evaluates that item's parameters,
 * input and expressions exactly as that item's own request would. Undefined if n8n changes this.
 */
function atItem(ctx: IExecuteSingleFunctions, itemIndex: number): IExecuteSingleFunctions | undefined {
	if (ctx.getItemIndex() === itemIndex) return ctx;
	const view = Object.create(ctx, { itemIndex: { value: itemIndex } }) as IExecuteSingleFunctions;
	return view.getItemIndex() === itemIndex ? view : undefined;
}

/** A text field that says it takes an array (e.g. Contact IDs) accepts a list from an expression. */
function isText(p: INodeProperties): boolean {
	return p.type === 'string' && !/\barray\b/i.test(p.description ?? '');
}

/** Text fields of the operation (top level and inside collections), by parameter path. */
function textFields(properties: INodeProperties[]): Array<{ path: string; label: string }> {
	const out: Array<{ path: string; label: string }> = [];
	for (const p of properties) {
		if (isText(p)) out.push({ path: p.name, label: p.displayName });
		if (p.type === 'collection') {
			for (const o of (p.options ?? []) as INodeProperties[]) {
				if (isText(o)) out.push({ path: `${p.name}.${o.name}`, label: o.displayName });
			}
		}
	}
	return out;
}

/** An object or array given to a text field by an expression would be sent as "[object Object]". */
function checkTextFields(ctx: IExecuteSingleFunctions, fields: Array<{ path: string; label: string }>): void {
	for (const { path, label } of fields) {
		if (!isSet(ctx, path)) continue;
		const value = ctx.getNodeParameter(path, undefined) as unknown;
		if (value !== null && typeof value === 'object') {
			throw inputError(
				ctx,
				label,
				`must be text, got ${Array.isArray(value) ? 'a list' : 'an object'} ${truncate(JSON.stringify(value))}`,
				'Map a single value, for example {{ $json.name }} rather than {{ $json }}.',
			);
		}
	}
}

function truncate(text: string | undefined, max = 80): string {
	const value = text ?? '';
	return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** Limit: a whole number from 1 to the API's maximum, or the item fails before any request. */
export function checkLimit(ctx: IExecuteSingleFunctions): void {
	const parameters = ctx.getNode().parameters as IDataObject;
	if (!('limit' in parameters)) return;
	if (ctx.getNodeParameter('returnAll', false) === true) return;
	const value = ctx.getNodeParameter('limit', 50) as unknown;
	const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
	if (!Number.isInteger(number) || number < 1 || number > MAX_PAGE_SIZE) {
		throw inputError(
			ctx,
			'Limit',
			`must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${JSON.stringify(value) ?? String(value)}`,
			`Use Return All for more than ${MAX_PAGE_SIZE} results.`,
		);
	}
}

/** The raw parameter at a path such as `additionalFields.email` or `a[0].b` (undefined if not set). */
export function rawParameter(parameters: IDataObject, path: string): unknown {
	let value: unknown = parameters;
	for (const key of path.split(/[.[\]]/)) {
		if (key === '') continue;
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** Whether a parameter path is set on the node (n8n fills in the defaults of the fields shown). */
export function isSet(ctx: IExecuteSingleFunctions, path: string): boolean {
	return rawParameter(ctx.getNode().parameters as IDataObject, path) !== undefined;
}

/** Whether a raw parameter value holds an expression anywhere (only those can fail to evaluate). */
function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (value === null || typeof value !== 'object') return false;
	return Object.values(value).some(hasExpression);
}

/** Every field of the item evaluates without an error (a broken expression fails that item). */
function checkExpressions(ctx: IExecuteSingleFunctions, properties: INodeProperties[]): void {
	const parameters = ctx.getNode().parameters as IDataObject;
	for (const p of properties) {
		if (!(p.name in parameters) || !hasExpression(parameters[p.name])) continue;
		try {
			ctx.getNodeParameter(p.name, undefined);
		} catch (error) {
			throw inputError(ctx, p.displayName, (error as Error).message);
		}
	}
}

export function asOwn(ctx: IExecuteSingleFunctions, error: unknown): Error {
	if (isOwnError(error)) return error as Error;
	return markOwn(
		new NodeOperationError(ctx.getNode(), `${(error as Error)?.message ?? String(error)} [item ${ctx.getItemIndex()}]`, {
			itemIndex: ctx.getItemIndex(),
		}),
	);
}

const textFieldsOf = new WeakMap<INodeProperties[], Array<{ path: string; label: string }>>();

/** The checks of the all-items gate for one item, before the operation's own preSend steps. */
export function checkItem(ctx: IExecuteSingleFunctions, properties: INodeProperties[]): void {
	checkExpressions(ctx, properties);
	let fields = textFieldsOf.get(properties);
	if (!fields) textFieldsOf.set(properties, (fields = textFields(properties)));
	checkTextFields(ctx, fields);
	checkLimit(ctx);
}

async function verdictOf(
	ctx: IExecuteSingleFunctions,
	total: number,
	properties: INodeProperties[],
	steps: PreSendAction[],
	requestOptions: IHttpRequestOptions,
): Promise<Map<number, Error>> {
	const invalid = new Map<number, Error>();
	for (let index = 0; index < total; index++) {
		const view = atItem(ctx, index);
		// n8n changed its contexts: only this item can be checked here, the others check themselves.
		if (!view) continue;
		try {
			checkItem(view, properties);
			// The operation's own checks and body building, on a copy that is thrown away.
			let options = structuredCloneSafe(requestOptions);
			for (const step of steps) options = await step.call(view, options);
		} catch (error) {
			invalid.set(index, asOwn(view, error));
		}
	}
	return invalid;
}

function structuredCloneSafe(options: IHttpRequestOptions): IHttpRequestOptions {
	return {
		...options,
		qs: { ...((options.qs ?? {}) as IDataObject) },
		headers: { ...((options.headers ?? {}) as IDataObject) },
		body:
			options.body && typeof options.body === 'object' && !Array.isArray(options.body)
				? { ...(options.body as IDataObject) }
				: options.body,
	};
}

function itemList(indexes: number[]): string {
	return indexes.join(', ');
}

export function invalidInputError(ctx: IExecuteSingleFunctions, invalid: Map<number, Error>, total: number): Error {
	const indexes = [...invalid.keys()].sort((a, b) => a - b);
	const first = invalid.get(indexes[0]) as Error;
	// A run of one item keeps the item's own error as it is.
	if (total === 1) return first;
	const message =
		`${first.message}. Nothing was sent: ${indexes.length} of ${total} items ` +
		`${indexes.length === 1 ? 'has' : 'have'} invalid input (${indexes.length === 1 ? 'item' : 'items'} ${itemList(indexes)})`;
	const details = indexes.map((index) => (invalid.get(index) as Error).message);
	return markOwn(
		new NodeOperationError(ctx.getNode(), message, {
			itemIndex: indexes[0],
			description:
				`${details.join('\n')}\n\nNo request was sent for any item of this run. Fix these items, or turn on ` +
				'Continue On Fail (Settings > On Error) to send the valid items and get the invalid ones as error items.',
		}),
	);
}

/**
 * The first preSend step of every operation; `steps` are the operation's own preSend steps that follow
 * it, run here for every item to find invalid input before anything is sent.
 */
export function allItemsChecked(properties: INodeProperties[], steps: PreSendAction[]): PreSendAction {
	const gate = async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const itemIndex = this.getItemIndex();
		// Synchronous up to here: item 0 reaches this line before any other item of the run does.
		const state = runOf(this, itemIndex === 0);
		state.verdict ??= verdictOf(this, state.total, properties, steps, requestOptions);
		const invalid = await state.verdict;
		if (this.continueOnFail()) {
			const own = invalid.get(itemIndex);
			if (own) throw own;
			return requestOptions;
		}
		if (invalid.size > 0) throw invalidInputError(this, invalid, state.total);
		return requestOptions;
	};
	gates.set(gate, properties);
	return gate;
}

/** The gates made by allItemsChecked, with the operation's fields: the route runner does their work itself. */
const gates = new WeakMap<PreSendAction, INodeProperties[]>();

/** The fields of the operation if `step` is its all-items gate. */
export function gateProperties(step: PreSendAction): INodeProperties[] | undefined {
	return gates.get(step);
}

/**
 * A new run record for a runner that checked all items itself (see routeRunner): the writes of the
 * run record what was done, and a failed item stops the rest, as under the gate.
 */
export function startRun(ctx: IExecuteSingleFunctions, total: number, invalid: Map<number, Error>): void {
	const key = ctx.getExecuteData() as object | undefined;
	if (key) runs.set(key, { done: new Set(), total, verdict: Promise.resolve(invalid) });
}

// ------------------------------------------------------------------------------ progress of a run

function ranges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		parts.push(j > i + 1 ? `${sorted[i]}-${sorted[j]}` : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}`);
		i = j;
	}
	return parts.join(', ');
}

/** Writes the record of the run into the error of the failed item; kept current until the run ends. */
function describeProgress(state: RunState): void {
	const failure = state.failure;
	if (!failure) return;
	const done = [...state.done];
	const rest: number[] = [];
	for (let i = 0; i < state.total; i++) if (!state.done.has(i) && i !== failure.itemIndex) rest.push(i);
	const doneText = done.length
		? `Items already done before or while this failed: ${ranges(done)}. Do not run them again, or they are sent (texted, created) a second time.`
		: 'No item of this run was done.';
	const restText = rest.length ? ` Not done: item ${failure.itemIndex} (this error) and ${ranges(rest)}.` : ` Not done: item ${failure.itemIndex} (this error).`;
	failure.error.description = `${failure.description}\n\n${doneText}${restText}`;
}

/** Whether a failed item already stopped this run (Continue On Fail off): later requests are not sent. */
export function runStopped(ctx: IExecuteSingleFunctions): number | undefined {
	if (ctx.continueOnFail()) return undefined;
	const key = ctx.getExecuteData() as object | undefined;
	const state = key ? runs.get(key) : undefined;
	return state?.failure && state.failure.itemIndex !== ctx.getItemIndex() ? state.failure.itemIndex : undefined;
}

/** Runs one item's requests and records the outcome in the run's record. */
export async function tracked<T>(ctx: IExecuteSingleFunctions, run: () => Promise<T>): Promise<T> {
	const key = ctx.getExecuteData() as object | undefined;
	const state = key ? runs.get(key) : undefined;
	try {
		const result = await run();
		if (state) {
			state.done.add(ctx.getItemIndex());
			describeProgress(state);
		}
		return result;
	} catch (error) {
		if (state && !ctx.continueOnFail() && !state.failure && error instanceof Error) {
			const e = error as Error & { description?: string | null };
			state.failure = { itemIndex: ctx.getItemIndex(), error: e, description: e.description ?? '' };
			describeProgress(state);
		}
		// Already a NodeApiError or NodeOperationError from the shared mapper (send): passed on as it is.
		throw asNodeError(ctx.getNode(), error, ctx.getItemIndex());
	}
}

/** The error of an item that was not sent because an earlier one failed and the run stops. */
export function notSentError(ctx: IExecuteSingleFunctions, failedItem: number): Error {
	return markOwn(
		new NodeOperationError(ctx.getNode(), `Not sent: item ${failedItem} failed first [item ${ctx.getItemIndex()}]`, {
			itemIndex: ctx.getItemIndex(),
			description: 'The run stopped at the first failed item; this item was not sent and can be run again.',
		}),
	);
}
