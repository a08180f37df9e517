import { resourceProperties } from '../../../shared/descriptions';
import { create } from './create';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const campaignProperties = resourceProperties('campaign', { create, get, getAll, update, delete: del }, 'create');
