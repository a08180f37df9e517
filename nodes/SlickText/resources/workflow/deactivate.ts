import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { activeBody, workflowIdLocator } from './fields';

export const deactivate: OperationDescription = {
	option: {
		name: 'Deactivate',
		value: 'deactivate',
		action: 'Deactivate a SlickText workflow',
		description: 'Switch a workflow off: no more contacts enter it',
		route: currentRoute({
			method: 'PUT',
			url: '=/workflows/{{ $parameter.workflowId }}',
			preSend: [requireNumericId('workflowId', 'Workflow'), activeBody(0)],
		}),
	},
	properties: [workflowIdLocator()],
};
