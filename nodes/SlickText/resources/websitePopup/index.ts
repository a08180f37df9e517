import type { ResourceDescription } from '../../../shared/descriptions';
import { activate } from './activate';
import { deactivate } from './deactivate';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const websitePopup: ResourceDescription = {
	operations: { get, getAll, update, activate, deactivate, delete: del },
	defaultOperation: 'get',
};
