import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { GROUP_BY_OPTIONS, groupQuery } from './fields';

export const contacts: OperationDescription = {
	option: {
		name: 'Get Contact Totals',
		value: 'contacts',
		action: 'Get contact totals',
		description: 'Count the contacts of the brand, in total and by source or opt-in status',
		route: currentRoute({ method: 'GET', url: '/analytics/contacts', preSend: [groupQuery] }),
	},
	properties: [
		{
			displayName: 'Group By',
			name: 'group',
			type: 'options',
			options: GROUP_BY_OPTIONS,
			default: 'source',
			description: 'What the counts are broken down by',
		},
	],
};
