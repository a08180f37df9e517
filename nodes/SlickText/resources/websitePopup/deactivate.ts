import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { activeBody, websitePopupIdLocator } from './fields';

export const deactivate: OperationDescription = {
	option: {
		name: 'Deactivate',
		value: 'deactivate',
		action: 'Deactivate a website popup',
		description: 'Switch a website popup off: it no longer shows on the website',
		route: currentRoute({
			method: 'PUT',
			url: '=/website-popups/{{ $parameter.websitePopupId }}',
			preSend: [requireNumericId('websitePopupId', 'Website Popup'), activeBody(0)],
		}),
	},
	properties: [websitePopupIdLocator()],
};
