import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { campaignIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a campaign',
		description: 'Delete a campaign. Deleting a scheduled campaign cancels it; texts already sent stay sent.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/campaigns/{{ $parameter.campaignId }}',
			preSend: [requireNumericId('campaignId', 'Campaign')],
			output: [deletedOutput('campaign_id', 'campaignId')],
		}),
	},
	properties: [campaignIdLocator()],
};
