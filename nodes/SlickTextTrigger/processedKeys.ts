/**
 * The trigger's event keys in n8n's record of processed data (its database: every n8n process reads it,
 * queue-mode workers too), for the runs that have no stored copy of the keys (deliveries.ts).
 *
 * n8n's helper reads the node's row, then inserts or updates it, with no lock. When the first runs after
 * publishing (or after the record was cleared) start at the same moment, each finds no row and all but
 * one fail on the table's unique key; runs that overlap later can overwrite each other's keys. The webhook
 * has already answered 200, so SlickText will not deliver the event again: a failure here must never drop
 * it. So:
 * - in one process the calls for one trigger node go one at a time (regular mode runs every execution in
 *   one process, a queue-mode worker up to its concurrency): no race there at all;
 * - a call that fails is made again (between processes: the row another one just created is then found);
 * - the keys are checked once more after recording and recorded again if an overlapping update lost them;
 * - if the record still fails, the events go on and the failure is logged: a later repeat of them might
 *   then start a second run, a lesser harm than an event nobody acts on (docs/reliability.md).
 */
import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { PERSIST_MAX } from './deliveries';

const OPTIONS = { mode: 'entries' as const, maxEntries: PERSIST_MAX };
/** Tries of the record before the events go on without it, and the pause before each new try. */
export const RECORD_TRIES = 5;
const RETRY_PAUSE_MS = 50;

/** The calls of this process for each trigger node, one after the other. */
const queues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(scope: string, work: () => Promise<T>): Promise<T> {
	const run = (queues.get(scope) ?? Promise.resolve()).then(work, work);
	const tail = run.catch(() => undefined);
	queues.set(scope, tail);
	try {
		return await run;
	} finally {
		if (queues.get(scope) === tail) queues.delete(scope);
	}
}

export interface Recorded {
	/** The keys no earlier run had: their events go on. */
	fresh: Set<string>;
}

async function tries<T>(work: () => Promise<T>): Promise<{ value: T } | { error: unknown }> {
	let error: unknown;
	for (let attempt = 1; attempt <= RECORD_TRIES; attempt++) {
		try {
			return { value: await work() };
		} catch (caught) {
			error = caught;
			if (attempt < RECORD_TRIES) await sleep(RETRY_PAUSE_MS * attempt);
		}
	}
	return { error };
}

/** Checks the keys against n8n's record and records them; see the top of this file for failures. */
export async function recordKeys(ctx: IExecuteFunctions, scope: string, keys: string[]): Promise<Recorded> {
	return await oneAtATime(scope, async () => {
		const checked = await tries(async () => {
			const result = await ctx.helpers.checkProcessedAndRecord(keys, 'node', OPTIONS);
			return { fresh: new Set(result.new.map(String)) };
		});
		if ('error' in checked) {
			ctx.logger.warn('SlickText Trigger: could not record the events in n8n\'s record of repeats; they go on', {
				error: checked.error instanceof Error ? checked.error.message : String(checked.error),
			});
			return { fresh: new Set(keys) };
		}
		// Another process may have written the row between our read and our write, dropping our keys:
		// recording them again finds them (nothing new) or puts them back. Events are decided already.
		for (let round = 0; round < 2; round++) {
			const again = await tries(async () => await ctx.helpers.checkProcessedAndRecord(keys, 'node', OPTIONS));
			if ('error' in again || again.value.new.length === 0) break;
		}
		return checked.value;
	});
}
