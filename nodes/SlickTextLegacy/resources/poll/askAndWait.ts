import type { OperationDescription } from '../../../shared/descriptions';
import { askAndWaitOperation, legacyAskFields } from '../../../shared/replies/askAndWait';
import { legacyRoute } from '../../../shared/routing';
import { messageBody, messageRunner } from '../message/fields';
import { textwordIdLocator } from '../textword/fields';

/**
 * Texts each input item's number and waits for everyone's answer by a deadline (shared/replies/askAndWait.ts).
 * Each text goes out through Send's route, to one number on the textword.
 */
export const askAndWait: OperationDescription = askAndWaitOperation(
	'legacy',
	legacyAskFields({ ...textwordIdLocator('The textword the numbers are on; a number that is not subscribed is opted in to it first'), required: true }),
	legacyRoute({
		method: 'POST',
		url: '/messages/',
		action: 'SEND',
		preSend: [messageBody('SEND', 'message')],
		execute: messageRunner('SEND'),
	}),
);
