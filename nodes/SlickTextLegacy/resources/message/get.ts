import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { unwrap } from '../../shared/output';
import { requireNumericId } from '../../../shared/validation';
import { messageIdLocator } from './fields';
import { MESSAGE_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a message',
		description: 'Retrieve one message with its recipient count and tracked shortlinks',
		route: legacyRoute({
			method: 'GET',
			url: '=/messages/{{ $parameter.messageId }}',
			preSend: [requireNumericId('messageId', 'Message')],
			output: [unwrap('message')],
		}),
	},
	properties: [messageIdLocator()],
	simplify: MESSAGE_SUMMARY,
};
