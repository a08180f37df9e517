import {
	sleep,
	type IDataObject,
	type INodeProperties,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { baseUrlOf, send, wireOf, type Answer } from '../shared/transport/request';
import type { ReceivedEvent } from './events';

/**
 * "Confirm Events with SlickText" (current platform). SlickText signs nothing on this platform, so a
 * post shaped like an event would start a run. With the option on, each event is looked up with the
 * SlickText API credential before anything starts:
 * - contact_created, contact_updated: the contact exists in the credential's brand and has the event's
 *   mobile number (1 request);
 * - inbox_message_received: the contact has an inbox thread whose last message, or one of whose
 *   incoming messages, is the event's text (1 request, plus 1 per thread when the text is not the last);
 * - any other kind cannot be confirmed and starts nothing.
 */

export const CONFIRMABLE_EVENTS = ['contact_created', 'contact_updated', 'inbox_message_received'];

/** SlickText waits 5 seconds for an answer; a check that takes longer is answered 503 so SlickText retries. */
export const CONFIRM_TIMEOUT_MS = 4000;

/** How often the deadline looks whether the checks are done. */
const DEADLINE_STEP_MS = 50;

/** How many of a contact's inbox threads are searched for the message. */
const MAX_THREADS_SEARCHED = 3;

/** `retry`: SlickText could not be asked (network, rate limit, 5xx, a refused credential). */
type Check = { ok: true } | { ok: false; reason: string; retry?: boolean };

type ApiAnswer = { status: number; body: unknown } | { ok: false; reason: string; retry: true };

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function digits(value: unknown): string {
	return String(value ?? '').replace(/\D/g, '');
}

function positiveId(value: unknown): string | undefined {
	const text = String(value ?? '').trim();
	return /^[1-9]\d{0,17}$/.test(text) ? text : undefined;
}

/**
 * One GET to the brand, through the one transport like every other request. A 429 is not waited out
 * here (SlickText waits 5 seconds for the webhook's answer): any answer but 2xx and 404 is a retry.
 */
async function get(ctx: IWebhookFunctions, credentials: IDataObject, path: string, qs: IDataObject = {}): Promise<ApiAnswer> {
	let response: Answer;
	try {
		response = await send(
			wireOf(ctx, 'current', { ...credentials, rateLimitWait: 0.001 }),
			{ method: 'GET', baseURL: baseUrlOf('current', credentials), url: path, qs, json: true, headers: { Accept: 'application/json' } },
			{ accept: [404] },
		);
	} catch (error) {
		const status = (error as { httpCode?: string }).httpCode;
		return { ok: false, retry: true, reason: status ? `SlickText answered ${status} to the check` : `SlickText could not be reached (${(error as Error).message})` };
	}
	return { status: response.status, body: response.body };
}

async function confirmContact(ctx: IWebhookFunctions, credentials: IDataObject, data: IDataObject): Promise<Check> {
	const id = positiveId(data.contact_id);
	if (!id) return { ok: false, reason: 'the event has no contact_id' };
	if (digits(data.mobile_number) === '') return { ok: false, reason: 'the event has no mobile_number' };
	const answer = await get(ctx, credentials, `/contacts/${id}`);
	if ('retry' in answer) return answer;
	if (answer.status === 404) return { ok: false, reason: `contact ${id} does not exist in the brand` };
	const contact = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : answer.body;
	if (!isRecord(contact) || digits(contact.mobile_number) !== digits(data.mobile_number)) {
		return { ok: false, reason: `contact ${id} does not have the event's mobile number` };
	}
	return { ok: true };
}

function listOf(body: unknown): IDataObject[] {
	if (isRecord(body) && Array.isArray(body.data)) return body.data.filter(isRecord);
	return Array.isArray(body) ? body.filter(isRecord) : [];
}

async function confirmInboxMessage(ctx: IWebhookFunctions, credentials: IDataObject, data: IDataObject): Promise<Check> {
	const id = positiveId(data.contact_id);
	if (!id) return { ok: false, reason: 'the event has no contact_id' };
	const text = typeof data.last_message === 'string' ? data.last_message : undefined;
	if (text === undefined) return { ok: false, reason: 'the event has no last_message' };
	const found = await get(ctx, credentials, '/inbox-threads', { _contact_id: id, limit: 50 });
	if ('retry' in found) return found;
	const threads = listOf(found.body).filter((thread) => String(thread._contact_id) === id);
	if (threads.length === 0) return { ok: false, reason: `contact ${id} has no inbox thread` };
	if (threads.some((t) => t.last_message === text && t.last_message_direction === 'incoming')) return { ok: true };
	// Another message may have come since: look for the text among each thread's incoming messages.
	for (const thread of threads.slice(0, MAX_THREADS_SEARCHED)) {
		const threadId = String(thread._id ?? '');
		if (!/^\w+$/.test(threadId)) continue;
		const answer = await get(ctx, credentials, `/inbox-threads/${threadId}/content`, { limit: 100 });
		if ('retry' in answer) return answer;
		if (listOf(answer.body).some((m) => m.direction === 'incoming' && m.body === text)) return { ok: true };
	}
	return { ok: false, reason: `contact ${id} has no incoming inbox message with this text` };
}

async function confirmOne(ctx: IWebhookFunctions, credentials: IDataObject, event: ReceivedEvent): Promise<Check> {
	const data = isRecord(event.json.data) ? event.json.data : {};
	const brand = String(credentials.brandId ?? '').trim().replace(/^b/i, '');
	if (data._brand_id !== undefined && String(data._brand_id) !== brand) {
		return { ok: false, reason: `the event is for brand ${String(data._brand_id)}, the credential for brand ${brand}` };
	}
	if (event.name === 'contact_created' || event.name === 'contact_updated') return await confirmContact(ctx, credentials, data);
	if (event.name === 'inbox_message_received') return await confirmInboxMessage(ctx, credentials, data);
	return { ok: false, reason: `a ${event.name} event cannot be confirmed with the API` };
}

/**
 * Resolves 'timeout' after CONFIRM_TIMEOUT_MS unless the checks settle first. Waits in short steps, so no
 * long timer outlives a check that answered quickly (sleep cannot be cancelled).
 */
async function deadline(isSettled: () => boolean): Promise<'timeout'> {
	const end = Date.now() + CONFIRM_TIMEOUT_MS;
	while (!isSettled() && Date.now() < end) await sleep(Math.min(DEADLINE_STEP_MS, end - Date.now()));
	return 'timeout';
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

/**
 * Keeps the events SlickText confirms. Returns the answer when nothing may start: 200 when no event
 * was confirmed (a forged event gets nothing to retry), 503 when SlickText could not be asked in time
 * (SlickText retries a real event later).
 */
export async function confirmEvents(
	ctx: IWebhookFunctions,
	events: ReceivedEvent[],
): Promise<{ events: ReceivedEvent[] } | { response: IWebhookResponseData }> {
	const credentials = (await ctx.getCredentials('slickTextApi')) as IDataObject;
	let settled = false;
	const checks = Promise.all(events.map(async (event) => await confirmOne(ctx, credentials, event))).finally(() => {
		settled = true;
	});
	const results = await Promise.race([checks, deadline(() => settled)]);
	if (results === 'timeout') {
		// The checks go on in the background and finish on their own; their result is not used.
		return { response: answer(ctx, 503, 'Could not confirm the event in time; nothing started') };
	}
	const unanswered = results.find((r) => !r.ok && r.retry);
	if (unanswered && !unanswered.ok) {
		return { response: answer(ctx, 503, `Could not confirm the event: ${unanswered.reason}; nothing started`) };
	}
	const confirmed = events.filter((_, index) => results[index].ok);
	if (confirmed.length > 0) return { events: confirmed };
	const reasons = results.map((r) => (r.ok ? '' : r.reason)).join('; ');
	return { response: { webhookResponse: { message: `Not confirmed by SlickText (${reasons}); nothing started` } } };
}

/** The option and what it checks, shown on the current platform (spliced into properties.ts). */
export const confirmEventsProperties: INodeProperties[] = [
	{
		displayName: 'Confirm Events with SlickText',
		name: 'confirmEvents',
		type: 'boolean',
		default: false,
		description:
			'Whether to look each event up with the SlickText API before the workflow starts, because SlickText does not sign these requests. Events that do not match start nothing. Each check is 1–2 requests and counts against the rate limit.',
		displayOptions: { show: { platform: ['current'] } },
	},
	{
		displayName:
			"Checked: Contact Created and Contact Updated, that the contact exists in the credential's brand and has the event's mobile number; Inbox Message Received, that the contact has an inbox thread with an incoming message of the event's text. Not checked: the other fields of the event (a name, a custom field), and that the event was not already used. Other kinds of events start nothing while this is on. An event that does not match is answered 200 so SlickText does not send it again; when SlickText cannot be asked within 4 seconds the answer is 503 and SlickText retries.",
		name: 'confirmEventsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { platform: ['current'], confirmEvents: [true] } },
	},
];
