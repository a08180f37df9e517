import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { asNodeError, isTool } from '../../../shared/errors';
import { currentRoute } from '../../../shared/routing';
import type { ItemRun } from '../../../shared/runner/types';
import { contactCreateBody, contactFields } from './fields';
import { findContactByMobile, postContact } from './requests';

const EXISTS_HINT =
	'To change the contact with this number instead, use the operation Create or Update (it finds the contact by mobile number).';
const PENDING_NOTE =
	'Pending: SlickText sent a double opt-in text; the contact is subscribed only after replying to confirm.';

function isDuplicate(error: unknown): boolean {
	const e = error as { httpCode?: string; message: string; description?: string | null };
	return ['409', '422'].includes(String(e.httpCode)) && /exist|already|taken/i.test(`${e.message} ${e.description ?? ''}`);
}

/**
 * Sends the create; a number that exists already gets a hint at Create or Update, and a double opt-in
 * says in the output that the contact is pending until it confirms (its status alone reads as if
 * nothing happened). When an earlier try of Retry On Fail sent this create and got no answer, a
 * "number exists" now means that create was done: the contact it made is the output.
 */
async function createContact(item: ItemRun, request: IHttpRequestOptions): Promise<INodeExecutionData[]> {
	const body = request.body as IDataObject;
	let items: INodeExecutionData[];
	try {
		items = await postContact(item, request, body);
	} catch (error) {
		if (!isDuplicate(error)) throw asNodeError(item.getNode(), error, item.getItemIndex());
		const done = item.unansweredBefore ? await findContactByMobile(item, request, String(body.mobile_number)) : undefined;
		if (done) {
			items = [{ json: done }];
		} else {
			// The error is already the shared NodeApiError; only its hint grows, so it is passed on as it is.
			const e = error as { message: string; description?: string | null };
			e.description = `${e.description ?? ''} ${EXISTS_HINT}`.trim();
			if (isTool(item.getNode())) e.message = `${e.message} ${EXISTS_HINT}`;
			throw asNodeError(item.getNode(), error, item.getItemIndex());
		}
	}
	if (body?.force_double_opt_in !== 'true') return items;
	return items.map((entry) => ({ ...entry, json: { ...entry.json, double_opt_in_pending: true, note: PENDING_NOTE } }));
}

export const mobileNumberProperty = {
	displayName: 'Mobile Number',
	name: 'mobileNumber',
	type: 'string' as const,
	required: true,
	default: '',
	placeholder: 'e.g. +16175551234',
	description:
		'Mobile number with its area code: + and the country code, for example +447911123456 or +16175551234; a US number may also be written as 10 digits, or 11 starting with 1. 10 to 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +). Sent as + and digits; 10 digits get the country code 1.',
};

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a contact',
		description:
			"Add a contact to the brand. SlickText sends no confirmation text unless 'Force Double Opt-In' is on; a number that exists already fails.",
		// Sent again after no answer: SlickText refuses a second contact with the number (see createContact).
		route: currentRoute({ method: 'POST', url: '/contacts', preSend: [contactCreateBody], execute: createContact, unknown: 'resend' }),
	},
	properties: [
		mobileNumberProperty,
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: contactFields('create'),
		},
	],
	effect: 'automation',
};
