import { resourceProperties } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const segmentProperties = resourceProperties('segment', { get, getAll, update, delete: del }, 'get');
