import type { OperationDescription } from '../../../shared/descriptions';
import { replyFields } from '../../../shared/replies/fields';
import { waitingRun } from '../../../shared/replies/waiting';
import { contactIdLocator } from '../contact/fields';

/** The workflow waits for the next text of one person, without sending anything (shared/replies). */
export const waitForReply: OperationDescription = {
	option: {
		name: 'Wait for Reply',
		value: 'waitForReply',
		action: 'Wait for a text from a contact',
		description:
			'Wait until one contact or number texts, for example after a Send earlier in the workflow. Replies reach n8n through the SlickText Legacy Trigger.',
		run: waitingRun('legacy', 'waitFor'),
	},
	properties: [
		{
			displayName: 'Wait For',
			name: 'waitFor',
			type: 'options',
			options: [
				{ name: 'One Contact', value: 'contact', description: 'A contact, by contact ID' },
				{ name: 'One Number', value: 'number', description: 'Any mobile number' },
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
			description: 'The number whose next text the workflow waits for: + and the country code, or 10 digits for a US number',
			displayOptions: { show: { waitFor: ['number'] } },
		},
		...replyFields(),
	],
	effect: 'read',
	effectNote: "pauses the workflow until one contact texts, so it does not work as an AI agent's tool; sends nothing",
};
