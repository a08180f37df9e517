import type { OperationDescription } from '../../../shared/descriptions';
import { askAndWaitOperation, currentAskFields } from '../../../shared/replies/askAndWait';

/**
 * Sends one campaign to lists and waits for every subscribed contact's answer by a deadline
 * (shared/replies/askAndWait.ts). The contacts' waits are in place before the campaign goes.
 */
export const askAndWait: OperationDescription = askAndWaitOperation('current', currentAskFields());
