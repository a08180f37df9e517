'use strict';
// The one error type of the sandbox: a handler throws it and the core (server.js) answers `httpStatus`
// with `body`. In a file of its own so that both APIs can throw it without requiring server.js.

class HttpError extends Error {
	constructor(status, message, extra = {}) {
		super(message);
		this.httpStatus = status;
		this.body = { message, ...extra };
	}
}

module.exports = { HttpError };
