/**
 * The polls of a SlickText Trigger in an n8n data table, "SlickText polls", through n8n's public API (as
 * the reply waits of inDataTable.ts): for several n8n webhook processes. A poll is one row (its address
 * and rules sealed) and one row per person; every change of a person's row is one conditional update
 * that says whether it applied, so of two processes keeping two replies of one person with the first
 * reply counting, exactly one keeps its reply, and nothing is kept once the poll is closed: the close is
 * one update of every row still open, and the rows read after it are the poll's answers.
 */
import type { IDataObject } from 'n8n-workflow';

import type { MemberAnswer, MemberState, PollRegistration, PollRules } from '../protocol';
import { Batches } from './batches';
import {
	digest,
	MAX_OPEN_MS,
	MAX_OPEN_POLLS,
	MAX_POLL_PEOPLE,
	TAKEN_KEEP_MS,
	type Added,
	type MemberReply,
	type MemberTake,
	type PollEntry,
	type PollStore,
	type WaitEntry,
} from './store';
import { either, is, seal, TableApi, unseal, where, type TableAccess, type TableContext } from './tableApi';

export const POLLS_TABLE_NAME = 'SlickText polls';

const COLUMNS = [
	{ name: 'scope', type: 'string' },
	{ name: 'poll', type: 'string' },
	{ name: 'person', type: 'string' },
	{ name: 'idx', type: 'number' },
	{ name: 'since', type: 'number' },
	{ name: 'until', type: 'number' },
	{ name: 'open', type: 'number' },
	{ name: 'state', type: 'string' },
	{ name: 'sealed', type: 'string' },
	{ name: 'answerKey', type: 'string' },
	{ name: 'answerAt', type: 'number' },
	{ name: 'doneAt', type: 'number' },
];

interface Row {
	id: number;
	scope: string;
	poll: string;
	person: string;
	/** The person's item in the poll's input; -1 for the poll's own row. */
	idx: number;
	since: number;
	until: number;
	/** 1 while the row takes replies (the poll's row: until the poll is closed). */
	open: number;
	state: string;
	/** The poll's row: its address, rules, execution and size; a person's: the kept reply (or why not asked). */
	sealed: string;
	answerKey: string;
	answerAt: number;
	doneAt: number;
}

/** The poll's own row. */
const POLL_ROW = -1;
/** People inserted in one call at most. */
const INSERT_CHUNK = 1000;
const MOST_IN_BATCH = 50;
const PURGE_EVERY_MS = 60_000;
/** How long a process trusts what it read of a poll's row (its rules never change). */
const POLL_KEEP_MS = 60_000;

const purged = new Map<string, number>();
const pollsRead = new Map<string, { at: number; entry: PollEntry }>();
const personReads = new Map<string, Batches<string, Row[], DataTablePolls>>();

export class DataTablePolls implements PollStore {
	private readonly table: TableApi<Row>;

	constructor(
		ctx: TableContext,
		private readonly scope: string,
		private readonly access: TableAccess,
	) {
		this.table = new TableApi<Row>(ctx, access, POLLS_TABLE_NAME, COLUMNS);
	}

	private async purge(now: number): Promise<void> {
		const key = `${this.access.origin}|${this.scope}`;
		if (now - (purged.get(key) ?? 0) < PURGE_EVERY_MS) return;
		purged.set(key, now);
		await this.table.remove(where(is('scope', this.scope), { columnName: 'doneAt', condition: 'gt', value: 0 }, { columnName: 'doneAt', condition: 'lt', value: now - TAKEN_KEEP_MS }));
		await this.table.remove(where(is('scope', this.scope), is('doneAt', 0), { columnName: 'until', condition: 'lt', value: now - MAX_OPEN_MS }));
	}

	private entryOf(row: Row): PollEntry | undefined {
		const secret = unseal(this.access.signingKey, row.sealed);
		if (!secret || typeof secret.r !== 'string') return undefined;
		return {
			id: row.poll,
			resumeUrl: secret.r,
			since: Number(row.since),
			until: Number(row.until),
			rules: secret.rules as unknown as PollRules,
			executionId: String(secret.x ?? ''),
			people: Number(secret.n ?? 0),
			closed: Number(row.open) === 0,
			doneAt: Number(row.doneAt),
		};
	}

