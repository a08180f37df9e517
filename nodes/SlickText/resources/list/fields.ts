import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { filtersCollection, idLocator } from '../../../shared/descriptions';
import { asNodeError, inputError, malformedError } from '../../../shared/errors';
import { MEMBERSHIP_CHUNK_SIZE } from '../../../shared/limits';
import type { RecordShape } from '../../../shared/paging';
import { toIdValue } from '../../../shared/routing';
import { simplifyContact, simplifyOn } from '../../../shared/simplify';
import { asSingle, type ItemRun } from '../../../shared/runner/types';
import { isBlank, param, requireOneOf, toIdList, toList } from '../../../shared/validation';
import { OPT_IN_STATUSES } from '../contact/fields';

export function listIdLocator(description?: string): INodeProperties {
	return idLocator({ name: 'listId', displayName: 'List', searchMethod: 'searchLists', noun: 'list', description });
}

/** List create and update take {name, description} [doc]; an update needs at least one of them. */
function listBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (!isBlank(fields.name)) body.name = String(fields.name).trim();
	if (!isBlank(fields.description)) body.description = fields.description;
	return body;
}

export const listCreateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const name = this.getNodeParameter('name', '');
	if (isBlank(name)) throw inputError(this, 'Name', 'is required');
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	requestOptions.body = listBody({ name, description: additional.description });
	return requestOptions;
};

export const listUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	requireOneOf(this, 'Update Fields', { Name: fields.name, Description: fields.description }, ['Name', 'Description']);
	requestOptions.body = listBody(fields);
	return requestOptions;
};

// ------------------------------------------------------------------------------------ members

/**
 * SlickText cannot filter a list's members (GET /lists/{id}/contacts takes paging only), so the node
 * filters them itself, page by page as they arrive: a list of 100,000 never sits in n8n whole when the
 * flow wants the 25,000 unsubscribed ones.
 */
export const memberFilters: INodeProperties = filtersCollection(
	[
		{
			displayName: 'Opt-In Status',
			name: 'optInStatus',
			type: 'multiOptions',
			options: OPT_IN_STATUSES,
			default: [],
			description:
				"Only members with one of these opt-in statuses. Applied by the node while it pages (SlickText cannot filter a list's members), so the others are never kept; 'Limit' counts the members that match.",
		},
	],
	'Applied by the node to each page as it arrives',
);

const STATUS_VALUES = OPT_IN_STATUSES.map((o) => String(o.value));

/** The opt-in statuses asked for (none: every member), checked before any request. */
function memberStatuses(ctx: Pick<IExecuteSingleFunctions, 'getNodeParameter' | 'getNode' | 'getItemIndex'>): Set<string> | undefined {
	const filters = (ctx.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	const statuses = toList(filters.optInStatus);
	for (const status of statuses) {
		if (!STATUS_VALUES.includes(status)) {
			throw inputError(ctx, 'Opt-In Status', `"${status}" is not one of: ${STATUS_VALUES.join(', ')}`);
		}
	}
	return statuses.length > 0 ? new Set(statuses) : undefined;
}

export const checkMemberFilters: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	memberStatuses(this);
	return requestOptions;
};

/** Each member kept only when its status matches, and simplified when asked, while paging. */
export const memberShape: RecordShape = (ctx) => {
	const statuses = memberStatuses(ctx);
	const simplify = simplifyOn(ctx);
	if (!statuses && !simplify) return undefined;
	return {
		drops: statuses !== undefined,
		keep: (record) => {
			if (statuses && !statuses.has(String(record.opt_in_status))) return undefined;
			return simplify ? simplifyContact(record) : record;
		},
	};
};

// ------------------------------------------------------------------------------------ membership

/** n8n names a field with dynamic options this way (the editor also accepts an expression of IDs). */
const LISTS_LABEL = 'List Names or IDs';

export const membershipProperties: INodeProperties[] = [
	{
		displayName: 'Contact IDs',
		name: 'contactIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 5320593, 5320594',
		description:
			'IDs of the contacts, comma-separated, or an expression that gives an array of IDs (for example the contact_ids field of the input item). Sent in order, in requests of up to 500 contacts each.',
	},
	{
		displayName: LISTS_LABEL,
		name: 'listIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getLists' },
		default: [],
		required: true,
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
];

/** The contacts and lists of one item, checked: at least one of each, all numeric. */
export function membershipInput(ctx: IExecuteSingleFunctions): { contactIds: number[]; listIds: number[] } {
	const contactIds = [...new Set(toIdList(ctx, 'Contact IDs', param(ctx, 'contactIds', '')))];
	const lists = param(ctx, 'listIds', []);
	if (toList(lists).length === 0) throw inputError(ctx, LISTS_LABEL, 'choose at least one list');
	const listIds = [...new Set(toIdList(ctx, LISTS_LABEL, lists))];
	return { contactIds, listIds };
}

/**
 * The list-membership body: one element per contact, each with all the lists.
 * Known: POST /lists/contacts takes `[{"contact_id": 5320593, "lists": [2222, 2223]}]` (not in SlickText's
 * documentation, but the body of three independent working clients; public-api-notes.md).
 * Guessed: DELETE /lists/contacts takes the same body. If it turns out to differ, change it here only.
 */
