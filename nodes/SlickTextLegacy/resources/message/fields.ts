import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { asSingle, type ItemRun } from '../../../shared/runner/types';
import { assertPhone, isBlank, param } from '../../../shared/validation';
import { accountKeep, accountSettings, SMALLEST_CHARACTER_LIMIT } from '../../shared/account';
import { assertId, assertMediaUrl, notADate } from '../../shared/checks';
import { listIdFilter, locatorFilter, textFilter, timeFilter, type Filter } from '../../shared/filters';
import { recordsOf } from '../../shared/output';
import { momentsOf, resolveLocal, wallClockOf } from '../../../shared/time';
import { onQuarterHour, toMoment, wallClock } from '../../shared/time';
import { contactIdLocator } from '../contact/fields';
import { textwordIdLocator } from '../textword/fields';
import { reviewedText } from '../../../shared/replies/toolReview';

export function messageIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'messageId',
		displayName: 'Message',
		searchMethod: 'searchMessages',
		noun: 'message',
		description,
	});
}

/** Filters of every message list: all messages, a textword's messages. */
export function messageFilters(withTextword: boolean): Filter[] {
	return [
		textFilter('campaign', 'Campaign', 'The internal campaign name given when the message was sent'),
		...(withTextword
			? [listIdFilter('textword', 'Textword Name or ID', 'getTextwords', 'Only messages to this textword')]
			: []),
		// A resource locator under the name it had as a text field, so a contact ID saved as text still loads.
		locatorFilter('contact', contactIdLocator('Only messages sent to this one contact')),
		textFilter('source', 'Source', 'Where the message was sent from, e.g. API or Dashboard'),
		timeFilter('sentAfter', 'Sent After', 'Only messages sent after this moment (in any time zone; sent to SlickText in Pacific time)'),
		timeFilter('sentBefore', 'Sent Before', 'Only messages sent before this moment (in any time zone; sent to SlickText in Pacific time)'),
	];
}

// ---------------------------------------------------------------------------------------------------
// Send and Schedule

/** No account allows a longer text message; longer ones fail before the account is even read. */
export const MAX_SMS_LENGTH = 320;
export const MAX_MMS_LENGTH = 1600;

/**
 * The parameter that holds the text: `body` on Send and Schedule, `message` on Send and Wait for Reply.
 * Both show as Message, the name n8n's own SMS and chat nodes give it; the stored names stay, so saved
 * workflows still load.
 */
export type TextField = 'body' | 'message';

/** The text's label in the panel and in messages about it, whichever parameter holds it. */
const TEXT_LABEL = 'Message';

/**
 * The fields Send, Schedule and Send and Wait for Reply share: who gets the message, its text and
 * options. Send and Wait for Reply texts one person: it has no textword-wide choice.
 */
