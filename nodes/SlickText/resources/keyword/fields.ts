import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';

export function keywordIdLocator(description?: string): INodeProperties {
	return idLocator({ name: 'keywordId', displayName: 'Keyword', searchMethod: 'searchKeywords', noun: 'keyword', description });
}
