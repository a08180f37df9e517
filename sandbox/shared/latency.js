'use strict';
// A network in front of the sandbox: each request reaches the handler half the round trip late and its
// answer leaves half the round trip late, as over the internet (real SlickText is ~150 ms away, not 0).
// Kept in its own file so that the server only wires it in.

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

module.exports = { withLatency };
