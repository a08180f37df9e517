import type { ResourceDescription } from '../../../shared/descriptions';
import { campaign } from './campaign';
import { campaigns } from './campaigns';
import { contactGrowth } from './contactGrowth';
import { contacts } from './contacts';
import { messages } from './messages';

export const analytics: ResourceDescription = {
	operations: { contacts, contactGrowth, campaigns, campaign, messages },
	defaultOperation: 'contacts',
};
