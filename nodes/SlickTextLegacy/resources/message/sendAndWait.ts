import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { replyFields } from '../../../shared/replies/fields';
import { waitingRun } from '../../../shared/replies/waiting';
import { legacyRoute } from '../../../shared/routing';
import { messageBody, messageFields, messageRunner } from './fields';

/**
 * Texts one person as Send does, then the workflow waits until that person answers by text
 * (shared/replies). The value is n8n's own name for such operations, which lets n8n build a
 * human-review tool for AI agents from the node.
 */
export const sendAndWait: OperationDescription = {
	option: {
		name: 'Send and Wait for Reply',
		value: SEND_AND_WAIT_OPERATION,
		action: 'Send a text and wait for the reply',
		description:
			'Text one contact or one number, then wait until they text back: a yes or no, or any answer. Replies reach n8n through the SlickText Legacy Trigger.',
		route: legacyRoute({
			method: 'POST',
			url: '/messages/',
			action: 'SEND',
			preSend: [messageBody('SEND', 'message')],
			execute: messageRunner('SEND'),
		}),
		run: waitingRun('legacy', 'sendTo'),
	},
	properties: [...messageFields('message'), ...replyFields()],
	effect: 'send',
	effectNote: 'sends a text to one person and pauses the workflow until they answer, so it works only as the human review of an AI agent; uses credits',
};
