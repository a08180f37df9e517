import type { ResourceDescription } from '../../../shared/descriptions';
import { get } from './get';

export const account: ResourceDescription = {
	operations: { get },
	defaultOperation: 'get',
};
