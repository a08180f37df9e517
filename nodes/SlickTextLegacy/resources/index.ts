import type { INodeProperties } from 'n8n-workflow';

import { accountProperties } from './account';
import { contactProperties } from './contact';
import { messageProperties } from './message';
import { shortlinkProperties } from './shortlink';
import { textwordProperties } from './textword';

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Account', value: 'account' },
		{ name: 'Contact', value: 'contact' },
		{ name: 'Message', value: 'message' },
		{ name: 'Shortlink', value: 'shortlink' },
		{ name: 'Textword', value: 'textword' },
	],
	default: 'contact',
};

export const properties: INodeProperties[] = [
	resourceProperty,
	...accountProperties,
	...contactProperties,
	...messageProperties,
	...shortlinkProperties,
	...textwordProperties,
];
