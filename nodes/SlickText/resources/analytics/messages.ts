import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';

export const messages: OperationDescription = {
	option: {
		name: 'Get Message Statistics',
		value: 'messages',
		action: 'Get message statistics',
		description: 'Retrieve the statistics of the messages the brand sent and received',
		route: currentRoute({ method: 'GET', url: '/analytics/messages' }),
	},
	properties: [],
};
