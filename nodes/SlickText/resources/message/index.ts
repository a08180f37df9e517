import type { ResourceDescription } from '../../../shared/descriptions';
import { getAll } from './getAll';
import { waitForReply } from './waitForReply';

export const message: ResourceDescription = {
	operations: { getAll, waitForReply },
	defaultOperation: 'getAll',
};
