/**
 * The SlickText Trigger's side of two-way texts (protocol.ts has the whole picture): it takes
 * registrations of waits, and hands a person's reply to the oldest wait for that person.
 */
import { sleep, type IDataObject, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';

import type { Platform } from '../platform';
import { readRegistration, REGISTRATION_FIELD, replyOf, SIGNATURE_FIELD, type Forward, type RegistrationAnswer, type Reply } from './protocol';
import { addWait, endWait, waitsFor, type Wait } from './registry';
import { open } from './signing';

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

/**
 * A registration (or its check) posted by a waiting node. Only a signed one made with the trigger's own
 * credential is read at all (signing.ts); anything else is refused with 401 and kept nowhere.
 */
export function acceptRegistration(ctx: IWebhookFunctions, platform: Platform, scope: string, trust: TriggerTrust): IWebhookResponseData {
	const body = ctx.getBodyData();
	const opened = open(trust.key, { payload: body[REGISTRATION_FIELD], signature: body[SIGNATURE_FIELD] }, Date.now());
	if (!opened.ok) {
		const hint =
			trust.key === ''
				? `Choose, in the SlickText Trigger, the same ${platform === 'legacy' ? 'SlickText Legacy API' : 'SlickText API'} credential as the waiting node uses.`
				: 'Only a waiting node with the same SlickText credential as the trigger can register a wait.';
		return answerWith(ctx, 401, `Wait refused: ${opened.reason}. ${hint}`);
	}
	const registration = readRegistration(opened.value);
	if (typeof registration === 'string') return answerWith(ctx, 400, `Not a wait: ${registration}`);
	if (ctx.getMode() === 'manual') {
		return answerWith(ctx, 409, "This is the trigger's Test URL; waits are taken at its Production URL, once the workflow is published");
	}
	if (registration.platform !== platform) {
		return answerWith(ctx, 409, `This SlickText Trigger receives the events of the ${platform} platform, the wait is on the ${registration.platform} platform`);
	}
	if (!registration.check) {
		// The trigger posts the person's reply to this address: only to the n8n it runs on.
		const own = new URL(ctx.getNodeWebhookUrl('default') ?? 'http://invalid').origin;
		if (new URL(registration.resumeUrl).origin !== own) return answerWith(ctx, 400, 'The address of the wait is not on this n8n');
		const added = addWait(scope, ctx.getWorkflowStaticData('node'), registration, Date.now());
		// A full trigger refuses the new wait, never an older one: the node that asked fails with the reason.
		if (added !== 'added' && added !== 'known') return answerWith(ctx, 429, added);
	}
	return { webhookResponse: { registered: true, verifies: trust.verifies } satisfies RegistrationAnswer };
}

/**
 * How handing one reply to one wait ended: taken (n8n resumed the execution with it), declined (the wait
 * keeps waiting: Keep Waiting, an unverified reply to an approval, past its limit), gone (nothing waits
 * there any more), or unknown (n8n could not be asked, or said nothing that tells).
 */
type Handed = 'taken' | 'declined' | 'gone' | 'unknown';

/**
 * Pauses before asking again when n8n could not take the hand-off (503 while its database is busy, no
 * answer, a process restarting): about 30 seconds in all, while SlickText waits for its answer no longer
 * than ANSWER_WITHIN_MS (replies.ts). An object, so that tests can shorten the pauses.
 */
export const handOff = { pausesMs: [250, 500, 1000, 2000, 4000, 8000, 15000] };

type Asked = { status: number; text: string; body: IDataObject } | { error: string; maybeArrived: boolean };

/** One post of the reply to the wait's address; the address is never logged (it opens the wait). */
async function ask(ctx: IWebhookFunctions, wait: Wait, reply: Reply): Promise<Asked> {
	const forward: Forward = { reply, wait: { since: wait.s, until: wait.u, sent: wait.m } };
	try {
		const answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url: wait.r,
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

/**
 * Hands the reply to one wait, asking again while n8n cannot answer. n8n marks the execution running
 * only if it still waits, in one database update, and says "taken" only then (waiting.ts): so "taken"
 * is certain, and so is "gone" (409: running or finished; another process's reply got there first).
 * After a post that may have arrived unanswered, "gone" means that post resumed it: taken.
 */
async function handTo(ctx: IWebhookFunctions, wait: Wait, reply: Reply): Promise<Handed> {
	let maybeTaken = false;
	for (let attempt = 0; ; attempt++) {
		const asked = await ask(ctx, wait, reply);
		if ('status' in asked) {
			if (asked.status >= 200 && asked.status < 300) return asked.body.taken === true ? 'taken' : 'declined';
			const resumedElsewhere = asked.status === 409 || /already being resumed/i.test(asked.text);
			if (resumedElsewhere) return maybeTaken ? 'taken' : 'gone';
			// Not this n8n's, or the execution no longer exists.
			if ([401, 403, 404].includes(asked.status)) return 'gone';
			// 503 is n8n's "not ready" before it reads anything; other answers may come after a resume.
			if (asked.status !== 503) maybeTaken = true;
			ctx.logger.warn(`SlickText Trigger: a waiting workflow answered ${asked.status} to a reply; asking again`);
		} else {
			maybeTaken ||= asked.maybeArrived;
			ctx.logger.warn('SlickText Trigger: could not hand a reply to a waiting workflow; asking again', { error: asked.error });
		}
		if (attempt >= handOff.pausesMs.length) return 'unknown';
		await sleep(handOff.pausesMs[attempt]);
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
	/** Whether SlickText confirms the event (Confirm Events); true when the trigger does not confirm. */
	confirm(json: IDataObject, name: string): Promise<boolean>;
	/** Claims the event as received; false for a repeat. */
	claim(index: number): boolean;
	/** Gives up the claim of an event whose hand-off could not be finished, so that SlickText's next delivery is taken. */
	release(index: number): void;
}

export interface RepliesHanded {
	/** Events a wait took, or repeats of such: they start no run. */
	done: Set<number>;
	/** Events claimed here, so that the trigger does not take them for repeats of themselves. */
	claimed: Set<number>;
	/**
	 * Events whose hand-off n8n could not finish (asked again for about 30 s): neither taken nor passed
	 * on, their claim given up; SlickText must deliver them again (the trigger answers 503).
	 */
	unresolved: Set<number>;
}

/**
 * Hands each reply among the events to the oldest wait for its person that takes it (an opt-out to
 * every wait for the person: each ends as opted out). A wait n8n says is over is ended; one that
 * declines (waiting for a yes or a no) stays. Events no wait takes go on as the trigger's events.
 */
export async function handReplies(
	ctx: IWebhookFunctions,
	platform: Platform,
	scope: string,
	events: Array<{ name: string; json: IDataObject }>,
	hooks: ReplyHooks,
): Promise<RepliesHanded> {
	const staticData = ctx.getWorkflowStaticData('node');
	const result: RepliesHanded = { done: new Set(), claimed: new Set(), unresolved: new Set() };
	for (const [index, event] of events.entries()) {
		const found = replyOf(platform, event.name, event.json);
		const reply = found && { ...found, verified: hooks.verified };
		if (!reply || waitsFor(scope, staticData, reply.person, Date.now()).length === 0) continue;
		if (!(await hooks.confirm(event.json, event.name))) continue;
		if (!hooks.claim(index)) {
			result.done.add(index);
			continue;
		}
		result.claimed.add(index);
		const outcome = await onePerPerson(`${scope}|${reply.person}`, async () => {
			let taken = false;
			for (const [id, wait] of waitsFor(scope, staticData, reply.person, Date.now())) {
				const handed = await handTo(ctx, wait, reply);
				// Not known whether it took the reply: no other wait may get it, nor may it go on as an event.
				if (handed === 'unknown') return 'unknown';
				if (handed === 'taken' || handed === 'gone') endWait(scope, staticData, id, Date.now());
				if (handed !== 'taken') continue;
				taken = true;
				if (!reply.optedOut) break;
			}
			return taken ? 'taken' : 'free';
		});
		if (outcome === 'unknown') {
			hooks.release(index);
			result.claimed.delete(index);
			result.unresolved.add(index);
		} else if (outcome === 'taken' && reply.message) result.done.add(index);
	}
	return result;
}
