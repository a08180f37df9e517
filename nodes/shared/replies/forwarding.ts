/**
 * The SlickText Trigger's side of two-way texts (protocol.ts has the whole picture): it takes
 * registrations of waits, and hands a person's reply to the oldest wait for that person.
 */
import { sleep, type IDataObject, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';

import type { Platform } from '../platform';
import { keepForPoll } from './polls';
import { readTriggerRequest, refusedBeforeAnyHandler, REGISTRATION_FIELD, replyOf, SIGNATURE_FIELD, type Forward, type RegistrationAnswer, type Reply } from './protocol';
import { open } from './signing';
import { digest, expired, type PollEntry, type WaitEntry, type WaitStore } from './waits/store';

function answerWith(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	respond(ctx, status, { registered: false, message } satisfies RegistrationAnswer);
	return { noWebhookResponse: true };
}

/** What the trigger knows of its own trust: its credential's signing key, and whether it verifies replies. */
export interface TriggerTrust {
	/** signing.ts signingKeyOf the trigger's credential; empty without one. */
	key: string;
	/** Legacy: a Webhook Secret is set; current: Confirm Events is on. */
	verifies: boolean;
}

/** Answers the request itself (a Node.js response, as Express's is). */
export function respond(ctx: IWebhookFunctions, status: number, body: IDataObject): void {
	const res = ctx.getResponseObject() as unknown as { writeHead(status: number, headers: Record<string, string>): unknown; end(body: string): unknown };
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** What the trigger does beyond answering a request of a SlickText node: it watches the polls it keeps (polls.ts). */
export interface RequestHooks {
	pollAdded(poll: PollEntry): void;
	/** People of a poll withdrawn (their text failed): it may have nobody left to answer. */
	pollChanged(pollId: string): void;
}

/**
 * A request of a SlickText node (protocol.ts TriggerRequest): a wait's registration (or its check), a
 * poll, a wait or a poll's people withdrawn, a poll's answers so far. Only a signed one made with the
 * trigger's own credential is read at all (signing.ts); anything else is refused with 401 and kept
 * nowhere. `stored` says whether n8n's database holds the wait or poll already (a store that saves only
 * after the request answers says so when the node asks again: waiting.ts waits for it).
 */
export async function acceptRegistration(
	ctx: IWebhookFunctions,
	platform: Platform,
	store: WaitStore & { stored?(resumeUrl: string): boolean },
	trust: TriggerTrust,
	hooks?: RequestHooks,
): Promise<IWebhookResponseData> {
	const body = ctx.getBodyData();
	const opened = open(trust.key, { payload: body[REGISTRATION_FIELD], signature: body[SIGNATURE_FIELD] }, Date.now());
	if (!opened.ok) {
		const hint =
			trust.key === ''
				? `Choose, in the trigger, the same ${platform === 'legacy' ? 'SlickText Legacy API' : 'SlickText API'} credential as the waiting node uses.`
				: 'Only a waiting node with the same SlickText credential as the trigger can register a wait.';
		return answerWith(ctx, 401, `Wait refused: ${opened.reason}. ${hint}`);
	}
	const request = readTriggerRequest(opened.value);
	if (typeof request === 'string') return answerWith(ctx, 400, `Not a wait: ${request}`);
	if (ctx.getMode() === 'manual') {
		return answerWith(ctx, 409, "This is the trigger's Test URL; waits are taken at its Production URL, once the workflow is published");
	}
	if (request.platform !== platform) {
		return answerWith(ctx, 409, `This SlickText Trigger receives the events of the ${platform} platform, the wait is on the ${request.platform} platform`);
	}
	const ownOrigin = () => new URL(ctx.getNodeWebhookUrl('default') ?? 'http://invalid').origin;
	const stored = (resumeUrl: string) => (store.stored ? store.stored(resumeUrl) : true);
	switch (request.kind) {
		case 'wait': {
			if (request.check) return { webhookResponse: { registered: true, verifies: trust.verifies } satisfies RegistrationAnswer };
			// The trigger posts the person's reply to this address: only to the n8n it runs on.
			if (new URL(request.resumeUrl).origin !== ownOrigin()) return answerWith(ctx, 400, 'The address of the wait is not on this n8n');
			let added: string;
			try {
				added = await store.add(request, Date.now());
			} catch (error) {
				// The store could not be reached (n8n's API, for the data table): nothing was stored.
				return answerWith(ctx, 503, `The trigger could not store the wait: ${(error as Error).message}`);
			}
			// A full trigger refuses the new wait, never an older one: the node that asked fails with the reason.
			if (added !== 'added' && added !== 'known') return answerWith(ctx, 429, added);
			return { webhookResponse: { registered: true, verifies: trust.verifies, stored: stored(request.resumeUrl) } satisfies RegistrationAnswer };
		}
		case 'poll': {
			if (new URL(request.resumeUrl).origin !== ownOrigin()) return answerWith(ctx, 400, 'The address of the poll is not on this n8n');
			let added: string;
			try {
				added = await store.polls.addPoll(request, Date.now());
			} catch (error) {
				return answerWith(ctx, 503, `The trigger could not store the poll: ${(error as Error).message}`);
			}
			if (added !== 'added' && added !== 'known') return answerWith(ctx, 429, added);
			const poll = await store.polls.poll(digest(request.resumeUrl));
			if (poll) hooks?.pollAdded(poll);
			return { webhookResponse: { registered: true, verifies: trust.verifies, stored: stored(request.resumeUrl) } satisfies RegistrationAnswer };
		}
		case 'withdraw':
			await store.withdraw(request.resumeUrl);
			return { webhookResponse: { registered: true } satisfies RegistrationAnswer };
		case 'pollUpdate': {
			const pollId = digest(request.resumeUrl);
			await store.polls.withdrawMembers(pollId, request.notAsked);
			hooks?.pollChanged(pollId);
			return { webhookResponse: { registered: true } satisfies RegistrationAnswer };
		}
		case 'pollAnswers': {
			const polls = await store.polls.pollsOf(request.executionId, Date.now());
			return {
				webhookResponse: {
					registered: true,
					polls: polls.map(({ poll, members }) => ({
						executionId: poll.executionId,
						deadline: new Date(poll.until).toISOString(),
						ended: poll.closed || poll.doneAt > 0,
						members: members as unknown as IDataObject[],
					})),
				},
			};
		}
		case 'tick':
			return { webhookResponse: { registered: true } satisfies RegistrationAnswer };
	}
}

/**
 * How handing one reply to one wait ended: taken (n8n resumed the execution with it), declined (the wait
 * keeps waiting: Keep Waiting, an unverified reply to an approval, past its limit), gone (nothing waits
 * there any more), or unknown (n8n could not be asked, or said nothing that tells).
 */
type Handed = 'taken' | 'declined' | 'gone' | 'unknown';

/**
 * Pauses before asking again when n8n could not take the hand-off (503 while its database is busy, no
 * answer, a process restarting): about two minutes in all, the time n8n's own Wait node's resume
 * addresses were seen to need under a burst. An object, so that tests can shorten the pauses.
 */
export const handOff = { pausesMs: [250, 500, 1000, 2000, 4000, 8000, 15000, 30000, 60000] };

type Asked = { status: number; text: string; body: IDataObject } | { error: string; maybeArrived: boolean };

/** One post of the reply to the wait's address; the address is never logged (it opens the wait). */
async function ask(ctx: IWebhookFunctions, wait: WaitEntry, reply: Reply): Promise<Asked> {
	const forward: Forward = { reply, wait: { since: wait.since, until: wait.until, sent: wait.sent } };
	try {
		const answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url: wait.resumeUrl,
			body: forward,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		})) as { statusCode: number; body: unknown };
		const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as IDataObject;
		const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
		return { status: answer.statusCode, text, body };
	} catch (error) {
		const code = (error as { code?: string }).code ?? '';
		// Refused or not found: the post never reached n8n. Anything else (a timeout, a reset) may have.
		return { error: (error as Error).message, maybeArrived: !['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code) };
	}
}

/** The execution ID in a wait's address (n8n's `/webhook-waiting/<id>/...`), never the rest of it. */
function executionIdOf(resumeUrl: string): string {
	try {
		return new URL(resumeUrl).pathname.split('/').find((part) => /^\d+$/.test(part)) ?? 'unknown';
	} catch {
		return 'unknown';
	}
}

/** Runs a call of a hand-off: in turn with the process's others (a shared store), or at once. */
type Turn = <T>(call: () => Promise<T>) => Promise<T>;

const atOnce: Turn = async (call) => await call();

/**
 * Hands the reply to one wait, asking again while n8n cannot answer. n8n marks the execution running
 * only if it still waits, in one database update, and says "taken" only then (waiting.ts): so "taken"
 * is certain, and so is "gone" (409, or n8n's own page: running, finished or waiting elsewhere).
 * After a post that may have arrived unanswered, "gone" means that post resumed it: taken. So does it
 * when the wait was claimed for this very reply before (`ownClaim`): only this reply was handed to it.
 */
async function handTo(ctx: IWebhookFunctions, wait: WaitEntry, reply: Reply, ownClaim: boolean, turn: Turn): Promise<Handed> {
	let maybeTaken = ownClaim;
	for (let attempt = 0; ; attempt++) {
		const asked = await turn(async () => await ask(ctx, wait, reply));
		if ('status' in asked) {
			// Only the waiting node's own answer (JSON with `taken`) says taken or declined.
			const ok = asked.status >= 200 && asked.status < 300;
			if (ok && typeof asked.body.taken === 'boolean') return asked.body.taken ? 'taken' : 'declined';
			// "Running already": the execution may be about to wait (a reply right after its registration, before
			// n8n saved it as waiting), or another post is resuming it: asked again until it waits or has finished.
			if (asked.status === 409 && /running already/i.test(asked.text) && !maybeTaken) {
				if (attempt >= handOff.pausesMs.length) return 'unknown';
				await sleep(handOff.pausesMs[attempt]);
				continue;
			}
			// n8n refused before reading anything (its database not ready, its start not done): nothing was resumed.
			const unread = refusedBeforeAnyHandler(asked.status, asked.body.message ?? asked.text);
			// Any other 2xx is n8n's own "No action required" page (n8n 2.41, for a send-and-wait node's address):
			// the execution has finished, or waits at another node. Like a 409, nothing waits here any more.
			const resumedElsewhere = !unread && (ok || asked.status === 409 || /already being resumed/i.test(asked.text));
			// Only n8n's own refusal (JSON with a message) is certain: a webhook process that is starting answers
			// 404 "Cannot POST" before its routes exist, and a proxy may answer for a process it cannot reach.
			const refused = [401, 403, 404].includes(asked.status);
			const saidByN8n = typeof asked.body.message === 'string' || typeof asked.body.error === 'string';
			const notHere = refused && saidByN8n;
			if (resumedElsewhere || notHere) {
				// Nothing waits there now for this reply: said in the log, as a wait then ends without it.
				if (!maybeTaken) ctx.logger.info(`SlickText Trigger: a waiting workflow no longer waits (${asked.status}: ${asked.text.slice(0, 120)})`);
				// Taken on n8n's word that it runs: if the process that took the unanswered post stopped in between,
				// n8n may never resume it (docs/queue-mode.md). The ID says which execution to look at.
				else if (/running already/i.test(asked.text)) {
					ctx.logger.warn(
						`SlickText Trigger: execution ${executionIdOf(wait.resumeUrl)} was handed a reply without an answer, and n8n now says it is running: taken. ` +
							'If it stays "running" in the executions list, n8n lost its resume (a webhook process stopped meanwhile): stop it and act on the reply by hand.',
					);
				}
				return maybeTaken && resumedElsewhere ? 'taken' : 'gone';
			}
			// Only those and a refusal n8n did not give come before it reads anything; any other answer, 503s
			// too, may come after it resumed the execution (then a 409 next means this one took it).
			if (!refused && !unread) maybeTaken = true;
			ctx.logger.warn(`SlickText Trigger: a waiting workflow answered ${asked.status} to a reply (${asked.text.slice(0, 120)}); asking again`);
		} else {
			maybeTaken ||= asked.maybeArrived;
			ctx.logger.warn('SlickText Trigger: could not hand a reply to a waiting workflow; asking again', { error: asked.error });
		}
		if (attempt >= handOff.pausesMs.length) return 'unknown';
		await sleep(handOff.pausesMs[attempt]);
	}
}

/**
 * Calls of a hand-off (a claim, a post to n8n's resume address) under way at once in a process with a
 * shared store. In a burst the answers to SlickText wait for the reads and the keeping on n8n's main
 * process, and n8n's webhook processes answer both the replies and the resumes with a few database
 * connections: hundreds of hand-offs at once put every answer behind them (docs/performance.md). A
 * reply at a time never waits here; pauses between attempts hold no turn.
 */
export const HAND_OFF_CALLS_AT_ONCE = 8;
let callsUnderWay = 0;
const turnsWaiting: Array<() => void> = [];

async function inTurn<T>(call: () => Promise<T>): Promise<T> {
	if (callsUnderWay < HAND_OFF_CALLS_AT_ONCE) callsUnderWay++;
	// The turn is handed on by the call that ends, so the count stays as it is.
	else await new Promise<void>((resolve) => turnsWaiting.push(resolve));
	try {
		return await call();
	} finally {
		const next = turnsWaiting.shift();
		if (next) next();
		else callsUnderWay--;
	}
}

/** Replies of one person are handed one at a time in a process, so that two cannot take one wait. */
const queues = new Map<string, Promise<unknown>>();

async function onePerPerson<T>(key: string, work: () => Promise<T>): Promise<T> {
	const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
	const tail = run.catch(() => undefined);
	queues.set(key, tail);
	try {
		return await run;
	} finally {
		if (queues.get(key) === tail) queues.delete(key);
	}
}

/** The parts of the trigger that replies use: its checks of an event, and its memory of repeats. */
export interface ReplyHooks {
	/** Whether the trigger verified that SlickText sent the events (the signature, or Confirm Events). */
	verified: boolean;
	/** The key of an event: the same for every delivery of it (its repeats). */
	keyOf(index: number): string;
	/** Called once before the first wait is asked: the trigger answers SlickText then. */
	answerNow(): void;
	/** Whether SlickText confirms the event (Confirm Events); true when the trigger does not confirm. */
	confirm(json: IDataObject, name: string): Promise<boolean>;
	/** Claims the event as received in this process; false for a repeat. */
	claim(index: number): boolean;
}

export interface RepliesHanded {
	/** Events a wait took, or repeats of such: they start no run. */
	done: Set<number>;
	/** Events claimed here, so that the trigger does not take them for repeats of themselves. */
	claimed: Set<number>;
	/**
	 * The kept rows of replies no wait took (shared stores), left unfinished: such a reply goes on as the
	 * trigger's event, and only n8n's run of it may finish its row (finished before the run exists, a reply
	 * whose process stops in between would be lost). The trigger finishes the rows of events that start no run.
	 */
	kept: Map<number, string>;
}

type Outcome = 'taken' | 'free' | 'unknown';

/**
 * Hands one reply to the person's waits, oldest first, each claimed for it in the store first (so that
 * a repeat of it in another process goes to none of the others): the first that takes it ends the
 * search (an opt-out goes to every one, each ending as opted out). `kept`: the reply's kept row, marked
 * with the first wait that takes it.
 */
async function handToWaits(ctx: IWebhookFunctions, store: WaitStore, reply: Reply, key: string, waits: WaitEntry[], keptRow: KeptRow): Promise<Outcome> {
	const turn: Turn = store.sharedClaims ? inTurn : atOnce;
	let taken = false;
	for (const wait of waits) {
		if (wait.poll) {
			// A poll's person: the reply is kept in the poll; no execution resumes for it (polls.ts).
			const kept = await turn(async () => await keepForPoll(ctx, store, wait, reply, key));
			ctx.logger.debug(`SlickText Trigger: reply ${key}: kept for a poll: ${kept}`);
			if (kept === 'repeat') return 'taken';
			if (kept !== 'taken') continue;
			const row = await keptRow();
			if (row !== undefined) await store.finish?.(row);
			taken = true;
			if (!reply.optedOut) break;
			continue;
		}
		const claim = await turn(async () => await store.claim(wait, key, Date.now()));
		ctx.logger.debug(`SlickText Trigger: reply ${key}: claim of a wait: ${claim}`);
		if (claim === 'other') continue;
		// A repeat of a reply this wait took (found so by the claim, after the person's waits were read).
		if (claim === 'taken') return 'taken';
		const handed = await handTo(ctx, wait, reply, claim === 'same', turn);
		ctx.logger.debug(`SlickText Trigger: reply ${key}: hand-off: ${handed}`);
		// n8n did not answer for minutes: the reply goes on as the trigger's event rather than be lost, and
		// the wait is left to the next reply (if that post did resume it, the next gets 409 and moves on).
		if (handed === 'unknown') {
			ctx.logger.error('SlickText Trigger: n8n did not take a reply to a waiting workflow for minutes; it goes on as an event');
			await store.release(wait, key);
			return 'unknown';
		}
		if (handed === 'declined') {
			await store.release(wait, key);
			continue;
		}
		// "Gone" past the wait's time limit: n8n ended it without this reply.
		if (handed === 'gone' && (claim !== 'same' || expired(wait, Date.now()))) {
			await store.gone(wait);
			continue;
		}
		await store.taken(wait, key, Date.now(), await keptRow());
		taken = true;
		if (!reply.optedOut) break;
	}
	return taken ? 'taken' : 'free';
}

/**
 * A reply's kept row (shared stores; none in one process), given once: to the mark of the wait that takes
 * the reply, else to the caller to finish. Asked for only when needed, as the reply is kept meanwhile.
 */
type KeptRow = () => Promise<string | undefined>;

function keptOnce(of: () => Promise<string | undefined>): KeptRow {
	let given = false;
	return async () => {
		if (given) return undefined;
		given = true;
		return await of();
	};
}

/**
 * Hands each reply among the events to the oldest wait for its person that takes it (an opt-out to
 * every wait for the person: each ends as opted out). A wait n8n says is over is forgotten; one that
 * declines (waiting for a yes or a no) stays. Events no wait takes go on as the trigger's events.
 *
 * SlickText is answered once every reply a wait may take is safe: at once with one process (its store
 * and its memory of repeats live in it), and with a shared store once the store keeps each such reply
 * (another process then finishes it if this one stops). So only the reads of the persons' waits and the
 * keeping, each one call for concurrent replies, come before the answer; the claims, the hand-off and
 * SlickText's confirmation do not wait for it.
 */
export async function handReplies(
	ctx: IWebhookFunctions,
	platform: Platform,
	storeOf: () => Promise<WaitStore>,
	scope: string,
	events: Array<{ name: string; json: IDataObject }>,
	hooks: ReplyHooks,
): Promise<RepliesHanded> {
	const result: RepliesHanded = { done: new Set(), claimed: new Set(), kept: new Map() };
	const replies: Array<{ index: number; reply: Reply; key: string }> = [];
	for (const [index, event] of events.entries()) {
		const found = replyOf(platform, event.name, event.json);
		if (found) replies.push({ index, reply: { ...found, verified: hooks.verified }, key: hooks.keyOf(index) });
	}
	// Opened for a reply only: an ordinary event pays nothing for the waits.
	if (replies.length === 0) return result;
	const store = await storeOf();
	const found = await Promise.all(replies.map(({ reply, key }) => store.find(reply.person, key, Date.now())));
	// At debug level (N8N_LOG_LEVEL=debug) each reply's way through the trigger can be followed by its event
	// key, a hash that names no person.
	for (const [n, { key }] of replies.entries()) {
		ctx.logger.debug(`SlickText Trigger: reply ${key}: ${found[n].open.length} open waits for its person${found[n].takenBefore ? ', one took it before' : ''}`);
	}
	const waited = replies
		.map((reply, n) => ({ ...reply, before: found[n] }))
		.filter(({ index, reply, before }) => {
			// A repeat of a reply a wait took: it resumes nothing (and starts no run).
			const repeat = before.takenBefore && reply.message;
			if (repeat) result.done.add(index);
			return !repeat && before.open.length > 0;
		});
	if (waited.length === 0) return result;
	// SlickText is answered once the replies are kept; their hand-off begins meanwhile (it needs the kept
	// rows only to finish them), so keeping costs a reply's resume no time. If keeping fails, the error
	// reaches SlickText instead of an answer, and it delivers the reply again.
	const keep = store.sharedClaims ? store.keep?.bind(store) : undefined;
	const keeping = keep ? Promise.all(waited.map(({ index, key }) => keep({ platform, name: events[index].name, json: events[index].json }, key, Date.now()))) : Promise.resolve([]);
	const kept = keeping.then((ids) => {
		hooks.answerNow();
		return ids;
	});
	kept.catch(() => undefined);
	const finish = async (row: string | undefined) => {
		if (row !== undefined) await store.finish?.(row);
	};
	const handEach = async () => {
		for (const [n, { index, reply, key, before }] of waited.entries()) {
			const keptRow = keptOnce(async () => (await kept)[n]);
			if (!(await hooks.confirm(events[index].json, events[index].name))) {
				await finish(await keptRow());
				continue;
			}
			// One process: its memory of repeats tells a delivery again from the first; several: the claims do.
			if (!store.sharedClaims) {
				if (!hooks.claim(index)) {
					result.done.add(index);
					continue;
				}
				result.claimed.add(index);
			}
			const outcome = await onePerPerson(`${scope}|${reply.person}`, async () => {
				// One process: looked up again in the queue, as a reply of the person handed meanwhile may have taken a
				// wait. Several: the claims already say so (a wait another reply took is 'other', this one's 'taken').
				const now = store.sharedClaims ? before : await store.find(reply.person, key, Date.now());
				return now.takenBefore ? 'taken' : await handToWaits(ctx, store, reply, key, now.open, keptRow);
			});
			ctx.logger.debug(`SlickText Trigger: reply ${key}: ${outcome === 'free' ? 'no wait took it' : outcome}`);
			if (outcome === 'taken' && reply.message) result.done.add(index);
			// Not taken (or an opt-out, which goes on too): its row is left to the trigger (RepliesHanded.kept).
			const row = await keptRow();
			if (row !== undefined) result.kept.set(index, row);
		}
	};
	const work = handEach();
	// Held while they wait for their turn or for n8n, so that no other process delivers them again meanwhile.
	const holdWhile = store.holdWhile?.bind(store);
	if (holdWhile) void kept.then((ids) => holdWhile(ids, work), () => undefined);
	await work;
	await kept;
	return result;
}
