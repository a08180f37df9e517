import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError, malformedError } from '../../../shared/errors';
import { toIdValue } from '../../../shared/routing';
import { isBlank, param, requireOneOf, toIdList, toList } from '../../../shared/validation';

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
			'IDs of the contacts, comma-separated, or an expression that gives an array of IDs (for example the contact_ids field of the input item). All of them go in one request.',
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

export const membershipRequestBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const { contactIds, listIds } = membershipInput(this);
	requestOptions.body = membershipBody(contactIds, listIds) as unknown as IDataObject;
	return requestOptions;
};

/** The API answers a generic success object; the item says which contacts and lists it was about. */
export const membershipOutput: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { contactIds, listIds } = membershipInput(this);
	const answer = response.body;
	const extra = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : {};
	return [{ json: { success: true, contact_ids: contactIds, list_ids: listIds, ...extra } }];
};

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
