import {
	NodeApiError,
	NodeOperationError,
	type IExecuteSingleFunctions,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import type { Platform } from './platform';

// Errors built here; anything else that reaches `send` came from below n8n's routing and is rewrapped.
const ownErrors = new WeakSet<object>();

export function isOwnError(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (ownErrors.has(error) || error instanceof NodeOperationError);
}

/** Marks an error as already mapped, so that `send` passes it on unchanged. */
export function markOwn<T extends object>(error: T): T {
	ownErrors.add(error);
	return error;
}
const own = markOwn;

// Errors of a request that went out and got no answer: SlickText may have done it.
const unansweredErrors = new WeakSet<object>();

/** Marks the error of a request that may have reached SlickText although no answer came. */
export function markUnanswered<T extends object>(error: T): T {
	unansweredErrors.add(error);
	return error;
}

export function isUnanswered(error: unknown): boolean {
	return typeof error === 'object' && error !== null && unansweredErrors.has(error);
}

/**
 * The same error for another item: a copy that carries that item's index. For a value the items of a
 * run share (the legacy account) that failed for several of them: one error object held by two items
 * would show the index of whichever item set it last, and its text would name another.
 */
export function forItem<T extends NodeApiError | NodeOperationError>(error: T, itemIndex: number): T {
	const copy = Object.create(Object.getPrototypeOf(error) as object) as T;
	Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
	copy.context = { ...error.context, itemIndex };
	if (ownErrors.has(error)) ownErrors.add(copy);
	if (unansweredErrors.has(error)) unansweredErrors.add(copy);
	return copy;
}

/**
 * The item's number at the end of its message, as n8n asks of every item error ("... [item 2]"): once,
 * for the item the error is reported for (an error shared by items, or named first for another, is
 * renumbered). A tool's model reads only the message and has no items to count: it gets none.
 */
export function numberItem(node: INode, error: Error, itemIndex: number): void {
	const message = error.message.replace(/ \[item \d+\]$/, '');
	error.message = isTool(node) ? message : `${message} [item ${itemIndex}]`;
}

/**
 * An error on its way out of a catch block: one of n8n's node errors passes unchanged (ours are all
 * NodeApiError or NodeOperationError); anything else becomes a NodeOperationError for the item, as n8n
 * would report it anyway.
 */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return own(new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex }));
}

// ------------------------------------------------------------------------------ secrets

const REDACTED = '[redacted]';

/**
 * The values that must never appear in an error or an output item: the API key, the private key and
 * the Basic value built from the legacy keys, also as SlickText might echo them (raw, URL-encoded).
 */
