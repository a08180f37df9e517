import { startPersonRunsOperation } from '../../../shared/replies/handOut';

/** Each item starts a run of its own at the trigger's Each Person output (shared/replies/handOut.ts). */
export const startPersonRuns = startPersonRunsOperation('current');
