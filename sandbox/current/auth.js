'use strict';
// Bearer keys: each key reaches one brand. The spec answers 403 (not 401) for a missing or bad key.

const { CREDENTIALS } = require('../shared/credentials');
const { MESSAGES, fail } = require('./errors');

const BRAND_OF_KEY = new Map([
	[CREDENTIALS.current.apiKey, Number(CREDENTIALS.current.brandId)],
	[CREDENTIALS.otherBrand.apiKey, Number(CREDENTIALS.otherBrand.brandId)],
]);

/** The brand a bearer key belongs to. The spec answers 403 (not 401) for a missing or bad key. */
function keyBrandId(headers) {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization || '');
	const brandId = match ? BRAND_OF_KEY.get(match[1]) : undefined;
	if (!brandId) fail(403, MESSAGES.invalidKey());
	return brandId;
}

/** The brand of the path, once the key is known to reach it (an unknown brand is also a 403). */
function brandOf(ctx) {
	const own = keyBrandId(ctx.headers);
	const requested = ctx.params.brandId;
	const brand = ctx.state.current.brands.get(own);
	if (requested !== String(own) || !brand) fail(403, MESSAGES.noAccess(requested));
	return brand;
}

module.exports = { keyBrandId, brandOf };
