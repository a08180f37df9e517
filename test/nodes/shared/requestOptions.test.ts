// n8n adds Request Options (batching, proxy, SSL, timeout) by itself only to declarative nodes without a
// webhook method; the action nodes have one (waiting for a reply), so they carry n8n's field themselves.
// It must stay what n8n adds, and the engine must see it as n8n's loader leaves it.
/* eslint-disable @typescript-eslint/no-require-imports */
import { nodeTypes, PACKAGE_NAME } from '../../helpers/engine';

import type { INodeProperties, INodeType } from 'n8n-workflow';

// n8n's own function that adds the field: a static of n8n-core's DirectoryLoader in n8n 2.x, an export of
// n8n-workflow in n8n 1.x (the oldest n8n the package claims, run by `npm run compat`).
const applyN8nOptions: (nodeType: INodeType) => void =
	require('n8n-core').DirectoryLoader?.applyDeclarativeNodeOptionParameters ??
	require('n8n-workflow').applyDeclarativeNodeOptionParameters;

/** What this n8n adds to a declarative node that has none. */
function n8nRequestOptions(): INodeProperties {
	const bare = { description: { properties: [] as INodeProperties[] } } as unknown as INodeType;
	applyN8nOptions(bare);
	return bare.description.properties.find((p) => p.name === 'requestOptions') as INodeProperties;
}

/** A field without the words a person reads: what n8n and the runner go by (names, types, defaults). */
function shape(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(shape);
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key]) => !['displayName', 'description', 'placeholder'].includes(key))
			.map(([key, inner]) => [key, shape(inner)]),
	);
}

describe.each(['slickText', 'slickTextLegacy'])('%s', (name) => {
	it("has n8n's Request Options exactly once, with n8n's fields", () => {
		const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${name}`, 1).description;
		const found = properties.filter((p) => p.name === 'requestOptions');
		expect(found).toHaveLength(1);
		expect(shape(found[0])).toEqual(shape(n8nRequestOptions()));
	});

	it("is left as it is by n8n's loader (the node has a webhook method), so it is not added twice", () => {
		const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${name}`, 1);
		const copy = { ...nodeType, description: { ...nodeType.description, properties: [...nodeType.description.properties] } } as INodeType;
		applyN8nOptions(copy);
		expect(copy.description.properties.filter((p) => p.name === 'requestOptions')).toHaveLength(1);
		expect(copy.description.properties).toEqual(nodeType.description.properties);
	});
});