	private answerOf(row: Row): MemberAnswer {
		const kept = row.sealed ? unseal(this.access.signingKey, row.sealed) : undefined;
		return { ...(kept ?? {}), i: Number(row.idx), person: row.person, state: row.state as MemberState } as MemberAnswer;
	}

	async addPoll(registration: PollRegistration, now: number): Promise<Added> {
		await this.purge(now);
		const id = digest(registration.resumeUrl);
		if ((await this.table.rows(where(is('scope', this.scope), is('poll', id), is('idx', POLL_ROW)), { limit: 1 })).length > 0) return 'known';
		if (registration.members.length > MAX_POLL_PEOPLE) return `A poll takes at most ${MAX_POLL_PEOPLE} people, this one has ${registration.members.length}`;
		const open = await this.table.rows(where(is('scope', this.scope), is('idx', POLL_ROW), is('doneAt', 0)), { limit: MAX_OPEN_POLLS });
		if (open.length >= MAX_OPEN_POLLS) return `The SlickText Trigger holds ${MAX_OPEN_POLLS} open polls, its most: a new one is taken when one ends`;
		// People a registration stored before its process stopped (no poll row yet) are stored again, once.
		await this.table.remove(where(is('scope', this.scope), is('poll', id)));
		const base = { scope: this.scope, poll: id, since: registration.since, until: registration.until, sealed: '', answerKey: '', answerAt: 0, doneAt: 0 };
		const people = registration.members.map(({ person, i }) => ({ ...base, person, idx: i, open: 1, state: 'waiting' }));
		for (let n = 0; n < people.length; n += INSERT_CHUNK) await this.table.insert(people.slice(n, n + INSERT_CHUNK));
		// The poll's row last: a poll whose row exists has all its people.
		await this.table.insert([
			{
				...base,
				person: '',
				idx: POLL_ROW,
				open: 1,
				state: 'poll',
				sealed: seal(this.access.signingKey, { r: registration.resumeUrl, rules: registration.rules as unknown as IDataObject, x: registration.executionId, n: people.length }),
			},
		]);
		return 'added';
	}

	async poll(id: string): Promise<PollEntry | undefined> {
		const key = `${this.access.origin}|${this.scope}|${id}`;
		const kept = pollsRead.get(key);
		if (kept && Date.now() - kept.at < POLL_KEEP_MS) return kept.entry;
		const [row] = await this.table.rows(where(is('scope', this.scope), is('poll', id), is('idx', POLL_ROW)), { limit: 1 });
		const entry = row ? this.entryOf(row) : undefined;
		if (entry) pollsRead.set(key, { at: Date.now(), entry });
		return entry;
	}

	/** The rows of some persons, read together with the other replies that come meanwhile (batches.ts). */
	private personRows(person: string): Promise<Row[]> {
		const key = `${this.access.origin}|${digest(this.access.apiKey)}|${this.scope}`;
		let batch = personReads.get(key);
		if (!batch) {
			batch = new Batches<string, Row[], DataTablePolls>(async (persons, by) => {
				const unique = [...new Set(persons)];
				const filter = unique.length === 1 ? where(is('scope', by.scope), is('person', unique[0])) : either(...unique.map((p) => is('person', p)));
				const rows = (await by.table.allRows(filter)).filter((row) => row.scope === by.scope);
				return persons.map((p) => rows.filter((row) => row.person === p));
			}, MOST_IN_BATCH);
			personReads.set(key, batch);
		}
		return batch.do(person, this);
	}

	async members(person: string, eventKey: string, now: number): Promise<{ open: WaitEntry[]; takenBefore: boolean }> {
		const key = digest(eventKey);
		const open: WaitEntry[] = [];
		let takenBefore = false;
		for (const row of await this.personRows(person)) {
			if (Number(row.idx) < 0) continue;
			if (row.answerKey === key) takenBefore = true;
			if (Number(row.open) === 1 && now <= Number(row.until)) {
				open.push({ id: String(row.id), person, resumeUrl: '', since: Number(row.since), until: Number(row.until), sent: {}, poll: { id: row.poll, i: Number(row.idx) } });
			}
		}
		return { open, takenBefore };
	}

