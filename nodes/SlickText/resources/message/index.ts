import { resourceProperties } from '../../../shared/descriptions';
import { getAll } from './getAll';

export const messageProperties = resourceProperties('message', { getAll }, 'getAll');
