import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { filterQuery, filtersProperty, textFilter, type Filter } from '../../shared/filters';

const filters: Filter[] = [textFilter('word', 'Word', 'The keyword people text in to join, e.g. COFFEE')];

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many textwords',
		description: 'List the textwords (keyword lists) of the account',
		route: legacyRoute({ method: 'GET', url: '/textwords', pages: legacyPages('textwords'), preSend: [filterQuery(filters)] }),
	},
	properties: [...returnAllAndLimit('textwords'), filtersProperty(filters)],
};
