/**
 * The polls of a SlickText Trigger in its node's static data and the memory of the process (as the reply
 * waits of inStaticData.ts): for one n8n process that takes the trigger's requests. The memory is the
 * truth; n8n's copy, saved after each request that changed it, is what survives a restart.
 *
 * n8n reads the whole static data for every delivery, so each poll's people are saved as one JSON text
 * (made again only when the poll changed): a text is read and copied at once, where thousands of small
 * objects would slow every event of the trigger while a poll is open (docs/performance.md).
 */
import type { IDataObject } from 'n8n-workflow';

import { PerScope } from '../../perScope';
import type { MemberAnswer, MemberState, PollRegistration, PollRules } from '../protocol';
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

export const POLLS_FIELD = 'replyPolls';

/** One person of a poll: who, their item, where they stand, open to replies or not, the reply kept. */
interface Member {
	p: string;
	i: number;
	st: MemberState;
	o: boolean;
	/** The digest of the kept reply's event key, and when SlickText received it. */
	k?: string;
	at?: number;
	a?: MemberReply['answer'];
}

interface Poll {
	r: string;
	s: number;
	u: number;
	rules: PollRules;
	x: string;
	closed: boolean;
	done: number;
	m: Member[];
	/** The saved text of `m`, until it changes. */
	text?: string;
}

type Memory = { polls: Map<string, Poll>; byPerson: Map<string, Array<{ poll: string; n: number }>> };
const memories = new PerScope<Memory>(() => ({ polls: new Map(), byPerson: new Map() }));

function index(memory: Memory, id: string, poll: Poll): void {
	poll.m.forEach((member, n) => {
		const list = memory.byPerson.get(member.p) ?? [];
		list.push({ poll: id, n });
		memory.byPerson.set(member.p, list);
	});
}

function ended(poll: Poll, now: number): boolean {
	return poll.done > 0 ? now - poll.done > TAKEN_KEEP_MS : now - poll.u > MAX_OPEN_MS;
}

function prune(memory: Memory, now: number): void {
	let removed = false;
	for (const [id, poll] of memory.polls) {
		if (ended(poll, now)) {
			memory.polls.delete(id);
			removed = true;
		}
	}
	if (!removed) return;
	memory.byPerson.clear();
	for (const [id, poll] of memory.polls) index(memory, id, poll);
}

/** What n8n saves: the polls in memory when it saves, each poll's people as one text. */
class StoredPolls {
	constructor(private readonly memory: Memory) {}

	toJSON(): Record<string, IDataObject> {
		prune(this.memory, Date.now());
		const out: Record<string, IDataObject> = {};
		for (const [id, poll] of this.memory.polls) {
			poll.text ??= JSON.stringify(poll.m);
			out[id] = { r: poll.r, s: poll.s, u: poll.u, rules: poll.rules as unknown as IDataObject, x: poll.x, closed: poll.closed, done: poll.done, m: poll.text };
		}
		return out;
	}
}

function isPoll(value: unknown): value is Omit<Poll, 'm'> & { m: string } {
	if (typeof value !== 'object' || value === null) return false;
	const p = value as IDataObject;
	return typeof p.r === 'string' && typeof p.u === 'number' && typeof p.m === 'string' && typeof p.rules === 'object';
}

/** Adds what the stored copy knows and this process does not (before a restart). */
function learn(memory: Memory, stored: unknown, now: number): void {
	if (typeof stored !== 'object' || stored === null || stored instanceof StoredPolls) return;
	for (const [id, saved] of Object.entries(stored as Record<string, unknown>)) {
		if (!isPoll(saved)) continue;
		const known = memory.polls.get(id);
		if (known) {
			// A poll this process ended meanwhile keeps its end; one another run saved as done is done.
			if (saved.done > 0 && known.done === 0) known.done = saved.done;
			continue;
		}
		let m: Member[];
		try {
			m = JSON.parse(saved.m) as Member[];
		} catch {
			continue;
		}
		const poll: Poll = { r: saved.r, s: saved.s, u: saved.u, rules: saved.rules, x: saved.x, closed: saved.closed === true, done: saved.done ?? 0, m, text: saved.m };
		if (ended(poll, now)) continue;
		memory.polls.set(id, poll);
		index(memory, id, poll);
	}
}

function entryOf(id: string, poll: Poll): PollEntry {
	return { id, resumeUrl: poll.r, since: poll.s, until: poll.u, rules: poll.rules, executionId: poll.x, people: poll.m.length, closed: poll.closed, doneAt: poll.done };
}

function answerOf(member: Member): MemberAnswer {
	return { i: member.i, person: member.p, state: member.st, ...(member.a ?? {}) } as MemberAnswer;
}

export class StaticDataPolls implements PollStore {
	private readonly memory: Memory;

	constructor(
		scope: string,
		private readonly staticData: IDataObject,
		now = Date.now(),
	) {
		this.memory = memories.of(scope);
		learn(this.memory, staticData[POLLS_FIELD], now);
		prune(this.memory, now);
	}

	/** Assigning marks the static data as changed, so n8n saves it after the request. */
	private save(poll?: Poll): void {
		if (poll) delete poll.text;
		this.staticData[POLLS_FIELD] = new StoredPolls(this.memory) as unknown as IDataObject;
	}

	/** Whether n8n's stored copy, as loaded for this request, holds the poll. */
	stored(resumeUrl: string): boolean {
		const stored = this.staticData[POLLS_FIELD];
		if (typeof stored !== 'object' || stored === null || stored instanceof StoredPolls) return false;
		return isPoll((stored as IDataObject)[digest(resumeUrl)]);
	}

