import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { linkIdLocator, linkUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a link',
		description: 'Rename a link, change where it leads, or switch it on or off',
		route: currentRoute({
			method: 'PUT',
			url: '=/links/{{ $parameter.linkId }}',
			preSend: [requireNumericId('linkId', 'Link'), linkUpdateBody],
		}),
	},
	properties: [
		linkIdLocator(),
		updateFieldsCollection([
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether the short link redirects; an inactive link no longer does',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/offer',
				description: 'Full web address the short link redirects to',
			},
		]),
	],
};
