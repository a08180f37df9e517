import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { listIdLocator } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const getContacts: OperationDescription = {
	option: {
		name: 'Get Contacts',
		value: 'getContacts',
		action: 'Get the contacts of a list',
		description: 'Retrieve the contacts on a list, one item per contact',
		routing: currentRoute({
			method: 'GET',
			url: '=/lists/{{ $parameter.listId }}/contacts',
			preSend: [requireNumericId('listId', 'List')],
			pages: currentPages(),
		}),
	},
	properties: [listIdLocator(), ...returnAllAndLimit('contacts')],
	simplify: CONTACT_SUMMARY,
};
