import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { activeFilter } from './fields';
import { WORKFLOW_SUMMARY } from '../summaries';

const filters = queryFilters([activeFilter('workflows')]);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many SlickText workflows',
		description: 'List the automation workflows of the brand',
		route: currentRoute({ method: 'GET', url: '/workflows', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [
		...returnAllAndLimit('workflows'),
		filters.property,
	],
	simplify: WORKFLOW_SUMMARY,
};
