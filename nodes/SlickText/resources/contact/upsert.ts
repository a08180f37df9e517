import type { IDataObject, IHttpRequestOptions, NodeApiError } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import type { ItemRun } from '../../../shared/runner/types';
import { mobileNumberProperty } from './create';
import { contactCreateBody, contactFields } from './fields';
import { findContactByMobile, postContact, putContact } from './requests';

/**
 * Looks the number up first, so that a flow that runs twice updates the contact it created instead of
 * failing or creating it again. A POST refused with 422 means the number appeared in between (another
 * run, a keyword): then it looks up once more and updates.
 */
async function upsertContact(item: ItemRun, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	const mobileNumber = String(body.mobile_number);
	// force_double_opt_in exists on create only.
	const updateBody = { ...body };
	delete updateBody.force_double_opt_in;
	const existing = await findContactByMobile(item, request, mobileNumber);
	if (existing) return await putContact(item, request, existing.contact_id, updateBody);
	let refused: unknown;
	try {
		return await postContact(item, request, body);
	} catch (error) {
		refused = error;
	}
	// Only a duplicate number is worth a second look; any other failure is the item's error. (Read
	// httpCode rather than test the class: n8n and this package may load different n8n-workflow copies.)
	const duplicate = (refused as NodeApiError | undefined)?.httpCode === '422';
	const appeared = duplicate ? await findContactByMobile(item, request, mobileNumber) : undefined;
	if (!appeared) throw refused;
	return await putContact(item, request, appeared.contact_id, updateBody);
}

export const upsert: OperationDescription = {
	option: {
		name: 'Create or Update',
		value: 'upsert',
		action: 'Create or update a contact',
		description: 'Create a new record, or update the current one if it already exists (upsert)',
		route: currentRoute({ method: 'POST', url: '/contacts', preSend: [contactCreateBody], execute: upsertContact, unknown: 'resend' }),
	},
	properties: [
		{ ...mobileNumberProperty, description: `${mobileNumberProperty.description} The contact is found by this number.` },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: contactFields('create').map((field) =>
				field.name === 'forceDoubleOptIn'
					? { ...field, description: `${String(field.description)} (only when the contact is created)` }
					: field,
			),
		},
	],
	effect: 'automation',
};
