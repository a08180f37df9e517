import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { membershipOutput, membershipProperties, membershipRequestBody } from './fields';

export const addContacts: OperationDescription = {
	option: {
		name: 'Add Contacts',
		value: 'addContacts',
		action: 'Add contacts to lists',
		description:
			'Put existing contacts on one or more lists, in one request per item. No message is sent to the contacts.',
		routing: currentRoute({
			method: 'POST',
			url: '/lists/contacts',
			preSend: [membershipRequestBody],
			output: [membershipOutput],
		}),
	},
	properties: membershipProperties,
	effect: 'automation',
};
