import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { ENTRY_RULES, TIME_UNITS, workflowIdLocator, workflowUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a SlickText workflow',
		description: 'Rename a workflow or change who may enter it. Its steps are edited in SlickText only.',
		route: currentRoute({
			method: 'PUT',
			url: '=/workflows/{{ $parameter.workflowId }}',
			preSend: [requireNumericId('workflowId', 'Workflow'), workflowUpdateBody],
		}),
	},
	properties: [
		workflowIdLocator(),
		updateFieldsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Entry Rule',
				name: 'entry_rule',
				type: 'options',
				options: ENTRY_RULES,
				default: 'once',
				description: 'How often a contact may enter the workflow',
			},
			{
				displayName: 'Entry Rule Time Unit',
				name: 'entry_rule_time_unit',
				type: 'options',
				options: TIME_UNITS,
				default: 'day',
				description: 'Unit of the window; required with the entry rule "Once in a Time Window"',
			},
			{
				displayName: 'Entry Rule Time Value',
				name: 'entry_rule_time_value',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: "Length of the window, in 'Entry Rule Time Unit' units; required with the entry rule \"Once in a Time Window\"",
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
			},
		], 'Set at least one. To switch the workflow on or off, use Activate or Deactivate.'),
	],
};
