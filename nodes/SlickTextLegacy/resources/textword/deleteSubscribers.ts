import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { successOutput } from '../../shared/output';
import { textwordIdLocator } from './fields';

export const deleteSubscribers: OperationDescription = {
	option: {
		name: 'Delete All Contacts',
		value: 'deleteSubscribers',
		action: 'Delete all contacts of a textword',
		description:
			'Remove every contact from a textword, without recording opt-outs and without texting anyone. The textword stays. Cannot be undone.',
		route: legacyRoute({
			method: 'POST',
			url: '=/textwords/{{ $parameter.textwordId }}/contacts',
			action: 'DELETESUBSCRIBERS',
			preSend: [requireNumericId('textwordId', 'Textword')],
			// {success, id: the textword, contactsDeleted}
			output: [successOutput('textwordId', ['contactsDeleted'], 'deleted')],
		}),
	},
	properties: [textwordIdLocator('The textword whose contacts are all removed')],
};
