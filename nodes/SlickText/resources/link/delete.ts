import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { linkIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a link',
		description: 'Delete a tracked link',
		route: currentRoute({
			method: 'DELETE',
			url: '=/links/{{ $parameter.linkId }}',
			preSend: [requireNumericId('linkId', 'Link')],
			output: [deletedOutput('link_id', 'linkId')],
		}),
	},
	properties: [linkIdLocator()],
};
