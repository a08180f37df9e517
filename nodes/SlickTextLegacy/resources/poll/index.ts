import type { ResourceDescription } from '../../../shared/descriptions';
import { askAndWait } from './askAndWait';
import { getAnswers } from './getAnswers';

export const poll: ResourceDescription = {
	operations: { askAndWait, getAnswers },
	defaultOperation: 'askAndWait',
};
