'use strict';
// n8n's REST API as the editor calls it (a session cookie), and waiting for what n8n does next: shared by
// the e2e suites that start n8n.

/**
 * Sends a request again while n8n answers 503 "Database is not ready!": after one ping of its database
 * (every 2 s) took too long, n8n refuses every request until a ping gets through, before any handler runs,
 * so asking again repeats nothing. `send` answers `{ status, text }`.
 */
async function untilReady(send, ms = 60_000) {
	const deadline = Date.now() + ms;
	for (;;) {
		const answer = await send();
		if (answer.status !== 503 || !String(answer.text).includes('Database is not ready') || Date.now() > deadline) return answer;
		await new Promise((r) => setTimeout(r, 500));
	}
}

/** A request to n8n; the body is sent as JSON, the answer read as JSON when it is (else as text). */
async function call(url, { method = 'GET', headers = {}, body } = {}) {
	const { status, text } = await untilReady(async () => {
		const res = await fetch(url, {
			method,
			headers: { 'content-type': 'application/json', ...headers },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, text: await res.text() };
	});
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = text;
	}
	return { status, json };
}

/** The editor's REST API of the n8n at `base`, with the owner's session cookie. */
async function rest(base, cookie, method, path, body) {
	return await call(`${base}${path}`, { method, body, headers: { cookie, 'browser-id': 'e2e' } });
}

/** Polls `fn` every `everyMs` until it gives something truthy, or `ms` have passed (then its last value). */
async function waitFor(fn, ms = 20_000, everyMs = 300) {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await fn();
		if (value || Date.now() > deadline) return value;
		await new Promise((r) => setTimeout(r, everyMs));
	}
}

module.exports = { call, rest, untilReady, waitFor };
