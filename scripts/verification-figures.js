'use strict';
// The figures of docs/verification.md, counted from what they are about: the built nodes in dist/ (run
// `npm run build` first), `npm pack`, the icons and example files, and the doc's own tables. Each figure
// stands in the doc inside a fixed sentence (TEMPLATES below); test/verification.test.ts fails when a
// figure there differs from the count, so no figure in that file is written by hand.
//
//   node scripts/verification-figures.js           prints each figure and whether the doc agrees
//   node scripts/verification-figures.js --write   writes the counted figures into docs/verification.md

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const DOC = path.join(root, 'docs', 'verification.md');

/** The built node descriptions, by class name (SlickText, SlickTextLegacy, SlickTextTrigger). */
function builtNodes() {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const nodes = {};
	for (const file of pkg.n8n.nodes) {
		const name = path.basename(file, '.node.js');
		nodes[name] = new (require(path.join(root, file))[name])().description;
	}
	const credentials = pkg.n8n.credentials.map((file) => {
		const name = path.basename(file, '.credentials.js');
		return new (require(path.join(root, file))[name])();
	});
	return { nodes, credentials };
}

/** Every operation of the two action nodes: {node, resource, option, fields}, the fields it shows below Resource and Operation. */
function operationsOf(descriptions) {
	const operations = [];
	for (const d of descriptions) {
		const resource = d.properties.find((p) => p.name === 'resource');
		const newest = Math.max(...[d.version].flat());
		for (const r of resource.options) {
			const operation = d.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value));
			for (const option of operation.options) {
				const fields = d.properties.filter((p) => {
					const show = p.displayOptions?.show;
					// Notices are texts, not fields; what only the AI tool variant shows is counted once, in the node.
					const toolOnly = show?.['@tool']?.length === 1 && show['@tool'][0] === true;
					// What a node added today shows: a field kept only for older versions is not counted.
					const olderOnly = show?.['@version'] !== undefined && !show['@version'].includes(newest);
					return show?.resource?.includes(r.value) && show.operation?.includes(option.value) && p.type !== 'notice' && !toolOnly && !olderOnly;
				});
				operations.push({ node: d.displayName, resource: r.value, option, fields });
			}
		}
	}
	return operations;
}

/** A field and, for a collection, the fields inside it. */
const withInner = (p) =>
	['collection', 'fixedCollection'].includes(p.type) ? [p, ...(p.options ?? []).flatMap((o) => (o.values ? o.values : [o]))] : [p];

/** The texts n8n's UX guidelines want in sentence case: actions, node and field descriptions, hints, option descriptions. */
function sentenceCaseTexts(nodes, credentials) {
	const texts = new Set();
	const add = (text) => typeof text === 'string' && text.trim() && texts.add(text);
	const walk = (properties) => {
		for (const p of properties) {
			if (p.type !== 'notice') add(p.description);
			add(p.hint);
			for (const o of p.options ?? []) {
				if (o.values) walk(o.values);
				else if ('type' in o) walk([o]);
				else add(o.description), add(o.action);
			}
		}
	};
	for (const d of Object.values(nodes)) add(d.description), walk(d.properties);
	for (const c of credentials) walk(c.properties);
	return texts;
}

/** Statuses counted in each page's table of the doc, as figures: p2.pass, p2.points, ... */
function statusFigures(doc) {
	const pages = {};
	for (const section of doc.split(/^## /m)) {
		const page = /^(1|2|3a|3b)\. /.exec(section)?.[1];
		if (!page) continue;
		const counts = { points: 0, pass: 0, fail: 0, 'n.a.': 0, 'kept on purpose': 0 };
		for (const line of section.split('\n')) {
			const cells = line.split('|').slice(1, -1).map((c) => c.trim());
			if (cells.length === 5 && cells[2] in counts) counts[cells[2]]++, counts.points++;
		}
		for (const [status, n] of Object.entries(counts)) pages[`p${page}.${status}`] = n;
	}
	return pages;
}

/**
 * What `npm pack` would ship: its file count, and its unpacked size as the next 100 kB above it (every
 * change to the code moves the exact size; the packed size also depends on the zlib that compresses it).
 */
function tarball() {
	const [packed] = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
	);
	return { files: packed.entryCount, unpackedUnderKb: Math.ceil(packed.unpackedSize / 100_000) * 100 };
}

