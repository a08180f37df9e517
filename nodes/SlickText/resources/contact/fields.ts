import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import { idLocator, sortByName } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { assertNumericId, assertPhone, check, isBlank, param, phoneDigits, toYmd } from '../../../shared/validation';

export function contactIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'contactId',
		displayName: 'Contact',
		searchMethod: 'searchContacts',
		noun: 'contact',
		description,
	});
}

/** A US mobile number as SlickText stores it: `+` and digits, 10 digits getting the country code 1. */
export function normalizeMobile(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	assertPhone(ctx, label, value);
	const digits = phoneDigits(value);
	return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

export const OPT_IN_STATUSES: INodePropertyOptions[] = [
	{ name: 'Blocked', value: 'blocked' },
	{ name: 'Not Subscribed', value: 'not subscribed' },
	{ name: 'Subscribed', value: 'subscribed' },
	{ name: 'Unsubscribed', value: 'unsubscribed' },
];

/** The time zones the API lists for contacts. */
const TIMEZONES: INodePropertyOptions[] = [
	{ name: 'America/Chicago', value: 'America/Chicago' },
	{ name: 'America/Denver', value: 'America/Denver' },
	{ name: 'America/Los_Angeles', value: 'America/Los_Angeles' },
	{ name: 'America/New_York', value: 'America/New_York' },
];

/**
 * Contact fields by parameter name: the API key (body key and filter name) and the label errors use.
 * Body building and filters both read this table, so a field is added in one place.
 */
const CONTACT_KEYS: Record<string, { key: string; label: string }> = {
	address: { key: 'address', label: 'Address' },
	birthdate: { key: 'birthdate', label: 'Birthdate' },
	city: { key: 'city', label: 'City' },
	country: { key: 'country', label: 'Country' },
	email: { key: 'email', label: 'Email' },
	firstName: { key: 'first_name', label: 'First Name' },
	language: { key: 'language', label: 'Language' },
	lastName: { key: 'last_name', label: 'Last Name' },
	mobileNumber: { key: 'mobile_number', label: 'Mobile Number' },
	optInStatus: { key: 'opt_in_status', label: 'Opt-In Status' },
	source: { key: 'source', label: 'Source' },
	state: { key: 'state', label: 'State' },
	timezone: { key: 'timezone', label: 'Timezone' },
	zip: { key: 'zip', label: 'Zip Code' },
};

const STANDARD_KEYS = new Set([...Object.values(CONTACT_KEYS).map((f) => f.key), 'force_double_opt_in']);

type FieldsKind = 'create' | 'update' | 'filter';

function text(name: string, displayName: string, extra: Partial<INodeProperties> = {}): INodeProperties {
	return { displayName, name, type: 'string', default: '', ...extra };
}

function customFieldsProperty(kind: FieldsKind): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		placeholder: 'Add Custom Field',
		default: {},
		typeOptions: { multipleValues: true },
		description:
			kind === 'filter'
				? 'Only contacts whose custom field has exactly this value'
				: 'Values of the brand’s custom fields, sent under each field’s internal name',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCustomFields' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							kind === 'filter'
								? 'Exact, case-sensitive value'
								: 'Numbers, true/false and dates (YYYY-MM-DD) as text, as the field’s data type wants',
					},
				],
			},
		],
	};
}

/**
 * The options of a contact collection: Additional Fields of create (kind "create"), Update Fields
 * (kind "update", which can also change the mobile number) or the Filters of Get Many.
 */
