import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { OperationDescription } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { legacyRoute } from '../../../shared/routing';
import { unwrap } from '../../shared/output';
import { assertPhone, param } from '../../../shared/validation';
import { assertId } from '../../shared/checks';
import { textwordIdLocator } from '../textword/fields';
import { contactBody, contactFieldsCollection, contactIdLocator, hasContactFields, mobileNumberField } from './fields';

/** EDIT finds the contact by its ID, or by its textword and number. */
async function editBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const findBy = String(param(this, 'findBy', 'id'));
	let target: IDataObject;
	if (findBy === 'id') {
		target = { id: assertId(this, 'Contact', param(this, 'contactId', '')) };
	} else if (findBy === 'textwordAndNumber') {
		const number = param(this, 'number', '');
		const textword = assertId(this, 'Textword', param(this, 'textwordId', ''));
		assertPhone(this, 'Mobile Number', number);
		target = { textword, number: String(number).trim() };
	} else {
		throw inputError(this, 'Find Contact By', `"${findBy}" is not one of id, textwordAndNumber`);
	}
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	if (!hasContactFields(fields)) {
		throw inputError(this, 'Update Fields', 'add at least one field to change');
	}
	requestOptions.body = { ...target, ...contactBody(this, fields) };
	return requestOptions;
}

const byTextwordAndNumber = { show: { findBy: ['textwordAndNumber'] } };

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a contact',
		description: "Change a contact's name, address, birth date, e-mail or custom fields. No text is sent.",
		route: legacyRoute({
			method: 'POST',
			url: '/contacts/',
			action: 'EDIT',
			preSend: [editBody],
			output: [unwrap('contact')],
		}),
	},
	properties: [
		{
			displayName: 'Find Contact By',
			name: 'findBy',
			type: 'options',
			options: [
				{ name: 'Contact ID', value: 'id' },
				{ name: 'Textword and Mobile Number', value: 'textwordAndNumber' },
			],
			default: 'id',
			description: 'How SlickText finds the contact to change',
		},
		{ ...contactIdLocator(), displayOptions: { show: { findBy: ['id'] } } },
		{ ...textwordIdLocator('The textword the number is subscribed to'), displayOptions: byTextwordAndNumber },
		{ ...mobileNumberField('The number subscribed to the textword'), displayOptions: byTextwordAndNumber },
		contactFieldsCollection('updateFields', 'Update Fields', 'Add Field', 'Two-letter state code, e.g. CA'),
	],
};
