'use strict';
// Preloaded into n8n by bench/two-way-n8n.js (NODE_OPTIONS="--expose-gc --require <this file>"): on
// SIGUSR2 it runs a full garbage collection and writes process.memoryUsage() to HEAP_PROBE_FILE, so that
// the benchmark compares what n8n really keeps, not what the collector has not reclaimed yet.
const fs = require('node:fs');

// With HEAP_SNAPSHOT_DIR, a process for which <dir>/<pid>.want exists also writes <dir>/<pid>.heapsnapshot
// first (to find what it keeps).
const path = require('node:path');
const v8 = require('node:v8');

const file = process.env.HEAP_PROBE_FILE;
const snapshots = process.env.HEAP_SNAPSHOT_DIR;
if (file && typeof global.gc === 'function') {
	process.on('SIGUSR2', () => {
		global.gc();
		global.gc();
		const want = snapshots && path.join(snapshots, `${process.pid}.want`);
		if (want && fs.existsSync(want)) {
			v8.writeHeapSnapshot(path.join(snapshots, `${process.pid}.heapsnapshot`));
			fs.rmSync(want, { force: true });
		}
		fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
	});
}
