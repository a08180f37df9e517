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
	/** The fields a Simplify option keeps of each output record (the option exists only when set). */
	simplify?: string[];
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

/**
 * Simplify: on by default in the tool variant (as n8n's own nodes do), so that an AI agent gets the
 * fields it needs (ids, name, number, status, dates) rather than whole records; off in the node, whose
 * users map any field.
 */
export function simplifyProperties(): INodeProperties[] {
	const base: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: 'Simplified: the main fields only (IDs, name, number, status, dates)',
	};
	return [
		{ ...base, displayOptions: { show: { '@tool': [false] } } },
		{ ...base, default: true, displayOptions: { show: { '@tool': [true] } } },
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
