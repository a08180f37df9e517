/**
 * Poll > Ask and Wait (both nodes): a list asked one question, answered by a deadline, in one step. The
 * node registers the poll and every person with the SlickText Trigger before anyone is texted, texts them
 * (legacy: a text each, at the credential's rate; current: one campaign to the lists), waits once, and
 * goes on with one item per person when the trigger ends the poll: at the deadline, or once nobody is
 * left to answer. The trigger's side: polls.ts; the design: docs/architecture.md ("Polls").
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { sortByName, type OperationDescription } from '../descriptions';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import type { OperationRun, RouteRunOptions } from '../runner/types';
import { inZone } from '../time';
import { credentialsOnce } from '../transport/credentials';
import { baseUrlOf, lookup, send, wireFor } from '../transport/request';
import { amountAndUnit, answerWords, DEFAULT_NO_WORDS, DEFAULT_YES_WORDS } from './fields';
import { numberKey, personKey, readPollEnd, wordList, type MemberAnswer, type PollEnd, type PollRegistration, type PollRules } from './protocol';
import { signingKeyOf } from './signing';
import { pollTiming, TICK_FIELD } from './polls';
import { askTrigger, checkTrust, fail, registerStored, resumeUrlOf, TRIGGER_NAME, triggerUrlOf, waitingInput, type PreparedWait } from './waiting';

/**
 * `fallbackAfterMs`: how long after the deadline n8n's own limit ends the poll's wait if the trigger never
 * ended it (every process that takes its requests down); `marginMs`: the least time between asking the
 * last person and the deadline. An object, so that tests can shorten them.
 */
export const pollLimits = { fallbackAfterMs: 15 * 60_000, marginMs: 60_000 };

/** The statuses of a person in a poll's output. */
export type PollStatus = 'answered' | 'noAnswer' | 'optedOut' | 'notAsked' | 'notCounted';

// ------------------------------------------------------------------------------------------ fields

const responseFields: INodeProperties[] = [
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		options: [
			{ name: 'Approval', value: 'approval', description: 'People answer yes or no; each comes out approved or not' },
			{ name: 'Choice', value: 'choice', description: 'People answer with one of the choices, such as 1, 2 or 3' },
			{ name: 'Free Text', value: 'freeText', description: 'Any answer; each comes out with its text' },
		],
		default: 'approval',
		description: 'What kind of answer the question asks for',
	},
	{
		displayName: 'Choices',
		name: 'choices',
		type: 'string',
		default: '1, 2, 3',
		placeholder: 'e.g. 1, 2, 3',
		description: 'The answers the question offers, separated by commas. Case, spaces and punctuation around the answer are ignored.',
		displayOptions: { show: { responseType: ['choice'] } },
	},
	{
		displayName: 'Other Answers',
		name: 'otherAnswers',
		type: 'options',
		options: [
			{ name: 'Keep Waiting', value: 'keepWaiting', description: 'The person may still answer; the other text comes out of the trigger' },
			{ name: 'Count as Not Understood', value: 'notUnderstood', description: 'The person counts as answered, with the answer marked as not understood' },
		],
		default: 'keepWaiting',
		description: 'What happens when an answer is not one the question offers',
		displayOptions: { show: { responseType: ['approval', 'choice'] } },
	},
	{
		displayName: 'Answer By',
		name: 'deadlineType',
		type: 'options',
		options: [
			{ name: 'A Time From Now', value: 'afterTimeInterval', description: 'The answers are counted a while after the question goes out' },
			{ name: 'A Set Date and Time', value: 'atSpecifiedTime', description: 'The answers are counted at a date and time' },
		],
		default: 'afterTimeInterval',
		description: 'When the answers are counted (sooner, once everyone answered)',
	},
	...amountAndUnit({ amount: 'deadlineAmount', unit: 'deadlineUnit' }, 'How long people have to answer', { show: { deadlineType: ['afterTimeInterval'] } }),
	{
		displayName: 'Deadline',
		name: 'deadline',
		type: 'dateTime',
		default: '',
		required: true,
		description: "When the answers are counted. A time without an offset is in the workflow's time zone.",
		displayOptions: { show: { deadlineType: ['atSpecifiedTime'] } },
	},
	{
		displayName: 'Answer That Counts',
		name: 'answerThatCounts',
		type: 'options',
		options: [
			{ name: 'First', value: 'first', description: "A person's first answer counts; the poll ends early once everyone answered" },
			{ name: 'Last', value: 'last', description: 'People may change their answer until the deadline; the last one counts' },
		],
		default: 'first',
		description: "Which of a person's answers counts",
	},
];

