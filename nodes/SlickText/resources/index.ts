import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDescription } from '../../shared/descriptions';

import { analytics } from './analytics';
import { brand } from './brand';
import { campaign } from './campaign';
import { contact } from './contact';
import { customField } from './customField';
import { inboxThread } from './inboxThread';
import { keyword } from './keyword';
import { link } from './link';
import { list } from './list';
import { message } from './message';
import { poll } from './poll';
import { segment } from './segment';
import { websitePopup } from './websitePopup';
import { workflow } from './workflow';

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
		{ name: 'Poll', value: 'poll' },
		{ name: 'Segment', value: 'segment' },
		{ name: 'Website Popup', value: 'websitePopup' },
		{ name: 'Workflow', value: 'workflow' },
	],
	default: 'contact',
};

export const resources: Record<string, ResourceDescription> = {
	analytics,
	brand,
	campaign,
	contact,
	customField,
	inboxThread,
	keyword,
	link,
	list,
	message,
	poll,
	segment,
	websitePopup,
	workflow,
};
