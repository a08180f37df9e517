import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { activeFilter } from './fields';
import { WEBSITE_POPUP_SUMMARY } from '../summaries';

const filters = queryFilters([activeFilter('popups')]);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many website popups',
		description: 'List the sign-up popups of the brand',
		route: currentRoute({ method: 'GET', url: '/website-popups', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [
		...returnAllAndLimit('popups'),
		filters.property,
	],
	simplify: WEBSITE_POPUP_SUMMARY,
};
