import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { simplifyProperty, simplifyShape } from '../../../shared/simplify';
import { contactFields, contactFilterQuery } from './fields';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many contacts',
		description: 'List contacts, optionally filtered by any contact field or custom field',
		routing: currentRoute({ method: 'GET', url: '/contacts', pages: currentPages(simplifyShape('contact')), preSend: [contactFilterQuery] }),
	},
	properties: [
		...returnAllAndLimit('contacts'),
		simplifyProperty('contact'),
		filtersCollection(contactFields('filter'), 'Exact, case-sensitive matches; all filters set must match'),
	],
};