	async addPoll(registration: PollRegistration): Promise<Added> {
		const id = digest(registration.resumeUrl);
		if (this.memory.polls.has(id)) {
			if (!this.stored(registration.resumeUrl)) this.save();
			return 'known';
		}
		if (registration.members.length > MAX_POLL_PEOPLE) return `A poll takes at most ${MAX_POLL_PEOPLE} people, this one has ${registration.members.length}`;
		const open = [...this.memory.polls.values()].filter((poll) => poll.done === 0).length;
		if (open >= MAX_OPEN_POLLS) return `The SlickText Trigger holds ${MAX_OPEN_POLLS} open polls, its most: a new one is taken when one ends`;
		const poll: Poll = {
			r: registration.resumeUrl,
			s: registration.since,
			u: registration.until,
			rules: registration.rules,
			x: registration.executionId,
			closed: false,
			done: 0,
			m: registration.members.map(({ person, i }) => ({ p: person, i, st: 'waiting', o: true })),
		};
		this.memory.polls.set(id, poll);
		index(this.memory, id, poll);
		this.save(poll);
		return 'added';
	}

	async poll(id: string): Promise<PollEntry | undefined> {
		const poll = this.memory.polls.get(id);
		return poll ? entryOf(id, poll) : undefined;
	}

	/** The person's open parts of polls (as waits), and whether this reply was kept by one before. */
	members(person: string, eventKey: string, now: number): { open: WaitEntry[]; takenBefore: boolean } {
		const key = digest(eventKey);
		const open: WaitEntry[] = [];
		let takenBefore = false;
		for (const { poll: id, n } of this.memory.byPerson.get(person) ?? []) {
			const poll = this.memory.polls.get(id);
			const member = poll?.m[n];
			if (!poll || !member) continue;
			if (member.k === key) takenBefore = true;
			if (member.o && !poll.closed && now <= poll.u) {
				open.push({ id: `${id}.${n}`, person, resumeUrl: '', since: poll.s, until: poll.u, sent: {}, poll: { id, i: member.i } });
			}
		}
		return { open, takenBefore };
	}

	private memberOf(entry: WaitEntry): { poll: Poll; member: Member } | undefined {
		const [id, n] = entry.id.split('.');
		const poll = this.memory.polls.get(id);
		const member = poll?.m[Number(n)];
		return poll && member ? { poll, member } : undefined;
	}

	async answerMember(entry: WaitEntry, eventKey: string, reply: MemberReply, counts: PollRules['counts']): Promise<MemberTake> {
		const found = this.memberOf(entry);
		if (!found) return 'gone';
		const { poll, member } = found;
		const key = digest(eventKey);
		if (member.k === key) return 'repeat';
		if (!member.o || poll.closed) return 'gone';
		// With the last reply counting, a reply SlickText received before the one kept (delivered again late) changes nothing.
		if (member.at !== undefined && reply.at < member.at) return 'repeat';
		Object.assign(member, { st: reply.state, k: key, at: reply.at, a: reply.answer, o: counts === 'last' && reply.state === 'answered' });
		this.save(poll);
		return 'taken';
	}

	async withdrawMembers(pollId: string, notAsked: Array<{ person: string; reason: string }>): Promise<void> {
		const poll = this.memory.polls.get(pollId);
		if (!poll) return;
		const reasons = new Map(notAsked.map((m) => [m.person, m.reason]));
		for (const member of poll.m) {
			const reason = reasons.get(member.p);
			// Someone who answered anyway (a text that failed late) keeps the answer.
			if (reason === undefined || member.st !== 'waiting') continue;
			Object.assign(member, { st: 'notAsked', o: false, a: { reason } });
		}
		this.save(poll);
	}

	async anyOpenMember(pollId: string): Promise<boolean> {
		const poll = this.memory.polls.get(pollId);
		return poll !== undefined && !poll.closed && poll.m.some((member) => member.o);
	}

	async closePoll(pollId: string): Promise<MemberAnswer[]> {
		const poll = this.memory.polls.get(pollId);
		if (!poll) return [];
		if (!poll.closed) {
			poll.closed = true;
			this.save(poll);
		}
		return poll.m.map(answerOf);
	}

	async pollDone(pollId: string, now: number): Promise<void> {
		const poll = this.memory.polls.get(pollId);
		if (!poll || poll.done > 0) return;
		poll.done = now;
		this.save();
	}

	async openPolls(): Promise<PollEntry[]> {
		return [...this.memory.polls.entries()].filter(([, poll]) => poll.done === 0).map(([id, poll]) => entryOf(id, poll));
	}

	async pollsOf(executionId: string): Promise<Array<{ poll: PollEntry; members: MemberAnswer[] }>> {
		return [...this.memory.polls.entries()]
			.filter(([, poll]) => (executionId === '' ? poll.done === 0 : poll.x === executionId))
			.map(([id, poll]) => ({ poll: entryOf(id, poll), members: poll.m.map(answerOf) }));
	}
}

/** Puts this process's live view of the polls into the node's static data, as keepWaitsLive does for waits. */
export function keepPollsLive(scope: string, staticData: IDataObject, now: number): void {
	const memory = memories.get(scope);
	if (memory === undefined) return;
	learn(memory, staticData[POLLS_FIELD], now);
	staticData[POLLS_FIELD] = new StoredPolls(memory) as unknown as IDataObject;
}
