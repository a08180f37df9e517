import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { activeFilter } from './fields';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many SlickText workflows',
		description: 'List the automation workflows of the brand',
		routing: currentRoute({ method: 'GET', url: '/workflows', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('workflows'),
		filtersCollection([activeFilter('workflows')]),
	],
};
