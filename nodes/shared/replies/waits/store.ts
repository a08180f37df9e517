/**
 * Where a SlickText Trigger keeps its waits: who is waited for and n8n's address of each wait. Two
 * stores, one contract (docs/architecture.md, "Two-way texts"):
 *
 * - inStaticData.ts: the trigger node's static data (n8n's database) and the memory of the process. For
 *   one n8n process that takes the trigger's requests (regular mode, or one `n8n webhook` process).
 * - inDataTable.ts: an n8n data table, through n8n's public API (the credential's n8n API key). One row
 *   per wait, each changed by one update that says whether it applied: for several webhook processes.
 *
 * Whichever store, n8n decides whether a wait takes a reply (it resumes a waiting execution only once);
 * the store's claim keeps two deliveries of one reply, in two processes, from going to two waits.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Platform } from '../../platform';
import type { MemberAnswer, MemberState, PollRegistration, PollRules, Registration } from '../protocol';

/**
 * At most this many open waits per trigger node, and per person: a new wait past either is refused,
 * with the reason, to the node that asked; no wait is ever dropped to make room.
 */
export const MAX_WAITS = 10_000;
export const MAX_WAITS_PER_PERSON = 20;
/** A wait without a time limit is forgotten after 30 days. */
export const MAX_OPEN_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a taken wait is kept (with the reply that took it): SlickText repeats an event for about a day. */
export const TAKEN_KEEP_MS = 25 * 60 * 60 * 1000;
/** A claim older than this whose reply never finished (its process stopped) no longer holds the wait. */
export const CLAIM_HOLD_MS = 2 * 60 * 1000;

/** One open wait, as the trigger hands replies to it. */
export interface WaitEntry {
	/** The store's own ID of the wait. */
	id: string;
	person: string;
	/** n8n's address of the wait: a secret that opens it, never logged or put out. */
	resumeUrl: string;
	since: number;
	/** 0: no time limit. */
	until: number;
	sent: IDataObject;
	/**
	 * Set when the wait is one person of a poll: the reply is kept in the poll (answerMember), and no
	 * execution resumes for it (`resumeUrl` is empty).
	 */
	poll?: { id: string; i: number };
}

/** What the store knows of a person when a reply comes. */
export interface Found {
	/** The open waits for the person, oldest first. */
	open: WaitEntry[];
	/** Whether this very reply (its event key) was taken by one of them before: a repeat of it. */
	takenBefore: boolean;
}

/**
 * A claim of a wait for one reply: won, already this reply's (hand it again), taken by this very reply
 * already (a repeat of it: nothing more to do), or another reply's.
 */
export type Claim = 'won' | 'same' | 'taken' | 'other';

/** The SlickText event a reply came in, as the trigger received it: kept, to deliver again. */
export interface KeptEvent {
	platform: Platform;
	name: string;
	json: IDataObject;
}

export type Added = 'added' | 'known' | string;

/** A poll as the store keeps it (protocol.ts PollRegistration). */
export interface PollEntry {
	id: string;
	/** n8n's address of the poll's wait: a secret, never logged or put out. */
	resumeUrl: string;
	since: number;
	/** The deadline. */
	until: number;
	rules: PollRules;
	executionId: string;
	people: number;
	/** Whether its people no longer take replies (it is ending, or has ended). */
	closed: boolean;
	/** When n8n took its end (0: not yet). */
	doneAt: number;
}

/** A person's reply counted by a poll, as the store keeps it. */
export interface MemberReply {
	state: Extract<MemberState, 'answered' | 'optedOut'>;
	answer: Omit<MemberAnswer, 'i' | 'person' | 'state'>;
	/** When SlickText received it (ms): with the last reply counting, an older one never replaces a newer. */
	at: number;
}

/** How keeping a reply for a poll's person ended: kept, a repeat of one kept (or older than it), or the person no longer takes replies. */
export type MemberTake = 'taken' | 'repeat' | 'gone';

/** At most this many people in one poll, and open polls per trigger node. */
export const MAX_POLL_PEOPLE = 20_000;
export const MAX_OPEN_POLLS = 50;

/**
 * The polls of a trigger node (protocol.ts "A poll"): each person is a wait that `find` gives with the
 * person's other waits (oldest first), whose reply is kept in the poll rather than handed to an execution.
 */
