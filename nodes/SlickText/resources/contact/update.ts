import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { asSingle, type ItemRun } from '../../../shared/runner/types';
import { param } from '../../../shared/validation';
import {
	contactFields,
	contactIdLocator,
	contactUpdateBody,
	findByProperty,
	normalizeMobile,
	requireContactTarget,
} from './fields';
import { putContact, requireContactByMobile } from './requests';

/** By ID: one PUT. By mobile number: look the contact up, then PUT to its ID. */
async function updateContact(item: ItemRun, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	if (item.getNodeParameter('findBy', 'id') === 'mobileNumber') {
		const mobileNumber = normalizeMobile(asSingle(item), 'Mobile Number', param(asSingle(item), 'mobileNumber', ''));
		const contact = await requireContactByMobile(item, request, mobileNumber);
		return await putContact(item, request, contact.contact_id, body);
	}
	return await putContact(item, request, param(asSingle(item), 'contactId', ''), body);
}

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a contact',
		description: 'Change fields of a contact found by ID or by mobile number; only the fields set are changed',
		route: currentRoute({
			method: 'PUT',
			url: '/contacts',
			preSend: [requireContactTarget, contactUpdateBody],
			execute: updateContact,
		}),
	},
	properties: [
		findByProperty,
		{ ...contactIdLocator(), displayOptions: { show: { findBy: ['id'] } } },
		{
			displayName: 'Mobile Number',
			name: 'mobileNumber',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +16175551234',
			description:
				'The contact to update. Mobile number with its area code: + and the country code, for example +447911123456 or +16175551234; a US number may also be written as 10 digits, or 11 starting with 1. 10 to 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +).',
			displayOptions: { show: { findBy: ['mobileNumber'] } },
		},
		updateFieldsCollection(contactFields('update')),
	],
};
