// n8n adds Request Options (batching, proxy, SSL, timeout) by itself only to declarative nodes without a
// webhook method; the action nodes have one (waiting for a reply), so they carry n8n's field themselves.
// It must stay what n8n adds, and the engine must see it as n8n's loader leaves it.
/* eslint-disable @typescript-eslint/no-require-imports */
import { nodeTypes, PACKAGE_NAME } from '../../helpers/engine';

const { commonDeclarativeNodeOptionParameters } = require('n8n-core/dist/nodes-loader/constants');

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
		expect(shape(found[0])).toEqual(shape(commonDeclarativeNodeOptionParameters));
	});
});
