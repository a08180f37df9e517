import type { OperationDescription } from '../../../shared/descriptions';
import { askAndWaitOperation, pollFields } from '../../../shared/replies/askAndWait';
import { listsField, mediaUrlField, messageField, nameField } from '../campaign/fields';

/**
 * Sends one campaign to lists and waits for every subscribed contact's answer by a deadline
 * (shared/replies/askAndWait.ts). The contacts' waits are in place before the campaign goes.
 */
export const askAndWait: OperationDescription = askAndWaitOperation('current', [
	{
		displayName:
			"Asks the subscribed contacts of the lists with one campaign and waits for their answers; replies reach n8n at the SlickText Trigger whose Production URL the credential holds in 'Trigger URL for Replies'",
		name: 'askNotice',
		type: 'notice',
		default: '',
	},
	{ ...listsField, required: true, description: `The lists whose subscribed contacts are asked. ${String(listsField.description)}` },
	{ ...nameField, displayName: 'Campaign Name', required: true, placeholder: 'e.g. Friday dinner RSVP' },
	{ ...messageField, required: true, placeholder: 'e.g. Dinner on Friday at 7: are you coming? Reply YES or NO', description: 'The question, saying how to answer' },
	...pollFields([mediaUrlField]),
]);
