import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { listIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a list',
		description: 'Delete a contact list. The contacts on it stay in the brand.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/lists/{{ $parameter.listId }}',
			preSend: [requireNumericId('listId', 'List')],
			output: [deletedOutput('contact_list_id', 'listId')],
		}),
	},
	properties: [listIdLocator()],
};
