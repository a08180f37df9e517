import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { isBlank, MOBILE_NUMBER_RULE } from '../../../shared/validation';
import { assertEmail, calendarTime } from '../../shared/checks';
import {
	customFieldEntries,
	customFieldFilter,
	customFieldsProperty,
	listIdFilter,
	phoneFilter,
	textFilter,
	timeFilter,
	type Filter,
} from '../../shared/filters';

export function contactIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'contactId',
		displayName: 'Contact',
		searchMethod: 'searchContacts',
		noun: 'contact',
		description,
	});
}

export function mobileNumberField(description: string): INodeProperties {
	return {
		displayName: 'Mobile Number',
		name: 'number',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +16195551234',
		// What the check accepts, after what the operation says about the number.
		description: `${description}. ${MOBILE_NUMBER_RULE}.`,
	};
}

/** Filters of every contact list: all contacts, a textword's contacts. */
export function contactFilters(withTextword: boolean): Filter[] {
	return [
		phoneFilter('number', 'Mobile Number', 'The number with country code, e.g. +16195551234 (a 10-digit US number gets +1)'),
		textFilter('firstName', 'First Name'),
		textFilter('lastName', 'Last Name'),
		textFilter('email', 'Email'),
		textFilter('city', 'City'),
		textFilter('state', 'State', 'Two-letter state code, e.g. CA'),
		textFilter('zipCode', 'Zip Code'),
		textFilter('country', 'Country', 'Two-letter country code, e.g. US'),
		textFilter('optInMethod', 'Opt-In Method', 'How the contact joined, e.g. api or keyword'),
		...(withTextword
			? [listIdFilter('textword', 'Textword Name or ID', 'getTextwords', 'Only contacts of this textword')]
			: []),
		timeFilter('subscribedAfter', 'Subscribed After', 'Only contacts who subscribed after this moment (in any time zone; sent to SlickText in Pacific time)'),
		timeFilter('subscribedBefore', 'Subscribed Before', 'Only contacts who subscribed before this moment (in any time zone; sent to SlickText in Pacific time)'),
		customFieldFilter(),
	];
}

/** The optional contact fields that opt-in and edit share; `name` is the collection. */
export function contactFieldsCollection(
	name: string,
	displayName: string,
	placeholder: string,
	stateDescription: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder,
		default: {},
		options: [
			{
				displayName: 'Birth Date',
				name: 'birthDate',
				type: 'dateTime',
				default: '',
				description: 'Sent as the date and time written, without time zone conversion',
			},
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{
				displayName: 'Country',
				name: 'country',
				type: 'string',
				default: '',
				placeholder: 'e.g. US',
			},
			customFieldsProperty('Value to store; date fields take YYYY-MM-DD'),
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				default: '',
				placeholder: 'e.g. nathan@example.com',
			},
			{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
			{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
			{
				displayName: 'State',
				name: 'state',
				type: 'string',
				default: '',
				placeholder: 'e.g. CA',
				description: stateDescription,
			},
			{ displayName: 'Zip Code', name: 'zipCode', type: 'string', default: '' },
		],
	};
}

const PLAIN_FIELDS = ['firstName', 'lastName', 'email', 'city', 'state', 'zipCode', 'country'];

/** Form fields from a contact fields collection; empty values are left out. */
export function contactBody(ctx: IExecuteSingleFunctions, values: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const name of PLAIN_FIELDS) {
		if (!isBlank(values[name])) body[name] = String(values[name]).trim();
	}
	if (body.email !== undefined) assertEmail(ctx, 'Email', body.email);
	if (!isBlank(values.birthDate)) body.birthDate = calendarTime(ctx, 'Birth Date', values.birthDate);
	return { ...body, ...customFieldEntries(ctx, 'Custom Fields', values.customFields) };
}

/** Whether a contact fields collection holds anything to send. */
export function hasContactFields(values: IDataObject): boolean {
	const custom = ((values.customFields as IDataObject | undefined)?.field ?? []) as IDataObject[];
	return custom.length > 0 || [...PLAIN_FIELDS, 'birthDate'].some((name) => !isBlank(values[name]));
}
