import type { ResourceDescription } from '../../../shared/descriptions';
import { deleteSubscribers } from './deleteSubscribers';
import { get } from './get';
import { getAll } from './getAll';
import { getContacts } from './getContacts';
import { getCustomFields } from './getCustomFields';
import { getMessages } from './getMessages';
import { getSegments } from './getSegments';

export const textword: ResourceDescription = {
	operations: { get, getAll, getContacts, getMessages, getSegments, getCustomFields, deleteSubscribers },
	defaultOperation: 'get',
};