export function secretsOf(credentials: Record<string, unknown> | undefined): string[] {
	if (!credentials) return [];
	const secrets: string[] = [];
	const add = (value: unknown) => {
		if (typeof value !== 'string' || value.trim().length < 4) return;
		const text = value.trim();
		secrets.push(text, value, encodeURIComponent(text));
	};
	add(credentials.apiKey);
	add(credentials.privateKey);
	if (typeof credentials.publicKey === 'string' && typeof credentials.privateKey === 'string') {
		const basic = Buffer.from(`${credentials.publicKey}:${credentials.privateKey}`).toString('base64');
		add(basic);
		add(basic.replace(/=+$/, ''));
	}
	// Longest first, so that a secret containing another is replaced whole.
	return [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}

/** Replaces every secret in a text, and any Authorization value whatever it holds. */
export function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) out = out.split(secret).join(REDACTED);
	// An echoed header may carry a key this credential does not hold (another brand's, an old one).
	return out.replace(/\b(Bearer|Basic)\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`);
}

/** Redacts a response body (string or JSON) before any of it is read into a message. */
export function redactBody(body: unknown, secrets: string[]): unknown {
	if (body === undefined || body === null) return body;
	if (typeof body === 'string') return redact(body, secrets);
	try {
		return JSON.parse(redact(JSON.stringify(body), secrets)) as unknown;
	} catch {
		return undefined;
	}
}

/** The node runs as an AI agent's tool (n8n names the tool variant "<node>Tool"). */
export function isTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * One way to fail. Bad input is a NodeOperationError that names the field and the item, thrown before
 * any request. An API failure is a NodeApiError with the status and SlickText's own message, built
 * from plain values only, so that no request option (and so no key or token) can end up in it.
 */

export function inputError(
	ctx: Pick<IExecuteSingleFunctions, 'getNode' | 'getItemIndex'>,
	field: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	const itemIndex = ctx.getItemIndex();
	// An AI agent sees only the message: it gets the hint there, and no item index (noise to a model).
	const message = isTool(ctx.getNode())
		? `'${field}': ${problem}.${hint ? ` ${hint}` : ''}`
		: `'${field}': ${problem} [item ${itemIndex}]`;
	return own(
		new NodeOperationError(ctx.getNode(), message, {
			itemIndex,
			description: hint,
		}),
	);
}

/** SlickText's error body is not documented; clients read message, then detail, error, title. */
export function apiMessage(body: unknown): string | undefined {
	if (typeof body === 'string') {
		const text = body.trim();
		if (!text) return undefined;
		try {
			return apiMessage(JSON.parse(text)) ?? truncate(text);
		} catch {
			return truncate(text);
		}
	}
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const record = body as Record<string, unknown>;
		for (const key of ['message', 'detail', 'error', 'title']) {
			const value = record[key];
			if (typeof value === 'string' && value.trim()) return truncate(value.trim());
			if (value && typeof value === 'object') {
				const nested = apiMessage(value);
				if (nested) return nested;
			}
		}
		if (record.errors) return truncate(JSON.stringify(record.errors));
	}
	return undefined;
}

function truncate(text: string, max = 500): string {
	return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What a failed request was about, to say what was not found. */
export function describeTarget(path: string | undefined): string | undefined {
	if (!path) return undefined;
	const parts = path.split('?')[0].split('/').filter(Boolean);
	// The brand prefix says nothing useful; the last "<collection>/<id>" pair does.
	for (let i = parts.length - 1; i > 0; i--) {
		if (/^\d+$/.test(parts[i]) || /^[0-9a-f]{24}$/i.test(parts[i]) || parts[i].startsWith('hash-')) {
			const collection = parts[i - 1].replace(/-/g, ' ').replace(/s$/, '');
			return `${collection.charAt(0).toUpperCase()}${collection.slice(1)} ${parts[i]}`;
		}
	}
	return undefined;
}

const AUTH_HINT: Record<Platform, string> = {
	current: "Check the 'API Key' and the 'Brand ID' in the SlickText API credential.",
	legacy: "Check the 'Public Key' and the 'Private Key' in the SlickText Legacy API credential.",
};

export interface FailedResponse {
	status: number;
	body: unknown;
	path?: string;
	method?: string;
	/** Credential values to keep out of the error (see secretsOf). */
	secrets?: string[];
}

export function responseError(
	node: INode,
	platform: Platform,
	response: FailedResponse,
	itemIndex?: number,
): NodeApiError {
	const { status } = response;
	const secrets = response.secrets ?? [];
	// Whatever the server echoes (the Authorization header, the key in a message) is redacted here,
	// before any of the body is read: message, description and Continue On Fail items all come from it.
	const message = apiMessage(redactBody(response.body, secrets));
	// Ends as a sentence, because a hint follows it in most descriptions.
	const said = message ? `SlickText said: ${/[.!?]$/.test(message) ? message : `${message}.`}` : 'SlickText gave no message.';
	let headline: string;
	let description: string;
	switch (true) {
		case status === 400:
			headline = `Bad request: ${message ?? 'SlickText refused the request'}`;
			// The headline already carries SlickText's words: the description says what to do about them.
			description = `${said} SlickText found the request malformed or invalid: check this item's fields against what the message names (the node checks formats before sending, not SlickText's own rules).`;
			break;
		case status === 401:
			headline = 'Authorization failed';
			description = `${said} ${AUTH_HINT[platform]}`;
			break;
		case status === 403:
			headline = 'Forbidden';
			description = `${said} ${AUTH_HINT[platform]}`;
			break;
		case status === 404:
			// A path without an id (e.g. /lists/contacts) says nothing; SlickText's message names what is missing.
			// SlickText's own words when they already say what is missing ("Contact not found").
			headline = describeTarget(response.path)
				? `${describeTarget(response.path)} was not found`
				: message && /not found|does not exist|doesn't exist/i.test(message)
					? message.charAt(0).toUpperCase() + message.slice(1)
					: `Not found: ${message ?? 'the requested record does not exist'}`;
			description = said;
			break;
		case status === 409:
			headline = `Conflict: ${message ?? 'the request conflicts with the account state'}`;
			description = `${said} The SlickText account's state does not allow this request now; its message says why.`;
			break;
		case status === 422:
			headline = `SlickText could not process the request: ${message ?? 'its values were refused'}`;
			description = `${said} SlickText understood the request but refused its values: change the field the message names for this item.`;
			break;
		case status === 429:
			headline = 'Rate limited by SlickText';
			description = `${said} The request was retried after each reset and was still refused. Lower the rate in the credential, or spread the work over more time.`;
			break;
		case status >= 500:
			headline = `SlickText could not complete the request (${status})`;
			description = `${said} Nothing on your side caused it; try again later.`;
			break;
		default:
			headline = `SlickText answered ${status}${message ? `: ${message}` : ''}`;
			description = said;
	}
	return own(
		new NodeApiError(node, { status, message: message ?? headline } as JsonObject, {
			httpCode: String(status),
			// A model sees only the message: SlickText's reason and what to check go there too.
			message: isTool(node) ? `${headline} (HTTP ${status}). ${description}` : headline,
			description,
			itemIndex,
		}),
	);
}

