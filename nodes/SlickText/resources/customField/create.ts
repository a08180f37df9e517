import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { customFieldCreateBody, DATA_TYPE_DESCRIPTION, DATA_TYPES, NAME_DESCRIPTION } from './fields';

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a custom field',
		description: 'Add a custom field to the contacts of the brand; the answer gives its internal name',
		route: currentRoute({ method: 'POST', url: '/custom-fields', preSend: [customFieldCreateBody] }),
	},
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Favorite Drink',
			description: NAME_DESCRIPTION,
		},
		{
			displayName: 'Data Type',
			name: 'dataType',
			type: 'options',
			options: [...DATA_TYPES],
			default: 'string',
			description: DATA_TYPE_DESCRIPTION,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
				},
			],
		},
	],
};
