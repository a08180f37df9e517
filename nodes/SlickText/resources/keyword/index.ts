import { resourceProperties } from '../../../shared/descriptions';
import { del } from './delete';
import { get } from './get';
import { getAll } from './getAll';

export const keywordProperties = resourceProperties('keyword', { get, getAll, delete: del }, 'getAll');
