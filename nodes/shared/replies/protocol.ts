/**
 * Two-way texts: what a waiting node, the SlickText Trigger and the waiting node's webhook say to each
 * other, and what counts as a reply. docs/architecture.md ("Two-way texts") has the whole design:
 *
 *   1. The waiting node posts a Registration to the SlickText Trigger's Production URL (from the
 *      credential): who it waits for and n8n's signed address of this wait, signed with the credential's
 *      secrets (signing.ts), so that only a holder of the same credential can register. The trigger keeps
 *      it in its node's static data (n8n's database; registry.ts).
 *   2. SlickText posts the person's reply to the trigger. The trigger finds the oldest wait for that
 *      person and posts a Forward to its address; n8n checks the signature and hands it to the waiting
 *      node's webhook, which resumes the execution (waiting.ts).
 *   3. A reply no wait takes goes on as a normal event of the trigger.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Platform } from '../platform';
import { isoInZone } from '../time';

/** SlickText writes legacy timestamps in Pacific time and current ones in UTC (docs/assumptions.md). */
const ZONE: Record<Platform, string> = { legacy: 'America/Los_Angeles', current: 'UTC' };

/**
 * The one key of a registration's body: SlickText never sends it, so it cannot be taken for an event. It
 * holds the registration as signed JSON text, the signature beside it in SIGNATURE_FIELD.
 */
export const REGISTRATION_FIELD = 'n8nSlickTextReplyWait';
export const SIGNATURE_FIELD = 'signature';

export interface Registration {
	platform: Platform;
	/** Who is waited for (personKey). */
	person: string;
	/** n8n's address of this wait (signed by n8n): never shown to anyone, never logged. */
	resumeUrl: string;
	/** When the wait began, and when it ends (milliseconds since 1970; 0: no limit). */
	since: number;
	until: number;
	/** What was sent before the wait, handed back with the reply (message ID, number, contact ID). */
	sent: IDataObject;
}

/** What SlickText told the trigger, in the words of both platforms. */
export interface Reply {
	person: string;
	text: string;
	mediaUrl: string;
	from: string;
	contactId: string;
	receivedAt: string;
	/** An opt-out: the person texted STOP (or similar), or SlickText reports them unsubscribed. */
	optedOut: boolean;
	/**
	 * Whether the event is only a reply: a chat or inbox message is taken by the wait it resumes; an
	 * opt-out event (legacy OptOut, current contact_updated) also goes on as the trigger's event.
	 */
	message: boolean;
	/**
	 * Whether the trigger checked that SlickText sent it: the legacy signature (a Webhook Secret in the
	 * trigger's credential), or on the current platform the lookup of Confirm Events. Approval takes only
	 * verified replies unless the waiting node accepts unverified ones.
	 */
	verified: boolean;
}

/** What the trigger posts to a waiting node's address. */
export interface Forward {
	reply: Reply;
	wait: { since: number; until: number; sent: IDataObject };
}

/** The waiting node's answer to a Forward. */
export interface ForwardAnswer {
	taken: boolean;
}

/** The trigger's answer to a registration or its check. */
export interface RegistrationAnswer {
	registered: boolean;
	/** Whether the trigger verifies replies (see Reply.verified), so that an approval can be trusted. */
	verifies?: boolean;
	/** Whether n8n's database holds the wait (else the waiting node asks again until it does). */
	stored?: boolean;
	message?: string;
}

/**
 * Words that opt a person out of texts (the carriers' standard ones, and REVOKE and OPT OUT, which the
 * FCC's 2025 rule adds): case, spaces and punctuation ignored.
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);

export type ResponseType = 'freeText' | 'approval' | 'choice';

/** The rules of a wait or a poll, as the node's fields set them (fields.ts, poll.ts); answers.ts judges by them. */
export interface AnswerRules {
	responseType: ResponseType;
	/** Normalized yes and no words (approval). */
	yes: string[];
	no: string[];
	/** The choices as the node gives them (choice): "1", "Maybe"; compared normalized. */
	choices: string[];
	keepWaiting: boolean;
	acceptUnverified: boolean;
}