function pollOptions(extra: INodeProperties[]): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Accept Unverified Replies',
			name: 'acceptUnverifiedReplies',
			type: 'boolean',
			default: false,
			description:
				"Whether an approval or a choice may count a reply the trigger cannot verify (no webhook secret on legacy, no 'Confirm Events with SlickText' on current). Anyone who can reach the trigger's URL could then answer for a person.",
		},
		{
			displayName: 'End Early When Everyone Answered',
			name: 'endEarly',
			type: 'boolean',
			default: true,
			description: 'Whether the answers come out as soon as nobody is left to answer, rather than at the deadline',
		},
		// The answer words where an approval has them (answers.ts reads them for a poll as for a wait).
		...answerWords.map((word) => ({ ...word, displayOptions: { show: { '/responseType': ['approval'] } } })),
		...extra,
	];
	return {
		displayName: 'Options',
		name: 'pollOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: sortByName(options),
	};
}

/**
 * The fields every poll has after its own (who is asked and how: each node's Ask and Wait file): the kind of
 * answer, the deadline, which answer counts, and the options (`extra`: the node's own, e.g. a media URL).
 */
export function pollFields(extra: INodeProperties[] = []): INodeProperties[] {
	return [...responseFields, pollOptions(extra)];
}

// ------------------------------------------------------------------------------------------ checks

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

function options(ctx: IExecuteFunctions | IWebhookFunctions): IDataObject {
	return ((ctx as IExecuteFunctions).getNodeParameter('pollOptions', 0, {}) ?? {}) as IDataObject;
}

/** The poll's rules, the same for every person (read from the first item). */
export function pollRulesOf(ctx: IExecuteFunctions): PollRules {
	const o = options(ctx);
	const type = String(ctx.getNodeParameter('responseType', 0, 'approval'));
	const responseType = type === 'freeText' || type === 'choice' ? type : 'approval';
	const choices = String(ctx.getNodeParameter('choices', 0, '') ?? '')
		.split(',')
		.map((c) => c.trim())
		.filter((c) => c !== '');
	const rules: PollRules = {
		responseType,
		yes: wordList(o.yesWords ?? DEFAULT_YES_WORDS),
		no: wordList(o.noWords ?? DEFAULT_NO_WORDS),
		choices: responseType === 'choice' ? choices : [],
		keepWaiting: ctx.getNodeParameter('otherAnswers', 0, 'keepWaiting') !== 'notUnderstood',
		acceptUnverified: o.acceptUnverifiedReplies === true,
		counts: ctx.getNodeParameter('answerThatCounts', 0, 'first') === 'last' ? 'last' : 'first',
		endEarly: o.endEarly !== false,
	};
	if (responseType === 'approval') {
		if (rules.yes.length === 0 || rules.no.length === 0) throw fail(ctx, rules.yes.length === 0 ? "'Yes Words' is empty" : "'No Words' is empty", 'Give at least one word for yes and one for no.');
		if (rules.yes.some((w) => rules.no.includes(w))) throw fail(ctx, 'A word is both a yes word and a no word', 'Each answer word may mean yes or no, not both.');
	}
	if (responseType === 'choice') {
		if (choices.length === 0) throw fail(ctx, "'Choices' is empty", 'Give the answers the question offers, separated by commas, for example: 1, 2, 3.');
		const seen = new Set<string>();
		for (const choice of wordList(choices.join(','))) {
			if (seen.has(choice)) throw fail(ctx, `'Choices': "${choice}" is there twice`, 'Each choice must differ from the others (case and spaces aside).');
			seen.add(choice);
		}
	}
	return rules;
}

