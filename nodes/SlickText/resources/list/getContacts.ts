import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { checkMemberFilters, listIdLocator, memberFilters, memberShape } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const getContacts: OperationDescription = {
	option: {
		name: 'Get Contacts',
		value: 'getContacts',
		action: 'Get the contacts of a list',
		description:
			'Retrieve the contacts on a list, one item per contact, optionally only those with given opt-in statuses and simplified',
		route: currentRoute({
			method: 'GET',
			url: '=/lists/{{ $parameter.listId }}/contacts',
			preSend: [requireNumericId('listId', 'List'), checkMemberFilters],
			pages: currentPages(memberShape),
		}),
	},
	properties: [listIdLocator(), ...returnAllAndLimit('contacts'), memberFilters],
	simplify: CONTACT_SUMMARY,
};
