/**
 * The waits of a SlickText Trigger in its node's static data (n8n's database, field WAITS_FIELD) and in
 * the memory of the process (a Map per trigger node): for one n8n process that takes the trigger's
 * requests, where that memory is the truth and n8n's copy what survives a restart.
 *
 * n8n loads a workflow's static data for every webhook request and saves it after a request that starts
 * no run (a registration, a reply a wait took). What is saved is a live view of the memory when n8n saves
 * (toJSON), so that two requests that overlap in the process cannot save their own copy over the other's,
 * and a run of the trigger (the keys of its events) saves the waits as they are then (keepWaitsLive).
 *
 * Every entry ends: taken by a reply (kept TAKEN_KEEP_MS with the reply's key, so that a repeat of that
 * reply, even after a restart, resumes nothing), gone, or past its time limit (MAX_OPEN_MS without one).
 * n8n reads the whole static data for every delivery, so this store suits hundreds of open waits, not
 * tens of thousands (docs/performance.md); several webhook processes need the data table (inDataTable.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { PerScope } from '../../perScope';
import type { Registration } from '../protocol';
import { keepPollsLive, StaticDataPolls } from './pollsInStaticData';
import {
	CLAIM_HOLD_MS,
	digest,
	expired,
	MAX_WAITS,
	MAX_WAITS_PER_PERSON,
	TAKEN_KEEP_MS,
	type Added,
	type Claim,
	type Found,
	type WaitEntry,
	type WaitStore,
} from './store';

export const WAITS_FIELD = 'replyWaits';

/** One wait, as stored: short names, because n8n reads the whole static data for every delivery. */
interface Wait {
	/** Who is waited for (protocol.ts personKey). */
	p: string;
	/** n8n's address of the wait. */
	r: string;
	/** Began and ends (ms since 1970; u = 0: no limit). */
	s: number;
	u: number;
	/** What was sent before the wait. */
	m: IDataObject;
	/** Taken (ms since 1970): a reply took it, or n8n said nothing waits there any more. */
	t?: number;
	/** The digest of the event key of the reply that claimed it, and when. */
	c?: string;
	ca?: number;
}

type Memory = Map<string, Wait>;
const memories = new PerScope<Memory>(() => new Map());

function ended(wait: Wait, now: number): boolean {
	if (wait.t !== undefined) return now - wait.t > TAKEN_KEEP_MS;
	return expired({ since: wait.s, until: wait.u }, now);
}

function isWait(value: unknown): value is Wait {
	if (typeof value !== 'object' || value === null) return false;
	const w = value as Wait;
	return typeof w.p === 'string' && typeof w.r === 'string' && typeof w.s === 'number' && typeof w.u === 'number';
}

/** Adds what the stored copy knows and this process does not (before a restart, or from a run). */
function learn(memory: Memory, stored: unknown, now: number): void {
	if (typeof stored !== 'object' || stored === null) return;
	for (const [id, wait] of Object.entries(stored as Record<string, unknown>)) {
		if (!isWait(wait) || ended(wait, now)) continue;
		const known = memory.get(id);
		if (!known) memory.set(id, { ...wait, m: typeof wait.m === 'object' && wait.m !== null ? wait.m : {} });
		else if (known.t === undefined && wait.t !== undefined) Object.assign(known, { t: wait.t, c: wait.c });
	}
}

function prune(memory: Memory, now: number): void {
	for (const [id, wait] of memory) if (ended(wait, now)) memory.delete(id);
}

/** What n8n saves: the memory when it saves. */
class StoredView {
	constructor(private readonly memory: Memory) {}

	toJSON(): Record<string, Wait> {
		prune(this.memory, Date.now());
		return Object.fromEntries(this.memory);
	}
}

function entryOf(id: string, wait: Wait): WaitEntry {
	return { id, person: wait.p, resumeUrl: wait.r, since: wait.s, until: wait.u, sent: wait.m };
}

export class StaticDataWaits implements WaitStore {
	/** The claims live in this process's memory: one process takes every request of the trigger. */
	readonly sharedClaims = false;

	private readonly memory: Memory;
	readonly polls: StaticDataPolls;

	/** `scope`: the trigger node of a workflow; `staticData`: its node static data as loaded for this request. */
	constructor(
		scope: string,
		private readonly staticData: IDataObject,
		now = Date.now(),
	) {
		this.memory = memories.of(scope);
		learn(this.memory, staticData[WAITS_FIELD], now);
		prune(this.memory, now);
		this.polls = new StaticDataPolls(scope, staticData, now);
	}

