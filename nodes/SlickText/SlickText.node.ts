import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { properties } from './resources';
import { listOperations } from '../shared/listOperations';
import { BASE_URL } from '../shared/platform';

export class SlickText implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SlickText',
		name: 'slickText',
		icon: { light: 'file:slickText.svg', dark: 'file:slickText.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Manage contacts, lists, campaigns and more with the SlickText API',
		defaults: { name: 'SlickText' },
		// The tool variant's own description: what the AI Agent's tool picker shows, and the starting text of
		// a manually set tool description.
		usableAsTool: {
			replacements: {
				description:
					'SlickText contacts, lists, campaigns and more. Each action says whether it is read-only, changes records or sends texts to real people.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'slickTextApi', required: true }],
		requestDefaults: {
			// Every path but GET /brands lives under the brand; a brand ID copied from the web app as
			// "b26136" works too.
			baseURL:
				'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") + "/brands/" + String($credentials.brandId).trim().replace(/^b/i, "") }}',
			headers: { Accept: 'application/json' },
			json: true,
			// Statuses are checked by the shared response check, which keeps SlickText's own message.
			ignoreHttpStatusErrors: true,
		},
		properties,
	};

	methods = { listSearch, loadOptions };

	// Return All of any size: the list operations append their records themselves (see listOperations).
	customOperations = listOperations(this.description, BASE_URL.current);
}
