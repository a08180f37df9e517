import type { OperationDescription } from '../../../shared/descriptions';
import { NAME_AND_DESCRIPTION, updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { listIdLocator, listUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a list',
		description: 'Rename a contact list or change its description',
		route: currentRoute({
			method: 'PUT',
			url: '=/lists/{{ $parameter.listId }}',
			preSend: [requireNumericId('listId', 'List'), listUpdateBody],
		}),
	},
	properties: [
		listIdLocator(),
		updateFieldsCollection(NAME_AND_DESCRIPTION),
	],
};
