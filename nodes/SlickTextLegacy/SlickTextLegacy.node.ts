import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { resourceProperty, resources } from './resources';
import { describeResources } from '../shared/resources';
import { replyWebhook, replyWebhooks } from '../shared/replies/waiting';
import { requestOptionsProperty } from '../shared/requestOptions';
import { customOperationsOf } from '../shared/runner/run';

const { properties, routes, runs, subtitle } = describeResources('SlickText Legacy', resourceProperty, resources);

// Every request of the node: JSON, with SlickText's answers read as JSON.
const REQUEST_DEFAULTS = { headers: { Accept: 'application/json' }, json: true };

export class SlickTextLegacy implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SlickText Legacy',
		name: 'slickTextLegacy',
		icon: { light: 'file:slickTextLegacy.svg', dark: 'file:slickTextLegacy.dark.svg' },
		group: ['output'],
		version: 1,
		// The operation and resource chosen, by the names the dropdowns show (shared/resources.ts).
		subtitle,
		// n8n's node panel shows this above the node's actions, also when it is opened from the trigger list,
		// where n8n finds no trigger of its own for it: the legacy events come through the SlickText Trigger.
		description:
			'Manage textwords, contacts, messages and shortlinks with the legacy SlickText API (accounts whose dashboard is at www.slicktext.com/dashboard). To start a workflow on its events, use the SlickText Trigger with Platform set to Legacy.',
		defaults: { name: 'SlickText Legacy' },
		// The tool variant's own description: what the AI Agent's tool picker shows, and the starting text of
		// a manually set tool description.
		usableAsTool: {
			replacements: {
				description:
					'SlickText legacy textwords, contacts and messages. Each action says whether it is read-only, changes records or sends texts to real people.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'slickTextLegacyApi', required: true }],
		// The base URL comes from the credential (runner/run.ts sets it per operation, from transport's baseUrlOf).
		requestDefaults: REQUEST_DEFAULTS,
		// Where n8n resumes an execution that waits for a reply (Send and Wait for Reply, Wait for Reply).
		webhooks: replyWebhooks,
		properties: [...properties, requestOptionsProperty],
	};

	methods = { listSearch, loadOptions };

	webhook = replyWebhook;

	// Every operation runs through the nodes' runner (shared/runner/run.ts) as an n8n custom operation; the
	// description's routing is the same route for n8n's own routing node (see docs/architecture.md).
	customOperations = customOperationsOf(routes, REQUEST_DEFAULTS, runs);
}
