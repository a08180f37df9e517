import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { CAMPAIGN_SUMMARY } from '../summaries';

const filters = queryFilters(
	[
		{
			property: {
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'The campaign name, exactly as stored',
			},
			value: 'text',
		},
		{
			property: {
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
			},
		},
	],
	'Exact, case-sensitive matches; all filters set must match',
);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many campaigns',
		description: 'List the campaigns of the brand, optionally by status or name',
		route: currentRoute({ method: 'GET', url: '/campaigns', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [
		...returnAllAndLimit('campaigns'),
		filters.property,
	],
	simplify: CAMPAIGN_SUMMARY,
};
