import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { filtersCollection, sortByName } from '../../shared/descriptions';
import { inputError } from '../../shared/errors';
import { locatorValue } from '../../shared/parameters';
import { isBlank } from '../../shared/validation';
import { assertId, filterTime, normalizedPhone } from './checks';

/**
 * The Filters collection of the legacy Get Many operations. The API filters by exact, case-sensitive
 * match on any field of the record and by date ranges; one preSend step turns the collection into the
 * query so that phone numbers, IDs and dates are checked and converted in one place.
 */

/** How a filter's value goes into the query. */
export type FilterKind = 'text' | 'id' | 'phone' | 'time' | 'customFields';

export interface Filter {
	kind: FilterKind;
	property: INodeProperties;
}

export function textFilter(name: string, displayName: string, description?: string): Filter {
	return { kind: 'text', property: { displayName, name, type: 'string', default: '', description } };
}

export function phoneFilter(name: string, displayName: string, description: string): Filter {
	return {
		kind: 'phone',
		property: { displayName, name, type: 'string', default: '', placeholder: 'e.g. +16195551234', description },
	};
}

/** Date filters are sent in America/Los_Angeles time, whatever zone the value is in. */
export function timeFilter(name: string, displayName: string, description: string): Filter {
	return { kind: 'time', property: { displayName, name, type: 'dateTime', default: '', description } };
}

/**
 * A record picked with a resource locator, under the filter's name: a value saved as text, before the
 * filter was a locator, still loads and is sent the same way.
 */
export function locatorFilter(name: string, locator: INodeProperties): Filter {
	return { kind: 'id', property: { ...locator, name, required: false } };
}

/** An ID picked from a list loaded from the API (e.g. the textword of a contact). */
export function listIdFilter(name: string, displayName: string, loadOptionsMethod: string, description: string): Filter {
	return {
		kind: 'id',
		property: {
			displayName,
			name,
			type: 'options',
			typeOptions: { loadOptionsMethod },
			default: '',
			description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		},
	};
}

/**
 * Custom subscriber fields as name/value pairs; the key sent is the field's name without spaces, as
 * the contact record names it.
 */
export function customFieldsProperty(valueDescription: string): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Custom Field',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCustomFields', loadOptionsDependsOn: ['textwordId.value'] },
						default: '',
						description:
							'The custom contact field (its name; spaces are dropped, as in the contact record). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: valueDescription,
					},
				],
			},
		],
	};
}

export function customFieldFilter(): Filter {
	return { kind: 'customFields', property: customFieldsProperty('Exact, case-sensitive value') };
}

export function filtersProperty(filters: Filter[]): INodeProperties {
	return filtersCollection(
		sortByName(filters.map((filter) => filter.property)),
		filters.some((f) => f.kind === 'time')
			? 'Exact, case-sensitive matches; a date filter leaves out the moment given itself'
			: 'Exact, case-sensitive matches',
	);
}

/** The key SlickText gives a custom field in a contact record: its name without spaces. */
export function customFieldKey(name: unknown): string {
	return String(name ?? '').replace(/\s+/g, '');
}

/** Name/value pairs of a Custom Fields collection, keyed as the contact record names them. */
export function customFieldEntries(ctx: IExecuteSingleFunctions, label: string, value: unknown): IDataObject {
	const entries = ((value as IDataObject | undefined)?.field ?? []) as IDataObject[];
	const out: IDataObject = {};
	for (const entry of entries) {
		const key = customFieldKey(entry.name);
		if (key === '') throw inputError(ctx, label, 'a field has no name');
		out[key] = String(entry.value ?? '');
	}
	return out;
}

/** The preSend step that turns the Filters collection into the query. */
export function filterQuery(filters: Filter[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const values = this.getNodeParameter('filters', {}) as IDataObject;
		const qs: IDataObject = {};
		for (const { kind, property } of filters) {
			const value = locatorValue(values[property.name]);
			const label = property.displayName;
			if (kind === 'customFields') {
				Object.assign(qs, customFieldEntries(this, label, value));
				continue;
			}
			if (isBlank(value)) continue;
			if (kind === 'phone') qs[property.name] = normalizedPhone(this, label, value);
			else if (kind === 'time') qs[property.name] = filterTime(this, label, value);
			else if (kind === 'id') qs[property.name] = assertId(this, label, value);
			else qs[property.name] = String(value).trim();
		}
		requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs };
		return requestOptions;
	};
}
