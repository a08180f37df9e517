import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { campaignIdLocator } from './fields';
import { CAMPAIGN_STATISTICS_SUMMARY } from '../summaries';

export const campaign: OperationDescription = {
	option: {
		name: 'Get Campaign Statistics',
		value: 'campaign',
		action: 'Get the statistics of a campaign',
		description: 'Retrieve the statistics of one campaign',
		route: currentRoute({
			method: 'GET',
			url: '=/analytics/campaigns/{{ $parameter.campaignId }}',
			preSend: [requireNumericId('campaignId', 'Campaign')],
		}),
	},
	properties: [campaignIdLocator()],
	simplify: CAMPAIGN_STATISTICS_SUMMARY,
};
