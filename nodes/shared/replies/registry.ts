/**
 * The waits a SlickText Trigger knows of: who is waited for, and n8n's address of each wait.
 *
 * Kept where every n8n process reads them, and where a restart does not lose them: the trigger node's
 * static data in n8n's database (field WAITS_FIELD). n8n loads a workflow's static data for every webhook
 * request and saves it after a request that starts no run, which is what a registration and a reply that
 * resumes a wait are. Beside it, the memory of the process (a Map per trigger node), because two requests
 * that overlap in one process would otherwise each save their own copy over the other's: what is saved
 * is a live view of the memory when n8n saves (toJSON), as deliveries.ts does for repeated events.
 *
 * Every entry ends: taken by a reply, or past its time limit, or, without a limit, after MAX_OPEN_MS.
 * A taken entry is kept a day as taken, so that a copy saved before it was taken does not bring it back.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Registration } from './protocol';

export const WAITS_FIELD = 'replyWaits';
/**
 * At most this many open waits per trigger node (about 3 MB of static data), and per person: a new wait
 * past either is refused, with the reason, to the node that asked; no wait is ever dropped to make room.
 */
export const MAX_WAITS = 10_000;
export const MAX_WAITS_PER_PERSON = 20;
/** A wait without a time limit is forgotten after 30 days. */
export const MAX_OPEN_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a taken wait is remembered as taken. */
const TAKEN_KEEP_MS = 25 * 60 * 60 * 1000;

/** One wait, as stored: short names, because n8n reads the whole static data for every delivery. */
export interface Wait {
	/** Who is waited for (protocol.ts personKey). */
	p: string;
	/** n8n's address of the wait. */
	r: string;
	/** Began and ends (ms since 1970; u = 0: no limit). */
	s: number;
	u: number;
	/** What was sent before the wait. */
	m: IDataObject;
	/** Taken (ms since 1970), when a reply took it or n8n said it no longer waits. */
	t?: number;
}

type Memory = Map<string, Wait>;
const memories = new Map<string, Memory>();

function memoryOf(scope: string): Memory {
	let memory = memories.get(scope);
	if (!memory) {
		memory = new Map();
		memories.set(scope, memory);
	}
	return memory;
}

/** The ID of a wait: a digest of its address, which is unique per execution and node. */
function idOf(resumeUrl: string): string {
	return createHash('sha256').update(resumeUrl).digest('base64url').slice(0, 16);
}

function ended(wait: Wait, now: number): boolean {
	if (wait.t !== undefined) return now - wait.t > TAKEN_KEEP_MS;
	return wait.u > 0 ? now > wait.u : now - wait.s > MAX_OPEN_MS;
}

function isWait(value: unknown): value is Wait {
	if (typeof value !== 'object' || value === null) return false;
	const w = value as Wait;
	return typeof w.p === 'string' && typeof w.r === 'string' && typeof w.s === 'number' && typeof w.u === 'number';
}

/** Adds what the stored copy knows and this process does not (another process, or before a restart). */
function learn(memory: Memory, stored: unknown, now: number): void {
	if (typeof stored !== 'object' || stored === null) return;
	for (const [id, wait] of Object.entries(stored as Record<string, unknown>)) {
		if (!isWait(wait) || ended(wait, now)) continue;
		const known = memory.get(id);
		if (!known) memory.set(id, { ...wait, m: typeof wait.m === 'object' && wait.m !== null ? wait.m : {} });
		else if (known.t === undefined && wait.t !== undefined) known.t = wait.t;
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

/** The memory of one trigger node, brought up to date with its stored copy, and the view put back. */
function open(scope: string, staticData: IDataObject, now: number): Memory {
	const memory = memoryOf(scope);
	learn(memory, staticData[WAITS_FIELD], now);
	prune(memory, now);
	return memory;
}

function save(scope: string, staticData: IDataObject): void {
	// Assigning marks the static data as changed, so n8n saves it after the request.
	staticData[WAITS_FIELD] = new StoredView(memoryOf(scope)) as unknown as IDataObject;
}

/** Adds a wait: 'added', 'known' (registered before), or the reason it is refused (a bound is reached). */
export function addWait(scope: string, staticData: IDataObject, registration: Registration, now: number): 'added' | 'known' | string {
	const memory = open(scope, staticData, now);
	const id = idOf(registration.resumeUrl);
	if (memory.has(id)) return 'known';
	let openCount = 0;
	let person = 0;
	for (const wait of memory.values()) {
		if (wait.t !== undefined) continue;
		openCount++;
		if (wait.p === registration.person) person++;
	}
	if (openCount >= MAX_WAITS) return `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends`;
	if (person >= MAX_WAITS_PER_PERSON) return `${registration.person} has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`;
	memory.set(id, { p: registration.person, r: registration.resumeUrl, s: registration.since, u: registration.until, m: registration.sent });
	save(scope, staticData);
	return 'added';
}

/** The open waits for a person, oldest first. Reading saves nothing. */
export function waitsFor(scope: string, staticData: IDataObject, person: string, now: number): Array<[string, Wait]> {
	const memory = open(scope, staticData, now);
	return [...memory.entries()].filter(([, w]) => w.p === person && w.t === undefined).sort(([, a], [, b]) => a.s - b.s);
}

/** Marks a wait as over: a reply took it, or n8n no longer waits there. */
export function endWait(scope: string, staticData: IDataObject, id: string, now: number): void {
	const wait = open(scope, staticData, now).get(id);
	if (wait && wait.t === undefined) wait.t = now;
	save(scope, staticData);
}

/**
 * Puts this process's live view of the waits into the node's static data (learning the stored ones
 * first), when this process holds them: a run that saves the static data for another field (the keys of
 * its events) then saves the waits as they are, not as loaded when its delivery came.
 */
export function keepWaitsLive(scope: string, staticData: IDataObject, now: number): void {
	if (!memories.has(scope)) return;
	open(scope, staticData, now);
	save(scope, staticData);
}

/** How many waits a trigger node holds open (for tests and benchmarks). */
export function openWaitCount(scope: string): number {
	return [...memoryOf(scope).values()].filter((w) => w.t === undefined).length;
}
