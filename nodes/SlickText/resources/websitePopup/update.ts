import type { OperationDescription } from '../../../shared/descriptions';
import { NAME_AND_DESCRIPTION, updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { websitePopupIdLocator, websitePopupUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a website popup',
		description: 'Rename a website popup or change its description. Its design is edited in SlickText only.',
		route: currentRoute({
			method: 'PUT',
			url: '=/website-popups/{{ $parameter.websitePopupId }}',
			preSend: [requireNumericId('websitePopupId', 'Website Popup'), websitePopupUpdateBody],
		}),
	},
	properties: [
		websitePopupIdLocator(),
		updateFieldsCollection(NAME_AND_DESCRIPTION, 'Set at least one. To show or hide the popup, use Activate or Deactivate.'),
	],
};
