import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { sortByName, type OperationDescription } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { formBody, legacyRoute } from '../../../shared/routing';
import { assertPhone, isBlank, param } from '../../../shared/validation';
import { assertId } from '../../shared/checks';
import { unwrapFirst } from '../../shared/output';
import { textwordIdLocator } from '../textword/fields';
import { contactBody, contactFieldsCollection, mobileNumberField } from './fields';

const METHODS = ['DOUBLEOPTIN', 'OPTINWITHAUTOREPLY', 'OPTIN'];
export const DOUBLE_OPT_IN_MAX = 160;

/** The form body, with the action the Opt-In Method option chose. */
async function optInBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const method = String(param(this, 'optInMethod', 'DOUBLEOPTIN'));
	if (!METHODS.includes(method)) {
		throw inputError(this, 'Opt-In Method', `"${method}" is not one of ${METHODS.join(', ')}`);
	}
	const textword = assertId(this, 'Textword', param(this, 'textwordId', ''));
	const number = param(this, 'number', '');
	assertPhone(this, 'Mobile Number', number);
	const body = {
		textword,
		number: String(number).trim(),
		...contactBody(this, this.getNodeParameter('additionalFields', {}) as IDataObject),
	};
	if (method === 'DOUBLEOPTIN') {
		// Additional Fields holds the message from version 2 on; a version 1 node has it at the top.
		const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
		const message = String(additional.doubleOptInMessage ?? this.getNodeParameter('doubleOptInMessage', '') ?? '');
		if (message.length > DOUBLE_OPT_IN_MAX) {
			throw inputError(this, 'Double Opt-In Message', `is ${message.length} characters; SlickText allows at most ${DOUBLE_OPT_IN_MAX}`);
		}
		if (!isBlank(message)) Object.assign(body, { doubleOptInMessage: message });
	}
	requestOptions.body = body;
	return await formBody(method).call(this, requestOptions);
}

/** The confirmation text of a double opt-in: at the top of the panel in version 1, in Additional Fields from version 2. */
const doubleOptInMessage: INodeProperties = {
	displayName: 'Double Opt-In Message',
	name: 'doubleOptInMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description:
		"The confirmation text, at most 160 characters. Leave empty for SlickText's default message. It should ask the contact to reply YES.",
};

const additionalFields = contactFieldsCollection(
	'additionalFields',
	'Additional Fields',
	'Add Field',
	'Two-letter state code. When left out, SlickText derives it from the area code.',
);

export const optIn: OperationDescription = {
	option: {
		name: 'Opt In',
		value: 'optIn',
		action: 'Opt in a contact',
		description: 'Subscribe a mobile number to a textword as a contact, with a double opt-in confirmation text by default',
		route: legacyRoute({
			method: 'POST',
			url: '/contacts/',
			preSend: [optInBody],
			// A double opt-in answers with the pending contact, who joins when replying YES.
			output: [unwrapFirst(['contact', 'pendingContact'])],
		}),
	},
	properties: [
		textwordIdLocator('The textword (keyword list) to subscribe the number to'),
		mobileNumberField('The number to subscribe to the textword'),
		{
			displayName: 'Opt-In Method',
			name: 'optInMethod',
			type: 'options',
			options: [
				{
					name: 'Double Opt-In (Recommended)',
					value: 'DOUBLEOPTIN',
					description:
						'Sends a confirmation text; the contact is subscribed when they reply YES. Until then the output is the pending contact.',
				},
				{
					name: 'Opt In With Auto Reply',
					value: 'OPTINWITHAUTOREPLY',
					description: "Subscribes at once and sends the textword's auto reply",
				},
				{
					name: 'Opt In Silently',
					value: 'OPTIN',
					description: 'Subscribes at once and sends no text. Only when you have consent on record.',
				},
			],
			default: 'DOUBLEOPTIN',
			description: "Which text the number gets: a confirmation text to reply YES to (recommended), the textword's auto reply, or none",
		},
		{ ...doubleOptInMessage, displayOptions: { show: { optInMethod: ['DOUBLEOPTIN'], '@version': [1] } } },
		{ ...additionalFields, displayOptions: { show: { '@version': [1] } } },
		{
			...additionalFields,
			// Sorted in among the contact's fields, as n8n lists a collection's options.
			options: sortByName([
				...(additionalFields.options as INodeProperties[]),
				{ ...doubleOptInMessage, displayOptions: { show: { '/optInMethod': ['DOUBLEOPTIN'] } } },
			]),
			displayOptions: { show: { '@version': [2] } },
		},
	],
	effect: 'send',
	effectNote: 'changes records, sends an opt-in text unless set otherwise',
};
