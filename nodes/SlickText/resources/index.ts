import type { INodeProperties } from 'n8n-workflow';

import { analyticsProperties } from './analytics';
import { brandProperties } from './brand';
import { campaignProperties } from './campaign';
import { contactProperties } from './contact';
import { customFieldProperties } from './customField';
import { inboxThreadProperties } from './inboxThread';
import { keywordProperties } from './keyword';
import { linkProperties } from './link';
import { listProperties } from './list';
import { messageProperties } from './message';
import { segmentProperties } from './segment';
import { websitePopupProperties } from './websitePopup';
import { workflowProperties } from './workflow';

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Analytics Report', value: 'analytics' },
		{ name: 'Brand', value: 'brand' },
		{ name: 'Campaign', value: 'campaign' },
		{ name: 'Contact', value: 'contact' },
		{ name: 'Custom Field', value: 'customField' },
		{ name: 'Inbox Thread', value: 'inboxThread' },
		{ name: 'Keyword', value: 'keyword' },
		{ name: 'Link', value: 'link' },
		{ name: 'List', value: 'list' },
		{ name: 'Message', value: 'message' },
		{ name: 'Segment', value: 'segment' },
		{ name: 'Website Popup', value: 'websitePopup' },
		{ name: 'Workflow', value: 'workflow' },
	],
	default: 'contact',
};

export const properties: INodeProperties[] = [
	resourceProperty,
	...analyticsProperties,
	...brandProperties,
	...campaignProperties,
	...contactProperties,
	...customFieldProperties,
	...inboxThreadProperties,
	...keywordProperties,
	...linkProperties,
	...listProperties,
	...messageProperties,
	...segmentProperties,
	...websitePopupProperties,
	...workflowProperties,
];
