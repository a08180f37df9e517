import type { ResourceDescription } from '../../../shared/descriptions';
import { getAll } from './getAll';
import { getMessages } from './getMessages';
import { update } from './update';

export const inboxThread: ResourceDescription = {
	operations: { getAll, getMessages, update },
	defaultOperation: 'getAll',
};
