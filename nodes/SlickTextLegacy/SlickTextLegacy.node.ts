import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { resourceProperty, resources } from './resources';
import { credentialTests } from '../shared/credentialTest';
import { SLICKTEXT_LEGACY_DESCRIPTION } from '../shared/descriptions';
import { describeResources } from '../shared/resources';
import { replyWebhooks } from '../shared/replies/waiting';
import { nodeWebhook } from '../shared/replies/webhook';
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
		// Version 2 moved the optional answer words (and legacy Opt In's message) from the top of the panel into
		// Options and Additional Fields; a workflow saved with version 1 keeps its fields where they were.
		version: [1, 2],
		defaultVersion: 2,
		// The operation and resource chosen, by the names the dropdowns show (shared/resources.ts).
		subtitle,
		// n8n's node panel shows this above the node's actions; the SlickText Legacy Trigger holds its events.
		description: SLICKTEXT_LEGACY_DESCRIPTION,
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
		// The credential's test is a node's (shared/credentialTest.ts): it also checks the n8n API key.
		credentials: [{ name: 'slickTextLegacyApi', required: true, testedBy: 'slickTextLegacyApiTest' }],
		// The base URL comes from the credential (runner/run.ts sets it per operation, from transport's baseUrlOf).
		requestDefaults: REQUEST_DEFAULTS,
		// Where n8n resumes an execution that waits for a reply (Send and Wait for Reply, Wait for Reply).
		webhooks: replyWebhooks,
		properties: [...properties, requestOptionsProperty],
	};

	methods = { listSearch, loadOptions, credentialTest: credentialTests };

	webhook = nodeWebhook;

	// Every operation runs through the nodes' runner (shared/runner/run.ts) as an n8n custom operation; the
	// description's routing is the same route for n8n's own routing node (see docs/architecture.md).
	customOperations = customOperationsOf(routes, REQUEST_DEFAULTS, runs);
}
