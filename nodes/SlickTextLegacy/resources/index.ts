import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDescription } from '../../shared/descriptions';

import { account } from './account';
import { contact } from './contact';
import { message } from './message';
import { poll } from './poll';
import { shortlink } from './shortlink';
import { textword } from './textword';

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Account', value: 'account' },
		{ name: 'Contact', value: 'contact' },
		{ name: 'Message', value: 'message' },
		{ name: 'Poll', value: 'poll' },
		{ name: 'Shortlink', value: 'shortlink' },
		{ name: 'Textword', value: 'textword' },
	],
	default: 'contact',
};

export const resources: Record<string, ResourceDescription> = {
	account,
	contact,
	message,
	poll,
	shortlink,
	textword,
};
