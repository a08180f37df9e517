import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { websitePopupIdLocator } from './fields';
import { WEBSITE_POPUP_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a website popup',
		description: 'Retrieve one website popup by ID, with its display rules and HTML',
		route: currentRoute({
			method: 'GET',
			url: '=/website-popups/{{ $parameter.websitePopupId }}',
			preSend: [requireNumericId('websitePopupId', 'Website Popup')],
		}),
	},
	properties: [websitePopupIdLocator()],
	simplify: WEBSITE_POPUP_SUMMARY,
};
