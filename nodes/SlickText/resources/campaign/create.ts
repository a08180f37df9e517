import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { campaignCreateBody, campaignCreateFields } from './fields';

export const create: OperationDescription = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a campaign',
		description:
			'Create a text campaign to lists, segments or all contacts, and send it now, schedule it or save it as a draft',
		route: currentRoute({ method: 'POST', url: '/campaigns', preSend: [campaignCreateBody] }),
	},
	properties: campaignCreateFields,
	effect: 'send',
	effectNote: 'may text every contact of its audience when sent or scheduled',
};
