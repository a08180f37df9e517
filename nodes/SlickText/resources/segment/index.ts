import type { ResourceDescription } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const segment: ResourceDescription = {
	operations: { get, getAll, update, delete: del },
	defaultOperation: 'get',
};
