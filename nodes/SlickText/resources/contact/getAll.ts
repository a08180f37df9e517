import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { simplifyShape } from '../../../shared/simplify';
import { contactFields, contactFilterQuery } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many contacts',
		description: 'List contacts, optionally filtered by any contact field or custom field',
		route: currentRoute({ method: 'GET', url: '/contacts', pages: currentPages(simplifyShape('contact')), preSend: [contactFilterQuery] }),
	},
	properties: [
		...returnAllAndLimit('contacts'),
		filtersCollection(contactFields('filter'), 'Exact, case-sensitive matches; all filters set must match'),
	],
	simplify: CONTACT_SUMMARY,
};
