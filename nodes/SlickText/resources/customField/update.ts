import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { customFieldIdLocator, customFieldUpdateBody, DATA_TYPE_DESCRIPTION, DATA_TYPES, NAME_DESCRIPTION } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a custom field',
		description: 'Rename a custom field, change its data type or its description. Its internal name stays.',
		route: currentRoute({
			method: 'PUT',
			url: '=/custom-fields/{{ $parameter.customFieldId }}',
			preSend: [requireNumericId('customFieldId', 'Custom Field'), customFieldUpdateBody],
		}),
	},
	properties: [
		customFieldIdLocator(),
		updateFieldsCollection([
			{
				displayName: 'Data Type',
				name: 'data_type',
				type: 'options',
				options: [...DATA_TYPES],
				default: 'string',
				description: DATA_TYPE_DESCRIPTION,
			},
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
				description: NAME_DESCRIPTION,
			},
		]),
	],
};
