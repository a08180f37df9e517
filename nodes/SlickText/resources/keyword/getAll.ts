import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many keywords',
		description: 'List the keywords contacts can text to join',
		routing: currentRoute({ method: 'GET', url: '/keywords', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('keywords'),
		filtersCollection([
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether to return only active keywords (on) or only inactive ones (off)',
				routing: { send: { type: 'query', property: 'active', value: '={{ $value ? 1 : 0 }}' } },
			},
			{
				displayName: 'Word',
				name: 'word',
				type: 'string',
				default: '',
				placeholder: 'e.g. COFFEE',
				description: 'The keyword itself, exactly as stored (case-sensitive)',
				routing: { send: { type: 'query', property: 'word', value: '={{ String($value).trim() }}' } },
			},
		], 'Exact, case-sensitive matches; all filters set must match'),
	],
};