	/** Assigning marks the static data as changed, so n8n saves it after the request (or the run). */
	private save(): void {
		this.staticData[WAITS_FIELD] = new StoredView(this.memory) as unknown as IDataObject;
	}

	async add(registration: Registration): Promise<Added> {
		const id = digest(registration.resumeUrl);
		if (this.memory.has(id)) {
			// Asked again and not in n8n's copy yet (its save after the first request may have failed under
			// load): saved again after this request.
			if (!this.stored(registration.resumeUrl)) this.save();
			return 'known';
		}
		let open = 0;
		let person = 0;
		for (const wait of this.memory.values()) {
			if (wait.t !== undefined) continue;
			open++;
			if (wait.p === registration.person) person++;
		}
		if (open >= MAX_WAITS) return `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends`;
		if (person >= MAX_WAITS_PER_PERSON) return `${registration.person} has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`;
		this.memory.set(id, { p: registration.person, r: registration.resumeUrl, s: registration.since, u: registration.until, m: registration.sent });
		this.save();
		return 'added';
	}

	/** Whether n8n's stored copy, as loaded for this request, holds the wait or poll (a registration is durable then). */
	stored(resumeUrl: string): boolean {
		if (this.polls.stored(resumeUrl)) return true;
		const stored = this.staticData[WAITS_FIELD];
		if (typeof stored !== 'object' || stored === null || stored instanceof StoredView) return false;
		return isWait((stored as IDataObject)[digest(resumeUrl)]);
	}

	async find(person: string, eventKey: string, now = Date.now()): Promise<Found> {
		const key = digest(eventKey);
		const members = this.polls.members(person, eventKey, now);
		const open: WaitEntry[] = [...members.open];
		let takenBefore = members.takenBefore;
		for (const [id, wait] of this.memory) {
			if (wait.p !== person) continue;
			if (wait.t === undefined) open.push(entryOf(id, wait));
			else if (wait.c === key) takenBefore = true;
		}
		return { open: open.sort((a, b) => a.since - b.since), takenBefore };
	}

	async claim(entry: WaitEntry, eventKey: string, now: number): Promise<Claim> {
		const wait = this.memory.get(entry.id);
		const key = digest(eventKey);
		if (!wait || wait.t !== undefined) return wait?.c === key ? 'taken' : 'other';
		if (wait.c === key) return 'same';
		if (wait.c !== undefined && now - (wait.ca ?? 0) < CLAIM_HOLD_MS) return 'other';
		Object.assign(wait, { c: key, ca: now });
		return 'won';
	}

	async taken(entry: WaitEntry, eventKey: string, now: number): Promise<void> {
		const wait = this.memory.get(entry.id);
		if (wait) Object.assign(wait, { t: now, c: digest(eventKey) });
		this.save();
	}

	async release(entry: WaitEntry, eventKey: string): Promise<void> {
		const wait = this.memory.get(entry.id);
		if (wait?.c === digest(eventKey) && wait.t === undefined) {
			delete wait.c;
			delete wait.ca;
		}
	}

	async gone(entry: WaitEntry): Promise<void> {
		const wait = this.memory.get(entry.id);
		if (wait && wait.t === undefined) Object.assign(wait, { t: Date.now(), c: undefined });
		this.save();
	}

	async withdraw(resumeUrl: string): Promise<void> {
		const id = digest(resumeUrl);
		if (!this.memory.has(id)) return;
		this.memory.delete(id);
		this.save();
	}

}

/**
 * Puts this process's live view of the waits into the node's static data (learning the stored ones
 * first), when this process holds them: a run that saves the static data for another field (the keys of
 * its events) then saves the waits as they are, not as loaded when its delivery came.
 */
export function keepWaitsLive(scope: string, staticData: IDataObject, now: number): void {
	keepPollsLive(scope, staticData, now);
	const memory = memories.get(scope);
	if (memory === undefined) return;
	learn(memory, staticData[WAITS_FIELD], now);
	staticData[WAITS_FIELD] = new StoredView(memory) as unknown as IDataObject;
}

/** How many waits a trigger node holds open in this process (for tests and benchmarks). */
export function openWaitCount(scope: string): number {
	return [...memories.of(scope).values()].filter((w) => w.t === undefined).length;
}
