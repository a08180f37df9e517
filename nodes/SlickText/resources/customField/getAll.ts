import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { DATA_TYPES } from './fields';

const filters = queryFilters([
	{
		property: {
			displayName: 'Data Type',
			name: 'data_type',
			type: 'options',
			options: [...DATA_TYPES],
			default: 'string',
			description: 'Only the custom fields of this data type',
		},
	},
]);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many custom fields',
		description: 'List the custom fields of the brand with their internal names',
		route: currentRoute({ method: 'GET', url: '/custom-fields', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [...returnAllAndLimit('custom fields'), filters.property],
};
