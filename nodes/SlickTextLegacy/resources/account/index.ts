import { resourceProperties } from '../../../shared/descriptions';
import { get } from './get';

export const accountProperties = resourceProperties('account', { get }, 'get');