/** The deadline (ms), checked: in the future, with time to ask everyone first. */
export function deadlineOf(ctx: IExecuteFunctions, now: number, askingMs: number): number {
	const type = ctx.getNodeParameter('deadlineType', 0, 'afterTimeInterval');
	let at: number;
	let field: string;
	if (type === 'atSpecifiedTime') {
		field = 'Deadline';
		const value = ctx.getNodeParameter('deadline', 0, '') as unknown;
		const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String((value as { toISO?: () => string })?.toISO?.() ?? value ?? '');
		at = new Date(text).getTime();
		if (text.trim() === '' || Number.isNaN(at)) throw fail(ctx, `'Deadline': "${text}" is not a date and time`, 'Give the date and time at which the answers are counted.');
	} else {
		field = 'Amount';
		const amount = Number(ctx.getNodeParameter('deadlineAmount', 0, 1));
		const unit = UNIT_MS[String(ctx.getNodeParameter('deadlineUnit', 0, 'days'))];
		if (!Number.isFinite(amount) || amount <= 0) throw fail(ctx, `'Amount': must be more than 0, got ${String(amount)}`, 'Set how long people have to answer.');
		if (unit === undefined) throw fail(ctx, "'Unit' is not minutes, hours or days", 'Choose minutes, hours or days.');
		at = now + amount * unit;
	}
	const earliest = now + askingMs + pollLimits.marginMs;
	if (at < earliest) {
		const minutes = Math.ceil((earliest - now) / 60_000);
		throw fail(
			ctx,
			`'${field}': the answers would be counted before everyone can be asked`,
			`Asking everyone takes about ${Math.ceil(askingMs / 60_000)} minute(s) at the credential's rate; give people at least ${minutes} minutes (until ${new Date(earliest).toISOString()} or later).`,
		);
	}
	return at;
}

function perSecondOf(credentials: IDataObject): number {
	const rate = Number(credentials.requestsPerSecond);
	return Number.isFinite(rate) && rate > 0 ? rate : 8;
}

// ------------------------------------------------------------------------------------------ the run

/** A person of the poll, as the node keeps them for its output. */
interface Person {
	person: string;
	/** The item that asks them (a person in two items is asked once, by the first). */
	i: number;
	sent: IDataObject;
	json: IDataObject;
}

function notAnAiTool(ctx: IExecuteFunctions): void {
	const node = ctx.getNode();
	if (node.type.endsWith('Tool')) {
		throw new NodeOperationError(node, 'Asking a list and waiting for the answers does not work as an AI tool', {
			description: "An agent's tool call cannot pause the workflow for a deadline.",
		});
	}
}

/** What the node puts out per person if n8n's own limit ends the wait (the trigger never ended the poll). */
function notCounted(person: Person, executionId: string): IDataObject {
	return {
		status: 'notCounted' satisfies PollStatus,
		answer: null,
		message: `The poll's answers did not reach this execution by its deadline. Read them with Poll > Get Answers (poll ${executionId}).`,
		sent: person.sent,
		person: person.json,
	};
}

/**
 * Registers the poll, then (legacy) texts each person or (current) sends the campaign, then waits. Every
 * check comes before the registration, and the registration before the first text.
 */
