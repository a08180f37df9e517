// n8n adds Request Options (batching, proxy, SSL, timeout) by itself only to declarative nodes without a
// webhook method; the action nodes have one (waiting for a reply), so they carry n8n's field themselves.
// It must stay what n8n adds, and the engine must see it as n8n's loader leaves it.
/* eslint-disable @typescript-eslint/no-require-imports */
import { nodeTypes, PACKAGE_NAME } from '../../helpers/engine';

const { commonDeclarativeNodeOptionParameters } = require('n8n-core/dist/nodes-loader/constants');

describe.each(['slickText', 'slickTextLegacy'])('%s', (name) => {
	it("has n8n's Request Options exactly once, as n8n defines them", () => {
		const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${name}`, 1).description;
		const found = properties.filter((p) => p.name === 'requestOptions');
		expect(found).toHaveLength(1);
		expect(found[0]).toEqual(commonDeclarativeNodeOptionParameters);
	});
});
