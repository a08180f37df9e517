import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { unwrap } from '../../shared/output';
import { requireNumericId } from '../../../shared/validation';
import { contactIdLocator } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a contact',
		description: 'Retrieve one contact by ID, with custom fields',
		route: legacyRoute({
			method: 'GET',
			url: '=/contacts/{{ $parameter.contactId }}',
			preSend: [requireNumericId('contactId', 'Contact')],
			// SlickText answers with a one-element "contacts" array.
			output: [unwrap('contacts')],
		}),
	},
	properties: [contactIdLocator()],
	simplify: CONTACT_SUMMARY,
};
