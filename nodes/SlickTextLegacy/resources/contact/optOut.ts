import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { successOutput } from '../../shared/output';
import { contactIdLocator } from './fields';

export const optOut: OperationDescription = {
	option: {
		name: 'Opt Out',
		value: 'optOut',
		action: 'Opt out a contact',
		description:
			'Unsubscribe a contact as if they had texted STOP. No confirmation is sent. The number can rejoin only by texting the keyword in; the API cannot opt it in again.',
		route: legacyRoute({
			method: 'POST',
			url: '=/contacts/{{ $parameter.contactId }}',
			action: 'OPTOUT',
			preSend: [requireNumericId('contactId', 'Contact')],
			output: [successOutput('contactId')],
		}),
	},
	properties: [contactIdLocator()],
};
