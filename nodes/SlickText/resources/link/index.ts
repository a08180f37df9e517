import type { ResourceDescription } from '../../../shared/descriptions';
import { create } from './create';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const link: ResourceDescription = {
	operations: { create, get, getAll, update, delete: del },
	defaultOperation: 'get',
};
