import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { listIdLocator } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a list',
		description: 'Retrieve one contact list by ID',
		route: currentRoute({
			method: 'GET',
			url: '=/lists/{{ $parameter.listId }}',
			preSend: [requireNumericId('listId', 'List')],
		}),
	},
	properties: [listIdLocator()],
};
