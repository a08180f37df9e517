'use strict';
// HTTP Basic authentication of the legacy API.

const { MESSAGES, fail } = require('./errors');

/** HTTP Basic: public key as user name, private key as password. Checked before anything else. */
function authenticate(ctx) {
	const { publicKey, privateKey } = ctx.sandbox.credentials.legacy;
	const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(ctx.headers.authorization || '');
	if (!m) fail(401, MESSAGES.auth);
	const decoded = Buffer.from(m[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0 || decoded.slice(0, colon) !== publicKey || decoded.slice(colon + 1) !== privateKey) {
		fail(401, MESSAGES.auth);
	}
}

module.exports = { authenticate };
