'use strict';
// A network in front of the sandbox: each request reaches the handler half the round trip late and its
// answer leaves half the round trip late, as over the internet (real SlickText is ~150 ms away, not 0).
// Kept in its own file so that the server only wires it in.
//
// Two ways: over HTTP, withLatency delays each request and answer (a new TCP connection costs nothing
// extra). Over TLS, delayingFront delays every chunk on the TCP connection itself, so that the TCP
// handshake and the TLS handshake each cost their round trip, as they do against real HTTPS.

const net = require('node:net');

/**
 * @param {(req: import('http').IncomingMessage, res: import('http').ServerResponse) => unknown} handler
 * @param {number} [roundTripMs] the added round trip; 0 or absent: none
 */
function withLatency(handler, roundTripMs) {
	if (!(Number(roundTripMs) > 0)) return handler;
	const oneWay = Number(roundTripMs) / 2;
	return (req, res) => {
		const end = res.end.bind(res);
		res.end = (...args) => {
			setTimeout(() => end(...args), oneWay);
			return res;
		};
		setTimeout(() => handler(req, res), oneWay);
	};
}

/**
 * Passes what `from` sends on to `to`, in order, each chunk at the time `arrival()` gives when it was
 * read; the end of the stream and a broken connection travel the same way.
 */
function forwardDelayed(from, to, arrival) {
	const queue = [];
	let timer;
	const pump = () => {
		timer = undefined;
		while (queue.length > 0 && queue[0].at <= Date.now()) {
			const { what } = queue.shift();
			if (to.destroyed) continue;
			if (what === 'end') to.end();
			else if (what === 'destroy') to.destroy();
			else to.write(what);
		}
		if (queue.length > 0) timer = setTimeout(pump, queue[0].at - Date.now());
	};
	const push = (what) => {
		queue.push({ at: arrival(), what });
		timer ??= setTimeout(pump, queue[0].at - Date.now());
	};
	let ended = false;
	from.on('data', push);
	from.on('end', () => {
		ended = true;
		push('end');
	});
	// Destroyed without an end (a dropped connection, a fault): the other side learns it as late.
	from.on('close', () => ended || push('destroy'));
	from.on('error', () => {});
}

/**
 * A TCP server on its own port that relays every connection to `port` on `host` with the round trip
 * added: data takes half of it each way, and the client's first bytes (a TLS ClientHello) arrive only a
 * whole round trip after it connected, which is when TCP's handshake would have let it send. So a
 * request on a new TLS connection costs three round trips (TCP, TLS 1.3, HTTP), on a reused one one.
 * @param {(socket: import('net').Socket) => void} track called with every socket, to destroy at stop
 */
function delayingFront(port, host, roundTripMs, track) {
	const oneWay = roundTripMs / 2;
	return net.createServer({ allowHalfOpen: true }, (client) => {
		const opened = Date.now();
		const upstream = net.connect({ port, host, allowHalfOpen: true });
		track(client);
		track(upstream);
		forwardDelayed(client, upstream, () => Math.max(Date.now(), opened + roundTripMs) + oneWay);
		forwardDelayed(upstream, client, () => Date.now() + oneWay);
	});
}

module.exports = { withLatency, delayingFront };
