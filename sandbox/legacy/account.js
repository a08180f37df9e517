'use strict';
// Account: GET /account (the account, plan, subscriptions, rollovers and usage).

const { noQuery } = require('./validate');
const { countByTextword } = require('./views');

function accountView(state) {
	const { account } = state;
	const counts = countByTextword(state);
	return {
		account: { ...account.account },
		plan: { ...account.plan },
		subscriptions: account.subscriptions.map((s) => ({ ...s, addons: s.addons.map((a) => ({ ...a })) })),
		rollovers: account.rollovers.map((r) => ({ ...r })),
		usage: {
			totalCredits: account.usage.totalCredits,
			totalUsedCredits: account.usage.totalUsedCredits,
			totalTextwords: state.textwords.length,
			activeTextwords: state.textwords.filter((t) => counts.get(t.id)).length,
			totalSubscribers: state.contacts.length,
		},
	};
}

const ROUTES = [
	['GET', '/account', (ctx, state) => {
		noQuery(ctx);
		return { body: accountView(state) };
	}],
];

module.exports = { ROUTES };