/** Every figure, by the name its template uses. */
function countFigures(doc = fs.readFileSync(DOC, 'utf8')) {
	const { nodes, credentials } = builtNodes();
	const actionNodes = [nodes.SlickText, nodes.SlickTextLegacy];
	const operations = operationsOf(actionNodes);
	const fields = operations.flatMap((o) => o.fields.flatMap(withInner));
	const locators = (d) => new Set(d.properties.flatMap(withInner).filter((p) => p.type === 'resourceLocator').map((p) => p.name)).size;
	const svgs = fs.readdirSync(path.join(root, 'nodes'), { recursive: true }).filter((f) => String(f).endsWith('.svg'));
	const examples = fs.readdirSync(path.join(root, 'examples')).filter((f) => f.endsWith('.json'));
	const pages = statusFigures(doc);
	const pack = tarball();
	const figures = {
		operations: operations.length,
		actionsWithArticles: operations.filter((o) => /\b(a|an|the)\b/i.test(o.option.action)).length,
		listOperations: operations.filter((o) => o.fields.some((p) => p.name === 'returnAll')).length,
		fields: fields.length,
		fieldsWithoutDescription: fields.filter((p) => !p.description).length,
		locatorsCurrent: locators(nodes.SlickText),
		locatorsLegacy: locators(nodes.SlickTextLegacy),
		sentenceCaseTexts: sentenceCaseTexts(nodes, credentials).size,
		svgs: svgs.length,
		examples: examples.length,
		tarballFiles: pack.files,
		tarballUnpackedUnderKb: pack.unpackedUnderKb,
		uxFails: pages['p2.fail'],
		...pages,
	};
	return figures;
}

// The sentences of docs/verification.md that hold a figure; {name} is the figure.
const summaryRow = (page, title, anchor) =>
	`| [${page}. ${title}](#${anchor}) | {p${page}.points} | {p${page}.pass} | {p${page}.fail} | {p${page}.n.a.} | {p${page}.kept on purpose} |`;
const TEMPLATES = [
	summaryRow('1', 'Verification guidelines', '1-verification-guidelines'),
	summaryRow('2', 'UX guidelines', '2-ux-guidelines'),
	summaryRow('3a', 'Submit community nodes', '3a-submit-community-nodes'),
	summaryRow('3b', 'Node review checklist', '3b-node-review-checklist'),
	'| Points of page 2 that fail: {uxFails}; see there. |',
	'; {examples} example workflows in `examples/`;',
	'is picked with a resource locator (From List, By ID): {locatorsCurrent} in SlickText, {locatorsLegacy} in SlickText Legacy.',
	'All {sentenceCaseTexts} different texts start with a capital',
	'{actionsWithArticles} of the {operations} actions have "a", "an" or "the"',
	'All {operations} operation descriptions name their resource',
	'All {listOperations} list operations of both nodes;',
	'{fieldsWithoutDescription} of the {fields} fields (counted per operation, collections\' fields included) have none',
	'All {svgs} SVGs are 60 by 60',
	'`npm pack --dry-run`: {tarballFiles} files, under {tarballUnpackedUnderKb} kB unpacked',
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as a regular expression whose groups are its figures, in order. */
function compile(template) {
	const names = [];
	const source = template
		.split(/(\{[^}]+\})/)
		.map((part) => (/^\{[^}]+\}$/.test(part) ? (names.push(part.slice(1, -1)), '(\\d[\\d.]*)') : escape(part)))
		.join('');
	return { names, regex: new RegExp(source, 'g') };
}

/**
 * Each template against the doc: where it is missing or there more than once, and each figure that
 * differs from the count ({template, name, written, counted}).
 */
function compare(doc, figures) {
	const problems = [];
	for (const template of TEMPLATES) {
		const { names, regex } = compile(template);
		const matches = [...doc.matchAll(regex)];
		if (matches.length !== 1) {
			problems.push({ template, found: matches.length });
			continue;
		}
		names.forEach((name, i) => {
			if (figures[name] === undefined) problems.push({ template, name, counted: 'nothing' });
			else if (matches[0][i + 1] !== String(figures[name])) problems.push({ template, name, written: matches[0][i + 1], counted: String(figures[name]) });
		});
	}
	return problems;
}

/** The doc with every template's figures replaced by the counted ones. */
function write(doc, figures) {
	let text = doc;
	for (const template of TEMPLATES) {
		const { regex } = compile(template);
		text = text.replace(regex, () => template.replace(/\{([^}]+)\}/g, (_, name) => String(figures[name] ?? `{${name}}`)));
	}
	return text;
}

module.exports = { DOC, TEMPLATES, builtNodes, sentenceCaseTexts, statusFigures, countFigures, compare, write };

if (require.main === module) {
	const doc = fs.readFileSync(DOC, 'utf8');
	const figures = countFigures(doc);
	if (process.argv.includes('--write')) {
		fs.writeFileSync(DOC, write(doc, figures));
		console.log(`wrote the counted figures into ${path.relative(root, DOC)}`);
	}
	for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(28)} ${value}`);
	const problems = compare(fs.readFileSync(DOC, 'utf8'), figures);
	for (const p of problems) console.log(`differs: ${JSON.stringify(p)}`);
	process.exitCode = problems.length ? 1 : 0;
}
