/**
 * Each person's run, started by the SlickText Trigger (docs/architecture.md, "Replies from many"): a
 * SlickText node's Start Each Person's Run posts each item, signed with its credential as a registration
 * is (signing.ts), to the Production URL of the SlickText Trigger in its own workflow; the trigger checks
 * it and starts a run on its Each Person output with that item. A run a webhook starts is a job of its
 * own in queue mode, so n8n keeps nothing of it in any process while it waits for the person's reply,
 * unlike a sub-execution started by Execute Workflow (docs/performance.md).
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import type { OperationDescription } from '../descriptions';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import type { OperationRun } from '../runner/types';
import { credentialsOnce } from '../transport/credentials';
import { respond } from './forwarding';
import { refusedBeforeAnyHandler, SIGNATURE_FIELD } from './protocol';
import { open, sign, signingKeyOf } from './signing';
import { fail, isTestUrl, isTriggerUrl, postToTrigger, saidByN8n, TRIGGER_NAME, TRIGGER_URL_HINT, triggerUrlOf, type AskAgain } from './waiting';

/** The one key of a hand-out's body (SlickText never sends it): the signed JSON text, its signature beside it. */
export const HAND_OUT_FIELD = 'n8nSlickTextHandOut';

/** The trigger's parameter that adds the Each Person output (SlickTextTrigger/properties.ts). */
export const PERSON_RUNS_PARAMETER = 'personRuns';

/** The operation's field with the trigger's Production URL (empty: the credential's Trigger URL for Replies). */
export const HAND_OUT_URL_PARAMETER = 'triggerUrl';

export function isHandOut(body: unknown): boolean {
	return typeof body === 'object' && body !== null && HAND_OUT_FIELD in body;
}

/** The trigger's answer to a hand-out it took. */
export interface HandOutAnswer {
	started: boolean;
	message?: string;
}

/**
 * Asked again only where n8n surely took nothing: the connection refused, a webhook process still
 * starting (404 "Cannot POST" before its routes exist), or n8n refusing before any handler runs (its
 * database not ready, its start not done). Anything else, a proxy's 502 or a timeout, may have started the run.
 */
const HAND_OUT_AGAIN: AskAgain = {
	codes: ['ECONNREFUSED'],
	answer: (statusCode, body) => (statusCode === 404 && !saidByN8n(body)) || refusedBeforeAnyHandler(statusCode, body),
};

/** Posts one item to the trigger; never twice a run. */
async function handOne(ctx: IExecuteFunctions, platform: Platform, triggerUrl: string, key: string, json: IDataObject, itemIndex: number): Promise<void> {
	// The workflow's ID: a trigger starts runs of its own workflow only.
	const workflowId = String(ctx.getWorkflow().id ?? '');
	const signedBody = () => {
		const signed = sign(key, { platform, workflowId, item: json }, Date.now(), 'hand-out');
		return { [HAND_OUT_FIELD]: signed.payload, [SIGNATURE_FIELD]: signed.signature };
	};
	const trigger = TRIGGER_NAME[platform];
	const answer = await postToTrigger(ctx, triggerUrl, signedBody, HAND_OUT_AGAIN, itemIndex, trigger);
	const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as IDataObject;
	if (answer.statusCode === 200 && body.started === true) return;
	const said = typeof body.message === 'string' ? body.message : '';
	switch (answer.statusCode) {
		case 404:
			throw fail(
				ctx,
				`Nothing is published at the trigger's URL (${triggerUrl})`,
				`Publish (n8n 1.x: activate) this workflow with its ${trigger}; 'Trigger URL' (empty: the credential's 'Trigger URL for Replies') must be that trigger's Production URL.`,
				itemIndex,
			);
		case 401:
			throw fail(ctx, `The ${trigger} refused the person's run: it is not signed with its credential`, said || TRIGGER_URL_HINT, itemIndex);
		default:
			throw fail(
				ctx,
				`The ${trigger} did not start the person's run (${answer.statusCode})`,
				said ? `It said: ${said}` : `It did not answer as a ${trigger} does. ${TRIGGER_URL_HINT}`,
				itemIndex,
			);
	}
}

