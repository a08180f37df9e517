import type { INodeExecutionData } from 'n8n-workflow';

/**
 * What a node run remembers between the tries of n8n's Retry On Fail, so that an item done in an earlier
 * try is not sent again (a second text, a second contact): its output from then is returned instead.
 *
 * n8n retries a failed node inside the same execution, in the same process (also on a queue-mode
 * worker), with the same input items and the same execute-data object of that node run (n8n-core's
 * WorkflowExecute passes one `executionData` to every try). That object is the key:
 * - lifetime: an entry is dropped when the node run succeeds or its last try fails, and in any case
 *   when n8n drops the execution's data (a WeakMap keeps nothing alive), so it never outlives the
 *   execution;
 * - scope: another node, another run of this node (a loop), another execution or workflow has another
 *   execute-data object, so nothing crosses them;
 * - size: one entry per node run in progress; per item the outcome and, for done items, their output.
 *
 * n8n's "Retry" of a failed execution from the executions list starts a new execution: nothing is
 * remembered across that (the README says what it does).
 */

export type Outcome =
	| { state: 'done'; tryNumber: number; output: INodeExecutionData[] }
	| { state: 'unanswered'; tryNumber: number };

export interface TryMemory {
	/** Tries started so far, this one included. */
	tries: number;
	/** The most tries n8n makes (Retry On Fail's Max Tries as n8n bounds it; 1 without it). */
	maxTries: number;
	items: Map<number, Outcome>;
}

const memories = new WeakMap<object, TryMemory>();

/** n8n-core's bounds of Max Tries (WorkflowExecute.getRetryParams). */
export function maxTriesOf(node: { retryOnFail?: boolean; maxTries?: number }): number {
	if (node.retryOnFail !== true) return 1;
	return Math.min(5, Math.max(2, node.maxTries || 3));
}

/** The memory of this node run, with its try counted; undefined when n8n gives no execute data. */
export function startTry(key: object | undefined, maxTries: number): TryMemory | undefined {
	if (!key) return undefined;
	let memory = memories.get(key);
	if (!memory) {
		memory = { tries: 0, maxTries, items: new Map() };
		memories.set(key, memory);
	}
	memory.tries++;
	return memory;
}

/** The node run is over (it succeeded, or this was its last try): nothing more to remember. */
export function endTries(key: object | undefined): void {
	if (key) memories.delete(key);
}
