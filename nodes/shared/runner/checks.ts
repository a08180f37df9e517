import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
	type PreSendAction,
} from 'n8n-workflow';

import { inputError, isOwnError, markOwn } from '../errors';
import { isSet } from '../parameters';
import { toList } from '../validation';

/**
 * The checks every item of an operation passes before any request of the run leaves, whatever the
 * operation: each field with an expression evaluates, a text field gets text (not an object that would
 * be sent as "[object Object]"), Limit is a whole number of at least 1, and a fixed-choice field holds one
 * of its choices. The operation's own preSend steps check the rest.
 */

/** A text field that says it takes an array (e.g. Contact IDs) accepts a list from an expression. */
function isText(p: INodeProperties): boolean {
	return p.type === 'string' && !/\barray\b/i.test(p.description ?? '');
}

interface Field {
	path: string;
	label: string;
}

interface Choice extends Field {
	values: Array<string | number | boolean>;
	names: string[];
	/** A multi-option field: a list of choices. */
	several: boolean;
}

/** Fields of the operation at the top level and inside collections, by parameter path. */
function fieldsOf(properties: INodeProperties[]): Array<{ path: string; property: INodeProperties }> {
	const out: Array<{ path: string; property: INodeProperties }> = [];
	for (const p of properties) {
		out.push({ path: p.name, property: p });
		if (p.type === 'collection') {
			for (const o of (p.options ?? []) as INodeProperties[]) out.push({ path: `${p.name}.${o.name}`, property: o });
		}
	}
	return out;
}

/** Whether a raw parameter value holds an expression anywhere (only those can fail to evaluate). */
function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (value === null || typeof value !== 'object') return false;
	return Object.values(value).some(hasExpression);
}

function truncate(text: string | undefined, max = 80): string {
	const value = text ?? '';
	return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** Limit: a whole number of at least 1 (more than one page is paged for), unless Return All is on. */
export function checkLimit(ctx: IExecuteSingleFunctions): void {
	const parameters = ctx.getNode().parameters as IDataObject;
	if (!('limit' in parameters)) return;
	if (ctx.getNodeParameter('returnAll', false) === true) return;
	const value = ctx.getNodeParameter('limit', 50) as unknown;
	const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
	if (!Number.isSafeInteger(number) || number < 1) {
		throw inputError(ctx, 'Limit', `must be a whole number of at least 1, got ${JSON.stringify(value) ?? String(value)}`);
	}
}

/** The checks of an operation's fields, as its first preSend step. */
export function fieldChecks(properties: INodeProperties[]): PreSendAction {
	const parameters = properties.filter((p) => p.type !== 'notice');
	const texts: Field[] = [];
	const choices: Choice[] = [];
	for (const { path, property } of fieldsOf(properties)) {
		if (isText(property)) texts.push({ path, label: property.displayName });
		if (['options', 'multiOptions'].includes(property.type) && !property.typeOptions?.loadOptionsMethod && property.options?.length) {
			const options = property.options as INodePropertyOptions[];
			const several = property.type === 'multiOptions';
			choices.push({ path, label: property.displayName, values: options.map((o) => o.value), names: options.map((o) => o.name), several });
		}
	}
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const raw = this.getNode().parameters as IDataObject;
		for (const p of parameters) {
			if (!(p.name in raw) || !hasExpression(raw[p.name])) continue;
			try {
				this.getNodeParameter(p.name, undefined);
			} catch (error) {
				throw inputError(this, p.displayName, (error as Error).message);
			}
		}
		for (const { path, label } of texts) {
			if (!isSet(this, path)) continue;
			const value = this.getNodeParameter(path, undefined) as unknown;
			if (value !== null && typeof value === 'object') {
				throw inputError(
					this,
					label,
					`must be text, got ${Array.isArray(value) ? 'a list' : 'an object'} ${truncate(JSON.stringify(value))}`,
					'Map a single value, for example {{ $json.name }} rather than {{ $json }}.',
				);
			}
		}
		checkLimit(this);
		// A value given by expression can be anything; one that is not among the field's choices is refused
		// before the request rather than left to a 400.
		for (const { path, label, values, names, several } of choices) {
			// Not set: not shown for this operation's other choices (asking n8n would throw, which is slow).
			if (!isSet(this, path)) continue;
			const value = this.getNodeParameter(path, undefined) as unknown;
			if (value === undefined || value === null || value === '') continue;
			// Several choices may come as a list or, from an expression, as text separated by commas.
			const given = several ? toList(value) : [String(value)];
			const wrong = given.find((one) => !values.some((allowed) => String(allowed) === one));
			if (wrong === undefined) continue;
			throw inputError(this, label, `"${wrong}" is not one of: ${(several ? values : names).join(', ')}`);
		}
		return requestOptions;
	};
}

/** An item's input error, as it is or as a NodeOperationError naming the item. */
export function asInputError(node: INode, itemIndex: number, error: unknown): Error {
	if (isOwnError(error)) return error as Error;
	return markOwn(
		new NodeOperationError(node, `${(error as Error)?.message ?? String(error)} [item ${itemIndex}]`, { itemIndex }),
	);
}

/** The error of a run stopped before any request because some items have invalid input. */
export function invalidInputError(node: INode, invalid: Map<number, Error>, total: number): Error {
	const indexes = [...invalid.keys()].sort((a, b) => a - b);
	const first = invalid.get(indexes[0]) as Error;
	// A run of one item keeps the item's own error as it is.
	if (total === 1) return first;
	const message =
		`${first.message}. Nothing was sent: ${indexes.length} of ${total} items ` +
		`${indexes.length === 1 ? 'has' : 'have'} invalid input (${indexes.length === 1 ? 'item' : 'items'} ${indexes.join(', ')})`;
	const details = indexes.map((index) => (invalid.get(index) as Error).message);
	return markOwn(
		new NodeOperationError(node, message, {
			itemIndex: indexes[0],
			description:
				`${details.join('\n')}\n\nNo request was sent for any item of this run. Fix these items, or turn on ` +
				'Continue On Fail (Settings > On Error) to send the valid items and get the invalid ones as error items.',
		}),
	);
}
