import { resourceProperties } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';

export const contactProperties = resourceProperties('contact', { get, getAll, delete: del }, 'get');
