/**
 * The memory of received events, so that a delivery SlickText repeats starts no second run.
 *
 * Two layers, both keyed by a short digest of the event key:
 *
 * - The memory of the n8n process that answers the webhook (a Map). Checking and recording happen in
 *   one synchronous step, so two identical deliveries arriving at the same moment start one run.
 * - The trigger node's static data in n8n's database, which outlives a restart and which every n8n
 *   process reads. n8n 2.41 does not save static data a webhook writes once the delivery starts a run
 *   (the run's copy of the workflow resets the "changed" flag), and a webhook gets no other store. So
 *   the trigger's own step in the run (`execute`) writes it, and n8n saves it when the run ends; every
 *   delivery reads it, because n8n loads the workflow from the database for each webhook request.
 *
 * What is written is a live view of this process's memory (`toJSON`, read when n8n saves), not a copy
 * taken when the step ran: runs that overlap in one process then cannot overwrite each other's keys.
 */
import { createHash } from 'node:crypto';

import { PerScope } from '../shared/perScope';

/** SlickText retries for about a day (the current platform 6 more times, legacy 3); a key outlives that. */
export const REMEMBER_MS = 25 * 60 * 60 * 1000;
/** At most this many keys per trigger node in a process's memory (about 6 MB); past that the oldest go. */
export const REMEMBER_MAX = 100_000;
/**
 * At most this many keys in the database (about 300 KB): n8n reads the whole static data for every
 * delivery, so this is the most recent 10,000 events of the last 25 hours.
 */
export const PERSIST_MAX = 10_000;
/** The field of the node's static data that holds the keys ({digest: seconds since 1970}). */
export const STORE_FIELD = 'receivedEvents';

/** Digest -> time first received (ms), in the order learned (a Map keeps insertion order). */
type Memory = Map<string, number>;

/**
 * The last PERSIST_MAX keys learned, beside the memory, so that saving reads at most that many
 * entries however many the memory holds.
 */
const recents = new WeakMap<Memory, Memory>();

function remember(memory: Memory, key: string, at: number): void {
	memory.delete(key);
	memory.set(key, at);
	let recent = recents.get(memory);
	if (recent === undefined) {
		recent = new Map();
		recents.set(memory, recent);
	}
	recent.delete(key);
	recent.set(key, at);
	for (const oldest of recent.keys()) {
		if (recent.size <= PERSIST_MAX) break;
		recent.delete(oldest);
	}
}

/** One memory per trigger node of a workflow, for the life of the process. */
const memories = new PerScope<Memory>(() => new Map());

