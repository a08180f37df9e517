'use strict';
// Preloaded into n8n by bench/two-way-scale-n8n.js with BENCH_SCALE_CPU_PROFILE=<folder>
// (NODE_OPTIONS="--require <this file>"): the first SIGUSR2 starts V8's CPU profiler, the next writes
// <folder>/<pid>.cpuprofile (open it in Chrome's DevTools, or summarise it with bench/cpu-top.js), to see
// where a process spends its time during one phase of the bench.
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const folder = process.env.CPU_PROFILE_DIR;
let session;
if (folder) {
	process.on('SIGUSR2', () => {
		if (!session) {
			session = new inspector.Session();
			session.connect();
			session.post('Profiler.enable', () => session.post('Profiler.start'));
			return;
		}
		const running = session;
		session = undefined;
		running.post('Profiler.stop', (error, result) => {
			if (!error) fs.writeFileSync(path.join(folder, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
			running.disconnect();
		});
	});
}
