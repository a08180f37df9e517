import type { OperationDescription } from '../../../shared/descriptions';
import { updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { campaignIdLocator, campaignUpdateBody, campaignUpdateFields } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a campaign',
		description:
			'Change a draft or scheduled campaign, or send or schedule it; only the fields set are sent. A sent campaign cannot be changed.',
		route: currentRoute({
			method: 'PUT',
			url: '=/campaigns/{{ $parameter.campaignId }}',
			preSend: [requireNumericId('campaignId', 'Campaign'), campaignUpdateBody],
		}),
	},
	properties: [
		campaignIdLocator(),
		updateFieldsCollection(campaignUpdateFields),
	],
	effect: 'send',
	effectNote: 'may text every contact of its audience when sent or scheduled',
};
