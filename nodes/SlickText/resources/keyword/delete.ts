import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { keywordIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a keyword',
		description: 'Delete a keyword; texts with this word no longer opt contacts in or get its auto-response',
		route: currentRoute({
			method: 'DELETE',
			url: '=/keywords/{{ $parameter.keywordId }}',
			preSend: [requireNumericId('keywordId', 'Keyword')],
			output: [deletedOutput('keyword_id', 'keywordId')],
		}),
	},
	properties: [keywordIdLocator()],
};
