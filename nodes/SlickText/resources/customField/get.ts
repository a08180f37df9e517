import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { customFieldIdLocator } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a custom field',
		description: 'Retrieve one custom field by ID, with its internal name',
		route: currentRoute({
			method: 'GET',
			url: '=/custom-fields/{{ $parameter.customFieldId }}',
			preSend: [requireNumericId('customFieldId', 'Custom Field')],
		}),
	},
	properties: [customFieldIdLocator()],
};