export interface PollStore {
	/** Adds a poll and its people: 'added', 'known' or the reason it is refused. Durable when it resolves. */
	addPoll(poll: PollRegistration, now: number): Promise<Added>;
	poll(id: string): Promise<PollEntry | undefined>;
	/** Keeps a reply for a poll's person: the first counting ends the person's part; the last keeps it open. */
	answerMember(member: WaitEntry, eventKey: string, reply: MemberReply, counts: PollRules['counts'], now: number): Promise<MemberTake>;
	/** People who could not be asked (their text failed): they take no reply and count as not asked. */
	withdrawMembers(pollId: string, notAsked: Array<{ person: string; reason: string }>): Promise<void>;
	/** Whether anyone of the poll may still answer. */
	anyOpenMember(pollId: string): Promise<boolean>;
	/** Ends the poll's replies (nobody's reply is kept after this resolves) and gives every person's part. */
	closePoll(pollId: string, now: number): Promise<MemberAnswer[]>;
	/** n8n took the poll's end. */
	pollDone(pollId: string, now: number): Promise<void>;
	/** The polls whose end n8n has not taken yet. */
	openPolls(now: number): Promise<PollEntry[]>;
	/** The polls of an execution (empty: every poll not ended), with each person's part so far. */
	pollsOf(executionId: string, now: number): Promise<Array<{ poll: PollEntry; members: MemberAnswer[] }>>;
}

export interface WaitStore {
	/** The trigger's polls, whose people `find` gives with each person's waits. */
	readonly polls: PollStore;
	/**
	 * Whether the store holds across n8n processes. Such a store keeps a reply that waits may take before
	 * SlickText is answered (`keep`), so that if the process handing it stops, another delivers it to the
	 * trigger again (`unfinished`); one process's store needs none of this (SlickText is answered first).
	 */
	readonly sharedClaims: boolean;
	/** Adds a wait: 'added', 'known' (registered before) or the reason it is refused. Durable when it resolves. */
	add(registration: Registration, now: number): Promise<Added>;
	find(person: string, eventKey: string, now: number): Promise<Found>;
	/** Claims the wait for the reply with this event key, before it is handed to it. */
	claim(wait: WaitEntry, eventKey: string, now: number): Promise<Claim>;
	/**
	 * The wait took the reply: no longer open, kept as taken by it (TAKEN_KEEP_MS). `kept`: the reply's
	 * kept event (shared stores), finished with it.
	 */
	taken(wait: WaitEntry, eventKey: string, now: number, kept?: string): Promise<void>;
	/** The wait did not take the reply (it keeps waiting): the claim is given up. */
	release(wait: WaitEntry, eventKey: string): Promise<void>;
	/** Nothing waits there any more (the execution went on without this reply): forgotten. */
	gone(wait: WaitEntry): Promise<void>;
	/** The waiting node withdrew its wait (its text could not be sent): forgotten, if it is there. */
	withdraw(resumeUrl: string): Promise<void>;
	/**
	 * Keeps the reply's event before SlickText is answered, until `taken` or `finish`: its ID. Durable when
	 * it resolves. Shared stores only.
	 */
	keep?(event: KeptEvent, eventKey: string, now: number): Promise<string>;
	/** The kept reply went nowhere (no wait took it): it goes out as the trigger's event, or was a repeat. */
	finish?(kept: string): Promise<void>;
	/**
	 * Kept replies this process is still handing on, until `work` settles: said to the store now and then
	 * (`holding.everyMs`), so that `unfinished` gives them to no other process while this one is alive. Shared
	 * stores only.
	 */
	holdWhile?(kept: string[], work: Promise<unknown>): void;
	/**
	 * The replies kept for longer than UNFINISHED_AFTER_MS and not finished (their process stopped), each
	 * handed to one caller only: to deliver to the trigger again, then `finish` it. Shared stores only.
	 */
	unfinished?(now: number): Promise<Array<{ kept: string; event: KeptEvent }>>;
	/** Whether any kept reply is not finished yet (under way in a process, or left by one that stopped). Shared stores only. */
	anyUnfinished?(): Promise<boolean>;
}

/** A kept reply not taken or finished, nor held by its process, within this long is delivered to the trigger again. */
export const UNFINISHED_AFTER_MS = 30_000;
/** How often a process holds the kept replies it is still handing on (well within UNFINISHED_AFTER_MS); tests shorten it. */
export const holding = { everyMs: UNFINISHED_AFTER_MS / 3 };

/** Whether a wait is past its time limit, or open for longer than any wait may be. */
export function expired(wait: { since: number; until: number }, now: number): boolean {
	return wait.until > 0 ? now > wait.until : now - wait.since > MAX_OPEN_MS;
}

/** A short digest of a text (an address, an event key): 96 bits, as the trigger's other keys. */
export function digest(text: string): string {
	return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
