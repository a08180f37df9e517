import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Platform } from '../shared/platform';

/** The value of the "Any Event" option. */
export const ANY_EVENT = '*';

/** SlickText's events are small; anything larger is not one of them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** SlickText's events nest 3 or 4 levels; a deeper body is refused before anything walks it recursively. */
export const MAX_DEPTH = 32;

/** One event taken out of a delivery. */
export interface ReceivedEvent {
	/** What the workflow gets: the event as SlickText sent it. */
	json: IDataObject;
	/** The event name as SlickText sent it (`name` on current, `Event` on legacy). */
	name: string;
	/** Identifies the event across SlickText's retries. */
	key: string;
}

/** What a request body holds: the events, and for legacy the texts a signature may be computed over. */
export type Delivery =
	| { ok: true; events: ReceivedEvent[]; signedTexts: string[] }
	| { ok: false; message: string };

/** The request as n8n hands it to a webhook: the parsed body and the bytes as received. */
export interface RawRequest {
	body: unknown;
	rawBody?: Buffer;
	contentLength?: string;
}

const fail = (message: string): Delivery => ({ ok: false, message });

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The declared size first: it is known before the body is touched. */
function bodySize(request: RawRequest): number {
	const declared = Number(request.contentLength);
	if (Number.isFinite(declared) && declared > 0) return declared;
	if (request.rawBody) return request.rawBody.length;
	return typeof request.body === 'string' ? Buffer.byteLength(request.body) : 0;
}

/** Whether a value nests at most `max` levels, checked without recursion so a hostile body cannot overflow the stack. */
export function depthWithin(value: unknown, max: number): boolean {
	const stack: Array<[unknown, number]> = [[value, 0]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth >= max) return false;
		for (const child of Object.values(current)) {
			if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
		}
	}
	return true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}

/**
 * The body as data. n8n parses JSON and form bodies itself; a body it did not parse (sent as
 * text/plain or with another content type) arrives as text or only as raw bytes and is read as JSON.
 */
function payloadOf(request: RawRequest): { ok: true; value: unknown } | { ok: false; message: string } {
	const { body, rawBody } = request;
	if (Array.isArray(body) || (isRecord(body) && Object.keys(body).length > 0)) return { ok: true, value: body };
	const text = typeof body === 'string' ? body : (rawBody?.toString('utf8') ?? '');
	if (text.trim() === '') return { ok: false, message: 'The request has no body' };
	const parsed = parseJson(text);
	if (!parsed.ok) return { ok: false, message: 'The body is not JSON' };
	return parsed;
}

/** JSON with sorted keys, so that the same content always gives the same text. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isRecord(value)) {
		const keys = Object.keys(value).sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** A hash of the event without its attempt counter, which is the one thing a retry changes. */
function contentKey(prefix: string, event: IDataObject, attemptField: string): string {
	const content = { ...event };
	delete content[attemptField];
	return `${prefix}#${createHash('sha256').update(canonical(content)).digest('hex')}`;
}

function asList(value: unknown): unknown[] {
	return Array.isArray(value) ? value : [value];
}

/** Current platform: a JSON envelope `{id, name, date, attempts, data}` per event. */
function currentDelivery(payload: unknown): Delivery {
	const events: ReceivedEvent[] = [];
	for (const event of asList(payload)) {
		if (!isRecord(event) || typeof event.name !== 'string' || event.name.trim() === '') {
			return fail('The body has no event "name": it is not a SlickText webhook event');
		}
		const id = typeof event.id === 'string' || typeof event.id === 'number' ? String(event.id) : '';
		events.push({
			json: event,
			name: event.name,
			key: id !== '' ? `current:${id}` : contentKey('current', event, 'attempts'),
		});
	}
	if (events.length === 0) return fail('The body holds no event');
	return { ok: true, events, signedTexts: [] };
}

/**
 * Legacy platform: a form POST whose field `data` holds the event as JSON text. Also accepted as JSON:
 * `{data: "<json text>"}`, `{data: {...}}` or the event object itself.
 */
function legacyDelivery(payload: unknown, rawText: string | undefined): Delivery {
	let content: unknown;
	const signedTexts: string[] = [];
	if (isRecord(payload) && 'data' in payload) {
		const data = payload.data;
		if (typeof data === 'string') {
			const parsed = parseJson(data);
			if (!parsed.ok) return fail('The "data" field is not JSON');
			if (!depthWithin(parsed.value, MAX_DEPTH)) return fail(`The "data" field nests deeper than ${MAX_DEPTH} levels`);
			content = parsed.value;
			signedTexts.push(data);
		} else if (isRecord(data) || (Array.isArray(data) && data.every(isRecord))) {
			content = data;
			signedTexts.push(JSON.stringify(data));
		} else {
			return fail('The "data" field must hold one event as JSON');
		}
	} else if (Array.isArray(payload) || (isRecord(payload) && 'Event' in payload)) {
		content = payload;
	} else {
		return fail('The body has no "data" field: it is not a SlickText legacy webhook');
	}
	if (rawText !== undefined) signedTexts.push(rawText);

	const events: ReceivedEvent[] = [];
	for (const event of asList(content)) {
		if (!isRecord(event) || typeof event.Event !== 'string' || event.Event.trim() === '') {
			return fail('The event has no "Event" name: it is not a SlickText legacy webhook event');
		}
		events.push({ json: event, name: event.Event, key: contentKey('legacy', event, 'attemptNumber') });
	}
	if (events.length === 0) return fail('The body holds no event');
	return { ok: true, events, signedTexts };
}

/** Takes the events out of a request, or says in a few words why the body is not a SlickText event. */
export function readDelivery(platform: Platform, request: RawRequest): Delivery {
	if (bodySize(request) > MAX_BODY_BYTES) return fail('The body is larger than 1 MB');
	const payload = payloadOf(request);
	if (!payload.ok) return fail(payload.message);
	if (!depthWithin(payload.value, MAX_DEPTH)) return fail(`The body nests deeper than ${MAX_DEPTH} levels`);
	if (platform === 'current') return currentDelivery(payload.value);
	// When `data` is text, that text is what SlickText signs; otherwise the body as posted may be.
	const dataIsText = isRecord(request.body) && typeof request.body.data === 'string';
	return legacyDelivery(payload.value, dataIsText ? undefined : request.rawBody?.toString('utf8'));
}

/** Folds case and SlickText's spelling "Recieved", so that a corrected name still matches. */
function normalizedName(name: string): string {
	return name.trim().toLowerCase().replace(/recieved/g, 'received');
}

/** Whether the event is one the user selected. */
export function isSelected(selected: string[], name: string): boolean {
	if (selected.includes(ANY_EVENT)) return true;
	const wanted = normalizedName(name);
	return selected.some((value) => normalizedName(value) === wanted);
}
