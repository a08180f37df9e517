import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator, sortByName } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { assertUrl, isBlank, toIdList } from '../../../shared/validation';
import { resolveLocal } from '../../../shared/time';

export function campaignIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'campaignId',
		displayName: 'Campaign',
		searchMethod: 'searchCampaigns',
		noun: 'campaign',
		description,
	});
}

export type Delivery = 'draft' | 'schedule' | 'now';

export type Audience = { kind: 'all' } | { kind: 'lists' | 'segments'; ids: number[] };

/** What a campaign write carries, checked; undefined parts are left out of the body. */
export interface CampaignInput {
	name?: string;
	message?: string;
	mediaUrl?: string;
	delivery?: Delivery;
	/** `YYYY-MM-DD HH:MM:SS` in UTC. */
	scheduled?: string;
	audience?: Audience;
}

/**
 * The campaign body of POST and PUT /campaigns, the one place that knows its shape. The spec does not
 * show it; public-api-notes.md ("Campaign create") does, in part:
 * - documented (seen in working clients): name, body, media_url, status "send", audience {all: true}
 *   and audience {contact_lists: [ids]};
 * - guessed: status "draft", status "scheduled" with scheduled "YYYY-MM-DD HH:MM:SS" (sent in UTC,
 *   because the API gives `scheduled` back in UTC) and audience {segments: [ids]}.
 * Correct the keys here only.
 */
export function campaignBody(input: CampaignInput): IDataObject {
	const body: IDataObject = {};
	if (input.name !== undefined) body.name = input.name;
	if (input.message !== undefined) body.body = input.message;
	if (input.mediaUrl !== undefined) body.media_url = input.mediaUrl;
	if (input.delivery !== undefined) {
		body.status = { now: 'send', schedule: 'scheduled', draft: 'draft' }[input.delivery];
	}
	if (input.scheduled !== undefined) body.scheduled = input.scheduled;
	if (input.audience !== undefined) {
		const audience = input.audience;
		if (audience.kind === 'all') body.audience = { all: true };
		else if (audience.kind === 'lists') body.audience = { contact_lists: audience.ids };
		else body.audience = { segments: audience.ids };
	}
	return body;
}

// ------------------------------------------------------------------------------------ fields

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	description: 'Name of the campaign in SlickText; contacts do not see it',
};

export const messageField: INodeProperties = {
	displayName: 'Message',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 4 },
	default: '',
	description: 'Text sent to every contact of the audience',
};

const deliveryField: INodeProperties = {
	displayName: 'Send',
	name: 'delivery',
	type: 'options',
	options: [
		{ name: 'Save as Draft', value: 'draft', description: 'Save the campaign without sending anything' },
		{ name: 'Schedule', value: 'schedule', description: "Send the texts at the time given in 'Send At'" },
		{ name: 'Send Now', value: 'now', description: 'Text the whole audience right away' },
	],
	default: 'draft',
	description: 'What happens to the campaign. Sending texts every subscribed contact of the audience.',
};

const scheduledField: INodeProperties = {
	displayName: 'Send At',
	name: 'scheduledAt',
	type: 'dateTime',
	default: '',
	description:
		"When to send. A time without an offset is in the workflow's time zone; SlickText gets it in UTC.",
};

// Lists by default, as Legacy Send defaults to one contact: texting the whole brand is a deliberate
// choice, never what an untouched field (or an AI agent that cannot see it) does. Lists need choosing.
const audienceField: INodeProperties = {
	displayName: 'Audience',
	name: 'audience',
	type: 'options',
	options: [
		{ name: 'All Contacts', value: 'all', description: 'Every subscribed contact of the brand' },
		{ name: 'Lists', value: 'lists', description: 'The subscribed contacts of the lists chosen' },
		{ name: 'Segments', value: 'segments', description: 'The subscribed contacts of the segments chosen' },
	],
	default: 'lists',
	description: 'Who gets the campaign',
};

/** Shown when a campaign to All Contacts is sent or scheduled: what the Legacy node's textword send says too. */
const wholeBrandNotice: INodeProperties = {
	displayName:
		'This texts every subscribed contact of the brand, which can be thousands of people. Each recipient uses message credits.',
	name: 'wholeBrandNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { audience: ['all'], delivery: ['now', 'schedule'] } },
};

export const listsField: INodeProperties = {
	displayName: 'List Names or IDs',
	name: 'listIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getLists' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

const segmentsField: INodeProperties = {
	displayName: 'Segment Names or IDs',
	name: 'segmentIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getSegments' },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

export const mediaUrlField: INodeProperties = {
	displayName: 'Media URL',
	name: 'mediaUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/image.jpg',
	description: 'Public address of an image to send with the text, which makes it an MMS',
};

/** The fields of Create, top-level, each shown when it applies. */
export const campaignCreateFields: INodeProperties[] = [
	{ ...nameField, required: true },
	{ ...messageField, required: true },
	deliveryField,
	{ ...scheduledField, required: true, displayOptions: { show: { delivery: ['schedule'] } } },
	audienceField,
	wholeBrandNotice,
	{ ...listsField, required: true, displayOptions: { show: { audience: ['lists'] } } },
	{ ...segmentsField, required: true, displayOptions: { show: { audience: ['segments'] } } },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [mediaUrlField],
	},
];

/** The options of Update Fields: the same fields, each one optional. */
export const campaignUpdateFields: INodeProperties[] = sortByName([
	{ ...audienceField, description: 'Who gets the campaign; Lists and Segments need the lists or segments below' },
	{ ...listsField, description: `Used when 'Audience' is Lists. ${String(listsField.description)}` },
	mediaUrlField,
	messageField,
	nameField,
	{ ...segmentsField, description: `Used when 'Audience' is Segments. ${String(segmentsField.description)}` },
	deliveryField,
	{ ...scheduledField, description: `${String(scheduledField.description)} Alone it moves a scheduled campaign.` },
]);

