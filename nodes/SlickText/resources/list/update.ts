import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { listIdLocator, listUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a list',
		description: 'Rename a contact list or change its description',
		routing: currentRoute({
			method: 'PUT',
			url: '=/lists/{{ $parameter.listId }}',
			preSend: [requireNumericId('listId', 'List'), listUpdateBody],
		}),
	},
	properties: [
		listIdLocator(),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: 'Set at least one',
			options: [
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
				},
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
				},
			],
		},
	],
};
