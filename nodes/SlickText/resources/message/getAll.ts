import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { queryFilters } from '../../../shared/queryFilters';
import { currentRoute } from '../../../shared/routing';
import { MESSAGE_SUMMARY } from '../summaries';

// Filter values are exact-match strings; stray spaces from an expression would match nothing (text: trimmed).
const filters = queryFilters(
	[
		{
			property: {
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Incoming', value: 'incoming', description: 'Texts contacts sent to the brand' },
					{ name: 'Outgoing', value: 'outgoing', description: 'Texts the brand sent' },
				],
				default: 'outgoing',
			},
		},
		{
			property: {
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: '',
				placeholder: 'e.g. Campaign',
				description: 'What sent the text (a campaign, a keyword, the inbox or the API), spelled as in the source of a message SlickText returns, for example Campaign or Keyword',
			},
			value: 'text',
		},
		{
			property: {
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 12',
				description: 'ID of the source record, for example the campaign ID of campaign texts',
			},
			query: 'source_id',
			value: 'text',
		},
		{
			property: {
				displayName: 'Status',
				name: 'status',
				type: 'string',
				default: '',
				placeholder: 'e.g. delivered',
				description: 'Delivery status, for example delivered, undelivered or processed',
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
		action: 'Get many messages',
		description: 'List the texts the brand sent and received (campaigns, keywords, inbox, API)',
		route: currentRoute({ method: 'GET', url: '/messages', pages: currentPages(), preSend: [filters.preSend] }),
	},
	properties: [...returnAllAndLimit('messages'), filters.property],
	simplify: MESSAGE_SUMMARY,
};