/** The operation's option: how many people a second it hands out (0: just under the credential's rate). */
export const PEOPLE_PER_SECOND_PARAMETER = 'peoplePerSecond';

/**
 * How many people a second are handed out: just under the credential's Requests per Second (15/16 of it,
 * 7.5 at SlickText's 8), since each person's run texts once. Faster, people's runs would wait at the rate
 * limiter, each a running execution held in memory; a schedule per person (not a pause after each) keeps
 * the rate whatever each hand-out costs.
 */
export function peoplePerSecond(ctx: IExecuteFunctions, credentials: IDataObject): number {
	const options = ctx.getNodeParameter('handOutOptions', 0, {}) as IDataObject;
	const given = Number(options[PEOPLE_PER_SECOND_PARAMETER] ?? 0);
	if (Number.isFinite(given) && given > 0) return given;
	const rate = Number(credentials.requestsPerSecond);
	return ((Number.isFinite(rate) && rate > 0 ? rate : 8) * 15) / 16;
}

/** Start Each Person's Run as an operation of the platform's node (resource Message). */
export function startPersonRunsOperation(platform: Platform): OperationDescription {
	const trigger = TRIGGER_NAME[platform];
	return {
		option: {
			name: "Start Each Person's Run",
			value: 'startPersonRuns',
			action: "Start each person's run at the trigger",
			description: `Hand each item to the ${trigger}, which starts a run with it on its Each Person output: to text a whole list and wait for every reply at once`,
			run: handOutRun(platform),
		},
		properties: [
			{
				displayName: `Each item starts a run of this workflow at the ${trigger}'s Each Person output (turn on its 'Runs for Each Person'), a few a second: all the people at once, no loop needed`,
				name: 'startPersonRunsNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Trigger URL',
				name: HAND_OUT_URL_PARAMETER,
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/0b9e.../webhook',
				description: `Production URL of the ${trigger} in this workflow (its Webhook URLs). Leave empty when that trigger is the one whose URL the credential holds in 'Trigger URL for Replies'.`,
			},
			{
				displayName: 'Options',
				name: 'handOutOptions',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'People per Second',
						name: PEOPLE_PER_SECOND_PARAMETER,
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description:
							"How many people's runs start each second. 0 starts them just under the credential's 'Requests per Second' (7.5 at SlickText's 8), as each run texts once; lower it when each person's run sends more.",
					},
				],
			},
		],
		effect: 'automation',
		effectNote: `starts an n8n run for each item at the ${trigger}, which may text the person; sends nothing itself`,
	};
}

/**
 * Start Each Person's Run: each item goes to the trigger, one after the other; the output is the items as
 * they came (the loop that paces them goes on with the same data). With Continue On Fail an item that was
 * not handed out comes out with its error, and the others are handed out still.
 */
export function handOutRun(platform: Platform): OperationRun {
	return async (ctx) => {
		const items = ctx.getInputData();
		const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE[platform]);
		const trigger = TRIGGER_NAME[platform];
		// Every item's address is checked before the first is handed out.
		const urls = items.map((_, i) => {
			const given = String(ctx.getNodeParameter(HAND_OUT_URL_PARAMETER, i, '')).trim();
			if (given === '') return triggerUrlOf(ctx, credentials, platform, i);
			if (!isTriggerUrl(given)) {
				throw fail(ctx, `'Trigger URL': "${given}" is not a URL`, `Paste the Production URL of the ${trigger} in this workflow (its Webhook URLs), or leave it empty for the credential's 'Trigger URL for Replies'.`, i);
			}
			if (isTestUrl(given)) {
				throw fail(ctx, `'Trigger URL' is the ${trigger}'s Test URL (${given})`, "A Test URL answers only while the editor listens for a test event: paste the trigger's Production URL.", i);
			}
			return given;
		});
		const key = signingKeyOf(platform, credentials);
		const out: INodeExecutionData[] = [];
		// Person i goes out at i / rate seconds after the first: all of them in one run, at the rate their texts can go.
		const perSecond = peoplePerSecond(ctx, credentials);
		const start = Date.now();
		for (let i = 0; i < items.length; i++) {
			const due = start + (i * 1000) / perSecond - Date.now();
			if (due > 0) await sleep(due);
			try {
				await handOne(ctx, platform, urls[i], key, items[i].json, i);
				out.push({ json: items[i].json, pairedItem: { item: i } });
			} catch (error) {
				// Every failure of handOne is already the item's NodeOperationError, which n8n hands back as it is.
				if (!ctx.continueOnFail()) throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: i });
				out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
			}
		}
		return [out];
	};
}