async function askAndWait(ctx: IExecuteFunctions, platform: Platform, prepared: PreparedWait, rules: PollRules, people: Person[], send: () => Promise<Map<number, string>>): Promise<INodeExecutionData[][]> {
	const resumeUrl = resumeUrlOf(ctx);
	const until = prepared.until.getTime();
	const unique = people.filter((p, n) => people.findIndex((q) => q.person === p.person) === n);
	const registration: PollRegistration = {
		platform,
		kind: 'poll',
		resumeUrl,
		since: Date.now(),
		until,
		rules,
		executionId: String(ctx.getExecutionId() ?? ''),
		members: unique.map(({ person, i }) => ({ person, i })),
	};
	await registerStored(ctx, platform, prepared, registration as unknown as IDataObject, 'the poll');
	const failed = await send();
	if (failed.size > 0) {
		const notAsked = unique.filter((p) => failed.has(p.i)).map((p) => ({ person: p.person, reason: failed.get(p.i) as string }));
		await askTrigger(ctx, platform, prepared, { kind: 'pollUpdate', resumeUrl, notAsked }, 'the people who could not be asked');
		if (notAsked.length === unique.length) {
			const first = notAsked[0];
			throw fail(ctx, `Nobody could be asked: ${first.reason}`, 'No text went out, so the poll ends without answers. Fix the cause and run the workflow again.', unique[0].i);
		}
	}
	// n8n passes the waiting node's input on if its own limit ends the wait: each person, not counted.
	const executeData = ctx.getExecuteData?.();
	const input = ctx.getInputData();
	// Each stands where the item it came from stood, so that n8n's item pairing still leads back to it.
	const stash = people.map((p, n) => ({ json: notCounted(p, registration.executionId), pairedItem: (input[n] ?? input[0])?.pairedItem ?? { item: n } }));
	if (executeData?.data?.main) executeData.data.main[0] = stash;
	await ctx.putExecutionToWait(new Date(until + pollLimits.fallbackAfterMs));
	void lookAtTheDeadline(ctx, prepared.triggerUrl, until);
	return [stash];
}

/**
 * One more timer for the poll's end, in the process that ran the poll (a worker, in queue mode): at the
 * deadline it asks the trigger to look at its polls, again every 10 s for 5 minutes while nobody answers
 * (every webhook process down meanwhile). The trigger's own timers end the poll as a rule; this one ends
 * it when every process that takes the trigger's requests restarted across the deadline.
 */
async function lookAtTheDeadline(ctx: IExecuteFunctions, triggerUrl: string, until: number): Promise<void> {
	const round = pollTiming.round;
	const wait = async (ms: number) => {
		for (let left = ms; left > 0 && pollTiming.round === round; left -= 1000) await sleep(Math.min(1000, left));
	};
	await wait(until + pollTiming.graceMs + 1000 - Date.now());
	for (let attempt = 0; attempt < 30 && pollTiming.round === round; attempt++) {
		try {
			const answer = (await ctx.helpers.httpRequest({ method: 'POST', url: triggerUrl, body: { [TICK_FIELD]: true }, json: true, returnFullResponse: true, ignoreHttpStatusErrors: true, timeout: 30_000 })) as { statusCode: number };
			if (answer.statusCode >= 200 && answer.statusCode < 300) return;
		} catch {
			// No process answers yet: asked again.
		}
		await wait(10_000);
	}
}

