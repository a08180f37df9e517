import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { simplifyShape } from '../../../shared/simplify';
import { filterQuery, filtersProperty } from '../../shared/filters';
import { contactFilters } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

const filters = contactFilters(true);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many contacts',
		description: 'List the contacts of all textwords, optionally filtered by any field or by subscription date',
		route: legacyRoute({ method: 'GET', url: '/contacts', pages: legacyPages('contacts', simplifyShape('subscriber')), preSend: [filterQuery(filters)] }),
	},
	properties: [...returnAllAndLimit('contacts'), filtersProperty(filters)],
	simplify: CONTACT_SUMMARY,
};
