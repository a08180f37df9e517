import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { check, isBlank } from '../../../shared/validation';
import { THREAD_STATUSES } from './fields';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many inbox threads',
		description: 'List the conversations of the brand inbox, each with its last message',
		routing: currentRoute({
			method: 'GET',
			url: '/inbox-threads',
			pages: currentPages(),
			preSend: [
				check(function () {
					const contact = (this.getNodeParameter('filters', {}) as { _contact_id?: unknown })._contact_id;
					if (!isBlank(contact) && !/^\d+$/.test(String(contact).trim())) {
						throw inputError(this, 'Contact ID', `must be a number, got "${String(contact)}"`);
					}
				}),
			],
		}),
	},
	properties: [
		...returnAllAndLimit('threads'),
		filtersCollection([
			{
				displayName: 'Contact ID',
				name: '_contact_id',
				type: 'string',
				default: '',
				description: 'Only the thread of this contact',
				routing: { send: { type: 'query', property: '_contact_id', value: '={{ String($value).trim() }}' } },
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: THREAD_STATUSES,
				default: 'open',
				routing: { send: { type: 'query', property: 'status' } },
			},
		], 'Exact matches'),
	],
};
