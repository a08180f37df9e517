import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { campaignIdLocator } from './fields';
import { CAMPAIGN_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a campaign',
		description: 'Retrieve one campaign by ID, with its status and audience',
		route: currentRoute({
			method: 'GET',
			url: '=/campaigns/{{ $parameter.campaignId }}',
			preSend: [requireNumericId('campaignId', 'Campaign')],
		}),
	},
	properties: [campaignIdLocator()],
	simplify: CAMPAIGN_SUMMARY,
};
