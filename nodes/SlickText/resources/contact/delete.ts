import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { contactIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a contact',
		description:
			'Remove a contact from the brand. No message is sent; the contact can be opted in again later.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/contacts/{{ $parameter.contactId }}',
			preSend: [requireNumericId('contactId', 'Contact')],
			output: [deletedOutput('contact_id', 'contactId')],
		}),
	},
	properties: [contactIdLocator()],
};
