import { createHash } from 'node:crypto';

import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type NodeApiError,
} from 'n8n-workflow';

import { baseUrlOf, send, wireOf, type HttpContext } from '../shared/transport/request';
import { credentialsOnce } from '../shared/transport/credentials';
import type { ReceivedEvent } from './events';

/**
 * "Confirm Events with SlickText" (current platform). SlickText signs nothing on this platform, so a
 * post shaped like an event would start a run. With the option on, each event is looked up with the
 * SlickText API credential, and only events that match go on past the trigger:
 * - contact_created, contact_updated: the contact exists in the credential's brand and has the event's
 *   mobile number (1 request, none when the same contact was confirmed with that number a moment ago);
 * - inbox_message_received: the contact has an inbox thread whose last message, or one of whose
 *   incoming messages, is the event's text (1 request, plus 1 per thread when the text is not the last);
 * - any other kind cannot be confirmed and starts nothing.
 *
 * Where: the webhook answers at once after the checks that need no request (precheck), and the lookup
 * happens in the run, in the trigger's own step (confirmInRun), which n8n runs first in every run a
 * delivery starts. SlickText waits at most 5 seconds for an answer, and a lookup that waits its turn at
 * the rate limit (8 a second, shared with the workflow's own requests) cannot promise that: under load
 * it held answers for 4-9 seconds and turned them into SlickText's retries. An event that
 * does not match ends its run at the trigger: nothing after it runs.
 */

export const CONFIRMABLE_EVENTS = ['contact_created', 'contact_updated', 'inbox_message_received'];

/** How many of a contact's inbox threads are searched for the message. */
const MAX_THREADS_SEARCHED = 3;

/**
 * How long a contact confirmed with a number counts as confirmed for another event with the same
 * number (a sign-up is often contact_created followed by contact_updated moments later). Only a
 * match is remembered: an event with another number is always looked up.
 */
export const CONFIRMED_FOR_MS = 10 * 60 * 1000;
/** At most this many confirmed contacts remembered per process (about 1 MB); the oldest go first. */
export const CONFIRMED_MAX = 10_000;

type Check = { ok: true } | { ok: false; reason: string };

/** An answer to a lookup (2xx or 404), or the failure that stops the run. */
type ApiAnswer = { status: number; body: unknown } | { failed: NodeApiError };

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

function dataOf(json: IDataObject): IDataObject {
	return isRecord(json.data) ? json.data : {};
}

function brandOf(credentials: IDataObject): string {
	return String(credentials.brandId ?? '').trim().replace(/^b/i, '');
}

// ------------------------------------------------------------------------------ in the webhook

/**
 * The checks that need no request, done before the webhook answers: an event that fails them can
 * never be confirmed and starts no run. Returns the reason, or undefined when the event goes on.
 */
export function precheck(event: ReceivedEvent): string | undefined {
	if (!CONFIRMABLE_EVENTS.includes(event.name)) return `a ${event.name} event cannot be confirmed with the API`;
	const data = dataOf(event.json);
	if (!positiveId(data.contact_id)) return 'the event has no contact_id';
	if (event.name === 'inbox_message_received') {
		if (typeof data.last_message !== 'string') return 'the event has no last_message';
	} else if (digits(data.mobile_number) === '') {
		return 'the event has no mobile_number';
	}
	return undefined;
}

/**
 * The repeat key of an event that is confirmed in the run: its ID plus a digest of what the check
 * compares. A forged event that reuses a real event's ID with another number (or text) then has a key
 * of its own, so it can never make the real event look like a repeat, although the webhook claims
 * keys before anything is confirmed. SlickText's retries of an event carry the same data: same key.
 */
export function confirmedKey(event: ReceivedEvent): string {
	const data = dataOf(event.json);
	const checked =
		event.name === 'inbox_message_received'
			? `${String(data.contact_id)}|${String(data.last_message)}`
			: `${String(data.contact_id)}|${digits(data.mobile_number)}`;
	return `${event.key}#${createHash('sha256').update(checked).digest('base64url').slice(0, 12)}`;
}

// ------------------------------------------------------------------------------ in the run

/**
 * A lookup in the run, through the one transport like every other request of the package: it waits out
 * 429s for as long as the credential's Rate Limit Wait allows, and asks again after a 5xx or no answer
 * as it does for every read (transport/request.ts, readRetry); after that the run fails with SlickText's
 * status and message, and the user can retry the execution.
 */
