'use strict';
// Summarises a V8 CPU profile (bench/cpu-probe.js): the time spent in each package or file (self time,
// the frames of node_modules packages and of this package), most first.
//
//   node bench/cpu-top.js <file.cpuprofile> [lines]
const fs = require('node:fs');

const [file, lines = '25'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
// Each sample is one node (its self time) for the interval to the next sample.
profile.samples.forEach((id, k) => {
	const node = byId.get(id);
	const url = node.callFrame.url || `(${node.callFrame.functionName || 'native'})`;
	const pkg = url.includes('node_modules/') ? url.slice(url.lastIndexOf('node_modules/') + 13).split('/').slice(0, url.includes('node_modules/@') ? 2 : 1).join('/') : url.replace(/^.*\/work\/main\//, '');
	const where = `${pkg} ${node.callFrame.functionName || '(anonymous)'}`;
	self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[k + 1] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`total ${(total / 1000).toFixed(0)} ms`);
for (const [where, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(lines))) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${where}`);
