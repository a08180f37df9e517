import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { legacyNumbers } from '../../shared/output';
import { ACCOUNT_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get the account',
		description:
			'Retrieve the account of the credential: its settings (message length limit, time zone), plan, subscriptions, rollovers and usage',
		route: legacyRoute({ method: 'GET', url: '/account', output: [legacyNumbers] }),
	},
	properties: [],
	simplify: ACCOUNT_SUMMARY,
};
