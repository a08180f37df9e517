import type { IDataObject, INode } from 'n8n-workflow';

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
export function isSet(ctx: { getNode(): INode }, path: string): boolean {
	return rawParameter(ctx.getNode().parameters as IDataObject, path) !== undefined;
}

/**
 * The value of a field that is a resource locator ({__rl, mode, value}) or, as saved before it became
 * one, plain text: both load, and both give their value.
 */
export function locatorValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && 'value' in value ? (value as IDataObject).value : value;
}