async function ask(ctx: HttpContext, credentials: IDataObject, path: string, qs: IDataObject = {}): Promise<ApiAnswer> {
	const wire = wireOf(ctx, 'current', credentials);
	const request = { method: 'GET' as const, baseURL: baseUrlOf('current', credentials), url: path, qs, json: true, headers: { Accept: 'application/json' } };
	try {
		// A 404 is an answer here: the contact does not exist.
		const answer = await send(wire, request, { accept: [404] });
		return { status: answer.status, body: answer.body };
	} catch (error) {
		return { failed: error as NodeApiError };
	}
}

/** One process-wide memory of contacts confirmed with a number, per credential (key, base URL, brand). */
const confirmed = new Map<string, number>();
/** Lookups under way, so that events of one contact arriving together share one request. */
const pending = new Map<string, Promise<ApiAnswer>>();

function scopeOf(credentials: IDataObject): string {
	const identity = `${String(credentials.baseUrl ?? '').trim()}|${brandOf(credentials)}|${String(credentials.apiKey ?? '').trim()}`;
	// Hashed so that no key is kept as a map key.
	return createHash('sha256').update(identity).digest('base64url').slice(0, 22);
}

function rememberConfirmed(key: string, now: number): void {
	confirmed.delete(key);
	confirmed.set(key, now);
	for (const oldest of confirmed.keys()) {
		if (confirmed.size <= CONFIRMED_MAX) break;
		confirmed.delete(oldest);
	}
}

function recentlyConfirmed(key: string, now: number): boolean {
	const at = confirmed.get(key);
	if (at === undefined) return false;
	if (now - at < CONFIRMED_FOR_MS) return true;
	confirmed.delete(key);
	return false;
}

/** Forgets every confirmed contact (for tests and benchmarks). */
export function forgetConfirmedContacts(): void {
	confirmed.clear();
}

/** Asks once for every caller that needs the same answer at the same time. */
async function shared(key: string, lookup: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
	let answer = pending.get(key);
	if (answer === undefined) {
		answer = lookup().finally(() => pending.delete(key));
		pending.set(key, answer);
	}
	return await answer;
}

async function confirmContact(ctx: HttpContext, credentials: IDataObject, scope: string, data: IDataObject): Promise<Check | NodeApiError> {
	const id = positiveId(data.contact_id)!;
	const number = digits(data.mobile_number);
	const memoryKey = `${scope}|${id}|${number}`;
	if (recentlyConfirmed(memoryKey, Date.now())) return { ok: true };
	const answer = await shared(`${scope}|/contacts/${id}`, async () => await ask(ctx, credentials, `/contacts/${id}`));
	if ('failed' in answer) return answer.failed;
	if (answer.status === 404) return { ok: false, reason: `contact ${id} does not exist in the brand` };
	const contact = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : answer.body;
	if (!isRecord(contact) || digits(contact.mobile_number) !== number) {
		return { ok: false, reason: `contact ${id} does not have the event's mobile number` };
	}
	rememberConfirmed(memoryKey, Date.now());
	return { ok: true };
}

function listOf(body: unknown): IDataObject[] {
	if (isRecord(body) && Array.isArray(body.data)) return body.data.filter(isRecord);
	return Array.isArray(body) ? body.filter(isRecord) : [];
}

async function confirmInboxMessage(ctx: HttpContext, credentials: IDataObject, scope: string, data: IDataObject): Promise<Check | NodeApiError> {
	const id = positiveId(data.contact_id)!;
	const text = String(data.last_message);
	const qs = { _contact_id: id, limit: 50 };
	const found = await shared(`${scope}|/inbox-threads?${id}`, async () => await ask(ctx, credentials, '/inbox-threads', qs));
	if ('failed' in found) return found.failed;
	const threads = listOf(found.body).filter((thread) => String(thread._contact_id) === id);
	if (threads.length === 0) return { ok: false, reason: `contact ${id} has no inbox thread` };
	if (threads.some((t) => t.last_message === text && t.last_message_direction === 'incoming')) return { ok: true };
	// Another message may have come since: look for the text among each thread's incoming messages.
	for (const thread of threads.slice(0, MAX_THREADS_SEARCHED)) {
		const threadId = String(thread._id ?? '');
		if (!/^\w+$/.test(threadId)) continue;
		const answer = await ask(ctx, credentials, `/inbox-threads/${threadId}/content`, { limit: 100 });
		if ('failed' in answer) return answer.failed;
		if (listOf(answer.body).some((m) => m.direction === 'incoming' && m.body === text)) return { ok: true };
	}
	return { ok: false, reason: `contact ${id} has no incoming inbox message with this text` };
}

