import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { workflowIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a SlickText workflow',
		description: 'Delete a workflow. The contacts in it are not deleted.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/workflows/{{ $parameter.workflowId }}',
			preSend: [requireNumericId('workflowId', 'Workflow')],
			output: [deletedOutput('workflow_id', 'workflowId')],
		}),
	},
	properties: [workflowIdLocator()],
};
