import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { websitePopupIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a website popup',
		description: 'Delete a website popup; it no longer shows on the website. Contacts it collected stay.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/website-popups/{{ $parameter.websitePopupId }}',
			preSend: [requireNumericId('websitePopupId', 'Website Popup')],
			output: [deletedOutput('website_popup_id', 'websitePopupId')],
		}),
	},
	properties: [websitePopupIdLocator()],
};
