'use strict';
// The one POST dispatcher. Each endpoint has a table action -> {params, run}; params lists
// what the action accepts besides `action` (a function when it depends on the request).

const { MESSAGES, fail } = require('./errors');
const { formBody, noQuery } = require('./validate');

function dispatch(table) {
	return (ctx, state) => {
		const body = formBody(ctx);
		noQuery(ctx);
		if (body.action === undefined || body.action === '') fail(400, MESSAGES.actionRequired);
		if (!Object.hasOwn(table, body.action)) fail(400, MESSAGES.invalidAction(body.action));
		const action = table[body.action];
		const allowed = typeof action.params === 'function' ? action.params(state, body, ctx) : action.params;
		for (const name of Object.keys(body)) {
			if (name !== 'action' && !allowed.includes(name)) fail(400, MESSAGES.unknownParameter(name));
		}
		return action.run(ctx, state, body);
	};
}

module.exports = { dispatch };
