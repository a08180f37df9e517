import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';

export const campaigns: OperationDescription = {
	option: {
		name: 'Get Statistics of All Campaigns',
		value: 'campaigns',
		action: 'Get the statistics of all campaigns',
		description: 'Retrieve the statistics of the brand campaigns as a whole',
		route: currentRoute({ method: 'GET', url: '/analytics/campaigns' }),
	},
	properties: [],
};
