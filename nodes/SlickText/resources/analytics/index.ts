import { resourceProperties } from '../../../shared/descriptions';
import { campaign } from './campaign';
import { campaigns } from './campaigns';
import { contactGrowth } from './contactGrowth';
import { contacts } from './contacts';
import { messages } from './messages';

export const analyticsProperties = resourceProperties(
	'analytics',
	{ contacts, contactGrowth, campaigns, campaign, messages },
	'contacts',
);
