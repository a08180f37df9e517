'use strict';
// The sandbox in a process of its own for the queue-mode benchmark (started with fork): it limits like
// SlickText and, over IPC, hands the parent the arrival time and status of every logged request, which
// /__sandbox/stats does not give (the peak arrivals in one second, the 429s over time).
//   parent -> {type: 'arrivals'}   child -> {type: 'arrivals', arrivals: [[receivedAt ms, status, path], ...]}
//   parent -> {type: 'requests', pathEnd}   child -> {type: 'requests', requests: [{receivedAt, status, method, path, body}, ...]}
//                                  (the logged requests whose path ends with pathEnd, bodies included)
//   parent -> {type: 'stop'}       child stops its server and exits
// SANDBOX_SEED_CONTACTS seeds that many contacts (default none), for runs that add existing contacts to lists.
// SANDBOX_RATE_PER_SECOND and SANDBOX_RATE_PER_MINUTE set the limit (default SlickText's 8 and 480; the
// other copy of SlickText's documentation says 4 and 240).

const { startSandbox, CREDENTIALS } = require('../sandbox/server');

async function main() {
	const contacts = Number(process.env.SANDBOX_SEED_CONTACTS || 0);
	const rateLimit = {
		perSecond: Number(process.env.SANDBOX_RATE_PER_SECOND || 8),
		perMinute: Number(process.env.SANDBOX_RATE_PER_MINUTE || 480),
	};
	const sandbox = await startSandbox({ seed: { contacts, subscribers: 0 }, rateLimit }, Number(process.env.SANDBOX_PORT || 0));
	process.on('message', async (message) => {
		if (message?.type === 'arrivals') {
			const arrivals = sandbox.requests.map((r) => [r.receivedAt, r.status, r.path]);
			process.send({ type: 'arrivals', arrivals });
		} else if (message?.type === 'requests') {
			const requests = sandbox.requests
				.filter((r) => r.path.endsWith(message.pathEnd || ''))
				.map((r) => ({ receivedAt: r.receivedAt, status: r.status, method: r.method, path: r.path, body: r.body }));
			process.send({ type: 'requests', requests });
		} else if (message?.type === 'stop') {
			await sandbox.stop();
			process.exit(0);
		}
	});
	process.on('SIGTERM', async () => {
		await sandbox.stop();
		process.exit(0);
	});
	// The parent may die without a 'stop': do not outlive it.
	process.on('disconnect', () => process.exit(0));
	process.send({ type: 'ready', currentBaseUrl: sandbox.currentBaseUrl, legacyBaseUrl: sandbox.legacyBaseUrl, credentials: CREDENTIALS });
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
