'use strict';
// Preloaded into n8n by bench/two-way-n8n.js (NODE_OPTIONS="--expose-gc --require <this file>"): on
// SIGUSR2 it runs a full garbage collection and writes process.memoryUsage() to HEAP_PROBE_FILE, so that
// the benchmark compares what n8n really keeps, not what the collector has not reclaimed yet.
const fs = require('node:fs');

const file = process.env.HEAP_PROBE_FILE;
if (file && typeof global.gc === 'function') {
	process.on('SIGUSR2', () => {
		global.gc();
		global.gc();
		fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
	});
}
