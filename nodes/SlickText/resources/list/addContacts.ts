import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { membershipChunks, membershipProperties, membershipRequestBody } from './fields';

export const addContacts: OperationDescription = {
	option: {
		name: 'Add Contacts',
		value: 'addContacts',
		action: 'Add contacts to lists',
		description:
			'Put existing contacts on one or more lists, in requests of up to 500 contacts each, in order. No message is sent to the contacts.',
		route: currentRoute({
			method: 'POST',
			url: '/lists/contacts',
			preSend: [membershipRequestBody],
			execute: membershipChunks('added'),
			// Adding a contact that is already on a list changes nothing: sent again after no answer.
			unknown: 'resend',
		}),
	},
	properties: membershipProperties,
	effect: 'automation',
};