function refuseHandOut(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	respond(ctx, status, { started: false, message } satisfies HandOutAnswer);
	return { noWebhookResponse: true };
}

/**
 * The trigger's side: a hand-out signed with its own credential starts a run with the signed text as its
 * one item (the run's step opens it again, handedOut below); anything else is refused and starts nothing.
 */
export function acceptHandOut(ctx: IWebhookFunctions, platform: Platform, key: string): IWebhookResponseData {
	const body = ctx.getBodyData();
	const signed = { payload: body[HAND_OUT_FIELD], signature: body[SIGNATURE_FIELD] };
	const opened = open(key, signed, Date.now(), 'hand-out');
	if (!opened.ok) {
		return refuseHandOut(ctx, 401, `Hand-out refused: ${opened.reason}. Only a SlickText node with the same credential as the trigger can start a person's run.`);
	}
	if (opened.value.platform !== platform) {
		return refuseHandOut(ctx, 409, `This SlickText Trigger receives the events of the ${platform} platform, the hand-out is from the ${String(opened.value.platform)} platform`);
	}
	if (opened.value.workflowId !== String(ctx.getWorkflow().id ?? '')) {
		return refuseHandOut(
			ctx,
			409,
			"This SlickText Trigger is in another workflow, and starts runs of its own workflow only. Put a SlickText Trigger with 'Runs for Each Person' on into the workflow that hands the people out, and paste its Production URL into 'Trigger URL' of Start Each Person's Run.",
		);
	}
	if (ctx.getNodeParameter(PERSON_RUNS_PARAMETER, false) !== true) {
		return refuseHandOut(ctx, 409, "Turn on 'Runs for Each Person' in the SlickText Trigger, and connect its Each Person output to what each person's run does.");
	}
	// Answered here: with a run to start, n8n answers the trigger's requests empty (its responseData is noData).
	respond(ctx, 200, { started: true } satisfies HandOutAnswer);
	return { noWebhookResponse: true, workflowData: [[{ json: { [HAND_OUT_FIELD]: signed.payload, [SIGNATURE_FIELD]: signed.signature } }]] };
}

/**
 * The run's step: the items that carry a hand-out, opened again with the trigger's credential (so that an
 * event with the same key, which anybody can post, hands out nothing), and the others (events).
 */
export function handedOut(key: string, items: INodeExecutionData[]): { events: INodeExecutionData[]; handed: INodeExecutionData[]; refused: number } {
	const events: INodeExecutionData[] = [];
	const handed: INodeExecutionData[] = [];
	let refused = 0;
	for (const item of items) {
		if (!(HAND_OUT_FIELD in item.json)) {
			events.push(item);
			continue;
		}
		// Its time was checked when the trigger took it: a run may begin later than that (a queue of jobs).
		const opened = open(key, { payload: item.json[HAND_OUT_FIELD], signature: item.json[SIGNATURE_FIELD] }, undefined, 'hand-out');
		const value = opened.ok ? opened.value.item : undefined;
		if (typeof value === 'object' && value !== null && !Array.isArray(value)) handed.push({ json: value as IDataObject });
		else refused++;
	}
	return { events, handed, refused };
}
