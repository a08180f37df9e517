import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { properties } from './resources';
import { routedOperations } from '../shared/routeRunner';
import { baseUrlOf } from '../shared/transport/lookup';

export class SlickTextLegacy implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SlickText Legacy',
		name: 'slickTextLegacy',
		icon: { light: 'file:slickTextLegacy.svg', dark: 'file:slickTextLegacy.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Manage textwords, subscribers, messages and shortlinks with the legacy SlickText API (accounts whose dashboard is at www.slicktext.com/dashboard)',
		defaults: { name: 'SlickText Legacy' },
		// The tool variant's own description: what the AI Agent's tool picker shows, and the starting text of
		// a manually set tool description.
		usableAsTool: {
			replacements: {
				description:
					'SlickText legacy textwords, subscribers and messages. Each action says whether it is read-only, changes records or sends texts to real people.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'slickTextLegacyApi', required: true }],
		requestDefaults: {
			// No baseURL here: each operation's runner sets it from the credential (see shared/routing.ts),
			// as an expression here would be evaluated twice for every item.
			headers: { Accept: 'application/json' },
			json: true,
			// Statuses are checked by the shared response check, which keeps SlickText's own message.
			ignoreHttpStatusErrors: true,
		},
		properties,
	};

	methods = { listSearch, loadOptions };

	// Every operation runs its declarative routing through the shared route runner: less work per item
	// than n8n's routing node, and Return All of any size (see shared/routeRunner.ts).
	customOperations = routedOperations(this.description, (credentials) => baseUrlOf('legacy', credentials));
}