/** 96 bits of SHA-256 as text: short enough to keep 10,000 in a workflow row, no practical collisions. */
export function digest(key: string): string {
	return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

function forgetOld(memory: Memory, now: number, max: number): void {
	for (const [key, at] of memory) {
		if (now - at < REMEMBER_MS && memory.size <= max) break;
		memory.delete(key);
	}
}

/** Reads the stored keys ({digest: seconds}); anything else is ignored. */
function storedKeys(stored: unknown): Record<string, unknown> {
	return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
}

/** Adds stored keys this process does not know yet (received by another process, or before a restart). */
function learn(memory: Memory, stored: unknown, now: number): void {
	for (const [key, seconds] of Object.entries(storedKeys(stored))) {
		if (typeof seconds !== 'number' || memory.has(key)) continue;
		const at = seconds * 1000;
		if (now - at < REMEMBER_MS) remember(memory, key, at);
	}
}

/**
 * Returns the events whose key this trigger node has not received within REMEMBER_MS (in this
 * process's memory or in `stored`, the node's static data field), and remembers them. An event
 * repeated inside one delivery also counts once.
 */
export function claimNew<T extends { key: string }>(
	scope: string,
	events: T[],
	now: number,
	stored?: unknown,
	max = REMEMBER_MAX,
): T[] {
	const memory = memories.of(scope);
	forgetOld(memory, now, max);
	const persisted = storedKeys(stored);
	const fresh: T[] = [];
	for (const event of events) {
		const key = digest(event.key);
		const at = memory.get(key);
		if (at !== undefined && now - at < REMEMBER_MS) continue;
		const storedSeconds = persisted[key];
		if (typeof storedSeconds === 'number' && now - storedSeconds * 1000 < REMEMBER_MS) {
			remember(memory, key, storedSeconds * 1000);
			continue;
		}
		remember(memory, key, now);
		fresh.push(event);
	}
	forgetOld(memory, now, max);
	return fresh;
}

/**
 * Forgets a key (its digest) this process remembered, when the delivery that brought it started no run
 * after all (inFlight.ts): a delivery again then starts one.
 */
export function forget(scope: string, short: string): void {
	const memory = memories.get(scope);
	if (!memory) return;
	memory.delete(short);
	recents.get(memory)?.delete(short);
}

/**
 * Whether this trigger node received the key within REMEMBER_MS (in this process's memory or in
 * `stored`), without remembering it: for keys of an older format, which are checked but no longer made.
 */
export function wasReceived(scope: string, key: string, now: number, stored?: unknown): boolean {
	const short = digest(key);
	const at = memories.get(scope)?.get(short);
	if (at !== undefined && now - at < REMEMBER_MS) return true;
	const seconds = storedKeys(stored)[short];
	return typeof seconds === 'number' && now - seconds * 1000 < REMEMBER_MS;
}

/** What n8n saves: the most recent PERSIST_MAX keys of the memory, within REMEMBER_MS, when it saves. */
class StoredView {
	constructor(
		private readonly memory: Memory,
		private readonly max: number,
	) {}

	toJSON(): Record<string, number> {
		const now = Date.now();
		const entries = Array.from(recents.get(this.memory) ?? []);
		const out: Record<string, number> = {};
		for (const [key, at] of entries.slice(Math.max(0, entries.length - this.max))) {
			// A key the memory dropped (expired, or pushed out) is not written either.
			if (now - at < REMEMBER_MS && this.memory.has(key)) out[key] = Math.floor(at / 1000);
		}
		return out;
	}
}

/**
 * Called from the trigger's step in a production run: learns the stored keys, records the keys of the
 * run's events (a run on a worker has not seen the delivery) and puts the live view into the node's
 * static data, which n8n saves when the run ends.
 */
export function recordForRestart(
	scope: string,
	staticData: Record<string, unknown>,
	keys: string[],
	now: number,
	max = PERSIST_MAX,
): void {
	const memory = memories.of(scope);
	forgetOld(memory, now, REMEMBER_MAX);
	learn(memory, staticData[STORE_FIELD], now);
	for (const key of keys) {
		const short = digest(key);
		if (!memory.has(short)) remember(memory, short, now);
	}
	staticData[STORE_FIELD] = new StoredView(memory, max);
}

/**
 * Puts this process's live view of the keys into the node's static data (learning the stored ones
 * first), when this process holds them: whatever request of it makes n8n save the static data then
 * saves the keys as they are, not as they were loaded when the request began.
 */
export function keepKeysLive(scope: string, staticData: Record<string, unknown>, now: number): void {
	const memory = memories.get(scope);
	if (!memory) return;
	learn(memory, staticData[STORE_FIELD], now);
	staticData[STORE_FIELD] = new StoredView(memory, PERSIST_MAX);
}

/** The trigger nodes whose deliveries this process has received (their memory is here). */
const served = new Set<string>();

export function markServed(scope: string): void {
	served.add(scope);
}

/** Whether this process has received the trigger node's deliveries (regular mode), not only its runs. */
export function servesWebhooks(scope: string): boolean {
	return served.has(scope);
}

/** How many keys a trigger node remembers (for tests and benchmarks). */
export function rememberedCount(scope: string): number {
	return memories.get(scope)?.size ?? 0;
}
