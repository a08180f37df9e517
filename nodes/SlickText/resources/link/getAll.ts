import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { LINK_SUMMARY } from '../summaries';

const filters = queryFilters([
	{
		property: {
			displayName: 'Active',
			name: 'active',
			type: 'boolean',
			default: true,
			description: 'Whether to return only active links (on) or only inactive ones (off)',
		},
		value: 'flag',
	},
]);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many links',
		description: 'List the tracked links of the brand, with their click counts',
		route: currentRoute({ method: 'GET', url: '/links', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [...returnAllAndLimit('links'), filters.property],
	simplify: LINK_SUMMARY,
};
