import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { workflowIdLocator } from './fields';
import { WORKFLOW_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a SlickText workflow',
		description: 'Retrieve one workflow by ID',
		route: currentRoute({
			method: 'GET',
			url: '=/workflows/{{ $parameter.workflowId }}',
			preSend: [requireNumericId('workflowId', 'Workflow')],
		}),
	},
	properties: [workflowIdLocator()],
	simplify: WORKFLOW_SUMMARY,
};