/** Ask and Wait on the legacy node: each person's number from their item, a text each through Send's route. */
export function legacyAskRun(): OperationRun {
	return async (ctx, sendRoute) => {
		notAnAiTool(ctx);
		const items = ctx.getInputData();
		const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE.legacy);
		const triggerUrl = triggerUrlOf(ctx, credentials, 'legacy');
		const rules = pollRulesOf(ctx);
		const people: Person[] = [];
		const firstOf = new Map<string, number>();
		for (let i = 0; i < items.length; i++) {
			const raw = String(ctx.getNodeParameter('number', i, '') ?? '').trim();
			const digits = raw.replace(/\D/g, '');
			if (raw === '' || !/^\+?[\d\s().-]+$/.test(raw) || digits.length < 10 || digits.length > 15) {
				throw fail(ctx, `'Mobile Number': ${raw === '' ? 'is empty' : `"${raw}" is not a mobile number`}`, "Each item needs its person's mobile number: + and the country code, or 10 digits for a US number.", i);
			}
			const person = personKey('legacy', { number: numberKey(raw) });
			if (!firstOf.has(person)) firstOf.set(person, i);
			people.push({ person, i: firstOf.get(person) as number, sent: { to: person }, json: items[i].json });
		}
		if (people.length === 0) throw fail(ctx, 'Nobody to ask: the node got no items', 'Put the people to ask before this node, one item each.');
		const askingMs = (firstOf.size / perSecondOf(credentials)) * 1000;
		const prepared: PreparedWait = { triggerUrl, until: new Date(deadlineOf(ctx, Date.now(), askingMs)), key: signingKeyOf('legacy', credentials) };
		await checkTrust(ctx, 'legacy', prepared, rules.responseType !== 'freeText' && !rules.acceptUnverified, rules.responseType === 'approval' ? 'an approval' : 'a choice');
		return await askAndWait(ctx, 'legacy', prepared, rules, people, async () => {
			const failed = new Map<number, string>();
			const messages = new Map<number, unknown>();
			const options: RouteRunOptions = {
				eachOnItsOwn: true,
				onlyItems: new Set(firstOf.values()),
				onItem: (index, result) => {
					if ('error' in result) failed.set(index, result.error.message);
					else messages.set(index, result.output[0]?.json);
				},
			};
			if (!sendRoute) throw new NodeOperationError(ctx.getNode(), 'Ask and Wait has no route to text with');
			await sendRoute(options);
			// The message SlickText made, and the contact it texted (opted in first, if the number was not subscribed).
			for (const p of people) {
				const message = messages.get(p.i) as IDataObject | undefined;
				if (message) p.sent = { ...p.sent, messageId: message.id ?? null, contactId: message.contactID ?? message.contact ?? null };
			}
			return failed;
		});
	};
}

/** The subscribed contacts of some lists (each once), read page by page. */
async function subscribersOf(ctx: IExecuteFunctions, listIds: number[]): Promise<IDataObject[]> {
	const wire = await wireFor(ctx, 'current');
	const seen = new Map<string, IDataObject>();
	for (const list of listIds) {
		for (let offset = 0; ; ) {
			const page = (await lookup(wire, `/lists/${list}/contacts`, { limit: 10_000, offset })) as { data?: IDataObject[]; pagingData?: { hasMore?: boolean } };
			const records = Array.isArray(page?.data) ? page.data : [];
			for (const contact of records) {
				const id = String(contact.contact_id ?? contact.id ?? '');
				if (id !== '' && contact.opt_in_status === 'subscribed' && !seen.has(id)) seen.set(id, contact);
			}
			offset += records.length;
			if (records.length === 0 || page?.pagingData?.hasMore !== true || seen.size > 20_000) break;
		}
	}
	return [...seen.values()];
}

