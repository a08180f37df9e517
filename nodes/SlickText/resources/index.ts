import type { INodeProperties } from 'n8n-workflow';

import { brandProperties } from './brand';
import { contactProperties } from './contact';

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Brand', value: 'brand' },
		{ name: 'Contact', value: 'contact' },
	],
	default: 'contact',
};

export const properties: INodeProperties[] = [resourceProperty, ...brandProperties, ...contactProperties];
