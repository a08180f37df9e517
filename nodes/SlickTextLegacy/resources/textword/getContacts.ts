import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { simplifyShape } from '../../../shared/simplify';
import { requireNumericId } from '../../../shared/validation';
import { filterQuery, filtersProperty } from '../../shared/filters';
import { contactFilters } from '../contact/fields';
import { textwordIdLocator } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

const filters = contactFilters(false);

export const getContacts: OperationDescription = {
	option: {
		name: 'Get Contacts',
		value: 'getContacts',
		action: 'Get the contacts of a textword',
		description: 'List the contacts of one textword, optionally filtered by any field or by subscription date',
		route: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}/contacts',
			pages: legacyPages('contacts', simplifyShape('subscriber')),
			preSend: [requireNumericId('textwordId', 'Textword'), filterQuery(filters)],
		}),
	},
	properties: [textwordIdLocator(), ...returnAllAndLimit('contacts'), filtersProperty(filters)],
	simplify: CONTACT_SUMMARY,
};
