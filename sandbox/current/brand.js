'use strict';
// Brand: GET /brands (the key's own brand, unwrapped) and the brand's credit usage.

const { keyBrandId } = require('./auth');
const { routeBrandGet } = require('./resources');

function usageOf(b) {
	const total = b.credits.subscription + b.credits.rollover + b.credits.purchased;
	let used = 0;
	for (const message of b.messages) used += message.message_credits;
	return {
		brand_id: b.brand.brand_id, brand_name: b.brand.name, total_credits: total, credits_used: used,
		credits_available: Math.max(0, total - used), message_credit_limit: b.brand.message_credit_limit,
		message_credit_limit_percentage: b.brand.message_credit_limit_percentage,
	};
}

function register(router) {
	// GET /brands answers the key's own brand, unwrapped.
	router.add('GET', '/v1/brands', (ctx) => ({ body: ctx.state.current.brands.get(keyBrandId(ctx.headers)).brand }));
	routeBrandGet(router, '/usage', usageOf);
}

module.exports = { register };
