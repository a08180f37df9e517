import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { shortlinkFields, shortlinkPath } from './fields';
import { CONTACT_SUMMARY } from '../summaries';

export const getClickers: OperationDescription = {
	option: {
		name: 'Get Clickers',
		value: 'getClickers',
		action: 'Get the contacts who clicked a shortlink',
		description:
			'List the contacts who clicked the shortlink, each with how often and when they clicked. A contact who is no longer subscribed comes with only the ID and the number of clicks.',
		route: legacyRoute({
			method: 'GET',
			url: '/shortlinks',
			pages: legacyPages('contacts'),
			preSend: [shortlinkPath('/contacts')],
		}),
	},
	properties: [...shortlinkFields(), ...returnAllAndLimit('contacts')],
	simplify: CONTACT_SUMMARY,
};
