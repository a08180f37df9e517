import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { inboxThreadIdLocator, requireThreadId, THREAD_STATUSES, threadUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update an inbox thread',
		description: 'Set a conversation open, pending or closed, assign it or tag it. Nothing is sent to the contact.',
		route: currentRoute({
			method: 'PUT',
			url: '=/inbox-threads/{{ String($parameter.inboxThreadId).trim() }}',
			preSend: [requireThreadId, threadUpdateBody],
		}),
	},
	properties: [
		inboxThreadIdLocator(),
		updateFieldsCollection([
			{
				displayName: 'Assigned User ID',
				name: 'assignedUserId',
				type: 'string',
				default: '',
				description: 'ID of the SlickText user who handles the conversation',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: THREAD_STATUSES,
				default: 'closed',
			},
			{
				displayName: 'Tag IDs',
				name: 'tagIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6744a297616039e17200b0d3, 6744a297616039e17200b0d4',
				description: 'Comma-separated inbox tag IDs; they replace the tags the thread has',
			},
		]),
	],
};