// ---------------------------------------------------------------------------------- checks

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date-time field as `YYYY-MM-DD HH:MM:SS` in UTC. A value with an offset (an expression such as
 * {{ $now.plus(1, 'day') }}) keeps its instant; one without (the date picker) is read in the
 * workflow's time zone. A date without a time, or a time already past, fails the item.
 */
export function toUtcStamp(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const text = String(value ?? '').trim();
	const match =
		/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
	if (!match) throw inputError(ctx, label, `"${text}" is not a date and time`, 'Use for example 2030-12-20T15:00:00.');
	const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	if (match[4] === undefined) {
		throw inputError(ctx, label, `"${text}" has no time of day`, 'Give the time to send, for example 2030-12-20T15:00:00.');
	}
	const [h, mi, s] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
	const wall = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(wall);
	if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
		throw inputError(ctx, label, `"${text}" is not a date and time`, 'Use for example 2030-12-20T15:00:00.');
	}
	let utc: number;
	const zone = match[7];
	if (zone !== undefined) {
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.replace(/\D/g, '');
		utc = zone.toUpperCase() === 'Z' ? wall : wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60000;
	} else {
		// The workflow's time zone, with the one rule of both nodes for a skipped or repeated hour.
		const moment = resolveLocal(ctx, label, text, { year: y, month: mo, day: d, hour: h, minute: mi, second: s }, ctx.getTimezone());
		utc = moment.toMillis();
	}
	if (utc <= Date.now()) throw inputError(ctx, label, `${text} is in the past`, 'A campaign can be scheduled for a later time only.');
	const t = new Date(utc);
	return (
		`${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
		`${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
	);
}

function readAudience(ctx: IExecuteSingleFunctions, kind: unknown, lists: unknown, segments: unknown): Audience {
	if (kind === 'lists') return { kind, ids: toIdList(ctx, listsField.displayName, lists) };
	if (kind === 'segments') return { kind, ids: toIdList(ctx, segmentsField.displayName, segments) };
	if (kind === 'all') return { kind };
	throw inputError(ctx, 'Audience', `"${String(kind)}" is not an audience`);
}

function readText(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	if (isBlank(value)) throw inputError(ctx, label, 'is required');
	return String(value).trim();
}

function readDelivery(ctx: IExecuteSingleFunctions, value: unknown): Delivery {
	if (value === 'now' || value === 'schedule' || value === 'draft') return value;
	throw inputError(ctx, 'Send', `"${String(value)}" is not an option`);
}

/** A schedule needs a time; a time needs a schedule. */
function readSchedule(ctx: IExecuteSingleFunctions, delivery: Delivery | undefined, scheduledAt: unknown) {
	if (delivery === 'schedule' && isBlank(scheduledAt)) {
		throw inputError(ctx, scheduledField.displayName, "is required when 'Send' is Schedule", 'Give the time to send.');
	}
	if (isBlank(scheduledAt)) return undefined;
	if (delivery !== undefined && delivery !== 'schedule') {
		throw inputError(ctx, scheduledField.displayName, "is only used when 'Send' is Schedule");
	}
	return toUtcStamp(ctx, scheduledField.displayName, scheduledAt);
}

export const campaignCreateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const param = (name: string, fallback: unknown = '') => this.getNodeParameter(name, fallback);
	const additional = param('additionalFields', {}) as IDataObject;
	const delivery = readDelivery(this, param('delivery', 'draft'));
	const input: CampaignInput = {
		name: readText(this, nameField.displayName, param('name')),
		message: readText(this, messageField.displayName, param('message')),
		delivery,
		scheduled: readSchedule(this, delivery, delivery === 'schedule' ? param('scheduledAt') : undefined),
		audience: readAudience(this, param('audience', audienceField.default), param('listIds', []), param('segmentIds', [])),
	};
	if (!isBlank(additional.mediaUrl)) input.mediaUrl = assertUrl(this, mediaUrlField.displayName, additional.mediaUrl);
	requestOptions.body = campaignBody(input);
	return requestOptions;
};

/** Only what the user set in Update Fields, and at least one thing. */
export const campaignUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const set = (name: string) => !isBlank(fields[name]) && !(Array.isArray(fields[name]) && fields[name].length === 0);
	const input: CampaignInput = {};
	if (set('name')) input.name = readText(this, nameField.displayName, fields.name);
	if (set('message')) input.message = readText(this, messageField.displayName, fields.message);
	if (set('mediaUrl')) input.mediaUrl = assertUrl(this, mediaUrlField.displayName, fields.mediaUrl);
	if (set('delivery')) input.delivery = readDelivery(this, fields.delivery);
	input.scheduled = readSchedule(this, input.delivery, fields.scheduledAt);
	if (set('audience')) {
		input.audience = readAudience(this, fields.audience, fields.listIds, fields.segmentIds);
	}
	for (const [name, field, kind] of [
		['listIds', listsField, 'lists'],
		['segmentIds', segmentsField, 'segments'],
	] as const) {
		if (set(name) && fields.audience !== kind) {
			throw inputError(this, field.displayName, `are only used when 'Audience' is ${audienceName(kind)}`);
		}
	}
	const body = campaignBody(input);
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'set at least one field');
	requestOptions.body = body;
	return requestOptions;
};

function audienceName(kind: string): string {
	return String(audienceField.options?.find((o) => 'value' in o && o.value === kind)?.name ?? kind);
}
