import type { INodeProperties } from 'n8n-workflow';

import type { Platform } from '../shared/platform';
import { PERSON_RUNS_PARAMETER } from '../shared/replies/handOut';
import { ANY_EVENT } from './events';
import { confirmEventsProperties } from './verification';

// One short notice per platform, the only one shown at a time (as n8n's own triggers do): what the user
// must do in SlickText, in the words of the panel (n8n 2.41 shows "Webhook URLs" folded, on its Test URL
// tab). The details (what is checked, what a repeat is) are in the fields' descriptions and in the README.
//
// Platform: from version 3 on the SlickText Trigger is the current platform's and the SlickText Legacy
// Trigger the legacy one's, each with its Platform hidden, so that no choice in a panel can clear a
// setting. Versions 1 and 2 let the user pick it, and n8n's editor (2.41, updateNodeParameter in
// editor-ui) keeps only the parameters shown after a change (NodeHelpers.getNodeParameters with
// returnNoneDisplayed=false): the other platform's events and Confirm Events are cleared, and only the
// credentials shown are saved. Nothing in a description can keep a hidden value, so there the Platform
// list says what a switch clears before it is made.

/** Versions 1 and 2 of the SlickText Trigger: the platform, picked by the user. */
const platformChoice: INodeProperties = {
	displayName: 'Platform',
	name: 'platform',
	type: 'options',
	options: [
		{
			name: 'Current',
			value: 'current',
			description:
				"Accounts created from 22 January 2025 on, with Settings > API & Webhooks in the web app. Switching to it clears the legacy 'Events' (and 'Webhook Secret', on older nodes).",
		},
		{
			name: 'Legacy',
			value: 'legacy',
			description:
				"Accounts whose dashboard is at www.slicktext.com/dashboard. Switching to it clears 'Events' and 'Confirm Events with SlickText'.",
		},
	],
	default: 'current',
	description:
		"Which SlickText platform sends the events. Switching it clears what only the other platform has (its 'Events', 'Confirm Events with SlickText'); pick the new platform's credential if its field is empty.",
	displayOptions: { show: { '@version': [1, 2] } },
};

/** The platform of a node that serves one only (SlickText Trigger 3, SlickText Legacy Trigger). */
function platformFixed(platform: Platform, displayOptions?: INodeProperties['displayOptions']): INodeProperties {
	return { displayName: 'Platform', name: 'platform', type: 'hidden', default: platform, ...(displayOptions ? { displayOptions } : {}) };
}

const currentSetup: INodeProperties = {
	displayName:
		'Open Webhook URLs above, choose Production URL and add that URL in SlickText under Settings > API & Webhooks > Webhooks, ticking the events chosen below',
	name: 'currentSetup',
	type: 'notice',
	default: '',
	displayOptions: { show: { platform: ['current'] } },
};

const legacySetup: INodeProperties = {
	displayName:
		'Open Webhook URLs above, choose Production URL, add that URL as a webhook in the legacy dashboard and put its secret into the SlickText Legacy API credential (without one, every request is accepted)',
	name: 'legacySetup',
	type: 'notice',
	default: '',
	displayOptions: { show: { platform: ['legacy'] } },
};

// n8n's node panel lists a trigger's events from its parameter named "Events" (display name).
const currentEvents: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	options: [
		{
			name: 'Any Event',
			value: ANY_EVENT,
			description: 'Every event SlickText sends, including kinds it adds later',
		},
		{
			name: 'Contact Created',
			value: 'contact_created',
			description: 'A contact was added to the brand',
		},
		{
			name: 'Contact Updated',
			value: 'contact_updated',
			description: "A contact's fields or subscription status changed",
		},
		{
			name: 'Inbox Message Received',
			value: 'inbox_message_received',
			description: 'A contact sent a message to the inbox',
		},
	],
	default: [],
	description: 'Events that start the workflow. Other events are acknowledged and ignored. Tick the same ones in SlickText.',
	displayOptions: { show: { platform: ['current'] } },
};

const legacyEvents: INodeProperties = {
	displayName: 'Events',
	name: 'legacyEvents',
	type: 'multiOptions',
	required: true,
	options: [
		{
			name: 'Any Event',
			value: ANY_EVENT,
			description: 'Every event SlickText sends, including kinds it adds later',
		},
		{
			name: 'Chat Message Received',
			value: 'ChatMessageRecieved',
			description: 'A contact sent a chat message',
		},
		{
			name: 'Contest Entry',
			value: 'ContestEntry',
			description: 'A contact entered a contest',
		},
		{
			name: 'New Subscriber',
			value: 'NewSubscriber',
			description: 'A number opted in to a textword',
		},
		{
			name: 'Opt Out',
			value: 'OptOut',
			description: 'A contact opted out of a textword',
		},
	],
	default: [],
	description: 'Events that start the workflow. Other events are acknowledged and ignored. Tick the same ones in SlickText.',
	displayOptions: { show: { platform: ['legacy'] } },
};

const webhookSecret: INodeProperties = {
	displayName: 'Webhook Secret',
	name: 'webhookSecret',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		"Deprecated: move the secret into the 'Webhook Secret' of the SlickText Legacy API credential and clear this field; it is stored in the workflow in plain text. Used only while the credential has no secret. When set, a request that SlickText did not sign with this secret is refused and starts nothing.",
	// Version 1 only: from 2 on the secret is in the credential.
	displayOptions: { show: { platform: ['legacy'], '@version': [1] } },
};

const ignoreRepeatedDeliveries: INodeProperties = {
	displayName: 'Ignore Repeated Deliveries',
	name: 'ignoreRepeatedDeliveries',
	type: 'boolean',
	default: true,
	description:
		'Whether to start nothing for an event this workflow already received in the last 25 hours (SlickText sends an event again when it gets no answer within 5 seconds). Test events are never ignored. Every event comes out with an `eventKey`, the same for each delivery of that event, so later nodes can spot repeats themselves.',
};

// Off by default: the trigger keeps its one output. On, it adds Each Person, as n8n's Webhook node adds an output per
// method when it takes several.
const personRuns: INodeProperties = {
	displayName: 'Runs for Each Person',
	name: PERSON_RUNS_PARAMETER,
	type: 'boolean',
	default: false,
	description:
		"Whether to add an Each Person output: it starts a run for each item a SlickText node hands over with Start Each Person's Run (same credential), so that a whole list can be texted and wait for replies at once",
};

/** The trigger's outputs: Each Person beside the events when Runs for Each Person is on (the editor evaluates it). */
export const triggerOutputs = `={{ $parameter.${PERSON_RUNS_PARAMETER} ? [{ type: "main", displayName: "Events" }, { type: "main", displayName: "Each Person" }] : ["main"] }}` as const;

/** The SlickText Trigger: both platforms in versions 1 and 2, the current one from version 3 on. */
export const properties: INodeProperties[] = [
	platformChoice,
	platformFixed('current', { show: { '@version': [3] } }),
	currentSetup,
	legacySetup,
	currentEvents,
	legacyEvents,
	...confirmEventsProperties,
	webhookSecret,
	ignoreRepeatedDeliveries,
	personRuns,
];

/** The SlickText Legacy Trigger: the legacy platform's events. */
export const legacyProperties: INodeProperties[] = [platformFixed('legacy'), legacySetup, legacyEvents, ignoreRepeatedDeliveries, personRuns];