export function messageFields(textField: TextField = 'body'): INodeProperties[] {
	const onePerson = textField === 'message';
	const fields: INodeProperties[] = [
		{
			displayName: 'Send To',
			name: 'sendTo',
			type: 'options',
			// One recipient by default, as n8n's Twilio and Brevo nodes do: texting a whole textword is a
			// deliberate choice, never what an untouched field (or an AI agent that cannot see it) does.
			options: [
				{
					name: 'One Contact',
					value: 'contact',
					description: 'One contact, by contact ID',
				},
				{
					name: 'One Mobile Number on a Textword',
					value: 'number',
					description:
						'One number. If it is not subscribed to the textword, SlickText opts it in (without the auto reply) and texts only that number. A number that opted out is refused.',
				},
				...(onePerson
					? []
					: [
							{
								name: 'All Contacts of a Textword',
								value: 'textword',
								description: 'Every contact of the textword, or every contact in one segment of it',
							},
						]),
			],
			default: 'contact',
			description: 'Who receives the message',
		},
		{
			displayName:
				'This texts every contact of the textword (or of the chosen segment), which can be thousands of people. Each recipient uses message credits.',
			name: 'textwordNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { sendTo: ['textword'] } },
		},
		{ ...textwordIdLocator('The textword (keyword list) whose contacts receive the message'), displayOptions: { show: { sendTo: ['textword'] } } },
		// The same field for one number: there only that number is texted.
		{
			...textwordIdLocator('The textword the number is subscribed to; a number that is not is opted in to it first'),
			displayOptions: { show: { sendTo: ['number'] } },
		},
		{ ...contactIdLocator('The contact who receives the message'), displayOptions: { show: { sendTo: ['contact'] } } },
		{
			displayName: 'Mobile Number',
			name: 'number',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +16195551234',
			description:
				'Sending opts the number in to the textword when it is not subscribed yet. Mobile number with its area code: + and the country code, for example +447911123456 or +16175551234; a US number may also be written as 10 digits, or 11 starting with 1. 10 to 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +).',
			displayOptions: { show: { sendTo: ['number'] } },
		},
		{
			displayName: TEXT_LABEL,
			name: textField,
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			description: onePerson
				? "The text, saying how to answer (for example: Reply YES to confirm). A text message (SMS) may be as long as the account's limit (132, 160 or 320 characters); with a media URL (MMS) up to 1600."
				: "The text. A text message (SMS) may be as long as the account's limit (132, 160 or 320 characters); with a media URL (MMS) up to 1600.",
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Campaign',
					name: 'campaign',
					type: 'string',
					default: '',
					description: 'Internal name for reports; recipients do not see it',
				},
				{
					displayName: 'Media URL',
					name: 'mediaUrl',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/menu.jpg',
					description:
						'Public http(s) URL of a jpg, jpeg, png or gif image (590 KB or less). Makes the message an MMS.',
				},
				{
					displayName: 'Segment Name or ID',
					name: 'segment',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getSegments', loadOptionsDependsOn: ['textwordId.value'] },
					default: '',
					description:
						'Send only to this segment of the textword. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					displayOptions: { show: { '/sendTo': ['textword'] } },
				},
			],
		},
	];
	if (!onePerson) return fields;
	// Without the textword-wide choice, its fields have nothing to show for.
	const forTextword = (p: INodeProperties) => p.displayOptions?.show?.sendTo?.includes('textword') || p.displayOptions?.show?.['/sendTo']?.includes('textword');
	return fields
		.filter((p) => !forTextword(p))
		.map((p) => (p.type === 'collection' ? { ...p, options: (p.options as INodeProperties[]).filter((o) => !forTextword(o)) } : p));
}

type Kind = 'SEND' | 'SCHEDULE';

function lengthProblem(length: number, max: number, what: string): string {
	return `is ${length} characters; ${what} takes at most ${max}`;
}

/** The scheduled moment, checked: SlickText schedules only on the quarter hour. */
function scheduledMoment(ctx: IExecuteSingleFunctions) {
	const value = ctx.getNodeParameter('scheduledFor', '');
	if (isBlank(value)) throw inputError(ctx, 'Scheduled For', 'is required');
	// A time without an offset follows the one rule of both nodes for a skipped or repeated hour.
	const wall = typeof value === 'string' ? wallClockOf(value) : undefined;
	if (wall) return resolveLocal(ctx, 'Scheduled For', value as string, wall, ctx.getTimezone());
	const moment = toMoment(value, ctx.getTimezone());
	if (!moment) throw notADate(ctx, 'Scheduled For', value);
	return moment;
}

