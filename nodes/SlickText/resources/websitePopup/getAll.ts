import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { activeFilter } from './fields';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many website popups',
		description: 'List the sign-up popups of the brand',
		routing: currentRoute({ method: 'GET', url: '/website-popups', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('popups'),
		filtersCollection([activeFilter('popups')]),
	],
};
