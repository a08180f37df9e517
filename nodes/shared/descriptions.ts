import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationRun, Route } from './runner/types';

export type { OperationRun };

/**
 * The building blocks of the nodes' descriptions (what the editor shows): the types of an operation and
 * of a resource, and the fields every n8n node has (Return All and Limit, Filters, Update Fields, records
 * picked From List or By ID). Nothing here runs when a node executes.
 */

/**
 * What the SlickText node does, as n8n's node panel shows it. n8n's editor merges the SlickText Trigger into
 * the SlickText node's entry (the trigger's name is the node's plus "Trigger") and shows the trigger's
 * description for both, so the trigger's description starts with this one (SlickTextTrigger.node.ts).
 */
export const SLICKTEXT_DESCRIPTION = 'Manage contacts, lists, campaigns and more with the SlickText API';

/** The SlickText Legacy node's, which the SlickText Legacy Trigger's description starts with, for the same reason. */
export const SLICKTEXT_LEGACY_DESCRIPTION =
	'Manage textwords, contacts, messages and shortlinks with the legacy SlickText API (accounts whose dashboard is at www.slicktext.com/dashboard)';

/**
 * What an operation does to the world: a read, a change of records, a text to people, or a change that
 * may start a SlickText workflow (which may text people).
 */
export type Effect = 'read' | 'change' | 'send' | 'automation';

/** One operation: its entry in the Operation dropdown, what it sends, and its own fields. */
export interface OperationDescription {
	/** A route (what it sends), a run, or both: a run then decides when the route runs. */
	option: Omit<INodePropertyOptions, 'routing'> & ({ route: Route; run?: OperationRun } | { route?: undefined; run: OperationRun });
	properties: INodeProperties[];
	/** Absent: a GET reads, anything else changes records. */
	effect?: Effect;
	/**
	 * Says more precisely than the effect what happens, for the AI agent's model only (the tool's
	 * description); the operation's own description says it to people in their words.
	 */
	effectNote?: string;
	/** The fields Simplify (the tool's Output) keeps of each output record; the options exist only when set. */
	simplify?: RecordFields;
}

/**
 * The fields of a kind of record: what Simplify keeps (at most 10; a dotted field is read from the nested
 * object and given flat), and every field the record has, its ID first, for the AI tool's Selected Fields.
 */
export interface RecordFields {
	keep: string[];
	all: string[];
}

/** A resource: its operations and the one the Operation dropdown starts on. */
export interface ResourceDescription {
	operations: Record<string, OperationDescription>;
	defaultOperation: string;
}

export function effectOf(op: OperationDescription): Effect {
	if (op.effect) return op.effect;
	return op.option.route?.method === 'GET' ? 'read' : 'change';
}

/** Options of a collection (and fields of a dropdown list) by name: n8n's lint and editor list them so. */
export function sortByName<T extends { displayName: string }>(options: T[]): T[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** Shows fields only for one resource and operation (what every operation file needs). */
export function showFor(resource: string, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, resource: [resource], operation: [operation] },
		},
	}));
}

/** A field's key as a label: `_contact_id` is Contact ID, `zipCode` is Zip Code; `body` is Message, as the fields that set it. */
export function fieldLabel(key: string): string {
	if (key === 'body') return 'Message';
	const upper = new Set(['id', 'ids', 'url', 'html', 'gsm', 'mms', 'sms']);
	return key
		.replace(/^_+/, '')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.split(/[_\s]+/)
		.filter(Boolean)
		.map((word) => (upper.has(word.toLowerCase()) ? (word.toLowerCase() === 'ids' ? 'IDs' : word.toUpperCase()) : word.charAt(0).toUpperCase() + word.slice(1)))
		.join(' ');
}

/**
 * Simplify in the node, off by default: its users map any field. In the tool variant n8n's UX guidelines
 * ask for Output instead: Simplified (the default, so that an AI agent gets the fields it needs rather than
 * whole records), Raw, or Selected Fields, which always include the record's ID.
 */
export function simplifyProperties(fields: RecordFields): INodeProperties[] {
	const [id, ...others] = fields.all;
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: 'Simplified: the main fields only (IDs, name, number, status, dates)',
			displayOptions: { show: { '@tool': [false] } },
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			description: 'How much of each record the AI agent gets',
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field of each record' },
				{ name: 'Selected Fields', value: 'selected', description: `The fields chosen below, and always '${fieldLabel(id)}'` },
				{ name: 'Simplified', value: 'simplified', description: 'The main fields only (IDs, name, number, status, dates)' },
			],
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			default: [],
			description: `The fields the AI agent gets of each record, besides '${fieldLabel(id)}'`,
			options: others.map((key) => ({ name: fieldLabel(key), value: key })).sort((a, b) => a.name.localeCompare(b.name)),
			displayOptions: { show: { output: ['selected'], '@tool': [true] } },
		},
	];
}

/**
 * Return All and Limit, as every n8n "Get Many" has them. The tool variant returns 10 by default: an
 * AI agent's context fills fast (5 whole contacts are about 3,000 characters).
 */
export function returnAllAndLimit(noun: string): INodeProperties[] {
	const limit: INodeProperties = {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		hint: `Up to this many ${noun}`,
	};
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{ ...limit, displayOptions: { show: { returnAll: [false], '@tool': [false] } } },
		{ ...limit, default: 10, displayOptions: { show: { returnAll: [false], '@tool': [true] } } },
	];
}

/** The Filters collection of a Get Many operation; each option routes itself into the query. */
export function filtersCollection(options: INodeProperties[], description?: string): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		...(description ? { description } : {}),
		options,
	};
}

/** The fields lists, segments and website popups can be updated by. */
export const NAME_AND_DESCRIPTION: INodeProperties[] = [
	{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
];

/** The Update Fields collection of an Update operation; the operation's body builder reads it. */
export function updateFieldsCollection(options: INodeProperties[], description = 'Set at least one'): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description,
		options,
	};
}

/** A record picked "From List" (searchable, loaded from the API) or given "By ID". */
export function idLocator(options: {
	name: string;
	displayName: string;
	searchMethod: string;
	noun: string;
	required?: boolean;
	description?: string;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${options.noun}...`,
				typeOptions: { searchListMethod: options.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12345',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'The ID must be a number' },
					},
				],
			},
		],
	};
}
