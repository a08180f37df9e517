import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { contactCreateBody, contactFields } from './fields';

export const mobileNumberProperty = {
	displayName: 'Mobile Number',
	name: 'mobileNumber',
	type: 'string' as const,
	required: true,
	default: '',
	placeholder: 'e.g. +16175551234',
	description: 'US mobile number with area code (at least 10 digits); sent as +1 and 10 digits',
};

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a contact',
		description:
			'Add a contact to the brand. SlickText sends no confirmation text unless Force Double Opt-In is on; a number that exists already fails.',
		routing: currentRoute({ method: 'POST', url: '/contacts', preSend: [contactCreateBody] }),
	},
	properties: [
		mobileNumberProperty,
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: contactFields('create'),
		},
	],
	effect: 'automation',
};
