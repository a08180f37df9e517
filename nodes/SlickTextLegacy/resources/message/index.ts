import type { ResourceDescription } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getSendLog } from './getSendLog';
import { schedule } from './schedule';
import { send } from './send';
import { startPersonRuns } from './startPersonRuns';
import { sendAndWait } from './sendAndWait';
import { waitForReply } from './waitForReply';

export const message: ResourceDescription = {
	operations: { get, getAll, send, sendAndWait, schedule, delete: del, getSendLog, waitForReply, startPersonRuns },
	defaultOperation: 'get',
};
