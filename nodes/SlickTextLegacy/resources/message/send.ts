import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { messageBody, messageFields, messageRunner } from './fields';

export const send: OperationDescription = {
	option: {
		name: 'Send',
		value: 'send',
		action: 'Send a text message',
		description:
			'Text one contact or one number now (the default), or, when chosen, every contact of a textword or segment. Each recipient uses message credits.',
		route: legacyRoute({
			method: 'POST',
			url: '/messages/',
			action: 'SEND',
			preSend: [messageBody('SEND')],
			execute: messageRunner('SEND'),
		}),
	},
	properties: messageFields(),
	effect: 'send',
	effectNote: 'sends a text now to the recipient set in the node, uses credits',
};
