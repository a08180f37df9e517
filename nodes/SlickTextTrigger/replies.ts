/**
 * Two-way texts in the trigger's webhook: a person's reply (or opt-out) goes to a workflow waiting for
 * that person when there is one (shared/replies, docs/architecture.md "Two-way texts"), after the same
 * checks as any event: the signature (legacy, checked before), SlickText's confirmation (Confirm Events)
 * and the memory of repeats. Only production deliveries: a test event never resumes anything.
 */
import { sleep, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';

import type { Platform } from '../shared/platform';
import { handReplies } from '../shared/replies/forwarding';
import { claimNew, forget, recordForRestart, STORE_FIELD, wasReceived } from './deliveries';
import type { ReceivedEvent } from './events';
import { confirmedInWebhook, confirmedKey, precheck } from './verification';

export interface AfterReplies {
	/** The events still to go out of the trigger. */
	events: ReceivedEvent[];
	/** Of those, the ones already claimed as received here. */
	claimed: Set<ReceivedEvent>;
	/** Whether the webhook has answered SlickText already. */
	answered: boolean;
}

/**
 * How long SlickText may wait for the answer to a delivery with a reply for a waiting workflow: SlickText
 * gives up after 5 seconds. The trigger answers once n8n has taken the reply (or said no wait takes it),
 * and at the latest after this: then with 503, so that SlickText delivers it again (the hand-off goes on,
 * and a delivery of a reply that was taken meanwhile resumes nothing: the memory of repeats has it). An
 * object, so that tests can shorten it.
 */
export const answering = { withinMs: 4000 };

/** Answers SlickText now: 200 when the delivery is done with, 503 when it must come again. */
function answer(ctx: IWebhookFunctions, status: 200 | 503): void {
	const res = ctx.getResponseObject() as unknown as { writeHead(status: number, headers?: Record<string, string>): unknown; end(body?: string): unknown };
	if (status === 200) {
		res.writeHead(200);
		res.end();
		return;
	}
	res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '60' });
	res.end(JSON.stringify({ message: 'A waiting workflow could not take the reply yet: deliver it again' }));
}

/** `signed`: the legacy delivery's signature was checked (the trigger has a webhook secret). */
export async function resumeWaitingWorkflows(
	ctx: IWebhookFunctions,
	platform: Platform,
	scope: string,
	events: ReceivedEvent[],
	signed: boolean,
): Promise<AfterReplies> {
	const after: AfterReplies = { events, claimed: new Set(), answered: false };
	if (ctx.getMode() === 'manual') return after;
	const confirm = platform === 'current' && (ctx.getNodeParameter('confirmEvents', false) as boolean);
	const remember = ctx.getNodeParameter('ignoreRepeatedDeliveries', true) as boolean;
	const staticData = ctx.getWorkflowStaticData('node');
	const keyOf = (event: ReceivedEvent) => (confirm ? confirmedKey(event) : event.key);
	let handing = true;
	const handed = handReplies(ctx, platform, scope, events, {
		// A reply is verified when SlickText's signature was checked, or SlickText confirmed it (below).
		verified: platform === 'legacy' ? signed : confirm,
		confirm: async (json, name) => {
			if (!confirm) return true;
			if (precheck({ json, name, key: '' }) !== undefined) return false;
			return await confirmedInWebhook(ctx, json);
		},
		claim: (index) => {
			if (!remember) return true;
			const event = events[index];
			const now = Date.now();
			const stored = staticData[STORE_FIELD];
			if (confirm && wasReceived(scope, event.key, now, stored)) return false;
			return claimNew(scope, [{ key: keyOf(event) }], now, stored).length === 1;
		},
		release: (index) => {
			if (remember) forget(scope, keyOf(events[index]));
		},
	}).finally(() => (handing = false));
	// SlickText's answer waits for the hand-off, at most answering.withinMs; then 503 (deliver it again),
	// unless repeats are not remembered: a second delivery could then resume a second wait.
	await Promise.race([handed, sleep(answering.withinMs)]);
	if (handing) {
		after.answered = true;
		answer(ctx, remember ? 503 : 200);
	}
	const result = await handed;
	if (!after.answered && result.unresolved.size > 0) {
		after.answered = true;
		answer(ctx, 503);
	}
	const taken = [...result.done].map((index) => keyOf(events[index]));
	// No run records these events: kept with the other keys, which n8n saves after this request.
	if (remember && taken.length > 0) recordForRestart(scope, staticData as IDataObject, taken, Date.now());
	after.events = events.filter((_, index) => !result.done.has(index) && !result.unresolved.has(index));
	after.claimed = new Set([...result.claimed].filter((index) => !result.done.has(index)).map((index) => events[index]));
	return after;
}
