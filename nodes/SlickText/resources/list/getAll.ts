import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many lists',
		description: 'List the contact lists of the brand',
		routing: currentRoute({ method: 'GET', url: '/lists', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('lists'),
		filtersCollection([
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Only the list with exactly this name (case-sensitive, no wildcards)',
				routing: { send: { type: 'query', property: 'name' } },
			},
		]),
	],
};
