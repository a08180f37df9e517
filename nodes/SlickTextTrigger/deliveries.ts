/**
 * The memory of received events, in the memory of the n8n process that answers the webhook.
 *
 * Why not the workflow's static data: n8n 2.41 does not reliably save static data written during a
 * webhook call (it is saved once, while the stored value is still empty), and concurrent runs overwrite
 * each other's copy. n8n gives a webhook no other store it persists (its data-deduplication helpers are
 * only given to nodes that execute). So this memory covers one process for as long as it runs, and the
 * event key the trigger outputs lets n8n's Remove Duplicates node (keys in n8n's database) cover a
 * restart and several webhook processes.
 *
 * Checking and recording happen in one synchronous step, so two identical deliveries arriving at the
 * same moment in one process start one run.
 */

/** SlickText retries for about a day (the current platform 6 more times, legacy 3); a key outlives that. */
export const REMEMBER_MS = 25 * 60 * 60 * 1000;
/** At most this many keys per trigger node (about 10 MB); past that the oldest go first. */
export const REMEMBER_MAX = 100_000;

/** Key -> time first received, in the order received (a Map keeps insertion order). */
type Memory = Map<string, number>;

/** One memory per trigger node of a workflow, for the life of the process. */
const memories = new Map<string, Memory>();

function forgetOld(memory: Memory, now: number, max: number): void {
	for (const [key, at] of memory) {
		if (now - at < REMEMBER_MS && memory.size <= max) break;
		memory.delete(key);
	}
}

/**
 * Returns the events whose key this trigger node has not received within REMEMBER_MS, and remembers
 * them. An event repeated inside one delivery also counts once.
 */
export function claimNew<T extends { key: string }>(
	scope: string,
	events: T[],
	now: number,
	max = REMEMBER_MAX,
): T[] {
	let memory = memories.get(scope);
	if (memory === undefined) {
		memory = new Map();
		memories.set(scope, memory);
	}
	forgetOld(memory, now, max);
	const fresh: T[] = [];
	for (const event of events) {
		const at = memory.get(event.key);
		if (at !== undefined && now - at < REMEMBER_MS) continue;
		memory.delete(event.key);
		memory.set(event.key, now);
		fresh.push(event);
	}
	forgetOld(memory, now, max);
	return fresh;
}

/** How many keys a trigger node remembers (for tests and benchmarks). */
export function rememberedCount(scope: string): number {
	return memories.get(scope)?.size ?? 0;
}
