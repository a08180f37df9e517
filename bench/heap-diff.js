'use strict';
// What one n8n process holds at a later moment that it did not at an earlier one: two V8 heap snapshots
// (bench/heap-probe.js writes them, e.g. bench/rsvp-n8n.js with HEAP_SNAPSHOT_DIR) compared by kind of
// object, as the Comparison view of Chrome's DevTools does, with the objects that hold a sample of the
// kind that grew most (so that a growth can be named: n8n's, this package's, or V8's own).
//
//   node --max-old-space-size=16000 bench/heap-diff.js <earlier.heapsnapshot> <later.heapsnapshot> [rows] [kind|"text",...]
//
// The last argument names more kinds ("object Date") or strings ("\"Ask and Wait\"") whose holders to show.

const fs = require('node:fs');

/** A snapshot's nodes as typed columns, with each node's kind ("Object Foo", "(string)", ...). */
function load(file) {
	const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
	const { node_fields: fields, node_types: [types], edge_fields: edgeFields, edge_types: [edgeTypes] } = snapshot.snapshot.meta;
	const width = fields.length;
	const at = (name) => fields.indexOf(name);
	const [TYPE, NAME, ID, SIZE, EDGES] = [at('type'), at('name'), at('id'), at('self_size'), at('edge_count')];
	const { nodes, edges, strings } = snapshot;
	const count = nodes.length / width;
	const kind = new Array(count);
	for (let i = 0; i < count; i++) {
		const type = types[nodes[i * width + TYPE]];
		const name = strings[nodes[i * width + NAME]];
		kind[i] = type === 'object' || type === 'closure' || type === 'hidden' || type === 'native' || type === 'array' ? `${type} ${name}` : `(${type})`;
	}
	const ids = new Set();
	for (let i = 0; i < count; i++) ids.add(nodes[i * width + ID]);
	return { nodes, edges, strings, width, count, kind, ids, TYPE, NAME, ID, SIZE, EDGES, types, edgeFields, edgeTypes };
}

function bySize(heap) {
	const out = new Map();
	for (let i = 0; i < heap.count; i++) {
		const row = out.get(heap.kind[i]) ?? { count: 0, size: 0 };
		row.count++;
		row.size += heap.nodes[i * heap.width + heap.SIZE];
		out.set(heap.kind[i], row);
	}
	return out;
}

/**
 * The strings of the later heap that occur more often than in the earlier, by the bytes they add, grouped
 * by shape (digits and hex runs as #, first 80 characters), so that 5,000 ids show as one row.
 */
function grownStrings(earlier, later, rows) {
	const tally = (heap) => {
		const out = new Map();
		for (let i = 0; i < heap.count; i++) {
			if (heap.types[heap.nodes[i * heap.width + heap.TYPE]] !== 'string') continue;
			const text = heap.strings[heap.nodes[i * heap.width + heap.NAME]]
				.slice(0, 80)
				.replace(/\s+/g, ' ')
				.replace(/[0-9a-f]{8,}|\d+/gi, '#');
			const row = out.get(text) ?? { count: 0, size: 0 };
			row.count++;
			row.size += heap.nodes[i * heap.width + heap.SIZE];
			out.set(text, row);
		}
		return out;
	};
	const before = tally(earlier);
	return [...tally(later)]
		.map(([text, row]) => ({ text, count: row.count - (before.get(text)?.count ?? 0), size: row.size - (before.get(text)?.size ?? 0) }))
		.sort((a, b) => b.size - a.size)
		.slice(0, rows);
}

/**
 * Who holds nodes of `kind` that are new since the earlier snapshot (V8 keeps an object's id from one
 * snapshot to the next in one process): each sample's retainers, `depth` steps up (weak edges left out).
 */