/** Checks what can be checked without the account, and builds the form body. */
export function messageBody(kind: Kind, textField: TextField = 'body'): PreSendAction {
	const label = TEXT_LABEL;
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		// An AI agent's human review puts the tool's input into its text: in words, not "[object Object]".
		const text = reviewedText(this, String(this.getNodeParameter(textField, '') ?? ''));
		const options = this.getNodeParameter('additionalFields', {}) as IDataObject;
		const media = isBlank(options.mediaUrl) ? undefined : assertMediaUrl(this, 'Media URL', options.mediaUrl);
		if (isBlank(text)) throw inputError(this, label, 'is required');
		if (media && text.length > MAX_MMS_LENGTH) {
			throw inputError(this, label, lengthProblem(text.length, MAX_MMS_LENGTH, 'a message with media (MMS)'));
		}
		if (!media && text.length > MAX_SMS_LENGTH) {
			throw inputError(
				this,
				label,
				lengthProblem(text.length, MAX_SMS_LENGTH, 'a text message (SMS) on any account'),
				'Shorten the text, or add a media URL to send it as an MMS of up to 1600 characters.',
			);
		}

		const body: IDataObject = { body: text, campaign: options.campaign, mediaUrl: media };
		const sendTo = String(param(this, 'sendTo', 'contact'));
		if (sendTo === 'textword' && textField === 'message') {
			throw inputError(this, 'Send To', 'cannot be a whole textword here', "Send and Wait for Reply texts one person: choose 'One Contact' or 'One Mobile Number on a Textword'.");
		} else if (sendTo === 'textword') {
			body.textword = assertId(this, 'Textword', param(this, 'textwordId', ''));
			if (!isBlank(options.segment)) body.segment = assertId(this, 'Segment', options.segment);
		} else if (sendTo === 'contact') {
			body.contact = assertId(this, 'Contact', param(this, 'contactId', ''));
		} else if (sendTo === 'number') {
			body.textword = assertId(this, 'Textword', param(this, 'textwordId', ''));
			const number = param(this, 'number', '');
			assertPhone(this, 'Mobile Number', number);
			body.number = String(number).trim();
		} else {
			throw inputError(this, 'Send To', `"${sendTo}" is not one of textword, contact, number`, 'A message goes to a textword or to a contact.');
		}

		if (kind === 'SCHEDULE') {
			const moment = scheduledMoment(this);
			if (!onQuarterHour(moment)) {
				throw inputError(
					this,
					'Scheduled For',
					`"${String(this.getNodeParameter('scheduledFor', ''))}" is not on a quarter hour`,
					'SlickText schedules at minute 00, 15, 30 or 45 with zero seconds; choose such a time.',
				);
			}
		}
		requestOptions.body = body;
		return requestOptions;
	};
}

/**
 * Sends the message after what needs the account: its length limit for a text message and, for a
 * schedule, its time zone. The account is read at most once per execution, and not at all where the
 * process keeps settings recent enough for the decision (account.ts); the output is the message. The
 * request holds the text as `body` whichever parameter held it, so the text field is not needed here.
 */
export function messageRunner(kind: Kind) {
	const label = TEXT_LABEL;
	return async (item: ItemRun, request: IHttpRequestOptions): Promise<INodeExecutionData[]> => {
		const ctx = asSingle(item);
		const body = request.body as IDataObject;
		const sms = body.mediaUrl === undefined;
		if (sms || kind === 'SCHEDULE') {
			const length = String(body.body).length;
			// Settings kept from an earlier run decide only what they cannot get wrong: a text no account
			// refuses. A longer text (the limit decides it) and a schedule (the zone decides its hour) take
			// recent ones (account.ts, accountKeep).
			const decided = kind === 'SCHEDULE' || (sms && length > SMALLEST_CHARACTER_LIMIT);
			let account = await accountSettings(item, request, decided ? accountKeep.sureMs : accountKeep.ms);
			// A refusal is made on this run's own read: the limit may have been raised since.
			if (sms && length > account.maxCharacterLimit) account = await accountSettings(item, request, 0);
			if (sms && length > account.maxCharacterLimit) {
				throw inputError(
					ctx,
					label,
					lengthProblem(length, account.maxCharacterLimit, 'a text message (SMS) on this account'),
					'The limit (132, 160 or 320 characters) is a setting of the SlickText account. Shorten the text, or add a media URL to send it as an MMS.',
				);
			}
			if (kind === 'SCHEDULE') {
				const moment = scheduledMoment(ctx).setZone(account.timezone);
				// SlickText reads the clock time in the account's zone: in the repeated hour it cannot tell which.
				const wall = { year: moment.year, month: moment.month, day: moment.day, hour: moment.hour, minute: moment.minute, second: moment.second };
				if (momentsOf(wall, account.timezone).length > 1) {
					throw inputError(ctx, 'Scheduled For', `falls in the hour that happens twice in the account's time zone ${account.timezone}`, 'SlickText takes a clock time in that zone and cannot tell the two apart; choose another time.');
				}
				body.scheduled = wallClock(moment, account.timezone);
			}
		}
		return recordsOf((await item.send(request)).body, ['message']);
	};
}