/** Ask and Wait on the current node: the lists' subscribed contacts, one campaign once every wait is in place. */
export function currentAskRun(): OperationRun {
	return async (ctx) => {
		notAnAiTool(ctx);
		const items = ctx.getInputData();
		if (items.length > 1) {
			throw fail(ctx, `Ask and Wait sends one campaign: it takes one item, got ${items.length}`, "The people asked are the subscribed contacts of the lists chosen in 'List Names or IDs'; put the node after a trigger, not after a list of contacts.");
		}
		const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE.current);
		const triggerUrl = triggerUrlOf(ctx, credentials, 'current');
		const rules = pollRulesOf(ctx);
		const listIds = (ctx.getNodeParameter('listIds', 0, []) as unknown[]).map((id) => Number(id));
		if (listIds.length === 0 || listIds.some((id) => !Number.isInteger(id) || id <= 0)) {
			throw fail(ctx, "'List Names or IDs': choose at least one list", 'The subscribed contacts of these lists are asked.');
		}
		const name = String(ctx.getNodeParameter('name', 0, '') ?? '').trim();
		const message = String(ctx.getNodeParameter('message', 0, '') ?? '').trim();
		if (name === '') throw fail(ctx, "'Campaign Name' is required", 'Name the campaign, as SlickText lists it.');
		if (message === '') throw fail(ctx, "'Message' is required", 'Write the question, saying how to answer.');
		const mediaUrl = String(options(ctx).mediaUrl ?? '').trim();
		if (mediaUrl !== '' && !/^https?:\/\/\S+$/.test(mediaUrl)) throw fail(ctx, `'Media URL': "${mediaUrl}" is not a URL`, 'Give a public http(s) address of an image.');
		// One campaign goes out at once: the deadline needs no time for texting.
		const prepared: PreparedWait = { triggerUrl, until: new Date(deadlineOf(ctx, Date.now(), 0)), key: signingKeyOf('current', credentials) };
		await checkTrust(ctx, 'current', prepared, rules.responseType !== 'freeText' && !rules.acceptUnverified, rules.responseType === 'approval' ? 'an approval' : 'a choice');
		const contacts = await subscribersOf(ctx, listIds);
		if (contacts.length === 0) throw fail(ctx, 'The lists have no subscribed contacts', 'Nobody would get the question: choose lists with subscribed contacts.');
		const brandId = credentials.brandId;
		const people: Person[] = contacts.map((contact, n) => ({
			person: personKey('current', { brandId, contactId: contact.contact_id ?? contact.id }),
			i: n,
			sent: { contactId: String(contact.contact_id ?? contact.id), to: numberKey(contact.mobile_number) || null },
			json: contact,
		}));
		const asked = await askAndWait(ctx, 'current', prepared, rules, people, async () => {
			const wire = await wireFor(ctx, 'current');
			const body: IDataObject = { name, body: message, status: 'send', audience: { contact_lists: listIds }, ...(mediaUrl ? { media_url: mediaUrl } : {}) };
			let campaign: IDataObject;
			try {
				campaign = (await send(wire, { method: 'POST', baseURL: baseUrlOf('current', credentials), url: '/campaigns', body, json: true, headers: { Accept: 'application/json' } })).body as IDataObject;
			} catch (error) {
				return new Map(people.map((p) => [p.i, `The campaign was not sent: ${(error as Error).message}`]));
			}
			const record = (campaign?.data ?? campaign) as IDataObject;
			for (const p of people) p.sent = { ...p.sent, campaignId: record?.campaign_id ?? record?.id ?? null };
			return new Map();
		});
		// The current node's people are no input items: each comes from the one item.
		return [asked[0].map((item) => ({ ...item, pairedItem: { item: 0 } }))];
	};
}

// ------------------------------------------------------------------------------------------ the end

function outputOf(kept: IDataObject, member: MemberAnswer | undefined, rules: { responseType?: string; zone: string; deadline: string }, reason: PollEnd['reason']): IDataObject {
	const sent = (kept.sent ?? {}) as IDataObject;
	const base = { deadline: rules.deadline, sent, person: kept.person ?? {} };
	if (!member) return { status: 'noAnswer', answer: null, ...base };
	const status: PollStatus = member.state === 'waiting' ? 'noAnswer' : member.state;
	// In the workflow's time zone, as n8n shows the deadline; a legacy reply names the number only: its contact is the one texted.
	const reply = member.reply
		? { ...member.reply, receivedAt: inZone(member.reply.receivedAt, rules.zone), contactId: member.reply.contactId || String(sent.contactId ?? '') }
		: null;
	const out: IDataObject = {
		status,
		answer: status === 'answered' ? (reply?.text ?? null) : null,
		...(rules.responseType === 'approval' ? { approved: member.approved === true } : {}),
		...(rules.responseType === 'choice' ? { choice: member.choice ?? null } : {}),
		...(status === 'answered' && member.outcome === 'notUnderstood' ? { understood: false } : {}),
		answeredAt: reply?.receivedAt ?? null,
		verified: reply ? reply.verified : null,
		reply,
		...(status === 'notAsked' ? { notAskedReason: member.reason ?? '' } : {}),
		endedBy: reason,
		...base,
	};
	return out;
}

/**
 * The count of a poll's people, once each (a person in two items counts once), in every item: a step after
 * the poll can text or post the count without adding the items up itself.
 */
