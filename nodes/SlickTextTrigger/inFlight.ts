/**
 * Deliveries this process is still answering, so that the memory of received events (deliveries.ts)
 * keeps an event only once SlickText has taken the answer of a delivery that started its run.
 *
 * The webhook step remembers an event before n8n has started its run: n8n starts the run, and only then
 * answers (responseMode onReceived). When n8n cannot start it (its database pool timed out, say), it
 * answers 500 and SlickText delivers the event again, perhaps to this same process, whose memory would
 * drop that delivery as a repeat: the event would never act. So:
 *
 * - a delivery's answer is followed to its end, even when SlickText has hung up (no 'finish' then);
 * - a delivery of an event whose first delivery this process is still answering waits for that answer,
 *   at most `inFlight.waitMostMs`: a repeat then, or a new claim when that delivery started no run;
 *   past the wait it is refused (503), so SlickText delivers it again later;
 * - n8n answered anything but 2xx: no run began, and the events are forgotten;
 * - n8n answered 2xx too late for SlickText (after its 5 s, or once it had hung up): SlickText delivers
 *   again, and the run may yet fail on a queue-mode worker. When the run's step decides in the data table
 *   of received events (receivedInTable.ts: one run per event), the events are forgotten too, so that the
 *   delivery again starts a run the table lets act only when no other did; in regular mode both runs
 *   are in this process, and `firstStepHere` lets the first of them act.
 */
import { sleep } from 'n8n-workflow';

import { PerScope } from '../shared/perScope';

import { digest, forget, REMEMBER_MAX, REMEMBER_MS } from './deliveries';

/** SlickText waits this long for a 2xx, then gives up and delivers the event again. */
export const SLICKTEXT_WAITS_MS = 5000;

/** How long a delivery waits for the answer of its event's first delivery (an object, so tests can change it). */
export const inFlight = { waitMostMs: 4000 };

/** The part of Express's response (a Node.js ServerResponse) followed here. */
export interface FollowedResponse {
	statusCode: number;
	/** Set by Node once the client is gone: SlickText hung up before n8n's answer ended. */
	destroyed?: boolean;
	end: (...args: never[]) => unknown;
}

interface Flight {
	/** Resolves once n8n has ended the answer. */
	ended: Promise<void>;
	isEnded: boolean;
	/** Digests of the remembered keys of the events that went out to the run, when one was asked for. */
	out: string[];
	/** Whether a late 2xx lets the events go again (the run's step decides in the table). */
	releaseIfLate: boolean;
	/** Of `out`, those whose run's step already ran in this process (regular mode). */
	steppedHere: Set<string>;
}

/** Per trigger node: digest of a delivered (plain) key -> the delivery of it being answered. */
const answering = new PerScope(() => new Map<string, Flight>());
/** Per trigger node: digest of a remembered key -> the delivery of it being answered that started a run. */
const goingOut = new PerScope(() => new Map<string, Flight>());
/** Per trigger node: digest of a remembered key let go after a late 2xx -> when, and whether a step here ran it. */
const released = new PerScope(() => new Map<string, { at: number; stepped: boolean }>());

/**
 * Waits until none of the delivered keys has a delivery this process is still answering, at most
 * `inFlight.waitMostMs`. False when one still has: the caller refuses the delivery.
 */
export async function afterEarlierAnswers(scope: string, keys: string[]): Promise<boolean> {
	const map = answering.get(scope);
	if (map === undefined) return true;
	const until = Date.now() + inFlight.waitMostMs;
	for (;;) {
		const open = keys.map((key) => map.get(digest(key))).filter((flight): flight is Flight => flight !== undefined);
		if (open.length === 0) return true;
		const left = until - Date.now();
		if (left <= 0) return false;
		// Short sleeps: a timer left running would hold a stopping process (n8n's lint allows no clearTimeout).
		await Promise.race([Promise.all(open.map(async (flight) => await flight.ended)), sleep(Math.min(left, 50))]);
	}
}

/** What the webhook step tells of a delivery being answered. */
export interface Answering {
	/** The delivery asks n8n for a run with these events (their remembered keys). */
	startsRun(rememberedKeys: string[], releaseIfLate: boolean): void;
}

/**
 * Follows the answer of a delivery of `keys` (as delivered) from now on; call it right after
 * afterEarlierAnswers returned true, with no await between, so that no other delivery of them slips in.
 */
export function followAnswer(scope: string, keys: string[], res: FollowedResponse, receivedAt: number): Answering {
	let settle = () => {};
	const flight: Flight = {
		ended: new Promise<void>((resolve) => (settle = resolve)),
		isEnded: false,
		out: [],
		releaseIfLate: false,
		steppedHere: new Set(),
	};
	const delivered = [...new Set(keys.map((key) => digest(key)))];
	const map = answering.of(scope);
	for (const short of delivered) map.set(short, flight);
	// 'finish' never comes once SlickText has hung up, but n8n still ends the answer: what it sends is known then.
	const end = res.end;
	res.end = ((...args: never[]) => {
		res.end = end;
		ended(scope, flight, res.statusCode, res.destroyed === true || Date.now() - receivedAt > SLICKTEXT_WAITS_MS);
		for (const short of delivered) if (map.get(short) === flight) map.delete(short);
		settle();
		return end.apply(res, args);
	}) as FollowedResponse['end'];
	return {
		startsRun(rememberedKeys, releaseIfLate) {
			if (flight.isEnded) return;
			flight.out = rememberedKeys.map((key) => digest(key));
			flight.releaseIfLate = releaseIfLate;
			const out = goingOut.of(scope);
			for (const short of flight.out) out.set(short, flight);
		},
	};
}

function ended(scope: string, flight: Flight, status: number, late: boolean): void {
	flight.isEnded = true;
	const out = goingOut.get(scope);
	const taken = status >= 200 && status < 300;
	const now = Date.now();
	for (const short of flight.out) {
		if (out?.get(short) === flight) out.delete(short);
		if (flight.steppedHere.has(short)) continue;
		if (!taken) forget(scope, short);
		else if (late && flight.releaseIfLate) {
			forget(scope, short);
			release(scope, short, now);
		}
	}
}

function release(scope: string, short: string, now: number): void {
	const map = released.of(scope);
	map.delete(short);
	map.set(short, { at: now, stepped: false });
	for (const [key, { at }] of map) {
		if (now - at < REMEMBER_MS && map.size <= REMEMBER_MAX) break;
		map.delete(key);
	}
}

/**
 * For a run's step in the process that took its delivery (regular mode): whether the event (its remembered
 * key) may act here. False only for an event let go after a late 2xx whose other run already acted here.
 */
export function firstStepHere(scope: string, rememberedKey: string): boolean {
	const short = digest(rememberedKey);
	goingOut.get(scope)?.get(short)?.steppedHere.add(short);
	const letGo = released.get(scope)?.get(short);
	if (letGo === undefined) return true;
	if (letGo.stepped) return false;
	letGo.stepped = true;
	return true;
}
