import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';

export const getUsage: OperationDescription = {
	option: {
		name: 'Get Usage',
		value: 'getUsage',
		action: 'Get the brand usage',
		description: 'Retrieve the message credits of the current billing period',
		route: currentRoute({ method: 'GET', url: '/usage' }),
	},
	properties: [],
};
