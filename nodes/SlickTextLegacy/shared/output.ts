import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';

import { malformedError } from '../../shared/errors';
import { toIdValue } from '../../shared/routing';

/**
 * Output of the legacy answers: the record under the first of `keys` the answer has (an array gives
 * one item per element); an answer with none of them is passed on whole.
 */
export function recordsOf(items: INodeExecutionData[], keys: string[]): INodeExecutionData[] {
	const body = (items[0]?.json ?? {}) as IDataObject;
	const key = keys.find((k) => body[k] !== undefined && body[k] !== null);
	if (key === undefined) return items;
	const value = body[key];
	return (Array.isArray(value) ? value : [value]).map((json) => ({ json: json as IDataObject }));
}

/** The record of a write answer: `contact` or, after a double opt-in, `pendingContact`. */
export function unwrapFirst(keys: string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return recordsOf(items, keys);
	};
}

/** SlickText says `meta.success: true`; an answer that says false did nothing. */
export function assertSuccess(ctx: IExecuteSingleFunctions, items: INodeExecutionData[]): IDataObject {
	const body = (items[0]?.json ?? {}) as IDataObject;
	if ((body.meta as IDataObject | undefined)?.success === false) {
		throw malformedError(ctx.getNode(), '"meta.success" is false, so nothing was done', ctx.getItemIndex());
	}
	return body;
}

/**
 * Output of an action that answers only `{meta: {success: true}}` (opt out, delete): the id acted on,
 * so the workflow goes on with one item per input item. `extra` copies fields of the answer.
 */
export function successOutput(parameter: string, extra: string[] = []): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const body = assertSuccess(this, items);
		const id = this.getNodeParameter(parameter, undefined, { extractValue: true });
		const json: IDataObject = { success: true, id: toIdValue(id) };
		for (const key of extra) if (body[key] !== undefined) json[key] = body[key];
		return [{ json }];
	};
}
