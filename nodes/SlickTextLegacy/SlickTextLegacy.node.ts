import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { properties } from './resources';

export class SlickTextLegacy implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SlickText Legacy',
		name: 'slickTextLegacy',
		icon: { light: 'file:../SlickText/slickText.svg', dark: 'file:../SlickText/slickText.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Manage textwords, subscribers, messages and shortlinks with the legacy SlickText API (accounts whose dashboard is at www.slicktext.com/dashboard)',
		defaults: { name: 'SlickText Legacy' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'slickTextLegacyApi', required: true }],
		requestDefaults: {
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}',
			headers: { Accept: 'application/json' },
			json: true,
			// Statuses are checked by the shared response check, which keeps SlickText's own message.
			ignoreHttpStatusErrors: true,
		},
		properties,
	};

	methods = { listSearch, loadOptions };
}
