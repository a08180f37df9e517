/**
 * The waits of a SlickText Trigger in an n8n data table, through n8n's public API with the n8n API key
 * of the trigger's credential: for several n8n webhook processes (queue mode), and for more open waits
 * than static data carries well.
 *
 * Why a data table: n8n gives a node no other store that several processes may change at once. Static
 * data and the processed-data store are one row each, read and written whole (the last writer wins). A
 * data table holds one row per wait, written by the one request that registered it; every later change
 * is one conditional update (`PATCH .../rows/update` with a filter) that returns the rows it changed, so
 * of two processes claiming one wait exactly one gets it back. An ordinary event reads none of it.
 *
 * A reply that waits may take is kept as a row of its own before SlickText is answered (its event,
 * sealed), and finished once a wait took it or it went out as the trigger's event: a process that stops
 * in between leaves it to another, which delivers it to the trigger again. The reads of the person's
 * waits, the keeping and the marking taken of concurrent replies go in one call each (batches.ts), and
 * concurrent registrations are read, checked and stored in three.
 *
 * n8n's address of a wait opens it, and the table is visible in n8n to the project's members: the
 * address and what was sent are kept sealed (AES-256-GCM with a key made from the credential's keys),
 * so only a trigger with the same SlickText credential can read them.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import type { Registration } from '../protocol';
import { Batches } from './batches';
import { DataTablePolls } from './pollsInDataTable';
import {
	CLAIM_HOLD_MS,
	digest,
	expired,
	holding,
	MAX_WAITS,
	MAX_WAITS_PER_PERSON,
	TAKEN_KEEP_MS,
	UNFINISHED_AFTER_MS,
	type Added,
	type Claim,
	type Found,
	type KeptEvent,
	type WaitEntry,
	type WaitStore,
} from './store';
import { either, is, MOST_PAGES, PAGE, seal, TableApi, unseal, where, type TableAccess, type TableContext } from './tableApi';

export { seal, unseal, type TableAccess } from './tableApi';

export const TABLE_NAME = 'SlickText reply waits';

const COLUMNS = [
	{ name: 'scope', type: 'string' },
	{ name: 'waitId', type: 'string' },
	{ name: 'person', type: 'string' },
	{ name: 'since', type: 'number' },
	{ name: 'until', type: 'number' },
	{ name: 'sealed', type: 'string' },
	{ name: 'claimedBy', type: 'string' },
	{ name: 'claimedAt', type: 'number' },
	{ name: 'takenAt', type: 'number' },
	{ name: 'pending', type: 'string' },
];

/** A wait no reply has claimed. */
const FREE = '-';
/** The `until` of a kept reply's row: no wait has it, and no wait's bounds count it. */
const KEPT = -1;
/** Replies in one batch at most: n8n's filter goes in the query string. */
const MOST_IN_BATCH = 50;
/** Ended rows (taken long ago, or past their limit) are deleted at most this often per process. */
const PURGE_EVERY_MS = 60_000;

interface Row {
	id: number;
	scope: string;
	waitId: string;
	person: string;
	since: number;
	until: number;
	sealed: string;
	claimedBy: string;
	claimedAt: number;
	takenAt: number;
	/** A kept reply's row: its sealed event, until it is finished (a wait's row: empty). */
	pending: string;
}

const purged = new Map<string, number>();

/** One process's batches of calls per table, trigger node and credential. */
interface TableBatches {
	/** Registrations of waits. */
	add: Batches<{ registration: Registration; now: number }, Added, DataTableWaits>;
	/** The rows of some persons (each its own answer: the same rows). */
	rows: Batches<string, Row[], DataTableWaits>;
	keep: Batches<{ event: KeptEvent; eventKey: string; now: number }, string, DataTableWaits>;
	/** Rows marked taken (waits that took a reply, kept replies finished with them). */
	taken: Batches<number, void, DataTableWaits>;
	/** Kept replies this process is handing on (each with the requests handing it), and whether a loop holds them. */
	held: Map<number, number>;
	holding: boolean;
}
const batches = new Map<string, TableBatches>();

export class DataTableWaits implements WaitStore {
	readonly sharedClaims = true;

	private readonly table: TableApi<Row>;
	readonly polls: DataTablePolls;

	constructor(
		private readonly ctx: TableContext,
		private readonly scope: string,
		private readonly access: TableAccess,
	) {
		this.table = new TableApi<Row>(ctx, access, TABLE_NAME, COLUMNS);
		this.polls = new DataTablePolls(ctx, scope, access);
	}

