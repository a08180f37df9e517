import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { membershipOutput, membershipProperties, membershipRequestBody } from './fields';

export const removeContacts: OperationDescription = {
	option: {
		name: 'Remove Contacts',
		value: 'removeContacts',
		action: 'Remove contacts from lists',
		description:
			'Take contacts off one or more lists, in one request per item. The contacts themselves stay in the brand.',
		routing: currentRoute({
			method: 'DELETE',
			url: '/lists/contacts',
			preSend: [membershipRequestBody],
			output: [membershipOutput],
		}),
	},
	properties: membershipProperties,
};
