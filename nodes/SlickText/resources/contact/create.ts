import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { isTool } from '../../../shared/errors';
import { currentRoute } from '../../../shared/routing';
import { send, type RequestData } from '../../../shared/transport/request';
import { contactCreateBody, contactFields } from './fields';

const EXISTS_HINT =
	'To change the contact with this number instead, use the operation Create or Update (it finds the contact by mobile number).';
const PENDING_NOTE =
	'Pending: SlickText sent a double opt-in text; the contact is subscribed only after replying to confirm.';

/**
 * Sends the create; a number that exists already gets a hint at Create or Update, and a double opt-in
 * says in the output that the contact is pending until it confirms (its status alone reads as if
 * nothing happened).
 */
async function createContact(this: IExecutePaginationFunctions, requestData: RequestData): Promise<INodeExecutionData[]> {
	// The error is already the shared NodeApiError; only its hint grows, so it is passed on as it is.
	const items = await send(this, 'current', requestData).catch(async (error: unknown) => {
		const e = error as { httpCode?: string; message: string; description?: string | null };
		if (['409', '422'].includes(String(e.httpCode)) && /exist|already|taken/i.test(`${e.message} ${e.description ?? ''}`)) {
			e.description = `${e.description ?? ''} ${EXISTS_HINT}`.trim();
			if (isTool(this.getNode())) e.message = `${e.message} ${EXISTS_HINT}`;
		}
		return await Promise.reject(error);
	});
	const body = requestData.options.body as IDataObject | undefined;
	if (body?.force_double_opt_in !== 'true') return items;
	return items.map((item) => ({ ...item, json: { ...item.json, double_opt_in_pending: true, note: PENDING_NOTE } }));
}

export const mobileNumberProperty = {
	displayName: 'Mobile Number',
	name: 'mobileNumber',
	type: 'string' as const,
	required: true,
	default: '',
	placeholder: 'e.g. +16175551234',
	description:
		'US mobile number with area code: 10 digits, 11 starting with 1, or + and the country code, at most 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +). Sent as + and digits; 10 digits get the country code 1.',
};

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a contact',
		description:
			'Add a contact to the brand. SlickText sends no confirmation text unless Force Double Opt-In is on; a number that exists already fails.',
		routing: currentRoute({ method: 'POST', url: '/contacts', preSend: [contactCreateBody], runner: createContact }),
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