	private async page(filter: IDataObject, extra: Record<string, string | number>): Promise<{ data?: Row[]; nextCursor?: string | null }> {
		return await this.table.page(filter, extra);
	}

	private async rows(filter: IDataObject, extra: Record<string, string | number> = {}): Promise<Row[]> {
		return await this.table.rows(filter, extra);
	}

	/** A conditional update: the rows it changed (none when the condition no longer held). */
	private async update(filter: IDataObject, data: IDataObject): Promise<Row[]> {
		return await this.table.update(filter, data);
	}

	private async remove(filter: IDataObject): Promise<void> {
		await this.table.remove(filter);
	}

	/** Deletes the scope's ended rows now and then: taken ones after TAKEN_KEEP_MS, ones past their limit. */
	private async purge(now: number): Promise<void> {
		const key = `${this.access.origin}|${this.scope}`;
		if (now - (purged.get(key) ?? 0) < PURGE_EVERY_MS) return;
		purged.set(key, now);
		await this.remove(where(is('scope', this.scope), { columnName: 'takenAt', condition: 'gt', value: 0 }, { columnName: 'takenAt', condition: 'lt', value: now - TAKEN_KEEP_MS }));
		await this.remove(where(is('scope', this.scope), is('takenAt', 0), { columnName: 'until', condition: 'gt', value: 0 }, { columnName: 'until', condition: 'lt', value: now }));
	}

	private entryOf(row: Row): WaitEntry | undefined {
		const secret = unseal(this.access.signingKey, row.sealed);
		if (!secret || typeof secret.r !== 'string') return undefined;
		const sent = typeof secret.m === 'object' && secret.m !== null ? (secret.m as IDataObject) : {};
		return { id: String(row.id), person: row.person, resumeUrl: secret.r, since: Number(row.since), until: Number(row.until), sent };
	}

	async add(registration: Registration, now: number): Promise<Added> {
		return await this.batches().add.do({ registration, now }, this);
	}

	/**
	 * Registrations that came while the last ones were stored, stored together: one read of their persons'
	 * rows, one look at the bound of open waits, one insert. A process stores one batch at a time, so each
	 * batch reads what the one before it stored: the same wait asked twice is one row, and the bounds hold
	 * for the registrations of this process.
	 */
	private async addAll(items: Array<{ registration: Registration; now: number }>): Promise<Added[]> {
		const now = Math.max(...items.map((item) => item.now));
		await this.purge(now);
		const rows = await this.rowsOf([...new Set(items.map((item) => item.registration.person))]);
		const known = new Set(rows.map((row) => row.waitId));
		const waitIds = items.map((item) => digest(item.registration.resumeUrl));
		const open = new Map<string, number>();
		for (const row of rows) {
			// Kept replies are not waits; a wait past its limit no longer counts.
			if (Number(row.takenAt) === 0 && Number(row.until) !== KEPT && !expired(row, now)) open.set(row.person, (open.get(row.person) ?? 0) + 1);
		}
		const answers: Added[] = [];
		const fresh: number[] = [];
		const firstOf = new Map<string, number>();
		for (const [index, { registration }] of items.entries()) {
			const waitId = waitIds[index];
			if (known.has(waitId)) answers[index] = 'known';
			else if (firstOf.has(waitId)) continue;
			else if ((open.get(registration.person) ?? 0) >= MAX_WAITS_PER_PERSON) answers[index] = `${registration.person} has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`;
			else {
				firstOf.set(waitId, index);
				open.set(registration.person, (open.get(registration.person) ?? 0) + 1);
				fresh.push(index);
			}
		}
		// Room for how many of them under MAX_WAITS open waits (kept replies are not waits): the rows from
		// the (MAX_WAITS - n)-th open one on are the fresh ones that do not fit. n8n's cursor is the offset and the page size.
		const cursor = Buffer.from(JSON.stringify({ offset: Math.max(0, MAX_WAITS - fresh.length), limit: Math.max(1, fresh.length) })).toString('base64');
		const over = fresh.length === 0 ? 0 : (await this.rows(where(is('scope', this.scope), is('takenAt', 0), { columnName: 'until', condition: 'gt', value: KEPT }), { cursor })).length;
		const stored = fresh.slice(0, fresh.length - over);
		for (const index of fresh.slice(stored.length)) answers[index] = `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends`;
		if (stored.length > 0) {
			const data = stored.map((index) => {
				const { registration } = items[index];
				return {
					scope: this.scope,
					waitId: waitIds[index],
					person: registration.person,
					since: registration.since,
					until: registration.until,
					sealed: seal(this.access.signingKey, { r: registration.resumeUrl, m: registration.sent }),
					claimedBy: FREE,
					claimedAt: 0,
					takenAt: 0,
					pending: '',
				};
			});
			// In n8n's database when n8n answers: the registrations are stored when this resolves.
			await this.table.insert(data);
			for (const index of stored) answers[index] = 'added';
		}
		// The same wait asked again within the batch: known once the first is stored, else the first's answer.
		for (const index of items.keys()) {
			if (answers[index] !== undefined) continue;
			const first = answers[firstOf.get(waitIds[index])!];
			answers[index] = first === 'added' ? 'known' : first;
		}
		return answers;
	}

