import type { OperationDescription } from '../../../shared/descriptions';
import { replyFields } from '../../../shared/replies/fields';
import { waitingRun } from '../../../shared/replies/waiting';
import { contactIdLocator } from '../contact/fields';

/**
 * The workflow waits for the next text of one contact (shared/replies). The current API sends only
 * campaigns: this is how a workflow sends a campaign and then waits for one contact's answer.
 */
export const waitForReply: OperationDescription = {
	option: {
		name: 'Wait for Reply',
		value: 'waitForReply',
		action: 'Wait for a text from a contact',
		description:
			"Wait until one contact texts the brand, for example after a campaign. Replies reach n8n through the SlickText Trigger.",
		run: waitingRun('current', 'waitFor'),
	},
	properties: [
		{
			displayName: 'Wait For',
			name: 'waitFor',
			type: 'options',
			options: [
				{ name: 'One Contact', value: 'contact', description: 'A contact, by contact ID' },
				{ name: 'One Contact, Found by Number', value: 'number', description: 'The contact of the brand with this mobile number' },
			],
			default: 'contact',
			description: 'Whose next text the workflow waits for',
		},
		{ ...contactIdLocator('The contact whose next text the workflow waits for'), displayOptions: { show: { waitFor: ['contact'] } } },
		{
			displayName: 'Mobile Number',
			name: 'number',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +16195551234',
			description: 'The mobile number of the contact whose next text the workflow waits for: + and the country code, or 10 digits for a US number',
			displayOptions: { show: { waitFor: ['number'] } },
		},
		...replyFields(),
	],
	effect: 'read',
	effectNote: "pauses the workflow until one contact texts, so it does not work as an AI agent's tool; sends nothing",
};
