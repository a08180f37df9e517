import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { allItemsChecked, isSet } from './allItems';
import { inputError } from './errors';
import { pick } from './simplify';

/**
 * What an operation does to the world. n8n 2.41 builds an AI tool's automatic description from the
 * action label alone ("<action> in <node>"), so the label carries it: a model, and a person in the
 * node picker, can tell a read from a change and from a text to real people.
 */
export type Effect = 'read' | 'change' | 'send' | 'automation';

export const EFFECT_NOTE: Record<Effect, string> = {
	read: 'read-only',
	change: 'changes records',
	send: 'sends texts',
	automation: 'changes records, may start SlickText workflows',
};

/** One operation: its entry in the Operation dropdown (with routing) and its own fields. */
export interface OperationDescription {
	option: INodePropertyOptions & { routing: INodePropertyRouting };
	properties: INodeProperties[];
	/** Absent: a GET reads, anything else changes records. */
	effect?: Effect;
	/** Replaces the effect's note in the action label, to say more precisely what happens. */
	effectNote?: string;
	/** The fields a Simplify option keeps of each output record (the option exists only when set). */
	simplify?: string[];
}

export function effectOf(op: OperationDescription): Effect {
	if (op.effect) return op.effect;
	const method = String(op.option.routing.request?.method ?? 'GET').toUpperCase();
	return method === 'GET' ? 'read' : 'change';
}

/** The action label with what the operation does, e.g. "Get a contact (read-only)". */
function withEffect(op: OperationDescription): OperationDescription {
	const note = op.effectNote ?? EFFECT_NOTE[effectOf(op)];
	return { ...op, option: { ...op.option, action: `${op.option.action ?? op.option.name} (${note})` } };
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

interface OptionCheck {
	path: string;
	label: string;
	values: Array<string | number | boolean>;
	names: string[];
}

/** The fixed-choice fields of an operation (top level and inside collections), dynamic ones excluded. */
function optionChecks(properties: INodeProperties[]): OptionCheck[] {
	const checks: OptionCheck[] = [];
	const add = (path: string, p: INodeProperties) => {
		if (p.type !== 'options' || p.typeOptions?.loadOptionsMethod || !p.options?.length) return;
		const options = p.options as INodePropertyOptions[];
		checks.push({ path, label: p.displayName, values: options.map((o) => o.value), names: options.map((o) => o.name) });
	};
	for (const p of properties) {
		add(p.name, p);
		if (p.type === 'collection') for (const o of (p.options ?? []) as INodeProperties[]) add(`${p.name}.${o.name}`, o);
	}
	return checks;
}

/**
 * A value given by expression can be anything; one that is not among a field's choices is refused
 * before the request, for every fixed-choice field of every operation, rather than left to a 400.
 */
function checkChoices(checks: OptionCheck[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		for (const { path, label, values, names } of checks) {
			// Not set: not shown for this operation's other choices (asking n8n would throw, which is slow).
			if (!isSet(this, path)) continue;
			const value = this.getNodeParameter(path, undefined) as unknown;
			if (value === undefined || value === null || value === '') continue;
			if (!values.some((allowed) => String(allowed) === String(value))) {
				throw inputError(this, label, `"${String(value)}" is not one of: ${names.join(', ')}`);
			}
		}
		return requestOptions;
	};
}

/**
 * Simplify: on by default in the tool variant (as n8n's own nodes do), so that an AI agent gets the
 * fields it needs (ids, name, number, status, dates) rather than whole records; off in the node, whose
 * users map any field.
 */
function simplifyProperties(): INodeProperties[] {
	const base: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: 'Whether to return only the main fields (IDs, name, number, status, dates) instead of the whole record',
	};
	return [
		{ ...base, displayOptions: { show: { '@tool': [false] } } },
		{ ...base, default: true, displayOptions: { show: { '@tool': [true] } } },
	];
}

function withSimplify(op: OperationDescription): OperationDescription {
	const fields = op.simplify;
	const given = op.option.routing.operations?.pagination;
	if (!fields || typeof given !== 'function') return op;
	const pagination = given;
	async function simplified(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const items = await pagination.call(this, requestData);
		if (!this.getNodeParameter('simplify', false)) return items;
		// Error items (Continue On Fail) pass unchanged.
		return items.map((item) => (item.json.error !== undefined ? item : { ...item, json: pick(item.json, fields!) }));
	}
	return {
		...op,
		option: { ...op.option, routing: { ...op.option.routing, operations: { ...op.option.routing.operations, pagination: simplified } } },
		properties: [...op.properties, ...simplifyProperties()],
	};
}

function withChoiceChecks(op: OperationDescription): OperationDescription {
	const checks = optionChecks(op.properties);
	if (checks.length === 0) return op;
	const send = op.option.routing.send ?? {};
	return {
		...op,
		option: {
			...op.option,
			routing: { ...op.option.routing, send: { ...send, preSend: [checkChoices(checks), ...(send.preSend ?? [])] } },
		},
	};
}

/** Operations that text people or create records: what n8n's Retry On Fail does to them (measured). */
const SENDS_OR_CREATES = new Set(['create', 'send', 'schedule', 'optIn', 'upsert']);
export const RETRY_NOTE =
	"n8n's Retry On Fail runs the node again for every item: items done before the failure are sent or created a second time.";

/** Every item's input is checked before the first request of a run (see allItems). */
function withAllItemsChecked(op: OperationDescription): OperationDescription {
	const send = op.option.routing.send ?? {};
	const steps = send.preSend ?? [];
	const value = String(op.option.value);
	return {
		...op,
		option: {
			...op.option,
			...(SENDS_OR_CREATES.has(value) ? { description: `${op.option.description ?? ''} ${RETRY_NOTE}`.trim() } : {}),
			routing: { ...op.option.routing, send: { ...send, preSend: [allItemsChecked(op.properties, steps), ...steps] } },
		},
	};
}

/** The Operation dropdown of a resource plus the fields of all its operations. */
export function resourceProperties(
	resource: string,
	operations: Record<string, OperationDescription>,
	defaultOperation: string,
): INodeProperties[] {
	const options = Object.values(operations)
		.map((op) => withAllItemsChecked(withChoiceChecks(withEffect(withSimplify(op)))).option)
		.sort((a, b) => a.name.localeCompare(b.name));
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options,
			default: defaultOperation,
		},
		...Object.entries(operations).flatMap(([value, op]) => showFor(resource, value, withSimplify(op).properties)),
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
