import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { linkIdLocator } from './fields';
import { LINK_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a link',
		description: 'Retrieve one link by ID, with its click counts',
		route: currentRoute({
			method: 'GET',
			url: '=/links/{{ $parameter.linkId }}',
			preSend: [requireNumericId('linkId', 'Link')],
		}),
	},
	properties: [linkIdLocator()],
	simplify: LINK_SUMMARY,
};
