import type { INodeProperties } from 'n8n-workflow';

import { ANY_EVENT } from './events';
import { confirmEventsProperties } from './verification';

const whereToPasteTheUrl =
	"paste this node's Production URL (under Webhook URLs at the top of this panel; the Test URL while n8n is Listening for test event after you click Execute step), tick the events chosen below and save";

export const properties: INodeProperties[] = [
	{
		displayName: 'Platform',
		name: 'platform',
		type: 'options',
		options: [
			{
				name: 'Current',
				value: 'current',
				description:
					'Accounts created from 22 January 2025 on, with Settings > API & Webhooks in the web app',
			},
			{
				name: 'Legacy',
				value: 'legacy',
				description: 'Accounts whose dashboard is at www.slicktext.com/dashboard',
			},
		],
		default: 'current',
		description: 'Which SlickText platform sends the events; each has its own event format',
	},
	{
		displayName: `SlickText has no API for webhooks, so add this one by hand: in SlickText open Settings > API & Webhooks > Webhooks, add a webhook, ${whereToPasteTheUrl}. SlickText does not sign these requests, so keep the URL private.`,
		name: 'currentSetup',
		type: 'notice',
		default: '',
		displayOptions: { show: { platform: ['current'] } },
	},
	{
		displayName: `SlickText has no API for webhooks, so add this one by hand: in the legacy dashboard (www.slicktext.com/dashboard) open the webhook settings, add a webhook, ${whereToPasteTheUrl}. Then copy the webhook's secret into the Webhook Secret of the SlickText Legacy API credential.`,
		name: 'legacySetup',
		type: 'notice',
		default: '',
		displayOptions: { show: { platform: ['legacy'] } },
	},
	{
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
		description:
			'Events that start the workflow. Other events are acknowledged and ignored. Tick the same ones in SlickText.',
		displayOptions: { show: { platform: ['current'] } },
	},
	{
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
				description: 'A contact sent a chat message (SlickText names it ChatMessageRecieved)',
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
				description: 'A subscriber opted out of a textword',
			},
		],
		default: [],
		description:
			'Events that start the workflow. Other events are acknowledged and ignored. Tick the same ones in SlickText.',
		displayOptions: { show: { platform: ['legacy'] } },
	},
	...confirmEventsProperties,
	{
		displayName: 'Webhook Secret',
		name: 'webhookSecret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			"Deprecated: move the secret into the Webhook Secret of the SlickText Legacy API credential and clear this field; it is stored in the workflow in plain text. Used only while the credential has no secret. When set, a request whose X-Slicktext-Signature header is not the HMAC-MD5 of its data keyed with this secret is refused (401) and starts nothing.",
		// Version 1 only: from 2 on the secret is in the credential.
		displayOptions: { show: { platform: ['legacy'], '@version': [1] } },
	},
	{
		displayName:
			"Choose a SlickText Legacy API credential with the webhook's secret in its Webhook Secret: requests SlickText did not sign are then refused. Without a secret every request to this URL is accepted.",
		name: 'noSecretNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { platform: ['legacy'] } },
	},
	{
		displayName: 'Ignore Repeated Deliveries',
		name: 'ignoreRepeatedDeliveries',
		type: 'boolean',
		default: true,
		description:
			'Whether to start nothing for an event this workflow already received in the last 25 hours. SlickText sends an event again when it gets no answer within 5 seconds. Current events are recognised by their ID, legacy events by their content without attemptNumber. Each event also carries this key as eventKey.',
	},
	{
		displayName:
			"Published workflows: a repeat is answered 200 and starts no run. Keys are kept in this n8n process's memory and, when each run ends, in the workflow's data in n8n's database (the latest 10,000 events), so they survive a restart and are shared by several n8n processes. Test events (Execute step, while n8n is Listening for test event) are never ignored and never remembered.",
		name: 'repeatsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ignoreRepeatedDeliveries: [true] } },
	},
];