	/** The batches of this table, trigger node and credential in this process (their calls are this store's). */
	private batches(): TableBatches {
		const key = [this.access.origin, digest(this.access.apiKey), this.scope, digest(this.access.signingKey)].join('|');
		let found = batches.get(key);
		if (!found) {
			found = {
				add: new Batches(async (items, by) => await by.addAll(items), MOST_IN_BATCH),
				rows: new Batches(async (persons, by) => {
					const rows = await by.rowsOf([...new Set(persons)]);
					return persons.map((person) => rows.filter((row) => row.person === person));
				}, MOST_IN_BATCH),
				keep: new Batches(async (items, by) => await by.insert(items), MOST_IN_BATCH),
				taken: new Batches(async (ids, by) => {
					await by.update(either(...ids.map((id) => is('id', id))), { takenAt: Date.now(), pending: '' });
					return ids.map(() => undefined);
				}, MOST_IN_BATCH),
				held: new Map(),
				holding: false,
			};
			batches.set(key, found);
		}
		return found;
	}

	/** Every row of these persons in this trigger node, read page by page. */
	private async rowsOf(persons: string[]): Promise<Row[]> {
		// One person: the scope in the filter too. Several: n8n's filter is all "and" or all "or".
		const filter = persons.length === 1 ? where(is('scope', this.scope), is('person', persons[0])) : either(...persons.map((person) => is('person', person)));
		const rows: Row[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < MOST_PAGES; page++) {
			const answer = await this.page(filter, cursor ? { cursor } : { limit: PAGE });
			rows.push(...(answer.data ?? []));
			if (!answer.nextCursor) break;
			cursor = answer.nextCursor;
		}
		return rows.filter((row) => row.scope === this.scope);
	}

	async find(person: string, eventKey: string, now: number): Promise<Found> {
		const key = digest(eventKey);
		// The person's waits and their parts of polls, read at the same time (each with the other replies meanwhile).
		const [waitRows, members] = await Promise.all([this.batches().rows.do(person, this), this.polls.members(person, eventKey, now)]);
		const rows = waitRows.sort((a, b) => Number(a.since) - Number(b.since));
		const open: WaitEntry[] = [...members.open];
		let takenBefore = members.takenBefore;
		for (const row of rows) {
			if (Number(row.takenAt) > 0) {
				if (row.claimedBy === key) takenBefore = true;
				continue;
			}
			if (expired(row, now)) continue;
			const entry = this.entryOf(row);
			if (entry) open.push(entry);
		}
		return { open: open.sort((a, b) => a.since - b.since), takenBefore };
	}

	async claim(entry: WaitEntry, eventKey: string, now: number): Promise<Claim> {
		const key = digest(eventKey);
		const id = Number(entry.id);
		if ((await this.update(where(is('id', id), is('claimedBy', FREE), is('takenAt', 0)), { claimedBy: key, claimedAt: now })).length > 0) return 'won';
		const [row] = await this.rows(where(is('id', id)), { limit: 1 });
		if (!row) return 'other';
		if (row.claimedBy === key) return Number(row.takenAt) > 0 ? 'taken' : 'same';
		if (Number(row.takenAt) > 0 || now - Number(row.claimedAt) < CLAIM_HOLD_MS) return 'other';
		// Claimed by a reply whose process stopped before it finished: taken over, by one claimant only.
		const stolen = await this.update(where(is('id', id), is('claimedBy', row.claimedBy), is('claimedAt', Number(row.claimedAt)), is('takenAt', 0)), {
			claimedBy: key,
			claimedAt: now,
		});
		return stolen.length > 0 ? 'won' : 'other';
	}

	/** The wait's row is claimed by this reply (the claim set `claimedBy`): marked taken with its kept row, in a batch. */
	async taken(entry: WaitEntry, _eventKey: string, _now: number, kept?: string): Promise<void> {
		await this.batches().taken.all([Number(entry.id), ...(kept ? [Number(kept)] : [])], this);
	}

