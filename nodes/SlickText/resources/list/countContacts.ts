import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { countOutput, listIdLocator } from './fields';

export const countContacts: OperationDescription = {
	option: {
		name: 'Count Contacts',
		value: 'countContacts',
		action: 'Count the contacts of a list',
		description: 'Get how many contacts are on a list',
		route: currentRoute({
			method: 'GET',
			url: '=/lists/{{ $parameter.listId }}/contacts/count',
			preSend: [requireNumericId('listId', 'List')],
			output: [countOutput],
		}),
	},
	properties: [listIdLocator()],
};
