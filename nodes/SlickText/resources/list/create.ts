import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { listCreateBody } from './fields';

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a list',
		description: 'Create an empty contact list',
		route: currentRoute({ method: 'POST', url: '/lists', preSend: [listCreateBody] }),
	},
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. VIP Club',
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
