import type { ResourceDescription } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getSendLog } from './getSendLog';
import { schedule } from './schedule';
import { send } from './send';

export const message: ResourceDescription = {
	operations: { get, getAll, send, schedule, delete: del, getSendLog },
	defaultOperation: 'get',
};
