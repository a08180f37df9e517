import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { membershipChunks, membershipProperties, membershipRequestBody } from './fields';

export const removeContacts: OperationDescription = {
	option: {
		name: 'Remove Contacts',
		value: 'removeContacts',
		action: 'Remove contacts from lists',
		description:
			'Take contacts off one or more lists, in requests of up to 500 contacts each, in order. The contacts themselves stay in the brand.',
		route: currentRoute({
			method: 'DELETE',
			url: '/lists/contacts',
			preSend: [membershipRequestBody],
			execute: membershipChunks('removed'),
		}),
	},
	properties: membershipProperties,
};
