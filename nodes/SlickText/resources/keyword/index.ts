import type { ResourceDescription } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';

export const keyword: ResourceDescription = {
	operations: { get, getAll, delete: del },
	defaultOperation: 'getAll',
};
