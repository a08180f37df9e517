import type { ResourceDescription } from '../../../shared/descriptions';
import { addContacts } from './addContacts';
import { countContacts } from './countContacts';
import { create } from './create';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getContacts } from './getContacts';
import { removeContacts } from './removeContacts';
import { update } from './update';

export const list: ResourceDescription = {
	operations: { create, get, getAll, update, delete: del, getContacts, countContacts, addContacts, removeContacts },
	defaultOperation: 'addContacts',
};
