import { resourceProperties } from '../../../shared/descriptions';
import { get } from './get';
import { getUsage } from './getUsage';

export const brandProperties = resourceProperties('brand', { get, getUsage }, 'get');