export function contactFields(kind: FieldsKind): INodeProperties[] {
	const filter = kind === 'filter';
	const fields: INodeProperties[] = [
		text('address', 'Address'),
		{
			displayName: 'Birthdate',
			name: 'birthdate',
			type: 'dateTime',
			default: '',
			description: 'Only the date is used (sent as YYYY-MM-DD)',
		},
		text('city', 'City'),
		text('country', 'Country', { placeholder: 'e.g. US' }),
		text('email', 'Email', { placeholder: 'e.g. nathan@example.com' }),
		text('firstName', 'First Name'),
		text('language', 'Language', { placeholder: 'e.g. en', description: 'Two-letter language code' }),
		text('lastName', 'Last Name'),
		{
			displayName: 'Opt-In Status',
			name: 'optInStatus',
			type: 'options',
			options: OPT_IN_STATUSES,
			// A field that is sent starts on SlickText's own default for a new contact, so that adding it never
			// claims a consent nobody gave; a filter may start on Subscribed.
			default: 'not subscribed',
			...(filter ? { default: 'subscribed' } : {}),
			description: filter
				? undefined
				: 'Set Subscribed only for contacts who gave explicit permission to receive texts. Setting a status sends the contact no message.',
		},
		text('state', 'State'),
		{
			displayName: 'Timezone',
			name: 'timezone',
			type: 'options',
			options: TIMEZONES,
			default: 'America/New_York',
		},
		text('zip', 'Zip Code'),
		customFieldsProperty(kind),
	];
	if (kind === 'create') {
		fields.push({
			displayName: 'Force Double Opt-In',
			name: 'forceDoubleOptIn',
			type: 'boolean',
			default: false,
			description:
				'Whether the contact must confirm by replying to a double opt-in text before being subscribed',
		});
	}
	if (kind !== 'create') {
		fields.push(
			text('mobileNumber', 'Mobile Number', {
				placeholder: 'e.g. +16175551234',
				description: filter
					? 'The mobile number in any format: + and the country code, or 10 digits for a US number'
					: 'New mobile number of the contact: + and the country code, or 10 digits for a US number',
			}),
		);
	}
	if (filter) {
		fields.push(
			text('source', 'Source', {
				placeholder: 'e.g. Keyword',
				description: "How the contact joined, for example 'api', 'Keyword', 'Website Popup' or 'Import'",
			}),
		);
	}
	return sortByName(fields);
}

/**
 * Contact values as the API names them, as strings (request bodies and exact-match filters alike):
 * mobile numbers normalized, birthdates as YYYY-MM-DD, custom fields under their internal names.
 * Blank fields are left out. The one place that turns the node's contact fields into API keys.
 */
export function contactValues(ctx: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const values: IDataObject = {};
	for (const [name, { key, label }] of Object.entries(CONTACT_KEYS)) {
		const value = fields[name];
		if (isBlank(value)) continue;
		if (name === 'mobileNumber') values[key] = normalizeMobile(ctx, label, value);
		else if (name === 'birthdate') values[key] = toYmd(ctx, label, value);
		else values[key] = String(value).trim();
	}
	const pairs = ((fields.customFields as IDataObject | undefined)?.field ?? []) as IDataObject[];
	for (const { name, value } of pairs) {
		const key = String(name ?? '').trim();
		if (key === '') throw inputError(ctx, 'Custom Fields', 'choose a field for every value');
		if (STANDARD_KEYS.has(key)) {
			throw inputError(ctx, 'Custom Fields', `"${key}" is a standard contact field`, 'Set it with its own field.');
		}
		if (key in values) throw inputError(ctx, 'Custom Fields', `"${key}" is given twice`);
		values[key] = String(value ?? '');
	}
	return values;
}

/**
 * The body of a contact create or update (create, update and upsert all use this). force_double_opt_in
 * exists on create only and goes as the string "true", and only when switched on.
 */
export function contactBody(ctx: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const body = contactValues(ctx, fields);
	if (fields.forceDoubleOptIn === true) body.force_double_opt_in = 'true';
	return body;
}

/** Create and upsert: the required mobile number plus Additional Fields. */
export const contactCreateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const mobileNumber = this.getNodeParameter('mobileNumber', '');
	if (isBlank(mobileNumber)) throw inputError(this, 'Mobile Number', 'is required');
	requestOptions.body = contactBody(this, { ...additional, mobileNumber });
	return requestOptions;
};

/** Update: only what the user set in Update Fields, and at least one thing. */
export const contactUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = contactBody(this, fields);
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'set at least one field');
	requestOptions.body = body;
	return requestOptions;
};

/** Get Many: the filters as query parameters, exact-match strings. */
export const contactFilterQuery: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...contactValues(this, filters) };
	return requestOptions;
};

/** How Update finds the contact. */
export const findByProperty: INodeProperties = {
	displayName: 'Find Contact By',
	name: 'findBy',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'ID', value: 'id', description: 'Pick the contact or give its ID' },
		{
			name: 'Mobile Number',
			value: 'mobileNumber',
			description: 'Look the contact up by its mobile number first',
		},
	],
	default: 'id',
};

/** The contact ID or the mobile number Update looks the contact up by, whichever Find Contact By says. */
export const requireContactTarget: PreSendAction = check(function () {
	if (this.getNodeParameter('findBy', 'id') === 'mobileNumber') {
		normalizeMobile(this, 'Mobile Number', param(this, 'mobileNumber', ''));
		return;
	}
	assertNumericId(this, 'contactId', 'Contact');
});
