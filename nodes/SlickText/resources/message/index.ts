import type { ResourceDescription } from '../../../shared/descriptions';
import { getAll } from './getAll';

export const message: ResourceDescription = {
	operations: { getAll },
	defaultOperation: 'getAll',
};
