import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';

import { malformedError } from '../../shared/errors';
import { legacyAnswer, legacyRecord, wholeNumber } from '../../shared/numbers';
import { toIdValue } from '../../shared/routing';

/**
 * Output of the legacy answers: the record under the first of `keys` the answer has (an array gives
 * one item per element), its numbers as numbers; an answer with none of them is passed on whole.
 */
export function recordsOf(body: unknown, keys: string[]): INodeExecutionData[] {
	const record = (body ?? {}) as IDataObject;
	const key = keys.find((k) => record[k] !== undefined && record[k] !== null);
	if (key === undefined) return [{ json: record }];
	const value = record[key];
	return (Array.isArray(value) ? value : [value]).map((json) => ({ json: legacyRecord(key, json) }));
}

/** The record under a resource-named key of a legacy answer; an array gives one item per element. */
export function unwrap(key: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
		return recordsOf(items[0]?.json, [key]);
	};
}

/** The record of a write answer: `contact` or, after a double opt-in, `pendingContact`. */
export function unwrapFirst(keys: string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return recordsOf(items[0]?.json, keys);
	};
}

/** SlickText says `meta.success: true`; an answer that says false did nothing. */
export function assertSuccess(ctx: IExecuteSingleFunctions, items: INodeExecutionData[]): IDataObject {
	const body = (items[0]?.json ?? {}) as IDataObject;
	const success = (body.meta as IDataObject | undefined)?.success;
	// As a flag, a number or text: the legacy API sends values in either form.
	if (success === false || success === 0 || success === '0' || success === 'false') {
		throw malformedError(ctx.getNode(), '"meta.success" is false, so nothing was done', ctx.getItemIndex());
	}
	return body;
}

/**
 * Output of an action that answers only `{meta: {success: true}}` (opt out, delete): the id acted on,
 * so the workflow goes on with one item per input item. `extra` copies fields of the answer. Deletes say
 * `deleted: true`, as n8n's nodes and the SlickText node's deletes do.
 */
export function successOutput(parameter: string, extra: string[] = [], flag: 'success' | 'deleted' = 'success'): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const body = assertSuccess(this, items);
		const id = this.getNodeParameter(parameter, undefined, { extractValue: true });
		const json: IDataObject = { [flag]: true, id: toIdValue(id) };
		for (const key of extra) if (body[key] !== undefined) json[key] = wholeNumber(body[key]) ?? body[key];
		return [{ json }];
	};
}

/** A whole answer (the account) with its numbers as numbers. */
export const legacyNumbers: PostReceiveAction = async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return [{ json: legacyAnswer(items[0]?.json) }];
};
