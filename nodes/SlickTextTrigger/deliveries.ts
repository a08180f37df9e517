import type { IDataObject } from 'n8n-workflow';

/** Where the keys of recently received events are kept in the node's static data. */
const STORE = 'recentDeliveries';
/** SlickText retries over about a day; a key is forgotten after that... */
export const REMEMBER_MS = 24 * 60 * 60 * 1000;
/** ...or when more recent ones push it out, so the workflow's static data stays small. */
export const REMEMBER_MAX = 1000;

/**
 * Returns the events not received before (by key, within the last 24 hours) and remembers them, in
 * the workflow's static data, which n8n saves after each webhook call of an active workflow.
 */
export function dropRepeated<T extends { key: string }>(staticData: IDataObject, events: T[], now: number): T[] {
	const stored = staticData[STORE];
	const entries = Object.entries(typeof stored === 'object' && stored !== null ? stored : {});
	const recent = entries.filter(([, at]) => typeof at === 'number' && at <= now && now - at < REMEMBER_MS) as Array<
		[string, number]
	>;
	const known = new Set(recent.map(([key]) => key));
	const fresh: T[] = [];
	for (const event of events) {
		if (known.has(event.key)) continue;
		known.add(event.key);
		fresh.push(event);
		recent.push([event.key, now]);
	}
	// Assigned anew (not mutated) so that n8n notices the change and saves it.
	if (fresh.length > 0 || recent.length !== entries.length) {
		staticData[STORE] = Object.fromEntries(recent.slice(-REMEMBER_MAX));
	}
	return fresh;
}
