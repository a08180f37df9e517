'use strict';
// The legacy, account-scoped SlickText API (../shared/spec/legacy-api.md), served under /legacy/v1.
// In memory: createState() builds the demo account, register() adds the routes to the shared router.
//
// One file per resource, as in nodes/SlickTextLegacy/resources/ (account, textword, contact, message
// with messageLog, shortlink), plus:
//   errors       every error text in one place, so tests and nodes can rely on them
//   time         timestamps are America/Los_Angeles wall-clock strings, compared lexically
//   validate     numbers, dates, media URLs, custom field values, form bodies
//   seed         the demo account (createState); store keeps its indexes in sync
//   views        what a stored record looks like on the wire (ids as strings here, numbers there)
//   paging       the one generic list handler: paging, exact-match filters, date ranges
//   actions      the one POST dispatcher; each resource has its action tables
//   auth         HTTP Basic, checked before anything else
//   inbound      what subscribers do on their phones (no HTTP route): for tests and demos

const { BASE, LOG_PAGE_SIZE, MAX_LIMIT, MMS_LIMIT } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { laNow } = require('./time');
const { normalizeNumber } = require('./validate');
const { authenticate } = require('./auth');
const { createState } = require('./seed');
const { inboundText } = require('./inbound');

// In this order on the router (as before the split); the catch-alls come after all of them.
const ROUTES = [
	...require('./account').ROUTES,
	...require('./textword').ROUTES,
	...require('./contact').ROUTES,
	...require('./message').ROUTES,
	...require('./shortlink').ROUTES,
];

/** Auth first, then the handler; catch-alls keep 401 ahead of 404/405. */
function register(router) {
	const own = [];
	for (const [method, path, handler] of ROUTES) {
		router.add(method, `${BASE}${path}`, (ctx) => {
			authenticate(ctx);
			return handler(ctx, ctx.state.legacy);
		});
		own.push(router.routes[router.routes.length - 1].regex);
	}
	// Catch-alls, added last: an unknown path or method under /legacy/v1 answers 401 without valid
	// credentials (as the auth check comes first on SlickText), and 404 or 405 with them.
	for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
		for (let depth = 0; depth <= 6; depth++) {
			const pattern = BASE + Array.from({ length: depth }, (_, i) => `/:p${i}`).join('');
			router.add(method, pattern, (ctx) => {
				authenticate(ctx);
				if (own.some((regex) => regex.test(ctx.entry.path))) fail(405, MESSAGES.methodNotAllowed(method));
				fail(404, MESSAGES.notFound);
			});
		}
	}
}

module.exports = {
	createState,
	register,
	inboundText,
	MESSAGES,
	laNow,
	normalizeNumber,
	LOG_PAGE_SIZE,
	MAX_LIMIT,
	MMS_LIMIT,
};
