import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { linkCreateBody } from './fields';

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a link',
		description: 'Create a tracked short link to a web address, for use in messages',
		route: currentRoute({ method: 'POST', url: '/links', preSend: [linkCreateBody] }),
	},
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			description: 'Name of the link in SlickText, to find it and its click statistics',
		},
		{
			displayName: 'URL',
			name: 'url',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://example.com/offer',
			description: 'Full web address the short link redirects to',
		},
	],
};
