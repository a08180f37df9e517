'use strict';
// Jest's Node test environment, plus one thing: a jest worker exits as soon as jest is done with it,
// when nothing but its own pipes is still open.
//
// Why: jest gives each worker 500 ms to exit after the run (FORCE_EXIT_DELAY in jest-worker), then kills
// it and prints "A worker process has failed to exit gracefully". A worker that has loaded n8n-core
// spends 100-150 ms of CPU between jest's "end" message and its natural exit, with no timer, socket
// or server open (measured in the worker: process.cpuUsage() and getActiveResourcesInfo()); on a busy
// machine that is more than 500 ms of wall time, so jest warned about a leak that was not there.
//
// A real leak still shows: if anything besides the pipes to jest is open when jest says "end" (a
// timer, a server, a socket), this does nothing and jest warns as before. `--detectOpenHandles` runs
// in band, without workers, and is not affected.
const { TestEnvironment } = require('jest-environment-node'); // what testEnvironment 'node' loads

const CHILD_MESSAGE_END = 2; // jest-worker's message for "no more tests"
const INSTALLED = Symbol.for('n8n-nodes-slicktext.promptWorkerExit');

// This module is loaded in the worker itself (not in a test's sandbox), once per worker.
if (process.send && !process[INSTALLED]) {
	process[INSTALLED] = true;
	const onMessage = (message) => {
		if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
		process.removeListener('message', onMessage);
		const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'PipeWrap' && kind !== 'TTYWrap');
		if (open.length === 0) process.exit(0);
	};
	process.on('message', onMessage);
}

module.exports = TestEnvironment;
