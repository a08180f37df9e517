import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { inboxThreadIdLocator, requireThreadId } from './fields';
import { MESSAGE_SUMMARY } from '../summaries';

export const getMessages: OperationDescription = {
	option: {
		name: 'Get Messages',
		value: 'getMessages',
		action: 'Get the messages of an inbox thread',
		description: 'Retrieve the content of one conversation, one item per message sent or received',
		route: currentRoute({
			method: 'GET',
			url: '=/inbox-threads/{{ String($parameter.inboxThreadId).trim() }}/content',
			preSend: [requireThreadId],
			pages: currentPages(),
		}),
	},
	properties: [inboxThreadIdLocator(), ...returnAllAndLimit('messages')],
	simplify: MESSAGE_SUMMARY,
};
