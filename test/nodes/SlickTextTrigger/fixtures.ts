// Events as SlickText sends them (public-api-notes.md, Webhooks), and the trigger set-up the tests share.
import { createHmac } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { startWebhookServer, type WebhookServerOptions } from '../../helpers/webhook';

export const contact = {
	contact_id: 1111111,
	_brand_id: 123456789,
	mobile_number: '+17165551212',
	first_name: 'Ada',
	opt_in_status: 'subscribed',
	source: 'Keyword',
	created: '2024-11-25 16:15:19',
};

/** A current-platform envelope as SlickText posts it. */
export function currentEvent(name: string, id: string, data: IDataObject, attempts = 1): IDataObject {
	return { id, name, url: 'https://example.com/hook', attempts, date: '2024-11-25 16:15:19', data };
}

export const currentEvents: Record<string, IDataObject> = {
	contact_created: currentEvent('contact_created', '6744a297616039e17200b0d2', contact),
	contact_updated: currentEvent('contact_updated', '6744a297616039e17200b0d3', { ...contact, first_name: 'Grace' }),
	inbox_message_received: currentEvent('inbox_message_received', '6744a297616039e17200b0d4', {
		contact_id: 1111111,
		last_message: 'STOP? no, tell me more',
		last_message_direction: 'incoming',
	}),
};

const subscriber = { SubscriberId: 5501, FirstName: 'Ada', PhoneNumber: '+17165551212', Email: 'ada@example.com' };
const textword = { TextwordId: 77, Word: 'PIZZA' };

/** Legacy events: the object SlickText puts, as JSON text, into the form field `data`. */
export const legacyEvents: Record<string, IDataObject> = {
	NewSubscriber: {
		Event: 'NewSubscriber',
		Timestamp: '2024-11-25 16:15:19',
		attemptNumber: 1,
		Subscriber: subscriber,
		Textword: textword,
		PromoCode: 'FREESLICE',
		ExpirationDate: '2024-12-25',
	},
	OptOut: {
		Event: 'OptOut',
		Timestamp: '2024-11-26 09:00:00',
		attemptNumber: 1,
		Subscriber: { ...subscriber, DateOptedOut: '2024-11-26 09:00:00' },
		Textword: textword,
	},
	ContestEntry: {
		Event: 'ContestEntry',
		Timestamp: '2024-11-27 12:30:00',
		attemptNumber: 1,
		Subscriber: subscriber,
		Contest: { ContestId: 12, Name: 'Win a pizza' },
	},
	ChatMessageRecieved: {
		Event: 'ChatMessageRecieved',
		Timestamp: '2024-11-28 18:45:10',
		attemptNumber: 1,
		ChatThread: { ChatThreadId: 901, Subscriber: subscriber },
		ChatMessage: { FromNumber: '+17165551212', Body: 'Is the shop open?', MediaUrl: null },
		Textwords: [textword],
	},
};

export const SECRET = 'whsec-legacy-test';

/** HMAC-MD5 (hex) of the data text keyed with the secret, as SlickText signs legacy webhooks. */
export function sign(text: string, secret = SECRET): string {
	return createHmac('md5', secret).update(text).digest('hex');
}

export async function currentTrigger(
	parameters: INodeParameters = {},
	staticData?: IDataObject,
	options: Pick<WebhookServerOptions, 'mode' | 'nodeId' | 'typeVersion'> = {},
) {
	return await startWebhookServer({
		type: 'slickTextTrigger',
		parameters: { platform: 'current', events: ['*'], ...parameters },
		staticData,
		...options,
	});
}

/** Keys of a legacy account; the webhook secret is read from this credential. */
export function legacyCredential(webhookSecret: string = SECRET): ICredentialDataDecryptedObject {
	return { publicKey: 'pub_test', privateKey: 'priv_test', baseUrl: 'http://127.0.0.1:9/v1', webhookSecret };
}

/**
 * The legacy platform's trigger as created today, the SlickText Legacy Trigger: `webhookSecret` given
 * here goes into the SlickText Legacy API credential, where the node reads it. `version2` gives the
 * SlickText Trigger 2 with Platform Legacy instead, as workflows made before the split have it.
 */
export async function legacyTrigger(parameters: INodeParameters = {}, staticData?: IDataObject, { version2 = false } = {}) {
	const { webhookSecret = SECRET, ...rest } = parameters;
	return await startWebhookServer({
		...(version2 ? { type: 'slickTextTrigger', typeVersion: 2 } : { type: 'slickTextLegacyTrigger', typeVersion: 2 }),
		parameters: { ...(version2 ? { platform: 'legacy' } : {}), legacyEvents: ['*'], ...rest },
		credentials: { slickTextLegacyApi: legacyCredential(String(webhookSecret)) },
		staticData,
	});
}

/** The events of each run as SlickText sent them, without the `eventKey` the trigger adds. */
export function eventsOf(trigger: { runs: IDataObject[][] }): IDataObject[][] {
	return trigger.runs.map((run) => run.map(({ eventKey: _key, ...event }) => event));
}

/** The `eventKey` of each run's events. */
export function keysOf(trigger: { runs: IDataObject[][] }): unknown[][] {
	return trigger.runs.map((run) => run.map((event) => event.eventKey));
}
