import type { Outcome } from './retries';

/**
 * The record of a failed run that its error carries. For an operation that changes something: which
 * items SlickText did (and in which try of Retry On Fail), which it did not, and which went out with no
 * answer, so that nobody runs an item twice by mistake or leaves one undone. For a read: which items
 * failed, and that nothing was changed (there is nothing to do twice).
 */

/** "0-2, 5, 7, 8": item numbers, runs of three or more as ranges. */
export function ranges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		parts.push(j > i + 1 ? `${sorted[i]}-${sorted[j]}` : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}`);
		i = j;
	}
	return parts.join(', ');
}

function items(indexes: number[]): string {
	return `${indexes.length === 1 ? 'item' : 'items'} ${ranges(indexes)}`;
}

/** Done items grouped by the try that did them: "0-4 (try 1), 6 (try 2)". */
function doneByTry(done: Array<[number, number]>, tries: number): string {
	if (tries === 1) return ranges(done.map(([index]) => index));
	const byTry = new Map<number, number[]>();
	for (const [index, tryNumber] of done) byTry.set(tryNumber, [...(byTry.get(tryNumber) ?? []), index]);
	return [...byTry.entries()]
		.sort(([a], [b]) => a - b)
		.map(([tryNumber, indexes]) => `${ranges(indexes)} (try ${tryNumber})`)
		.join(', ');
}

export interface RunRecord {
	total: number;
	/** Whether the operation changes anything at SlickText (route.write). */
	write: boolean;
	/** The item whose error this is. */
	failed: number;
	/** Other items that failed on their own (not those the stop kept from being sent). */
	failedToo: number[];
	/** What each item came to (items absent: not done). */
	outcomes: Map<number, Outcome>;
	/** This try's number, and whether n8n tries again after it. */
	tryNumber: number;
	retried: boolean;
}

/** A read's record: nothing was done that could be done twice, so only which items failed. */
function describeRead(record: RunRecord): string {
	const also = record.failedToo.length > 0 ? `, also ${items(record.failedToo)}` : '';
	return `Not read: item ${record.failed} (this message)${also}. This operation only reads: nothing was changed in SlickText.`;
}

export function describeRun(record: RunRecord): string {
	if (!record.write) return describeRead(record);
	const { total, failed, outcomes, tryNumber } = record;
	const done: Array<[number, number]> = [];
	const unanswered: Array<[number, number]> = [];
	const notDone: number[] = [];
	for (let index = 0; index < total; index++) {
		const outcome = outcomes.get(index);
		if (outcome?.state === 'done') done.push([index, outcome.tryNumber]);
		else if (outcome?.state === 'unanswered') unanswered.push([index, outcome.tryNumber]);
		else if (index !== failed) notDone.push(index);
	}
	const parts: string[] = [];
	const across = tryNumber > 1 ? ` (over ${tryNumber} tries of Retry On Fail)` : '';
	if (done.length > 0) {
		// "Item 0 was already done", never "done: 0", which reads as "none".
		const [noun, were, them] = done.length === 1 ? ['Item', 'was', 'it'] : ['Items', 'were', 'them'];
		parts.push(
			`${noun} ${doneByTry(done, tryNumber)} ${were} already done${across}: running ${them} again would send ${them} to SlickText a second time (texts sent again, records made again).`,
		);
	} else {
		parts.push(`No item of this run was done${across}.`);
	}
	const failedIsUnanswered = outcomes.get(failed)?.state === 'unanswered';
	const notDoneText = failedIsUnanswered ? notDone : [failed, ...notDone];
	if (notDoneText.length > 0) {
		const rest = notDone.length > 0 ? ` and ${ranges(notDone)}` : '';
		parts.push(failedIsUnanswered ? `Not done: ${items(notDone)}.` : `Not done: item ${failed} (this message)${rest}.`);
	}
	if (unanswered.length > 0) {
		const which = tryNumber > 1 ? doneByTry(unanswered, tryNumber) : ranges(unanswered.map(([index]) => index));
		parts.push(
			`No answer came for ${unanswered.length === 1 ? 'item' : 'items'} ${which}: the request went out, so SlickText may have done it. ` +
				'The node does not send such a request again where that could text someone twice: check in SlickText (for texts, its message log) before you run it again.',
		);
	}
	if (record.retried) parts.push("n8n's Retry On Fail tries again: items already done are not sent again.");
	return parts.join(' ');
}
