import type { ResourceDescription } from '../../../shared/descriptions';
import { get } from './get';
import { getUsage } from './getUsage';

export const brand: ResourceDescription = {
	operations: { get, getUsage },
	defaultOperation: 'get',
};
