import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import type { RequestData } from '../../../shared/transport/request';
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
async function updateRunner(this: IExecutePaginationFunctions, requestData: RequestData) {
	const body = requestData.options.body as IDataObject;
	if (this.getNodeParameter('findBy', 'id') === 'mobileNumber') {
		const mobileNumber = normalizeMobile(this, 'Mobile Number', param(this, 'mobileNumber', ''));
		const contact = await requireContactByMobile(this, requestData, mobileNumber);
		return await putContact(this, requestData, contact.contact_id, body);
	}
	return await putContact(this, requestData, param(this, 'contactId', ''), body);
}

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a contact',
		description: 'Change fields of a contact found by ID or by mobile number; only the fields set are changed',
		routing: currentRoute({
			method: 'PUT',
			url: '/contacts',
			preSend: [requireContactTarget, contactUpdateBody],
			runner: updateRunner,
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
				'The contact to update. US mobile number with area code: 10 digits, 11 starting with 1, or + and the country code, at most 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +).',
			displayOptions: { show: { findBy: ['mobileNumber'] } },
		},
		updateFieldsCollection(contactFields('update')),
	],
};
