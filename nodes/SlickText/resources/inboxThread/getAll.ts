import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { currentPages } from '../../../shared/paging';
import { locatorValue } from '../../../shared/parameters';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { check, isBlank } from '../../../shared/validation';
import { contactIdLocator } from '../contact/fields';
import { THREAD_STATUSES } from './fields';
import { INBOX_THREAD_SUMMARY } from '../summaries';

const filters = queryFilters(
	[
		{
			// A resource locator under the name it had as a text field, so a contact ID saved as text still loads.
			property: { ...contactIdLocator('Only the thread of this contact'), name: '_contact_id', required: false },
			value: 'text',
		},
		{
			property: {
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: THREAD_STATUSES,
				default: 'open',
			},
		},
	],
	'Exact matches',
);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many inbox threads',
		description: 'List the conversations of the brand inbox, each with its last message',
		route: currentRoute({
			method: 'GET',
			url: '/inbox-threads',
			pages: currentPages(),
			preSend: [
				check(function () {
					const contact = locatorValue((this.getNodeParameter('filters', {}) as { _contact_id?: unknown })._contact_id);
					if (!isBlank(contact) && !/^\d+$/.test(String(contact).trim())) {
						throw inputError(this, 'Contact', `must be a number, got "${String(contact)}"`);
					}
				}),
				filters.preSend,
			],
		}),
	},
	properties: [...returnAllAndLimit('threads'), filters.property],
	simplify: INBOX_THREAD_SUMMARY,
};
