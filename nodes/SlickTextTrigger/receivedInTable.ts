/**
 * The trigger's event keys in an n8n data table, "SlickText received events", for the runs that have no
 * stored copy of the keys (queue-mode workers, deliveries.ts) when the trigger's credential has an n8n API
 * key and the Trigger URL for Replies: several webhook processes, where SlickText's delivery again of an
 * event it got no answer to within 5 s may reach another process than the first delivery did.
 *
 * Why not n8n's record of processed data (processedKeys.ts, used without the key): it is one row per
 * trigger node that every call reads and writes back whole with no lock, so two busy workers drop each
 * other's keys and both runs of one event find it new. A data table insert adds a row of its own, which
 * nothing overwrites.
 *
 * Each run inserts one row per event, then reads every row of its events: for each event the row with the
 * lowest ID acts, the others stop. Its run reads after its own insert, so it always sees that row as the
 * lowest: every event acts. Two runs act only if one reads while the insert that took a lower ID has not
 * committed yet (Postgres hands IDs out before the commit): the other run's insert, read and answer must
 * all fit in the last milliseconds of that insert's transaction; with SQLite, one writer, never.
 *
 * A run whose insert or read fails falls back to n8n's record of processed data (the caller): an event is
 * never dropped for it. Rows older than a day (SlickText retries for about that long) are deleted now and then.
 */
import { sleep } from 'n8n-workflow';

import { Batches } from '../shared/replies/waits/batches';
import { either, is, TableApi, where, type TableAccess, type TableContext } from '../shared/replies/waits/tableApi';
import { digest, REMEMBER_MS } from './deliveries';

export const TABLE_NAME = 'SlickText received events';

const COLUMNS = [
	{ name: 'scope', type: 'string' },
	{ name: 'event', type: 'string' },
	{ name: 'at', type: 'number' },
];

interface Row {
	id: number;
	scope: string;
	event: string;
	at: number;
}

/** Events in one batch at most: n8n's filter of the read goes in the query string. */
const MOST_IN_BATCH = 50;
const READ_TRIES = 3;
/**
 * How long a run waits for the runs of other events before its insert and read (less once MOST_IN_BATCH
 * are waiting), to share them: each call of n8n's public API costs its main process an authenticated
 * request (the key's user, role and scopes read anew), the most of the check's cost. Nobody waits on
 * it: SlickText was answered before the run began. An object, so that a test can lengthen it.
 */
export const gathering = { ms: 250 };
/** Old rows are deleted at most this often per process and trigger node. */
const PURGE_EVERY_MS = 60_000;

/** The row's name of an event: the trigger node and the key, digested as the trigger's memory digests keys (the table shows no event's key). */
const eventOf = (scope: string, key: string): string => digest(`${scope}\n${key}`);

/** One process's batch of inserts and reads per n8n and key: runs within `gathering.ms` share two calls. */
const batches = new Map<string, Batches<{ scope: string; event: string; at: number }, boolean, ReceivedInTable>>();
const purged = new Map<string, number>();

export class ReceivedInTable {
	private readonly table: TableApi<Row>;

	constructor(
		private readonly ctx: TableContext,
		private readonly access: TableAccess,
	) {
		this.table = new TableApi<Row>(ctx, access, TABLE_NAME, COLUMNS);
	}

	/** The keys of this trigger node that no earlier run had: their events go on. Throws when the table fails. */
	async claim(scope: string, keys: string[], now = Date.now()): Promise<Set<string>> {
		const key = `${this.access.origin}|${digest(this.access.apiKey)}`;
		let batch = batches.get(key);
		if (!batch) {
			batch = new Batches<{ scope: string; event: string; at: number }, boolean, ReceivedInTable>(
				async (items, by) => await by.insertAndRead(items),
				MOST_IN_BATCH,
				() => gathering.ms,
			);
			batches.set(key, batch);
		}
		const acts = await batch.all(
			keys.map((k) => ({ scope, event: eventOf(scope, k), at: now })),
			this,
		);
		void this.purge(scope, now);
		return new Set(keys.filter((_, index) => acts[index]));
	}

	private async insertAndRead(items: Array<{ scope: string; event: string; at: number }>): Promise<boolean[]> {
		const ids = await this.table.insert(items.map(({ scope, event, at }) => ({ scope, event, at })));
		const events = [...new Set(items.map((item) => item.event))];
		const filter = events.length === 1 ? where(is('event', events[0])) : either(...events.map((event) => is('event', event)));
		// The read is asked again when it fails (n8n answers 503 while its database is busy); the insert is
		// not: one that was kept though its answer was lost would leave a row with a lower ID that nobody acts for.
		let rows: Row[] | undefined;
		for (let attempt = 1; attempt < READ_TRIES && rows === undefined; attempt++) {
			rows = await this.table.allRows(filter).catch(() => undefined);
			if (rows === undefined) await sleep(100 * attempt);
		}
		rows ??= await this.table.allRows(filter);
		const lowest = new Map<string, number>();
		for (const row of rows) {
			const seen = lowest.get(row.event);
			if (seen === undefined || row.id < seen) lowest.set(row.event, row.id);
		}
		return items.map((item, index) => lowest.get(item.event) === ids[index]);
	}

	/** Deletes the node's rows older than REMEMBER_MS, at most once a minute; a failure waits for the next time. */
	private async purge(scope: string, now: number): Promise<void> {
		const key = `${this.access.origin}|${scope}`;
		if (now - (purged.get(key) ?? 0) < PURGE_EVERY_MS) return;
		purged.set(key, now);
		try {
			await this.table.remove(where(is('scope', scope), { columnName: 'at', condition: 'lt', value: now - REMEMBER_MS }));
		} catch (error) {
			this.ctx.logger.debug(`SlickText Trigger: could not delete old rows of "${TABLE_NAME}": ${(error as Error).message}`);
		}
	}
}