async function confirmOne(ctx: HttpContext, credentials: IDataObject, scope: string, json: IDataObject): Promise<Check | NodeApiError> {
	const name = String(json.name ?? '');
	const reason = precheck({ json, name, key: '' });
	if (reason !== undefined) return { ok: false, reason };
	const data = dataOf(json);
	const brand = brandOf(credentials);
	if (data._brand_id !== undefined && String(data._brand_id) !== brand) {
		return { ok: false, reason: `the event is for brand ${String(data._brand_id)}, the credential for brand ${brand}` };
	}
	if (name === 'inbox_message_received') return await confirmInboxMessage(ctx, credentials, scope, data);
	return await confirmContact(ctx, credentials, scope, data);
}

/**
 * The items of the run whose event SlickText confirms, in order. The others are dropped, with a hint
 * on the trigger's output that says why. When SlickText cannot be asked (after the waits above) the
 * run fails: the webhook has answered already, so the failed execution is where the event is kept.
 */
export async function confirmInRun(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (items.length === 0) return items;
	// The credential is optional in the panel (events come without it): Confirm Events cannot work without one.
	if (!ctx.getNode().credentials?.slickTextApi) {
		throw new NodeOperationError(ctx.getNode(), "'Confirm Events with SlickText' needs the SlickText API credential", {
			description: "Choose, in the trigger, the SlickText API credential of the brand whose events come in, or turn 'Confirm Events with SlickText' off.",
		});
	}
	const credentials = await credentialsOnce(ctx, 'slickTextApi');
	const scope = scopeOf(credentials);
	const results = await Promise.all(items.map(async (item) => await confirmOne(ctx, credentials, scope, item.json)));
	const failure = results.find((result): result is NodeApiError => !('ok' in result));
	if (failure) {
		failure.description = `${failure.description ?? ''} The event could not be confirmed, so nothing after the trigger ran; retry this execution once SlickText answers.`.trim();
		throw failure;
	}
	const reasons = results.flatMap((result) => ('ok' in result && !result.ok ? [result.reason] : []));
	if (reasons.length > 0) {
		ctx.addExecutionHints({
			message: `Not confirmed by SlickText, so not passed on: ${reasons.join('; ')}`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return items.filter((_, index) => {
		const result = results[index];
		return 'ok' in result && result.ok;
	});
}

/**
 * The same check for one event in the webhook, for a reply that a waiting workflow would take: a wait
 * is resumed only by a reply SlickText confirms. When SlickText cannot be asked, the event is not taken
 * for a wait here and goes on as any event (its run checks it again, and fails loudly if it must).
 */
export async function confirmedInWebhook(
	ctx: HttpContext & { getCredentials(type: string): Promise<object>; getNode(): { credentials?: object } },
	json: IDataObject,
): Promise<boolean> {
	// Without the credential nothing is confirmed here; the event's run then says what is missing.
	if (!(ctx.getNode().credentials as IDataObject | undefined)?.slickTextApi) return false;
	const credentials = await credentialsOnce(ctx, 'slickTextApi');
	const result = await confirmOne(ctx, credentials, scopeOf(credentials), json);
	return 'ok' in result && result.ok;
}

/** The option, shown on the current platform (spliced into properties.ts). */
export const confirmEventsProperties: INodeProperties[] = [
	{
		displayName: 'Confirm Events with SlickText',
		name: 'confirmEvents',
		type: 'boolean',
		default: false,
		description:
			"Whether to look each event up with the SlickText API (1 request, in the run) and pass on only events of a real contact of the credential's brand with the event's number or message. SlickText does not sign these requests. Needs the SlickText API credential. Approvals by text (Send and Wait for Reply) trust only replies confirmed this way.",
		displayOptions: { show: { platform: ['current'] } },
	},
];
