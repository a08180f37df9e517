'use strict';
// The credentials that work against the sandbox (printed by `npm run sandbox`).
module.exports.CREDENTIALS = {
	current: { apiKey: 'sandbox-api-key', brandId: '1001' },
	// A second brand with its own key: the first key cannot reach it (403), as on SlickText.
	otherBrand: { apiKey: 'sandbox-other-brand-key', brandId: '2002' },
	legacy: { publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key' },
};