function holders(heap, kind, earlierIds, samples = 4, depth = 16) {
	const ew = heap.edgeFields.length;
	const [ETYPE, ENAME, ETO] = [heap.edgeFields.indexOf('type'), heap.edgeFields.indexOf('name_or_index'), heap.edgeFields.indexOf('to_node')];
	// Reverse edges: for each node, its first retainer found (enough for a path).
	const retainer = new Int32Array(heap.count).fill(-1);
	const via = new Array(heap.count);
	let edge = 0;
	for (let i = 0; i < heap.count; i++) {
		const n = heap.nodes[i * heap.width + heap.EDGES];
		for (let e = 0; e < n; e++, edge++) {
			const type = heap.edgeTypes[heap.edges[edge * ew + ETYPE]];
			if (type === 'weak' || type === 'shortcut') continue;
			const to = heap.edges[edge * ew + ETO] / heap.width;
			if (retainer[to] !== -1) continue;
			retainer[to] = i;
			const name = heap.edges[edge * ew + ENAME];
			via[to] = type === 'element' || type === 'hidden' ? `[${name}]` : heap.strings[name];
		}
	}
	const found = [];
	for (let i = 0; i < heap.count; i++) if (matches(heap, i, kind) && !earlierIds.has(heap.nodes[i * heap.width + heap.ID])) found.push(i);
	const paths = [];
	// Spread over the new ones rather than the first few of one batch.
	for (let k = 0; k < Math.min(samples, found.length); k++) {
		const steps = [];
		for (let node = found[Math.floor((k * found.length) / samples)], d = 0; node !== -1 && d < depth; node = retainer[node], d++) {
			steps.push(`${heap.kind[node]}${via[node] === undefined ? '' : ` .${via[node]}`}`);
		}
		paths.push(steps.join('  <-  '));
	}
	return paths;
}

/** A node of the kind, or for a quoted text ("\"Ask and Wait\""), a string with that text. */
function matches(heap, i, kind) {
	if (!kind.startsWith('"')) return heap.kind[i] === kind;
	return heap.kind[i] === '(string)' && heap.strings[heap.nodes[i * heap.width + heap.NAME]] === JSON.parse(kind);
}

function main() {
	const [earlierFile, laterFile, rowsArg, moreArg] = process.argv.slice(2);
	if (!earlierFile || !laterFile) throw new Error('usage: node bench/heap-diff.js <earlier.heapsnapshot> <later.heapsnapshot> [rows]');
	const rows = Number(rowsArg || 25);
	const earlier = load(earlierFile);
	const later = load(laterFile);
	const before = bySize(earlier);
	const after = bySize(later);
	const kinds = new Set([...before.keys(), ...after.keys()]);
	const diff = [...kinds]
		.map((kind) => ({ kind, count: (after.get(kind)?.count ?? 0) - (before.get(kind)?.count ?? 0), size: (after.get(kind)?.size ?? 0) - (before.get(kind)?.size ?? 0) }))
		.sort((a, b) => b.size - a.size);
	const total = (m) => [...m.values()].reduce((s, r) => s + r.size, 0);
	const mb = (bytes) => (bytes / 1048576).toFixed(2);
	console.log(`${laterFile} against ${earlierFile}: ${mb(total(after) - total(before))} MB more in all (${mb(total(before))} -> ${mb(total(after))} MB of objects)\n`);
	console.log('| kind | objects more | MB more |\n|---|---|---|');
	for (const row of diff.slice(0, rows)) console.log(`| ${row.kind.replace(/\|/g, '\\|').slice(0, 90)} | ${row.count} | ${mb(row.size)} |`);
	console.log('\n| string (first 80 characters) | more | MB more |\n|---|---|---|');
	for (const row of grownStrings(earlier, later, rows)) console.log(`| ${JSON.stringify(row.text).replace(/\|/g, '\\|')} | ${row.count} | ${mb(row.size)} |`);
	const more = moreArg ? moreArg.split(',') : [];
	for (const kind of [...diff.slice(0, 6).map((row) => row.kind), ...more]) {
		console.log(`\nwho holds ${kind}:`);
		for (const p of holders(later, kind, earlier.ids)) console.log(`  ${p}`);
	}
}

main();
