import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { filterQuery, filtersProperty } from '../../shared/filters';
import { messageFilters } from '../message/fields';
import { textwordIdLocator } from './fields';
import { MESSAGE_SUMMARY } from '../summaries';

const filters = messageFilters(false);

export const getMessages: OperationDescription = {
	option: {
		name: 'Get Messages',
		value: 'getMessages',
		action: 'Get the messages of a textword',
		description: 'List the messages sent or scheduled to one textword, optionally filtered by campaign or send date',
		route: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}/messages',
			pages: legacyPages('messages'),
			preSend: [requireNumericId('textwordId', 'Textword'), filterQuery(filters)],
		}),
	},
	properties: [textwordIdLocator(), ...returnAllAndLimit('messages'), filtersProperty(filters)],
	simplify: MESSAGE_SUMMARY,
};
