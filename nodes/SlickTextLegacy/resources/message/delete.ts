import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { successOutput } from '../../shared/output';
import { messageIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a message',
		description:
			'Delete an unsent, scheduled (which cancels it) or failed message. Sent messages cannot be deleted: SlickText refuses, and the item fails with its answer.',
		route: legacyRoute({
			method: 'POST',
			url: '=/messages/{{ $parameter.messageId }}',
			action: 'DELETE',
			preSend: [requireNumericId('messageId', 'Message')],
			output: [successOutput('messageId', [], 'deleted')],
		}),
	},
	properties: [messageIdLocator()],
};
