import type { ResourceDescription } from '../../../shared/descriptions';
import { get } from './get';
import { getAll } from './getAll';
import { getClickers } from './getClickers';

export const shortlink: ResourceDescription = {
	operations: { get, getAll, getClickers },
	defaultOperation: 'get',
};
