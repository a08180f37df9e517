import type {
	INodeProperties,
	INodePropertyOptions,
	INodePropertyRouting,
} from 'n8n-workflow';

/** One operation: its entry in the Operation dropdown (with routing) and its own fields. */
export interface OperationDescription {
	option: INodePropertyOptions & { routing: INodePropertyRouting };
	properties: INodeProperties[];
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

/** The Operation dropdown of a resource plus the fields of all its operations. */
export function resourceProperties(
	resource: string,
	operations: Record<string, OperationDescription>,
	defaultOperation: string,
): INodeProperties[] {
	const options = Object.values(operations)
		.map((op) => op.option)
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
		...Object.entries(operations).flatMap(([value, op]) => showFor(resource, value, op.properties)),
	];
}

/** Return All and Limit, as every n8n "Get Many" has them. */
export function returnAllAndLimit(noun: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
			hint: `Up to this many ${noun}`,
		},
	];
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
