import { resourceProperties } from '../../../shared/descriptions';
import { getAll } from './getAll';
import { getMessages } from './getMessages';
import { update } from './update';

export const inboxThreadProperties = resourceProperties('inboxThread', { getAll, getMessages, update }, 'getAll');
