import type { ResourceDescription } from '../../../shared/descriptions';
import { getAll } from './getAll';
import { startPersonRuns } from './startPersonRuns';
import { waitForReply } from './waitForReply';

export const message: ResourceDescription = {
	operations: { getAll, waitForReply, startPersonRuns },
	defaultOperation: 'getAll',
};
