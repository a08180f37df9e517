import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import type { QueryFilter } from '../../../shared/queryFilters';
import { isBlank, requireOneOf } from '../../../shared/validation';

export function workflowIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'workflowId',
		displayName: 'Workflow',
		searchMethod: 'searchWorkflows',
		noun: 'workflow',
		description,
	});
}

// ------------------------------------------------------- the active flag (workflows and website popups)

/** The "Active" filter of a Get Many: the API filters on active=1 or active=0. */
export function activeFilter(noun: string): QueryFilter {
	return {
		property: {
			displayName: 'Status',
			name: 'active',
			type: 'options',
			options: [
				{ name: 'Active', value: 1, description: `Only active ${noun}` },
				{ name: 'Inactive', value: 0, description: `Only inactive ${noun}` },
			],
			default: 1,
		},
	};
}

/** Activate and Deactivate are a PUT of `{active: 1}` or `{active: 0}` and nothing else. */
export function activeBody(active: 0 | 1): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		requestOptions.body = { active };
		return requestOptions;
	};
}

// ---------------------------------------------------------------------------------------- update

export const ENTRY_RULES: INodePropertyOptions[] = [
	{ name: 'Multiple', value: 'multiple', description: 'No restriction: a contact may enter any number of times' },
	{ name: 'Once', value: 'once', description: 'A contact enters one time ever' },
	{
		name: 'Once in a Time Window',
		value: 'onceInTime',
		description:
			"A contact enters at most once within the window set by 'Entry Rule Time Value' and 'Entry Rule Time Unit'",
	},
	{
		name: 'One at a Time',
		value: 'oneAtTime',
		description: 'A contact may enter repeatedly, but not while already in the workflow',
	},
];

export const TIME_UNITS: INodePropertyOptions[] = [
	{ name: 'Day', value: 'day' },
	{ name: 'Hour', value: 'hour' },
	{ name: 'Minute', value: 'minute' },
	{ name: 'Second', value: 'second' },
];

const LABELS: Record<string, string> = {
	name: 'Name',
	description: 'Description',
	entry_rule: 'Entry Rule',
	entry_rule_time_value: 'Entry Rule Time Value',
	entry_rule_time_unit: 'Entry Rule Time Unit',
};

/**
 * PUT body from Update Fields [doc]: name, description, entry_rule and its time window. A window is
 * required with onceInTime, so that case is checked here rather than left to a 400 from SlickText.
 */
export const workflowUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const byLabel = Object.fromEntries(Object.entries(LABELS).map(([name, label]) => [label, fields[name]]));
	requireOneOf(this, 'Update Fields', byLabel, Object.values(LABELS));
	const body: IDataObject = {};
	for (const name of ['name', 'description', 'entry_rule', 'entry_rule_time_unit']) {
		if (!isBlank(fields[name])) body[name] = typeof fields[name] === 'string' ? fields[name].trim() : fields[name];
	}
	if (!isBlank(fields.entry_rule_time_value)) {
		const value = Number(String(fields.entry_rule_time_value).trim());
		if (!Number.isInteger(value) || value < 1) {
			throw inputError(
				this,
				LABELS.entry_rule_time_value,
				`must be a whole number of at least 1, got "${String(fields.entry_rule_time_value)}"`,
			);
		}
		body.entry_rule_time_value = value;
	}
	if (body.entry_rule === 'onceInTime') {
		for (const name of ['entry_rule_time_value', 'entry_rule_time_unit']) {
			if (body[name] === undefined) {
				throw inputError(
					this,
					LABELS[name],
					`is required when 'Entry Rule' is "Once in a Time Window"`,
					"Add both 'Entry Rule Time Value' and 'Entry Rule Time Unit' to 'Update Fields'.",
				);
			}
		}
	}
	requestOptions.body = body;
	return requestOptions;
};
