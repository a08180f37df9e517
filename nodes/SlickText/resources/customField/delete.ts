import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { customFieldIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a custom field',
		description:
			'Delete a custom field. This destroys its values for all contacts of the brand and cannot be undone.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/custom-fields/{{ $parameter.customFieldId }}',
			preSend: [requireNumericId('customFieldId', 'Custom Field')],
			output: [deletedOutput('custom_field_id', 'customFieldId')],
		}),
	},
	properties: [
		customFieldIdLocator(
			'The custom field to delete. Its values are destroyed for all contacts; this cannot be undone.',
		),
	],
};