/** A reply as words are compared: upper case, without spaces, and without punctuation around it. */
export function normalizedWord(text: string): string {
	return text.toUpperCase().replace(/\s+/g, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

export function isStopWord(text: string): boolean {
	return STOP_WORDS.has(normalizedWord(text).replace(/[^\p{L}]/gu, ''));
}

/** The words of a field such as "YES, Y, OK", normalized; empty entries dropped. */
export function wordList(value: unknown): string[] {
	return String(value ?? '')
		.split(',')
		.map(normalizedWord)
		.filter((word) => word !== '');
}

/** Approval of a reply: true for a yes word, false for a no word, undefined for anything else. */
export function approvalOf(text: string, yes: string[], no: string[]): boolean | undefined {
	const word = normalizedWord(text);
	if (yes.includes(word)) return true;
	if (no.includes(word)) return false;
	return undefined;
}

/** A number as both sides key it: + and its digits, a 10-digit US number with its country code 1. */
export function numberKey(value: unknown): string {
	const digits = String(value ?? '').replace(/\D/g, '');
	if (digits === '') return '';
	return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** Who is waited for: a number on the legacy platform, a brand's contact on the current one. */
export function personKey(platform: Platform, who: { number?: unknown; brandId?: unknown; contactId?: unknown }): string {
	if (platform === 'legacy') return numberKey(who.number);
	const brand = String(who.brandId ?? '').trim().replace(/^b/i, '');
	const contact = String(who.contactId ?? '').trim();
	return brand !== '' && contact !== '' ? `${brand}:${contact}` : '';
}

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
	return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Folds case and SlickText's spelling "Recieved". */
function eventName(name: string): string {
	return name.trim().toLowerCase().replace(/recieved/g, 'received');
}

function legacyReply(name: string, json: IDataObject): Reply | undefined {
	if (name === 'chatmessagereceived') {
		const message = isRecord(json.ChatMessage) ? json.ChatMessage : {};
		const thread = isRecord(json.ChatThread) ? json.ChatThread : {};
		const from = text(message.FromNumber) || text(thread.WithNumber);
		const body = text(message.Body);
		if (numberKey(from) === '') return undefined;
		return {
			person: numberKey(from),
			text: body,
			mediaUrl: text(message.MediaUrl),
			from: numberKey(from),
			contactId: '',
			receivedAt: isoInZone(text(message.Received) || text(json.Timestamp), ZONE.legacy),
			optedOut: isStopWord(body),
			message: true,
			verified: false,
		};
	}
	if (name === 'optout') {
		const subscriber = isRecord(json.Subscriber) ? json.Subscriber : {};
		const from = numberKey(subscriber.number);
		if (from === '') return undefined;
		return {
			person: from,
			text: '',
			mediaUrl: '',
			from,
			contactId: text(subscriber.id),
			receivedAt: isoInZone(text(json.DateOptedOut) || text(json.Timestamp), ZONE.legacy),
			optedOut: true,
			message: false,
			verified: false,
		};
	}
	return undefined;
}

function currentReply(name: string, json: IDataObject): Reply | undefined {
	const data = isRecord(json.data) ? json.data : {};
	const person = personKey('current', { brandId: data._brand_id, contactId: data.contact_id });
	if (person === '') return undefined;
	const base = { person, from: numberKey(data.mobile_number), contactId: text(data.contact_id), receivedAt: isoInZone(text(json.date), ZONE.current), mediaUrl: '', verified: false };
	if (name === 'inbox_message_received') {
		// The brand's own answers in the inbox are events too; only the person's messages are replies.
		if (data.last_message_direction === 'outgoing' || typeof data.last_message !== 'string') return undefined;
		return { ...base, text: data.last_message, optedOut: isStopWord(data.last_message), message: true };
	}
	if (name === 'contact_updated' && data.opt_in_status === 'unsubscribed') {
		return { ...base, text: '', optedOut: true, message: false };
	}
	return undefined;
}

/** The reply an event carries, if it is one: a person's text or an opt-out. */
export function replyOf(platform: Platform, name: string, json: IDataObject): Reply | undefined {
	return platform === 'legacy' ? legacyReply(eventName(name), json) : currentReply(eventName(name), json);
}

/**
 * Whether a request body is a registration (or its check) rather than a SlickText event: signed or not,
 * it never goes on as an event.
 */
export function isRegistration(body: unknown): boolean {
	return isRecord(body) && body[REGISTRATION_FIELD] !== undefined;
}

/**
 * Reads a registration (its signature checked: signing.ts), or says why it is not one. A check
 * (`check: true`, sent before anything is texted) only asks whether this trigger would take a wait of
 * the platform.
 */
export function readRegistration(r: IDataObject): (Registration & { check?: boolean }) | string {
	if (r.platform !== 'current' && r.platform !== 'legacy') return 'the platform is missing';
	if (r.check === true) return { platform: r.platform, person: '', resumeUrl: '', since: 0, until: 0, sent: {}, check: true };
	if (typeof r.person !== 'string' || r.person === '') return 'the person is missing';
	if (typeof r.resumeUrl !== 'string' || !/^https?:\/\//.test(r.resumeUrl)) return 'the address of the wait is missing';
	if (typeof r.since !== 'number' || typeof r.until !== 'number') return 'the times of the wait are missing';
	return {
		platform: r.platform,
		person: r.person,
		resumeUrl: r.resumeUrl,
		since: r.since,
		until: r.until,
		sent: isRecord(r.sent) ? r.sent : {},
	};
}

/**
 * A poll (poll.ts): many people asked at once by one execution, which waits once and goes on at the
 * deadline (or once everyone answered) with every person's answer. The trigger keeps each person as a
 * member of the poll, takes their reply there (no execution resumes for it), and resumes the poll's own
 * execution at its end with all of them (polls.ts).
 */
export interface PollRules extends AnswerRules {
	/** Which of a person's replies counts: the first taken, or the last before the end (people may change their mind). */
	counts: 'first' | 'last';
	/** Whether the poll ends once nobody is left to answer (first reply counting only). */
	endEarly: boolean;
}

export interface PollMember {
	/** Who (personKey). */
	person: string;
	/** The index of the person's item in the poll's input (their first, when a person came twice). */
	i: number;
}

export interface PollRegistration {
	platform: Platform;
	kind: 'poll';
	/** n8n's address of the poll's wait: never shown, never logged. */
	resumeUrl: string;
	since: number;
	/** The deadline (milliseconds since 1970). */
	until: number;
	rules: PollRules;
	/** The poll's execution, as the executions list shows it (Get Answers asks by it). */
	executionId: string;
	members: PollMember[];
}

/** Where a poll's person stands. */
export type MemberState = 'waiting' | 'answered' | 'optedOut' | 'notAsked';

/** A person of a poll, as the trigger hands it back (at the end, or to Get Answers). */
export interface MemberAnswer {
	i: number;
	person: string;
	state: MemberState;
	/** The reply counted (the first or the last, as the poll counts). */
	reply?: { text: string; mediaUrl: string; from: string; contactId: string; receivedAt: string; verified: boolean };
	outcome?: 'replied' | 'notUnderstood' | 'optedOut';
	approved?: boolean;
	choice?: string | null;
	/** Not asked: why (the text could not be sent). */
	reason?: string;
}

/** The one key of the body the trigger posts to a poll's address when the poll ends. */
export const POLL_END_FIELD = 'n8nSlickTextPollEnd';

export interface PollEnd {
	reason: 'deadline' | 'everyone';
	/** The poll's deadline (ms). */
	until: number;
	members: MemberAnswer[];
}

/** The other requests a SlickText node makes of the trigger, signed as registrations are. */
export type TriggerRequest =
	| ({ kind: 'wait' } & Registration & { check?: boolean })
	| PollRegistration
	| { kind: 'withdraw'; platform: Platform; resumeUrl: string }
	| { kind: 'pollUpdate'; platform: Platform; resumeUrl: string; notAsked: Array<{ person: string; reason: string }> }
	| { kind: 'pollAnswers'; platform: Platform; executionId: string }
	| { kind: 'tick'; platform: Platform };

function pollRulesOf(value: unknown): PollRules | undefined {
	if (!isRecord(value)) return undefined;
	const list = (v: unknown) => (Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : []);
	const type = value.responseType;
	if (type !== 'approval' && type !== 'freeText' && type !== 'choice') return undefined;
	return {
		responseType: type,
		yes: list(value.yes),
		no: list(value.no),
		choices: list(value.choices),
		keepWaiting: value.keepWaiting === true,
		acceptUnverified: value.acceptUnverified === true,
		counts: value.counts === 'last' ? 'last' : 'first',
		endEarly: value.endEarly !== false,
	};
}

/** Reads what a signed request to the trigger asks (its signature checked: signing.ts), or says why it cannot. */
export function readTriggerRequest(r: IDataObject): TriggerRequest | string {
	if (r.platform !== 'current' && r.platform !== 'legacy') return 'the platform is missing';
	const platform = r.platform;
	const url = typeof r.resumeUrl === 'string' && /^https?:\/\//.test(r.resumeUrl) ? r.resumeUrl : undefined;
	switch (r.kind) {
		case undefined:
		case 'wait': {
			const wait = readRegistration(r);
			return typeof wait === 'string' ? wait : { kind: 'wait', ...wait };
		}
		case 'poll': {
			if (!url) return 'the address of the poll is missing';
			if (typeof r.since !== 'number' || typeof r.until !== 'number' || r.until <= 0) return 'the times of the poll are missing';
			const rules = pollRulesOf(r.rules);
			if (!rules) return 'the rules of the poll are missing';
			if (!Array.isArray(r.members)) return 'the people of the poll are missing';
			const members: PollMember[] = [];
			for (const m of r.members) {
				if (!isRecord(m) || typeof m.person !== 'string' || m.person === '' || typeof m.i !== 'number') return 'a person of the poll is not one';
				members.push({ person: m.person, i: m.i });
			}
			return { kind: 'poll', platform, resumeUrl: url, since: r.since, until: r.until, rules, executionId: String(r.executionId ?? ''), members };
		}
		case 'withdraw':
			return url ? { kind: 'withdraw', platform, resumeUrl: url } : 'the address of the wait is missing';
		case 'pollUpdate': {
			if (!url) return 'the address of the poll is missing';
			const notAsked = (Array.isArray(r.notAsked) ? r.notAsked : [])
				.filter(isRecord)
				.map((m) => ({ person: String(m.person ?? ''), reason: String(m.reason ?? '') }))
				.filter((m) => m.person !== '');
			return { kind: 'pollUpdate', platform, resumeUrl: url, notAsked };
		}
		case 'pollAnswers':
			return { kind: 'pollAnswers', platform, executionId: String(r.executionId ?? '') };
		case 'tick':
			return { kind: 'tick', platform };
		default:
			return `"${String(r.kind)}" is not a request the trigger takes`;
	}
}

/** Reads a poll's end out of the poll node's webhook body (posted by the trigger). */
export function readPollEnd(body: unknown): PollEnd | undefined {
	if (!isRecord(body) || !isRecord(body[POLL_END_FIELD])) return undefined;
	const end = body[POLL_END_FIELD] as IDataObject;
	if (!Array.isArray(end.members)) return undefined;
	return {
		reason: end.reason === 'everyone' ? 'everyone' : 'deadline',
		until: typeof end.until === 'number' ? end.until : 0,
		members: end.members.filter((m): m is IDataObject => isRecord(m) && typeof m.i === 'number') as unknown as MemberAnswer[],
	};
}

/** Reads a Forward out of the waiting webhook's body. */
export function readForward(body: unknown): Forward | undefined {
	if (!isRecord(body) || !isRecord(body.reply) || !isRecord(body.wait)) return undefined;
	const { reply, wait } = body;
	if (typeof reply.person !== 'string' || typeof reply.text !== 'string' || typeof wait.since !== 'number') return undefined;
	return {
		reply: {
			person: reply.person,
			text: reply.text,
			mediaUrl: text(reply.mediaUrl),
			from: text(reply.from),
			contactId: text(reply.contactId),
			receivedAt: text(reply.receivedAt),
			optedOut: reply.optedOut === true,
			message: reply.message !== false,
			verified: reply.verified === true,
		},
		wait: { since: wait.since, until: typeof wait.until === 'number' ? wait.until : 0, sent: isRecord(wait.sent) ? wait.sent : {} },
	};
}

/**
 * n8n's own refusals before any handler runs (n8n's abstract-server middleware): 503 "Database is not
 * ready!" while a process's database ping fails, and 200 "n8n is starting up" before its migrations are
 * done. Nothing of the request was run, so asking again can never do anything twice.
 */
export function refusedBeforeAnyHandler(statusCode: number, body: unknown): boolean {
	const said = typeof body === 'string' ? body : String((body as IDataObject | null)?.message ?? '');
	return (statusCode === 503 && said === 'Database is not ready!') || (statusCode === 200 && said.startsWith('n8n is starting up'));
}

/**
 * Whether a request to n8n was done: a 2xx, but not the 200 "n8n is starting up" that n8n answers every
 * request with while its migrations run (nothing was read or delivered then).
 */
export function doneByN8n(answer: { statusCode: number; body: unknown }): boolean {
	return answer.statusCode >= 200 && answer.statusCode < 300 && !refusedBeforeAnyHandler(answer.statusCode, answer.body);
}