function summaryOf(members: MemberAnswer[], responseType: string): IDataObject {
	const count = (test: (m: MemberAnswer) => boolean) => members.filter(test).length;
	const summary: IDataObject = {
		people: members.length,
		answered: count((m) => m.state === 'answered'),
		noAnswer: count((m) => m.state === 'waiting'),
		optedOut: count((m) => m.state === 'optedOut'),
		notAsked: count((m) => m.state === 'notAsked'),
	};
	if (responseType === 'approval') {
		summary.approved = count((m) => m.state === 'answered' && m.approved === true);
		summary.declined = count((m) => m.state === 'answered' && m.approved === false && m.outcome === 'replied');
	}
	if (responseType === 'choice') {
		const choices: IDataObject = {};
		for (const m of members) if (m.state === 'answered' && typeof m.choice === 'string') choices[m.choice] = Number(choices[m.choice] ?? 0) + 1;
		summary.choices = choices;
	}
	return summary;
}

/**
 * The poll's webhook (the trigger posts the poll's end to it): one item per person, in the order of the
 * node's input, each with the person's item and what was sent (kept in the node's input when it began
 * to wait) and their answer.
 */
export function pollEndWebhook(ctx: IWebhookFunctions): IWebhookResponseData | undefined {
	const end = readPollEnd(ctx.getBodyData());
	if (!end) return undefined;
	// A person is their number (legacy) or their contact (current: "brand:contact").
	const keyOf = (person: string) => (person.includes(':') ? person.slice(person.indexOf(':') + 1) : person);
	const byPerson = new Map(end.members.map((m) => [keyOf(m.person), m]));
	// The node's own items (put in place of its input when it began to wait); none where n8n gives no input.
	const kept = waitingInput(ctx).filter((item) => item.json?.status === 'notCounted');
	const responseType = String(ctx.getNodeParameter('responseType', 'approval'));
	const zone = ctx.getTimezone();
	const deadline = end.until > 0 ? inZone(new Date(end.until).toISOString(), zone) : '';
	const legacy = ctx.getNode().type.endsWith('slickTextLegacy');
	const summary = summaryOf(end.members, responseType);
	const items: INodeExecutionData[] =
		kept.length > 0
			? kept.map((item, n) => {
					const json = item.json ?? {};
					const sent = (json.sent ?? {}) as IDataObject;
					// Legacy people were texted at a number; current ones are contacts.
					const member = byPerson.get(legacy ? String(sent.to ?? '') : String(sent.contactId ?? ''));
					return { json: { ...outputOf(json, member, { responseType, zone, deadline }, end.reason), summary }, pairedItem: { item: n } };
				})
			: end.members.map((m) => ({ json: { ...outputOf({ person: { person: m.person } }, m, { responseType, zone, deadline }, end.reason), summary }, pairedItem: { item: 0 } }));
	return { webhookResponse: { taken: true }, workflowData: [items] };
}

// ------------------------------------------------------------------------------------------ operations

/** Poll > Ask and Wait, for each platform's node. */
export function askAndWaitOperation(platform: Platform, properties: INodeProperties[], route?: OperationDescription['option']['route']): OperationDescription {
	const trigger = TRIGGER_NAME[platform];
	const run = platform === 'legacy' ? legacyAskRun() : currentAskRun();
	return {
		option: {
			name: 'Ask and Wait',
			value: 'askAndWait',
			action: platform === 'legacy' ? 'Text each person and wait for their answers' : 'Send a campaign and wait for the answers',
			description:
				platform === 'legacy'
					? `Text a question to each input item's number, then wait until the deadline (or until everyone answered): one item per person with their answer. Replies reach n8n through the ${trigger}.`
					: `Send a question to the subscribed contacts of lists as one campaign, then wait until the deadline (or until everyone answered): one item per contact with their answer. Replies reach n8n through the ${trigger}.`,
			...(route ? { route, run } : { run }),
		} as OperationDescription['option'],
		properties,
		effect: 'send',
		effectNote: 'texts every person given and pauses the workflow until the deadline, so it does not work as an AI agent tool; uses credits',
	};
}
