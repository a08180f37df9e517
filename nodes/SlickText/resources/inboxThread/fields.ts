import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { check, isBlank, param, requireOneOf, toList } from '../../../shared/validation';

/** Thread IDs are strings such as 6744a297616039e17200b0d2, not numbers. */
const THREAD_ID = /^\w+$/;

export function inboxThreadIdLocator(description?: string): INodeProperties {
	const locator = idLocator({
		name: 'inboxThreadId',
		displayName: 'Inbox Thread',
		searchMethod: 'searchInboxThreads',
		noun: 'thread',
		description,
	});
	return {
		...locator,
		modes: (locator.modes ?? []).map((mode) =>
			mode.name === 'id'
				? {
						...mode,
						placeholder: 'e.g. 6744a297616039e17200b0d2',
						validation: [
							{
								type: 'regex' as const,
								properties: {
									regex: '^\\s*\\w+\\s*$',
									errorMessage: 'The ID has letters and digits only, e.g. 6744a297616039e17200b0d2',
								},
							},
						],
					}
				: mode,
		),
	};
}

export const requireThreadId: PreSendAction = check(function () {
	const value = param(this, 'inboxThreadId', '');
	if (isBlank(value)) throw inputError(this, 'Inbox Thread', 'is required');
	if (!THREAD_ID.test(String(value).trim())) {
		throw inputError(
			this,
			'Inbox Thread',
			`"${String(value)}" is not a thread ID`,
			'A thread ID has letters and digits only, e.g. 6744a297616039e17200b0d2.',
		);
	}
});

export const THREAD_STATUSES = [
	{ name: 'Closed', value: 'closed' },
	{ name: 'Open', value: 'open' },
	{ name: 'Pending', value: 'pending' },
];

/**
 * PUT body from Update Fields. Documented: status (open, pending, closed) and "at least one field".
 * guessed: the assignee and the tags are sent under the names the thread record uses
 * (_assigned_to_user_id, _inbox_tag_ids); the documentation of the other fields could not be read.
 * Change them here only.
 */
export const threadUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const byLabel = { Status: fields.status, 'Assigned User ID': fields.assignedUserId, 'Tag IDs': fields.tagIds };
	requireOneOf(this, 'Update Fields', byLabel, Object.keys(byLabel));
	const body: IDataObject = {};
	if (!isBlank(fields.status)) body.status = fields.status;
	if (!isBlank(fields.assignedUserId)) {
		const user = String(fields.assignedUserId).trim();
		if (!/^\d+$/.test(user)) throw inputError(this, 'Assigned User ID', `must be a number, got "${user}"`);
		body._assigned_to_user_id = Number(user);
	}
	if (!isBlank(fields.tagIds)) {
		const tags = toList(fields.tagIds);
		const bad = tags.find((tag) => !THREAD_ID.test(tag));
		if (bad !== undefined) throw inputError(this, 'Tag IDs', `"${bad}" is not a tag ID`);
		body._inbox_tag_ids = tags;
	}
	requestOptions.body = body;
	return requestOptions;
};
