/**
 * The SlickText Trigger's side of two-way texts (protocol.ts has the whole picture): it takes
 * registrations of waits, and hands a person's reply to the oldest wait for that person.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

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

type Handed = 'taken' | 'declined' | 'gone' | 'failed';

/** Posts the reply to a wait's address: n8n checks its signature and resumes the execution there. */
async function hand(ctx: IWebhookFunctions, wait: Wait, reply: Reply): Promise<Handed> {
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
		if (answer.statusCode >= 200 && answer.statusCode < 300) return body.taken === true ? 'taken' : 'declined';
		// No longer waiting (finished, running, timed out) or never this n8n's: that wait is over.
		if ([401, 403, 404, 409].includes(answer.statusCode)) return 'gone';
		ctx.logger.warn(`SlickText Trigger: a waiting workflow answered ${answer.statusCode} to a reply`);
		return 'failed';
	} catch (error) {
		// The address is never logged: it opens the wait.
		ctx.logger.warn('SlickText Trigger: could not hand a reply to a waiting workflow', { error: (error as Error).message });
		return 'failed';
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
	/** Called once before the first wait is asked: the trigger answers SlickText then. */
	answerNow(): void;
	/** Whether SlickText confirms the event (Confirm Events); true when the trigger does not confirm. */
	confirm(json: IDataObject, name: string): Promise<boolean>;
	/** Claims the event as received; false for a repeat. */
	claim(index: number): boolean;
}

export interface RepliesHanded {
	/** Events a wait took, or repeats of such: they start no run. */
	done: Set<number>;
	/** Events claimed here, so that the trigger does not take them for repeats of themselves. */
	claimed: Set<number>;
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
	const result: RepliesHanded = { done: new Set(), claimed: new Set() };
	for (const [index, event] of events.entries()) {
		const found = replyOf(platform, event.name, event.json);
		const reply = found && { ...found, verified: hooks.verified };
		if (!reply || waitsFor(scope, staticData, reply.person, Date.now()).length === 0) continue;
		hooks.answerNow();
		if (!(await hooks.confirm(event.json, event.name))) continue;
		if (!hooks.claim(index)) {
			result.done.add(index);
			continue;
		}
		result.claimed.add(index);
		const taken = await onePerPerson(`${scope}|${reply.person}`, async () => {
			let any = false;
			for (const [id, wait] of waitsFor(scope, staticData, reply.person, Date.now())) {
				const handed = await hand(ctx, wait, reply);
				if (handed === 'taken' || handed === 'gone') endWait(scope, staticData, id, Date.now());
				if (handed !== 'taken') continue;
				any = true;
				if (!reply.optedOut) break;
			}
			return any;
		});
		if (taken && reply.message) result.done.add(index);
	}
	return result;
}
