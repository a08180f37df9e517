import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { activeBody, websitePopupIdLocator } from './fields';

export const activate: OperationDescription = {
	option: {
		name: 'Activate',
		value: 'activate',
		action: 'Activate a website popup',
		description: 'Switch a website popup on: it shows on the website under its display rules',
		route: currentRoute({
			method: 'PUT',
			url: '=/website-popups/{{ $parameter.websitePopupId }}',
			preSend: [requireNumericId('websitePopupId', 'Website Popup'), activeBody(1)],
		}),
	},
	properties: [websitePopupIdLocator()],
};