export function membershipBody(contactIds: number[], listIds: number[]): IDataObject[] {
	return contactIds.map((contactId) => ({ contact_id: contactId, lists: [...listIds] }));
}

/** Checks the item's contacts and lists before anything is sent; the runner builds the bodies. */
export const membershipRequestBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	membershipInput(this);
	return requestOptions;
};

/** "contact 7" or "contacts 501-1000": contacts of the item, counted in the order given. */
function contactSpan(from: number, to: number): string {
	return from === to ? `contact ${from}` : `contacts ${from}-${to}`;
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 21st. */
function ordinal(n: number): string {
	const teens = n % 100 >= 11 && n % 100 <= 13;
	const suffix = teens ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
	return `${n}${suffix}`;
}

/**
 * Says in the error of one of an item's requests which of its contacts SlickText already changed and
 * which were not sent, counted in contacts (the user's words), not in the node's requests.
 */
function describeChunks(
	error: unknown,
	failed: number,
	chunks: number,
	contacts: number,
	change: 'added' | 'removed',
): void {
	if (!(error instanceof Error) || chunks === 1) return;
	const e = error as Error & { description?: string | null };
	const doneContacts = failed * MEMBERSHIP_CHUNK_SIZE;
	const lastFailed = Math.min(doneContacts + MEMBERSHIP_CHUNK_SIZE, contacts);
	const done =
		failed === 0
			? `None of this item's ${contacts} contacts were ${change}.`
			: `Done before this stop: the first ${doneContacts} of ${contacts} contacts, in the order given, were ${change}.`;
	const rest =
		lastFailed < contacts ? `; ${contactSpan(lastFailed + 1, contacts)} ${lastFailed + 1 === contacts ? 'was' : 'were'} not sent` : '';
	const again =
		change === 'added'
			? 'Running the item again is safe: adding a contact that is already on a list changes nothing.'
			: 'Running the item again is safe: removing a contact that is no longer on a list changes nothing.';
	e.description = `${e.description ? `${e.description}\n\n` : ''}${done} Not done: ${contactSpan(doneContacts + 1, lastFailed)} (the request this message is about)${rest}. ${again}`;
	e.message = `${e.message} (the ${ordinal(failed + 1)} of ${chunks} requests of up to ${MEMBERSHIP_CHUNK_SIZE} contacts)`;
}

/**
 * Sends an item's membership change in chunks of MEMBERSHIP_CHUNK_SIZE contacts, one after the other in
 * the order given, each through the rate limiter. The first failure stops the item; its error says
 * which chunks were done. One output item per input item, with the answers' counts summed.
 */
export function membershipChunks(change: 'added' | 'removed') {
	return async (item: ItemRun, request: IHttpRequestOptions): Promise<INodeExecutionData[]> => {
		const { contactIds, listIds } = membershipInput(asSingle(item));
		const chunks = Math.ceil(contactIds.length / MEMBERSHIP_CHUNK_SIZE);
		const summed: IDataObject = {};
		for (let k = 0; k < chunks; k++) {
			const part = contactIds.slice(k * MEMBERSHIP_CHUNK_SIZE, (k + 1) * MEMBERSHIP_CHUNK_SIZE);
			let body: unknown;
			try {
				({ body } = await item.send({ ...request, body: membershipBody(part, listIds) as unknown as IDataObject }));
			} catch (error) {
				describeChunks(error, k, chunks, contactIds.length, change);
				// Already mapped by the transport (NodeApiError or NodeOperationError): passed on with the chunk record.
				throw asNodeError(item.getNode(), error, item.getItemIndex());
			}
			if (body && typeof body === 'object' && !Array.isArray(body)) {
				for (const [key, value] of Object.entries(body)) {
					summed[key] = typeof value === 'number' && typeof summed[key] === 'number' ? (summed[key] as number) + value : value;
				}
			}
		}
		return [
			{
				json: {
					success: true,
					contact_ids: contactIds,
					list_ids: listIds,
					...summed,
					summary: membershipSummary(change, summed[change], contactIds.length, listIds.length),
				},
			},
		];
	};
}

/** What happened, in words: SlickText's own message says "added" even when every contact was there already. */
function membershipSummary(change: 'added' | 'removed', count: unknown, contacts: number, lists: number): string {
	const pairs = contacts * lists;
	const memberships = (n: number) => `${n} list ${n === 1 ? 'membership' : 'memberships'}`;
	if (typeof count !== 'number') return `${memberships(pairs)} sent to be ${change}.`;
	const unchanged = Math.max(0, pairs - count);
	const rest = change === 'added' ? 'already on the list' : 'not on the list';
	return `${count} of ${memberships(pairs)} ${change}${unchanged > 0 ? `; ${unchanged} ${unchanged === 1 ? 'was' : 'were'} ${rest}` : ''}.`;
}

/** The count answer is a bare number such as `228` [code]; a `{count}` object is taken too. */
export const countOutput: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = response.body as unknown;
	let value: unknown = body;
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const record = body as IDataObject;
		value = record.count ?? record.total ?? (record.data as IDataObject | undefined)?.count;
	}
	const count = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
	if (!Number.isInteger(count) || count < 0) {
		throw malformedError(this.getNode(), `the contact count is not a number: ${JSON.stringify(body)}`, this.getItemIndex());
	}
	return [{ json: { list_id: toIdValue(param(this, 'listId', '')), count } }];
};
