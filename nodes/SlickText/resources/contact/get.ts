import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { contactIdLocator } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a contact',
		description: 'Retrieve one contact by ID',
		route: currentRoute({
			method: 'GET',
			url: '=/contacts/{{ $parameter.contactId }}',
			preSend: [requireNumericId('contactId', 'Contact')],
		}),
	},
	properties: [contactIdLocator()],
	simplify: CONTACT_SUMMARY,
};
