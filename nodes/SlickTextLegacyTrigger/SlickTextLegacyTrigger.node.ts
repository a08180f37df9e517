import type { INodeTypeDescription } from 'n8n-workflow';

import { SLICKTEXT_LEGACY_DESCRIPTION } from '../shared/descriptions';
import { legacyProperties, triggerOutputs } from '../SlickTextTrigger/properties';
import { LEGACY_TRIGGER, SlickTextTrigger, triggerWebhooks } from '../SlickTextTrigger/SlickTextTrigger.node';

/**
 * The legacy platform's events. It is the SlickText Trigger's code (events, signatures, repeats, replies
 * for waiting workflows), which takes the platform from the node's type; a node of its own so that n8n's
 * node panel lists the legacy events under SlickText Legacy (it pairs "<node>Trigger" with "<node>") and
 * no Platform switch can clear them (SlickTextTrigger/properties.ts).
 */
export class SlickTextLegacyTrigger extends SlickTextTrigger {
	description: INodeTypeDescription = {
		displayName: 'SlickText Legacy Trigger',
		name: LEGACY_TRIGGER,
		icon: { light: 'file:../SlickTextLegacy/slickTextLegacy.svg', dark: 'file:../SlickTextLegacy/slickTextLegacy.dark.svg' },
		group: ['trigger'],
		// From 2: n8n 2.41 treats version 1 of any webhook node as the first Webhook node (it evaluates an
		// expression for every request and parses every body), as the SlickText Trigger's version note says.
		version: 2,
		// n8n's node panel shows this for the SlickText Legacy entry, which holds the SlickText Legacy node's
		// actions and these events: it says what both do, the node's words first.
		description: `${SLICKTEXT_LEGACY_DESCRIPTION}, and start workflows on its events (chat messages, new subscribers, opt-outs, contest entries)`,
		defaults: { name: 'SlickText Legacy Trigger' },
		inputs: [],
		outputs: triggerOutputs,
		// Holds the webhook secret SlickText signs with (without it nothing is checked) and the keys waiting
		// workflows sign their waits with. Optional: events come without it.
		credentials: [{ name: 'slickTextLegacyApi', required: false, testedBy: 'slickTextLegacyApiTest' }],
		webhooks: triggerWebhooks,
		properties: legacyProperties,
	};
}
