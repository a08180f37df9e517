'use strict';
// Fault injection: tests make chosen requests fail (a status, a dropped socket, a body that is not
// JSON, a given body, a slow answer) to prove how the nodes cope. See Sandbox#injectFault.

/** A fault entry as kept in the sandbox's list: it hits `times` requests (default 1). */
function createFault(fault) {
	return { times: 1, seen: 0, hits: 0, ...fault, match: fault.match || {} };
}

/** The first fault with hits left that matches this logged request (and counts the hit), or undefined. */
function takeFault(faults, entry) {
	for (const fault of faults) {
		if (fault.hits >= fault.times) continue;
		const { method, path, nth, body } = fault.match;
		if (method && method.toUpperCase() !== entry.method) continue;
		// body: a text the raw body contains (a request of one item among many to the same path).
		if (body !== undefined && !String(entry.rawBody ?? '').includes(body)) continue;
		if (path instanceof RegExp ? !path.test(entry.path) : path && !entry.path.startsWith(path)) {
			continue;
		}
		fault.seen++;
		if (nth && fault.seen < nth) continue;
		fault.hits++;
		return fault;
	}
	return undefined;
}

/**
 * Acts out a fault. Returns true when the request has been answered (or dropped); false when it
 * should go on normally (a slow fault, after its delay).
 */
async function applyFault(fault, { entry, req, send }) {
	entry.fault = fault.kind;
	if (fault.kind === 'drop') {
		entry.status = 0;
		req.socket.destroy();
		return true;
	}
	if (fault.kind === 'status') {
		send(fault.status, fault.body ?? { message: 'Injected fault' }, fault.headers);
		return true;
	}
	if (fault.kind === 'malformed') {
		send(200, fault.text ?? '<html>Bad gateway</html>');
		return true;
	}
	if (fault.kind === 'body') {
		send(200, fault.body, fault.headers);
		return true;
	}
	if (fault.kind === 'slow') {
		// `until` (a promise) lets a test answer as soon as what it waits for has happened, the delay being
		// only the longest it holds the answer.
		let timer;
		await Promise.race([new Promise((r) => (timer = setTimeout(r, fault.delayMs ?? 1000))), fault.until].filter(Boolean));
		clearTimeout(timer);
	}
	return false;
}

module.exports = { createFault, takeFault, applyFault };
