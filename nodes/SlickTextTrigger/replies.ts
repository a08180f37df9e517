/**
 * Two-way texts in the trigger's webhook: a person's reply (or opt-out) goes to a workflow waiting for
 * that person when there is one (shared/replies, docs/architecture.md "Two-way texts"), after the same
 * checks as any event: the signature (legacy, checked before), SlickText's confirmation (Confirm Events)
 * and the memory of repeats. Only production deliveries: a test event never resumes anything.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Platform } from '../shared/platform';
import { handReplies } from '../shared/replies/forwarding';
import type { WaitStore } from '../shared/replies/waits/store';
import { claimNew, recordForRestart, STORE_FIELD, wasReceived } from './deliveries';
import type { ReceivedEvent } from './events';
import { confirmedInWebhook, confirmedKey, precheck } from './verification';

export interface AfterReplies {
	/** The events still to go out of the trigger. */
	events: ReceivedEvent[];
	/** Of those, the ones already claimed as received here. */
	claimed: Set<ReceivedEvent>;
	/** Whether the webhook has answered SlickText already. */
	answered: boolean;
	/** Of those, the replies kept in a shared store, with their rows (forwarding.ts RepliesHanded.kept). */
	kept: Map<ReceivedEvent, string>;
	/** Finishes kept rows: of replies that start no run (the run of one that does finishes its own). */
	finishKept(rows: string[]): Promise<void>;
}

/** The empty 200 the trigger answers every accepted delivery with, sent before waits are asked. */
function answerNow(ctx: IWebhookFunctions): void {
	const res = ctx.getResponseObject() as unknown as { writeHead(status: number): unknown; end(): unknown };
	res.writeHead(200);
	res.end();
}

/** `signed`: the legacy delivery's signature was checked (the trigger has a webhook secret). */
export async function resumeWaitingWorkflows(
	ctx: IWebhookFunctions,
	platform: Platform,
	store: () => Promise<WaitStore>,
	scope: string,
	events: ReceivedEvent[],
	signed: boolean,
): Promise<AfterReplies> {
	let opened: Promise<WaitStore> | undefined;
	const after: AfterReplies = {
		events,
		claimed: new Set(),
		answered: false,
		kept: new Map(),
		finishKept: async (rows) => {
			if (!opened || rows.length === 0) return;
			const store = await opened;
			await Promise.all(rows.map(async (row) => await store.finish?.(row)));
		},
	};
	if (ctx.getMode() === 'manual') return after;
	const confirm = platform === 'current' && (ctx.getNodeParameter('confirmEvents', false) as boolean);
	const remember = ctx.getNodeParameter('ignoreRepeatedDeliveries', true) as boolean;
	const staticData = ctx.getWorkflowStaticData('node');
	const keyOf = (event: ReceivedEvent) => (confirm ? confirmedKey(event) : event.key);
	const result = await handReplies(ctx, platform, () => (opened ??= store()), scope, events, {
		// A reply is verified when SlickText's signature was checked, or SlickText confirmed it (below).
		verified: platform === 'legacy' ? signed : confirm,
		keyOf: (index) => keyOf(events[index]),
		// SlickText waits at most 5 seconds, and n8n may take longer to resume an execution under load:
		// the delivery is answered before any wait is asked (the hand-off then goes on, asking again).
		answerNow: () => {
			if (after.answered) return;
			after.answered = true;
			answerNow(ctx);
		},
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
	});
	const taken = [...result.done].map((index) => keyOf(events[index]));
	// No run records these events: kept with the other keys, which n8n saves after this request.
	if (remember && taken.length > 0) recordForRestart(scope, staticData as IDataObject, taken, Date.now());
	after.events = events.filter((_, index) => !result.done.has(index));
	after.claimed = new Set([...result.claimed].filter((index) => !result.done.has(index)).map((index) => events[index]));
	after.kept = new Map([...result.kept].map(([index, row]) => [events[index], row]));
	return after;
}