/** A request that got no HTTP answer at all: refused, dropped, timed out. */
/**
 * The network error code (ECONNRESET, ETIMEDOUT, ...) of a request that got no answer. n8n's request
 * helper gives it on the error or its cause; n8n 1.123 and 2.0 wrap it in a NodeApiError whose cause is
 * gone and whose httpCode holds the code.
 */
export function networkCode(error: unknown): string | undefined {
	const raw = (error ?? {}) as { code?: string; cause?: { code?: string }; httpCode?: string };
	const fromHttpCode = typeof raw.httpCode === 'string' && /^E[A-Z_]+$/.test(raw.httpCode) ? raw.httpCode : undefined;
	return raw.code ?? raw.cause?.code ?? fromHttpCode;
}

export function transportError(node: INode, error: unknown, itemIndex?: number, secrets: string[] = []): NodeApiError {
	const raw = (error ?? {}) as { message?: string };
	// Fields read one by one: an Error's message and cause are not enumerable.
	const e = { message: redact(String(raw.message ?? ''), secrets) };
	const code = networkCode(error);
	let headline = 'Could not reach SlickText';
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) {
		headline = 'SlickText did not answer in time';
	} else if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(e.message ?? '')) {
		headline = 'The connection to SlickText was closed before an answer came';
	} else if (code === 'ECONNREFUSED') {
		headline = 'The connection to SlickText was refused';
	}
	return own(
		// The code stays out of the error body: NodeApiError would replace our message with a generic one.
		new NodeApiError(node, { message: headline } as JsonObject, {
			message: headline,
			description: `${code ? `No connection (${code}). ` : ''}Check the base URL in the credential and your connection.`,
			itemIndex,
		}),
	);
}

/** An answer with a 2xx status whose body is not what SlickText sends. */
export function malformedError(node: INode, problem: string, itemIndex?: number): NodeApiError {
	return own(
		new NodeApiError(node, { message: problem } as JsonObject, {
			message: `SlickText sent an unexpected answer: ${problem}`,
			description:
				'The answer did not have the documented shape, so the item stopped rather than return a partial or wrong result.',
			itemIndex,
		}),
	);
}

// Errors of items that were not sent because the run stopped at another item's failure.
const notSentErrors = new WeakSet<object>();

/** The error of an item that was not sent because an earlier one failed and the run stops. */
export function notSentError(node: INode, itemIndex: number, failedItem: number): NodeOperationError {
	const error = own(
		new NodeOperationError(node, `Not sent: item ${failedItem} stopped the run first [item ${itemIndex}]`, {
			itemIndex,
			description: 'The run stopped at an earlier item; this item was not sent and can be run again.',
		}),
	);
	notSentErrors.add(error);
	return error;
}

/** Whether an item's error only says that the run stopped before the item was sent. */
export function isNotSent(error: unknown): boolean {
	return typeof error === 'object' && error !== null && notSentErrors.has(error);
}
