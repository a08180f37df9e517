/**
 * What a person's reply means to what waits for it: one person's wait (waiting.ts) or one person of a
 * poll (polls.ts). One judge for both, so that a poll counts a reply exactly as a wait for one person
 * would take it: an opt-out ends the wait as opted out and is never an approval, an approval takes only
 * verified replies (unless the node accepts unverified ones), and an answer that is not one of the
 * expected words either goes on as not understood or leaves the wait open (Keep Waiting).
 */
import { approvalOf, normalizedWord, type AnswerRules, type Reply } from './protocol';

export type { AnswerRules, ResponseType } from './protocol';

/** How a reply ends a wait, when it does. */
export interface Judged {
	outcome: 'replied' | 'notUnderstood' | 'optedOut';
	/** Approval only: true for a yes word; false for a no word, an opt-out or an answer not understood. */
	approved?: boolean;
	/** Choice only: the choice as the node gives it, or null when the answer is none of them. */
	choice?: string | null;
}

/** The choice a reply names, as written in the node's Choices, if it names one. */
export function choiceOf(text: string, choices: string[]): string | undefined {
	const word = normalizedWord(text);
	return choices.find((choice) => normalizedWord(choice) === word);
}

/**
 * The reply's meaning, or why it is not taken (the wait then keeps waiting, and the reply goes on as the
 * trigger's event).
 */
export function judge(rules: AnswerRules, reply: Pick<Reply, 'text' | 'optedOut' | 'verified'>): Judged | { declined: string } {
	const closed = rules.responseType !== 'freeText';
	// An approval or a choice takes only a reply the trigger verified: a forged answer goes on as an event.
	if (closed && !reply.verified && !reply.optedOut && !rules.acceptUnverified) {
		return { declined: `The reply was not verified: ${rules.responseType === 'approval' ? 'an approval' : 'a choice'} takes only verified replies` };
	}
	if (reply.optedOut) {
		return {
			outcome: 'optedOut',
			...(rules.responseType === 'approval' ? { approved: false } : {}),
			...(rules.responseType === 'choice' ? { choice: null } : {}),
		};
	}
	if (rules.responseType === 'freeText') return { outcome: 'replied' };
	if (rules.responseType === 'choice') {
		const choice = choiceOf(reply.text, rules.choices);
		if (choice !== undefined) return { outcome: 'replied', choice };
		if (rules.keepWaiting) return { declined: 'Not one of the choices: still waiting' };
		return { outcome: 'notUnderstood', choice: null };
	}
	const approved = approvalOf(reply.text, rules.yes, rules.no);
	if (approved !== undefined) return { outcome: 'replied', approved };
	if (rules.keepWaiting) return { declined: 'Neither a yes word nor a no word: still waiting' };
	return { outcome: 'notUnderstood', approved: false };
}
