import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many campaigns',
		description: 'List the campaigns of the brand, optionally by status or name',
		routing: currentRoute({ method: 'GET', url: '/campaigns', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('campaigns'),
		filtersCollection([
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'The campaign name, exactly as stored',
				routing: { send: { type: 'query', property: 'name', value: '={{ String($value).trim() }}' } },
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Draft', value: 'draft' },
					{ name: 'Queued', value: 'queued', description: 'Being sent' },
					{ name: 'Scheduled', value: 'scheduled' },
					{ name: 'Sent', value: 'sent' },
				],
				default: 'sent',
				routing: { send: { type: 'query', property: 'status' } },
			},
		], 'Exact, case-sensitive matches; all filters set must match'),
	],
};
