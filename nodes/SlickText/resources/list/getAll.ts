import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';

const filters = queryFilters([
	{
		property: {
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Only the list with exactly this name (case-sensitive, no wildcards)',
		},
	},
]);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many lists',
		description: 'List the contact lists of the brand',
		route: currentRoute({ method: 'GET', url: '/lists', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [...returnAllAndLimit('lists'), filters.property],
};
