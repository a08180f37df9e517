import { getAnswersOperation } from '../../../shared/replies/pollAnswers';

/** How a running poll stands (shared/replies/pollAnswers.ts). */
export const getAnswers = getAnswersOperation('current');
