'use strict';
// Preloaded into n8n by bench/two-way-n8n.js (NODE_OPTIONS="--expose-gc --require <this file>"): on
// SIGUSR2 it runs a full garbage collection and writes process.memoryUsage() (and the executions n8n's
// ActiveExecutions holds) to HEAP_PROBE_FILE, so that
// the benchmark compares what n8n really keeps, not what the collector has not reclaimed yet.
const fs = require('node:fs');

// With HEAP_SNAPSHOT_DIR, a process for which <dir>/<pid>.want exists also writes a heap snapshot first (to
// find what it keeps): <dir>/<pid>-<what the .want file says>.heapsnapshot, so that two moments can be compared
// (bench/heap-diff.js).
const path = require('node:path');
const v8 = require('node:v8');

const file = process.env.HEAP_PROBE_FILE;

/**
 * The executions n8n's ActiveExecutions holds in this process, by status ({waiting: 1500, running: 2}),
 * read through n8n's own container (null where it cannot be read): n8n keeps a sub-execution that
 * waited in the process that ran it, so this says whether those entries outlive their executions.
 */
function activeExecutions() {
	try {
		const n8n = require('node:module').createRequire(path.join(path.dirname(process.argv[1]), '..', 'package.json'));
		const { Container } = n8n('@n8n/di');
		const { ActiveExecutions } = n8n('./dist/active-executions.js');
		const byStatus = {};
		for (const entry of Object.values(Container.get(ActiveExecutions).activeExecutions)) byStatus[entry.status] = (byStatus[entry.status] || 0) + 1;
		return byStatus;
	} catch {
		return null;
	}
}
const snapshots = process.env.HEAP_SNAPSHOT_DIR;
if (file && typeof global.gc === 'function') {
	process.on('SIGUSR2', () => {
		global.gc();
		global.gc();
		const want = snapshots && path.join(snapshots, `${process.pid}.want`);
		if (want && fs.existsSync(want)) {
			const label = fs.readFileSync(want, 'utf8').trim().replace(/[^\w-]+/g, '-');
			v8.writeHeapSnapshot(path.join(snapshots, `${process.pid}${label ? `-${label}` : ''}.heapsnapshot`));
			fs.rmSync(want, { force: true });
		}
		fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage(), activeExecutions: activeExecutions() }));
	});
}
