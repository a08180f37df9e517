import { resourceProperties } from '../../../shared/descriptions';
import { deleteSubscribers } from './deleteSubscribers';
import { get } from './get';
import { getAll } from './getAll';
import { getContacts } from './getContacts';
import { getCustomFields } from './getCustomFields';
import { getMessages } from './getMessages';
import { getSegments } from './getSegments';

export const textwordProperties = resourceProperties(
	'textword',
	{ get, getAll, getContacts, getMessages, getSegments, getCustomFields, deleteSubscribers },
	'get',
);