	async release(entry: WaitEntry, eventKey: string): Promise<void> {
		await this.update(where(is('id', Number(entry.id)), is('claimedBy', digest(eventKey)), is('takenAt', 0)), { claimedBy: FREE, claimedAt: 0 });
	}

	/** Kept replies in one insert; each row's ID back, in order. */
	private async insert(items: Array<{ event: KeptEvent; eventKey: string; now: number }>): Promise<string[]> {
		const data = items.map(({ event, eventKey, now }) => ({
			scope: this.scope,
			waitId: 'kept',
			person: '',
			since: now,
			until: KEPT,
			sealed: '',
			claimedBy: digest(eventKey),
			claimedAt: now,
			takenAt: 0,
			pending: seal(this.access.signingKey, event as unknown as IDataObject),
		}));
		return (await this.table.insert(data)).map(String);
	}

	async keep(event: KeptEvent, eventKey: string, now: number): Promise<string> {
		return await this.batches().keep.do({ event, eventKey, now }, this);
	}

	holdWhile(kept: string[], work: Promise<unknown>): void {
		const table = this.batches();
		const ids = kept.map(Number);
		for (const id of ids) table.held.set(id, (table.held.get(id) ?? 0) + 1);
		const letGo = () => {
			for (const id of ids) {
				const left = (table.held.get(id) ?? 1) - 1;
				if (left > 0) table.held.set(id, left);
				else table.held.delete(id);
			}
		};
		// Let go when the work ends, however: a hand-off that failed leaves its reply to another process.
		work.then(letGo, letGo);
		if (table.holding) return;
		table.holding = true;
		void (async () => {
			// Ends once nothing is held: the last work's end lets go of its replies.
			while (table.held.size > 0) {
				await sleep(holding.everyMs);
				if (table.held.size > 0) await this.hold([...table.held.keys()]).catch(() => undefined);
			}
			table.holding = false;
		})();
	}

	/** Kept replies still under way in this process: their time set anew, so that `unfinished` passes them by. */
	private async hold(ids: number[]): Promise<void> {
		const now = Date.now();
		for (let i = 0; i < ids.length; i += MOST_IN_BATCH) {
			await this.update(either(...ids.slice(i, i + MOST_IN_BATCH).map((id) => is('id', id))), { claimedAt: now });
		}
	}

	async finish(kept: string): Promise<void> {
		await this.batches().taken.do(Number(kept), this);
	}

	/** Finishes the kept rows of these event keys (a run of the trigger, whose webhook left them to it). */
	async finishKeys(eventKeys: string[]): Promise<void> {
		for (const key of new Set(eventKeys)) {
			await this.update(where(is('scope', this.scope), is('until', KEPT), is('takenAt', 0), is('claimedBy', digest(key))), { takenAt: Date.now(), pending: '' });
		}
	}

	async unfinished(now: number): Promise<Array<{ kept: string; event: KeptEvent }>> {
		const stale = await this.rows(
			where(is('scope', this.scope), is('until', KEPT), is('takenAt', 0), { columnName: 'claimedAt', condition: 'lt', value: now - UNFINISHED_AFTER_MS }),
			{ limit: 50 },
		);
		const found: Array<{ kept: string; event: KeptEvent }> = [];
		for (const row of stale) {
			// Each to one process only: the one whose update of the row's time applied.
			const mine = await this.update(where(is('id', row.id), is('claimedAt', Number(row.claimedAt)), is('takenAt', 0)), { claimedAt: now });
			if (mine.length === 0) continue;
			const event = unseal(this.access.signingKey, row.pending);
			if (event && typeof event.name === 'string' && typeof event.json === 'object') found.push({ kept: String(row.id), event: event as unknown as KeptEvent });
			else {
				// Kept under another credential's keys (the trigger's credential changed since): no process can read
				// it, so it is finished rather than looked for for ever.
				this.ctx.logger.warn('SlickText Trigger: a kept reply cannot be read with this credential (it was kept under another); it is dropped');
				await this.finish(String(row.id));
			}
		}
		return found;
	}

	async anyUnfinished(): Promise<boolean> {
		return (await this.rows(where(is('scope', this.scope), is('until', KEPT), is('takenAt', 0)), { limit: 1 })).length > 0;
	}

	async gone(entry: WaitEntry): Promise<void> {
		await this.remove(where(is('id', Number(entry.id))));
	}

	async withdraw(resumeUrl: string): Promise<void> {
		await this.remove(where(is('scope', this.scope), is('waitId', digest(resumeUrl)), is('takenAt', 0)));
	}

}