	async answerMember(member: WaitEntry, eventKey: string, reply: MemberReply, counts: PollRules['counts']): Promise<MemberTake> {
		const id = Number(member.id);
		const key = digest(eventKey);
		const data = { state: reply.state, sealed: seal(this.access.signingKey, reply.answer as unknown as IDataObject), answerKey: key, answerAt: reply.at };
		const keepsOpen = counts === 'last' && reply.state === 'answered';
		const changed = keepsOpen
			? await this.table.update(
					where(is('id', id), is('open', 1), { columnName: 'answerAt', condition: 'lte', value: reply.at }, { columnName: 'answerKey', condition: 'neq', value: key }),
					data,
				)
			: await this.table.update(where(is('id', id), is('open', 1)), { ...data, open: 0 });
		if (changed.length > 0) return 'taken';
		const [row] = await this.table.rows(where(is('id', id)), { limit: 1 });
		if (!row) return 'gone';
		if (row.answerKey === key) return 'repeat';
		if (Number(row.open) === 0) return 'gone';
		// The last reply counting: one SlickText received later is kept already.
		return 'repeat';
	}

	async withdrawMembers(pollId: string, notAsked: Array<{ person: string; reason: string }>): Promise<void> {
		for (const { person, reason } of notAsked) {
			await this.table.update(
				where(is('scope', this.scope), is('poll', pollId), is('person', person), is('state', 'waiting'), is('open', 1)),
				{ open: 0, state: 'notAsked', sealed: seal(this.access.signingKey, { reason }) },
				false,
			);
		}
	}

	async anyOpenMember(pollId: string): Promise<boolean> {
		const rows = await this.table.rows(where(is('scope', this.scope), is('poll', pollId), is('open', 1), { columnName: 'idx', condition: 'gte', value: 0 }), { limit: 1 });
		return rows.length > 0;
	}

	async closePoll(pollId: string): Promise<MemberAnswer[]> {
		// One update: from here no reply is kept for anyone of the poll (each keeping is conditional on `open`).
		await this.table.update(where(is('scope', this.scope), is('poll', pollId), is('open', 1)), { open: 0 }, false);
		const rows = await this.table.allRows(where(is('scope', this.scope), is('poll', pollId)));
		return rows.filter((row) => Number(row.idx) >= 0).map((row) => this.answerOf(row));
	}

	async pollDone(pollId: string, now: number): Promise<void> {
		await this.table.update(where(is('scope', this.scope), is('poll', pollId)), { doneAt: now }, false);
	}

	async openPolls(): Promise<PollEntry[]> {
		const rows = await this.table.rows(where(is('scope', this.scope), is('idx', POLL_ROW), is('doneAt', 0)), { limit: MAX_OPEN_POLLS });
		return rows.map((row) => this.entryOf(row)).filter((entry): entry is PollEntry => entry !== undefined);
	}

	async pollsOf(executionId: string): Promise<Array<{ poll: PollEntry; members: MemberAnswer[] }>> {
		const filter = executionId === '' ? where(is('scope', this.scope), is('idx', POLL_ROW), is('doneAt', 0)) : where(is('scope', this.scope), is('idx', POLL_ROW));
		const polls = (await this.table.allRows(filter)).map((row) => this.entryOf(row)).filter((entry): entry is PollEntry => entry !== undefined && (executionId === '' || entry.executionId === executionId));
		const out: Array<{ poll: PollEntry; members: MemberAnswer[] }> = [];
		for (const poll of polls) {
			const rows = await this.table.allRows(where(is('scope', this.scope), is('poll', poll.id)));
			out.push({ poll, members: rows.filter((row) => Number(row.idx) >= 0).map((row) => this.answerOf(row)) });
		}
		return out;
	}
}
