'use strict';
// Prints the README's operation tables from the built node descriptions (run after `npm run build`),
// so that the tables list exactly what the nodes offer:  node scripts/operations-table.js

const path = require('node:path');

const root = path.resolve(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));

function fieldsOf(properties, resource, operation) {
	return properties
		.filter((p) => {
			const show = p.displayOptions && p.displayOptions.show;
			return show && show.resource?.includes(resource) && show.operation?.includes(operation);
		})
		.filter((p) => p.type !== 'notice')
		.map((p) => {
			if (['collection', 'fixedCollection'].includes(p.type)) {
				const inner = (p.options || []).flatMap((o) => (o.values ? o.values.map((v) => v.displayName) : [o.displayName]));
				return `${p.displayName} (${inner.join(', ')})`;
			}
			return p.required ? `**${p.displayName}**` : p.displayName;
		});
}

function table(nodeType) {
	const { properties } = nodeType.description;
	const resourceProperty = properties.find((p) => p.name === 'resource');
	const rows = ['| Resource | Operation | Fields (**required**) |', '|---|---|---|'];
	for (const resource of resourceProperty.options) {
		const operationProperty = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of operationProperty?.options ?? []) {
			const fields = fieldsOf(properties, resource.value, operation.value);
			rows.push(`| ${resource.name} | ${operation.name} | ${fields.join('; ') || '—'} |`);
		}
	}
	return rows.join('\n');
}

for (const file of pkg.n8n.nodes) {
	const mod = require(path.join(root, file));
	const className = path.basename(file, '.node.js');
	const nodeType = new mod[className]();
	if (!nodeType.description.properties.some((p) => p.name === 'resource')) continue;
	console.log(`### ${nodeType.description.displayName}\n\n${table(nodeType)}\n`);
}
