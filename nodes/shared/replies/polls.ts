/**
 * The SlickText Trigger's side of polls (protocol.ts "A poll"; the node's side is askAndWait.ts). A poll's
 * people are waits of the trigger's store, so a reply finds them as it finds any wait (oldest first, after
 * the same checks as every event), but it is kept in the poll, not handed to an execution. The poll's own
 * execution is resumed once, when the poll ends: at its deadline, or once nobody is left to answer.
 *
 * n8n runs no node code when a wait's time runs out (it passes the waiting node's input on), so the trigger
 * ends the poll itself: every n8n process that takes the trigger's requests keeps a timer for each poll
 * due within the next minute and looks at the open polls once a minute while any is open (n8n gives a
 * webhook node no timer of its own: the look begins with any request to the trigger, and n8n's main
 * process sends one when it activates the workflow, after a restart). Ending is safe to do twice: the
 * close is one change of the store, and n8n resumes the poll's execution once.
 */
import { sleep, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';

import { judge } from './answers';
import { POLL_END_FIELD, refusedBeforeAnyHandler, type MemberAnswer, type PollEnd, type Reply } from './protocol';
import type { MemberTake, PollEntry, WaitEntry, WaitStore } from './waits/store';

/**
 * When a poll is ended: `graceMs` after its deadline (a reply that came just before it is kept meanwhile);
 * timers are set for the polls due within `armWithinMs`, looked for every `lookEveryMs`. An object, so
 * that tests can shorten them.
 */
export const pollTiming = {
	graceMs: 2_000,
	lookEveryMs: 60_000,
	armWithinMs: 70_000,
	pausesMs: [250, 500, 1000, 2000, 4000, 8000, 15000, 30000],
	/** How long after activating a workflow n8n's main process asks its trigger to look (n8n registers the webhook meanwhile). */
	tickAfterActivationMs: 10_000,
	round: 0,
};

/** The one key of a request that only asks the trigger to look at its polls (n8n's main process when it activates the workflow, the poll's own process at the deadline). */
export const TICK_FIELD = 'n8nSlickTextTick';

/** Looks that could not read the store, in a row, before a process stops looking until the next request. */
const MOST_FAILED_LOOKS = 30;

/** Waits `ms`, a second at a time, so that a new round (tests) ends the wait within a second. */
async function pause(ms: number, round: number): Promise<void> {
	for (let left = ms; left > 0 && pollTiming.round === round; left -= 1000) await sleep(Math.min(1000, left));
}

/** A reply to a poll's person: kept as that person's answer (the first or the last), or declined. */
export async function keepForPoll(ctx: IWebhookFunctions, store: WaitStore, member: WaitEntry, reply: Reply, eventKey: string): Promise<MemberTake | 'declined'> {
	const poll = member.poll ? await store.polls.poll(member.poll.id) : undefined;
	if (!poll) return 'gone';
	const judged = judge(poll.rules, reply);
	if ('declined' in judged) return 'declined';
	const received = Date.parse(reply.receivedAt);
	const took = await store.polls.answerMember(
		member,
		eventKey,
		{
			state: judged.outcome === 'optedOut' ? 'optedOut' : 'answered',
			answer: {
				reply: { text: reply.text, mediaUrl: reply.mediaUrl, from: reply.from, contactId: reply.contactId, receivedAt: reply.receivedAt, verified: reply.verified },
				...judged,
			},
			at: Number.isNaN(received) ? Date.now() : received,
		},
		poll.rules.counts,
		Date.now(),
	);
	// With the last reply counting, a person who answered may still change it: only opt-outs leave nobody to wait for.
	if (took === 'taken' && poll.rules.endEarly) endIfEveryoneAnswered(ctx, store, poll.id);
	return took;
}

/** Polls whose "anyone left?" look is under way in this process, and those to look at again after it. */
const looking = new Set<string>();
const lookAgain = new Set<string>();
/**
 * The least time between two "anyone left?" looks at one poll in a process: under a burst of answers each
 * would otherwise cost a call of n8n's API (the data table), on the process that answers SlickText. The
 * last answer's look comes at most this much later.
 */
export const everyoneLook = { gapMs: 1_000 };

/** Ends the poll once nobody of it can answer any more; one look at a time per poll in a process. */
export function endIfEveryoneAnswered(ctx: IWebhookFunctions, store: WaitStore, pollId: string): void {
	if (looking.has(pollId)) {
		lookAgain.add(pollId);
		return;
	}
	looking.add(pollId);
	void (async () => {
		try {
			do {
				lookAgain.delete(pollId);
				const began = Date.now();
				if (!(await store.polls.anyOpenMember(pollId))) {
					await endPoll(ctx, store, pollId, 'everyone');
					return;
				}
				// Answers that come meanwhile are looked at together, a moment later.
				if (lookAgain.has(pollId)) await sleep(Math.max(0, everyoneLook.gapMs - (Date.now() - began)));
			} while (lookAgain.has(pollId));
		} catch (error) {
			// The deadline ends it still.
			ctx.logger.warn('SlickText Trigger: could not look whether everyone of a poll answered; it ends at its deadline', { error: (error as Error).message });
		} finally {
			looking.delete(pollId);
			lookAgain.delete(pollId);
		}
	})();
}

/** Polls being ended in this process (at most one end of a poll at a time). */
const ending = new Set<string>();

type Posted = 'taken' | 'again' | 'gone';

/** One post of the poll's end to its address (never logged: it opens the poll). */
async function postEnd(ctx: IWebhookFunctions, poll: PollEntry, end: PollEnd): Promise<Posted> {
	let answer: { statusCode: number; body: unknown };
	try {
		answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url: poll.resumeUrl,
			body: { [POLL_END_FIELD]: end },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 60_000,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		ctx.logger.warn('SlickText Trigger: could not hand a poll its answers; asking again', { error: (error as Error).message });
		return 'again';
	}
	const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as IDataObject;
	const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
	if (answer.statusCode >= 200 && answer.statusCode < 300 && body.taken === true) return 'taken';
	if (refusedBeforeAnyHandler(answer.statusCode, body.message ?? text)) return 'again';
	// Still running (texting its people, or about to wait): asked again until it waits.
	if (answer.statusCode === 409 && /running already/i.test(text)) return 'again';
	// Resumed already (by another process, or ended at n8n's own limit), or gone: n8n's own answers.
	const saidByN8n = typeof body.message === 'string' || typeof body.error === 'string';
	if (answer.statusCode === 409 || (answer.statusCode >= 200 && answer.statusCode < 300) || ([403, 404].includes(answer.statusCode) && saidByN8n)) {
		ctx.logger.info(`SlickText Trigger: a poll no longer waits for its answers (${answer.statusCode}: ${text.slice(0, 120)})`);
		return 'gone';
	}
	ctx.logger.warn(`SlickText Trigger: a poll answered ${answer.statusCode} to its answers (${text.slice(0, 120)}); asking again`);
	return 'again';
}

/**
 * Ends a poll: closes it (no reply is kept for it after this), reads every person's part and hands them
 * to the poll's execution, asking again while n8n cannot take them; marked done once n8n took them (or
 * says nothing waits there). Returns whether it is done; if not, the next look tries again.
 */
export async function endPoll(ctx: IWebhookFunctions, store: WaitStore, pollId: string, reason: PollEnd['reason']): Promise<boolean> {
	if (ending.has(pollId)) return false;
	ending.add(pollId);
	try {
		const poll = await store.polls.poll(pollId);
		if (!poll || poll.doneAt > 0) return true;
		const members: MemberAnswer[] = await store.polls.closePoll(pollId, Date.now());
		ctx.logger.debug(`SlickText Trigger: poll ${pollId} ends (${reason}): ${members.length} people`);
		for (let attempt = 0; ; attempt++) {
			const posted = await postEnd(ctx, poll, { reason, until: poll.until, members });
			if (posted !== 'again') break;
			if (attempt >= pollTiming.pausesMs.length) return false;
			await sleep(pollTiming.pausesMs[attempt]);
		}
		await store.polls.pollDone(pollId, Date.now());
		return true;
	} catch (error) {
		ctx.logger.warn('SlickText Trigger: could not end a poll; the next look tries again', { error: (error as Error).message });
		return false;
	} finally {
		ending.delete(pollId);
	}
}

/**
 * Per trigger node in this process: the polls whose end is timed, whether the looks run, and until when
 * none is needed (a look found no open poll: requests in the next minute start none, so an ordinary event
 * costs no read of the store).
 */
const watches = new Map<string, { armed: Set<string>; looking: boolean; quietUntil: number }>();

function watchOf(scope: string) {
	let watch = watches.get(scope);
	if (!watch) {
		watch = { armed: new Set(), looking: false, quietUntil: 0 };
		watches.set(scope, watch);
	}
	return watch;
}

/** A timer for the poll's end, when it is due within the next look (else the look after sets one). */
function arm(ctx: IWebhookFunctions, storeOf: () => Promise<WaitStore>, scope: string, poll: PollEntry): void {
	const watch = watchOf(scope);
	const dueIn = poll.until + pollTiming.graceMs - Date.now();
	if (watch.armed.has(poll.id) || dueIn > pollTiming.armWithinMs) return;
	watch.armed.add(poll.id);
	const round = pollTiming.round;
	void (async () => {
		try {
			if (dueIn > 0) await pause(dueIn, round);
			if (pollTiming.round !== round) return;
			await endPoll(ctx, await storeOf(), poll.id, 'deadline');
		} finally {
			watch.armed.delete(poll.id);
		}
	})().catch(() => undefined);
}

/**
 * Looks at the trigger's open polls: ends those past their deadline or begun to end (a process that
 * stopped half way), and times those due soon. Again every `lookEveryMs` while any is open. Called on
 * every request to the trigger (a look under way makes it return at once) and after a poll is added.
 */
export function watchPolls(ctx: IWebhookFunctions, storeOf: () => Promise<WaitStore>, scope: string, added?: PollEntry, asked = false): void {
	const watch = watchOf(scope);
	if (added) arm(ctx, storeOf, scope, added);
	// A request that asks for a look (a tick) has one, whenever the last found nothing.
	if (watch.looking || (!added && !asked && Date.now() < watch.quietUntil)) return;
	watch.looking = true;
	const round = pollTiming.round;
	void (async () => {
		try {
			for (let failed = 0; failed < MOST_FAILED_LOOKS && pollTiming.round === round; ) {
				let open: PollEntry[];
				try {
					open = await (await storeOf()).polls.openPolls(Date.now());
					failed = 0;
				} catch (error) {
					ctx.logger.warn('SlickText Trigger: could not look at the open polls; looking again in a minute', { error: (error as Error).message });
					open = [{ id: '' } as PollEntry];
					failed++;
				}
				for (const poll of open.filter((p) => p.id !== '')) {
					if (poll.closed || Date.now() > poll.until + pollTiming.graceMs) void endPoll(ctx, await storeOf(), poll.id, 'deadline');
					else arm(ctx, storeOf, scope, poll);
				}
				if (open.length === 0) {
					watch.quietUntil = Date.now() + pollTiming.lookEveryMs;
					return;
				}
				await pause(pollTiming.lookEveryMs, round);
			}
		} finally {
			watch.looking = false;
		}
	})().catch(() => undefined);
}

/** Ends every look of this process at its next turn, and forgets the timers (tests): the next request begins them again. */
export function forgetPollWatches(): void {
	pollTiming.round++;
	watches.clear();
}
