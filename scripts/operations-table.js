'use strict';
// Prints the README's operation tables from the built node descriptions (run after `npm run build`),
// so that the tables list exactly what the nodes offer:  node scripts/operations-table.js
// With --tools: the table in docs/ai-agents.md of what each operation does and the tool description n8n builds.

const path = require('node:path');

const root = path.resolve(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));

function fieldsOf(properties, resource, operation, newest) {
	return properties
		.filter((p) => {
			const show = p.displayOptions && p.displayOptions.show;
			return show && show.resource?.includes(resource) && show.operation?.includes(operation);
		})
		// A notice says; a hidden field (Ask and Wait's Send To) is set by the operation, not by a person.
		.filter((p) => p.type !== 'notice' && p.type !== 'hidden')
		// What a node added today shows: a field kept only for workflows saved with an older version is left out.
		.filter((p) => p.displayOptions.show['@version'] === undefined || p.displayOptions.show['@version'].includes(newest))
		// What only the AI tool variant shows (its Tool Description) is in docs/ai-agents.md.
		.filter((p) => !(p.displayOptions.show['@tool']?.length === 1 && p.displayOptions.show['@tool'][0] === true))
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
	const newest = Math.max(...[nodeType.description.version].flat());
	const resourceProperty = properties.find((p) => p.name === 'resource');
	const rows = ['| Resource | Operation | Fields (**required**) |', '|---|---|---|'];
	for (const resource of resourceProperty.options) {
		const operationProperty = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of operationProperty?.options ?? []) {
			// A field with a tool-variant twin (Limit, Simplify: other defaults under '@tool') is listed once.
			const fields = [...new Set(fieldsOf(properties, resource.value, operation.value, newest))];
			rows.push(`| ${resource.name} | ${operation.name} | ${fields.join('; ') || '—'} |`);
		}
	}
	return rows.join('\n');
}

/** What kind of effect a tool description states (its last sentence, see nodes/shared/resources.ts). */
function kindOf(description) {
	if (/\. Read-only\.$/.test(description)) return 'read-only';
	if (/pauses the workflow/i.test(description)) return 'waits for a reply';
	// Start Each Person's Run: it names what the runs may send, and that it sends nothing itself.
	if (/sends nothing itself/i.test(description)) return 'starts n8n runs';
	if (/\btexts?\b/i.test(description.slice(description.indexOf('. ') + 2))) return 'sends texts';
	return 'changes records';
}

/** The table of docs/ai-agents.md: every operation and the tool description its model receives. */
function toolTable(nodeTypes) {
	const rows = ['| Node | Resource | Operation | Kind | Tool description a model receives |', '|---|---|---|---|---|'];
	for (const nodeType of nodeTypes) {
		const { properties } = nodeType.description;
		const resourceProperty = properties.find((p) => p.name === 'resource');
		for (const resource of resourceProperty.options) {
			const operationProperty = properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const operation of operationProperty?.options ?? []) {
				// The tool's own Tool Description, whose default n8n fills in for the operation chosen.
				const tool = properties.find((p) => {
					const show = p.name === 'toolDescription' && p.displayOptions?.show;
					return show && show.resource?.includes(resource.value) && show.operation?.includes(operation.value);
				});
				const description = tool.default;
				rows.push(`| ${nodeType.description.displayName} | ${resource.name} | ${operation.name} | ${kindOf(description)} | ${description} |`);
			}
		}
	}
	return rows.join('\n');
}

const actionNodes = [];
for (const file of pkg.n8n.nodes) {
	const mod = require(path.join(root, file));
	const className = path.basename(file, '.node.js');
	const nodeType = new mod[className]();
	if (!nodeType.description.properties.some((p) => p.name === 'resource')) continue;
	actionNodes.push(nodeType);
}
if (process.argv.includes('--tools')) {
	console.log(toolTable(actionNodes));
} else {
	for (const nodeType of actionNodes) console.log(`### ${nodeType.description.displayName}\n\n${table(nodeType)}\n`);
}
