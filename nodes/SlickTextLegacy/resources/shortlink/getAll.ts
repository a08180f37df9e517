import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { filterQuery, filtersProperty, textFilter, type Filter } from '../../shared/filters';

const filters: Filter[] = [
	textFilter('name', 'Name'),
	textFilter('hash', 'Hash', 'The code at the end of the short URL, e.g. k3Fm9'),
	textFilter('url', 'URL', 'The long URL the shortlink leads to'),
];

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many shortlinks',
		description: 'List the tracked shortlinks of the account with their click counts',
		route: legacyRoute({ method: 'GET', url: '/shortlinks', pages: legacyPages('shortlinks'), preSend: [filterQuery(filters)] }),
	},
	properties: [...returnAllAndLimit('shortlinks'), filtersProperty(filters)],
};
