import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { KEYWORD_SUMMARY } from '../summaries';

const filters = queryFilters(
	[
		{
			property: {
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether to return only active keywords (on) or only inactive ones (off)',
			},
			value: 'flag',
		},
		{
			property: {
				displayName: 'Word',
				name: 'word',
				type: 'string',
				default: '',
				placeholder: 'e.g. COFFEE',
				description: 'The keyword itself, exactly as stored (case-sensitive)',
			},
			value: 'text',
		},
	],
	'Exact, case-sensitive matches; all filters set must match',
);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many keywords',
		description: 'List the keywords contacts can text to join',
		route: currentRoute({ method: 'GET', url: '/keywords', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [...returnAllAndLimit('keywords'), filters.property],
	simplify: KEYWORD_SUMMARY,
};
