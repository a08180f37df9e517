import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { keywordIdLocator } from './fields';
import { KEYWORD_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a keyword',
		description: 'Retrieve one keyword by ID, with its auto-response and opt-in messages',
		route: currentRoute({
			method: 'GET',
			url: '=/keywords/{{ $parameter.keywordId }}',
			preSend: [requireNumericId('keywordId', 'Keyword')],
		}),
	},
	properties: [keywordIdLocator()],
	simplify: KEYWORD_SUMMARY,
};
