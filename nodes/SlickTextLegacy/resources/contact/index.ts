import type { ResourceDescription } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { optIn } from './optIn';
import { optOut } from './optOut';
import { update } from './update';

export const contact: ResourceDescription = {
	operations: { get, getAll, optIn, update, optOut, delete: del },
	defaultOperation: 'get',
};
