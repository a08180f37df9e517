import type { OperationDescription } from '../../../shared/descriptions';
import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { currentPages } from '../../../shared/paging';
import { currentRoute } from '../../../shared/routing';
import { MESSAGE_SUMMARY } from '../summaries';

/** Filter values are exact-match strings; stray spaces from an expression would match nothing. */
const asText = '={{ String($value).trim() }}';

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many messages',
		description: 'List the texts the brand sent and received (campaigns, keywords, inbox, API)',
		routing: currentRoute({ method: 'GET', url: '/messages', pages: currentPages() }),
	},
	properties: [
		...returnAllAndLimit('messages'),
		filtersCollection([
			{
				displayName: 'Direction',
				name: 'direction',
				type: 'options',
				options: [
					{ name: 'Incoming', value: 'incoming', description: 'Texts contacts sent to the brand' },
					{ name: 'Outgoing', value: 'outgoing', description: 'Texts the brand sent' },
				],
				default: 'outgoing',
				routing: { send: { type: 'query', property: 'direction' } },
			},
			{
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: '',
				placeholder: 'e.g. Campaign',
				description: 'What sent the text, for example Campaign, Keyword, InboxThread or API',
				routing: { send: { type: 'query', property: 'source', value: asText } },
			},
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 12',
				description: 'ID of the source record, for example the campaign ID of campaign texts',
				routing: { send: { type: 'query', property: 'source_id', value: asText } },
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'string',
				default: '',
				placeholder: 'e.g. delivered',
				description: 'Delivery status, for example delivered, undelivered or processed',
				routing: { send: { type: 'query', property: 'status', value: asText } },
			},
		], 'Exact, case-sensitive matches; all filters set must match'),
	],
	simplify: MESSAGE_SUMMARY,
};
