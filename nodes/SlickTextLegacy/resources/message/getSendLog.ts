import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { sendLogPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { filterQuery, filtersProperty, phoneFilter, type Filter } from '../../shared/filters';
import { messageIdLocator } from './fields';

const filters: Filter[] = [phoneFilter('to', 'To', 'Only the delivery of this number, e.g. +16195551234')];

export const getSendLog: OperationDescription = {
	option: {
		name: 'Get Send Log',
		value: 'getSendLog',
		action: 'Get the send log of a message',
		description:
			'List the delivery status of each recipient (failed, sent to carrier, delivered, undelivered). Kept for 12 months, for messages sent after 2021-03-15.',
		route: legacyRoute({
			method: 'GET',
			url: '=/messages/{{ $parameter.messageId }}/log',
			pages: sendLogPages(),
			preSend: [requireNumericId('messageId', 'Message'), filterQuery(filters)],
		}),
	},
	properties: [messageIdLocator(), ...returnAllAndLimit('deliveries'), filtersProperty(filters)],
};
