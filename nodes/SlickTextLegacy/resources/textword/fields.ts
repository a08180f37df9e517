import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';

export function textwordIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'textwordId',
		displayName: 'Textword',
		searchMethod: 'searchTextwords',
		noun: 'textword',
		description,
	});
}
