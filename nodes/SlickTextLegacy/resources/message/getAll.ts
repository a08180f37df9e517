import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { filterQuery, filtersProperty } from '../../shared/filters';
import { messageFilters } from './fields';
import { MESSAGE_SUMMARY } from '../summaries';

const filters = messageFilters(true);

export const getAll: OperationDescription = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many messages',
		description: 'List the messages of the account, optionally filtered by textword, campaign or send date',
		route: legacyRoute({ method: 'GET', url: '/messages', pages: legacyPages('messages'), preSend: [filterQuery(filters)] }),
	},
	properties: [...returnAllAndLimit('messages'), filtersProperty(filters)],
	simplify: MESSAGE_SUMMARY,
};
