import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many links',
		description: 'List the tracked links of the brand, with their click counts',
		routing: currentRoute({ method: 'GET', url: '/links', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('links'),
		filtersCollection([
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether to return only active links (on) or only inactive ones (off)',
				routing: { send: { type: 'query', property: 'active', value: '={{ $value ? 1 : 0 }}' } },
			},
		]),
	],
};
