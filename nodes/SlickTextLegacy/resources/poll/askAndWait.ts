import type { INodeProperties } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { askAndWaitOperation, pollFields } from '../../../shared/replies/askAndWait';
import { legacyRoute } from '../../../shared/routing';
import { messageBody, messageFields, messageRunner } from '../message/fields';

/** Send's fields for one number on a textword, each input item's number: who is asked, and the question. */
function askedFields(): INodeProperties[] {
	return messageFields('message')
		.filter((p) => p.name !== 'contactId')
		.map((p): INodeProperties => {
			// The text goes out as Send's does, to one number on the textword.
			if (p.name === 'sendTo') return { displayName: 'Send To', name: 'sendTo', type: 'hidden', default: 'number' };
			if (p.name === 'textwordId') return { ...p, required: true, description: 'The textword the numbers are on; a number that is not subscribed is opted in to it first' };
			if (p.name === 'number') {
				return {
					...p,
					default: '={{ $json.number }}',
					description:
						"Each person's mobile number, from their item (a textword's contacts have it as 'number'). A number that is not subscribed to the textword is opted in to it first. + and the country code, or 10 digits for a US number.",
				};
			}
			if (p.name === 'message') {
				return { ...p, placeholder: 'e.g. Dinner on Friday at 7: are you coming? Reply YES or NO', description: "The question, saying how to answer. An expression may use each person's item, e.g. their name." };
			}
			return p;
		});
}

/**
 * Texts each input item's number and waits for everyone's answer by a deadline (shared/replies/askAndWait.ts).
 * Each text goes out through Send's route, to one number on the textword.
 */
export const askAndWait: OperationDescription = askAndWaitOperation(
	'legacy',
	[
		{
			displayName:
				"Texts the mobile number of each input item and waits for their answers; replies reach n8n at the SlickText Legacy Trigger whose Production URL the credential holds in 'Trigger URL for Replies'",
			name: 'askNotice',
			type: 'notice',
			default: '',
		},
		...askedFields(),
		...pollFields(),
	],
	legacyRoute({
		method: 'POST',
		url: '/messages/',
		action: 'SEND',
		preSend: [messageBody('SEND', 'message')],
		execute: messageRunner('SEND'),
	}),
);
