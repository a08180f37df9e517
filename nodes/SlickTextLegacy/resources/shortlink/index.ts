import { resourceProperties } from '../../../shared/descriptions';
import { get } from './get';
import { getAll } from './getAll';
import { getClickers } from './getClickers';

export const shortlinkProperties = resourceProperties('shortlink', { get, getAll, getClickers }, 'get');
