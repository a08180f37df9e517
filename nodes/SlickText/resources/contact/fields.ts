import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';

export function contactIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'contactId',
		displayName: 'Contact',
		searchMethod: 'searchContacts',
		noun: 'contact',
		description,
	});
}
