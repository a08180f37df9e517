import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { successOutput } from '../../shared/output';
import { contactIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a contact',
		description:
			'Remove a contact from its textword without recording an opt-out. No confirmation is sent, and the number can be opted in again through the API.',
		route: legacyRoute({
			method: 'POST',
			url: '=/contacts/{{ $parameter.contactId }}',
			action: 'DELETE',
			preSend: [requireNumericId('contactId', 'Contact')],
			output: [successOutput('contactId', [], 'deleted')],
		}),
	},
	properties: [contactIdLocator()],
};
