import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many contacts',
		description: 'List contacts, optionally filtered by any contact field or custom field',
		routing: currentRoute({ method: 'GET', url: '/contacts', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('contacts'),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: 'Exact, case-sensitive matches',
			options: [
				{
					displayName: 'Opt-In Status',
					name: 'opt_in_status',
					type: 'options',
					options: [
						{ name: 'Blocked', value: 'blocked' },
						{ name: 'Not Subscribed', value: 'not subscribed' },
						{ name: 'Subscribed', value: 'subscribed' },
						{ name: 'Unsubscribed', value: 'unsubscribed' },
					],
					default: 'subscribed',
					routing: { send: { type: 'query', property: 'opt_in_status' } },
				},
			],
		},
	],
};
