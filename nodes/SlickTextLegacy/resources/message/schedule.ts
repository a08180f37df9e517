import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { messageBody, messageFields, messageRunner } from './fields';

export const schedule: OperationDescription = {
	option: {
		name: 'Schedule',
		value: 'schedule',
		action: 'Schedule a text message',
		description:
			'Have SlickText send a message later, on a quarter hour, to one contact by default. Each recipient uses message credits; Delete cancels a scheduled message.',
		route: legacyRoute({
			method: 'POST',
			url: '/messages/',
			action: 'SCHEDULE',
			preSend: [messageBody('SCHEDULE')],
			execute: messageRunner('SCHEDULE'),
		}),
	},
	properties: [
		{
			displayName: 'Scheduled For',
			name: 'scheduledFor',
			type: 'dateTime',
			required: true,
			default: '',
			description:
				"When SlickText sends the message: minute 00, 15, 30 or 45 with zero seconds. A time without an offset is in the workflow's time zone; it is sent to SlickText in the account's own time zone.",
		},
		...messageFields(),
	],
	effect: 'send',
	effectNote: 'sends a text later to the recipient set in the node, uses credits',
};
