import type { ResourceDescription } from '../../../shared/descriptions';
import { create } from './create';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const contact: ResourceDescription = {
	operations: { create, upsert, get, getAll, update, delete: del },
	defaultOperation: 'upsert',
};
