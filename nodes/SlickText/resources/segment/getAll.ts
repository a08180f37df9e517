import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many segments',
		description: 'List the segments of the brand',
		route: currentRoute({ method: 'GET', url: '/segments', pages: currentPages() }),
	},
	properties: [...returnAllAndLimit('segments')],
};
