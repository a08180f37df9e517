import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { activeBody, workflowIdLocator } from './fields';

export const activate: OperationDescription = {
	option: {
		name: 'Activate',
		value: 'activate',
		action: 'Activate a SlickText workflow',
		description: 'Switch a workflow on: contacts start entering it under its entry rule, and its steps may text them',
		route: currentRoute({
			method: 'PUT',
			url: '=/workflows/{{ $parameter.workflowId }}',
			preSend: [requireNumericId('workflowId', 'Workflow'), activeBody(1)],
		}),
	},
	properties: [workflowIdLocator()],
	effect: 'automation',
	effectNote: 'starts a SlickText workflow that may text contacts',
};
