/**
 * The waiting node's side of two-way texts (protocol.ts has the whole picture): the checks before
 * anything is sent, the registration at the SlickText Trigger, n8n's wait, and the webhook that a
 * forwarded reply resumes.
 */
import {
	NodeApiError,
	NodeOperationError,
	SEND_AND_WAIT_OPERATION,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, type Platform } from '../platform';
import type { OperationRun } from '../runner/types';
import { inZone } from '../time';
import { credentialsOnce } from '../transport/credentials';
import { judge } from './answers';
import { answerSettings, waitEnd } from './fields';
import { personOf } from './person';
import {
	readForward,
	refusedBeforeAnyHandler,
	REGISTRATION_FIELD,
	SIGNATURE_FIELD,
	type Forward,
	type Registration,
	type RegistrationAnswer,
} from './protocol';
import { sign, signingKeyOf } from './signing';

/** n8n's waiting webhook of the node: the address its execution is resumed at (as n8n's own Send and Wait). */
export const replyWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

/** The credential field with the SlickText Trigger's Production URL. */
export const TRIGGER_URL_FIELD = 'replyTriggerUrl';

export interface PreparedWait {
	triggerUrl: string;
	until: Date;
	/** The credential's signing key (signing.ts): the trigger takes only waits signed with its own. */
	key: string;
}

/** An item's error (a waiting operation has one item, 0): it ends with [item N], as every item error of the nodes. */
export function fail(ctx: IExecuteFunctions, message: string, description: string, itemIndex = 0): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, { description, itemIndex });
}

/** The trigger of each platform, as the node panel names it. */
export const TRIGGER_NAME: Record<Platform, string> = { legacy: 'SlickText Legacy Trigger', current: 'SlickText Trigger' };

export const TRIGGER_URL_HINT =
	"The credential's 'Trigger URL for Replies' must be the Production URL of the published trigger that receives the account's events.";

/**
 * Pauses before asking the trigger's address again when n8n did not answer there: a webhook process
 * that is starting answers 404 "Cannot POST" before its routes exist, a proxy 502 for a process it cannot
 * reach. A registration asked again is known to the trigger, so asking again never adds a second wait.
 */
export const reach = { pausesMs: [500, 1000, 2000, 4000, 8000] };

/** n8n's own answers are JSON with a message (or error); a starting process's or a proxy's are not. */
export function saidByN8n(body: unknown): boolean {
	const fields = (typeof body === 'object' && body !== null ? body : {}) as IDataObject;
	return typeof fields.message === 'string' || typeof fields.error === 'string' || fields.registered !== undefined || fields.started !== undefined;
}

/** Connection failures worth asking again (n8n restarting); a wrong host name fails at once. */
const PASSING = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'];

/** When to post to the trigger again (reach.pausesMs apart): after which connection errors, and which answers. */
export interface AskAgain {
	codes: string[];
	answer(statusCode: number, body: unknown): boolean;
}

/**
 * Posts a signed body to the SlickText Trigger's URL and returns n8n's answer, posting again (signed anew:
 * the signature holds the time it was made) where `again` says n8n did not take it.
 */
export async function postToTrigger(
	ctx: IExecuteFunctions,
	url: string,
	signedBody: () => IDataObject,
	again: AskAgain,
	itemIndex = 0,
	trigger = 'SlickText Trigger',
): Promise<{ statusCode: number; body: unknown }> {
	for (let attempt = 0; ; attempt++) {
		const last = attempt >= reach.pausesMs.length;
		let answer: { statusCode: number; body: unknown };
		try {
			answer = (await ctx.helpers.httpRequest({
				method: 'POST',
				url,
				body: signedBody(),
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 30_000,
			})) as { statusCode: number; body: unknown };
		} catch (error) {
			const code = (error as { code?: string }).code ?? '';
			if (last || !again.codes.includes(code)) {
				throw fail(ctx, `The ${trigger} for replies cannot be reached (${url})`, `${(error as Error).message}. ${TRIGGER_URL_HINT}`, itemIndex);
			}
			await sleep(reach.pausesMs[attempt]);
			continue;
		}
		if (last || !again.answer(answer.statusCode, answer.body)) return answer;
		await sleep(reach.pausesMs[attempt]);
	}
}

/** A registration asked again is known to the trigger: asked again whenever n8n may not have taken it. */
const REGISTRATION_AGAIN: AskAgain = {
	codes: PASSING,
	answer: (statusCode, body) => [502, 503, 504].includes(statusCode) || (statusCode === 404 && !saidByN8n(body)) || refusedBeforeAnyHandler(statusCode, body),
};

/**
 * What the trigger says to a signed request of this node (protocol.ts TriggerRequest): its answer's body
 * when it took it; otherwise the error that says why, naming the trigger and the URL tried.
 */
export async function askTrigger(
	ctx: IExecuteFunctions,
	platform: Platform,
	prepared: Pick<PreparedWait, 'triggerUrl' | 'key'>,
	request: IDataObject,
	what = 'the wait',
): Promise<RegistrationAnswer & IDataObject> {
	const trigger = TRIGGER_NAME[platform];
	const answer = await postToTrigger(
		ctx,
		prepared.triggerUrl,
		() => {
			const signed = sign(prepared.key, { platform, ...request }, Date.now());
			return { [REGISTRATION_FIELD]: signed.payload, [SIGNATURE_FIELD]: signed.signature };
		},
		REGISTRATION_AGAIN,
		0,
		trigger,
	);
	const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as IDataObject;
	if (answer.statusCode === 200 && body.registered === true) return { ...body, registered: true, verifies: body.verifies === true, stored: body.stored !== false };
	const said = typeof body.message === 'string' ? body.message : '';
	switch (answer.statusCode) {
		case 404:
			throw fail(
				ctx,
				`Nothing is published at the credential's 'Trigger URL for Replies' (${prepared.triggerUrl})`,
				`Publish (n8n 1.x: activate) the workflow with the ${trigger}, and copy its Production URL (Webhook URLs > Production URL) into the credential.`,
			);
		case 401:
			throw fail(ctx, `The ${trigger} refused ${what}: it is not signed with its credential`, said || TRIGGER_URL_HINT);
		case 429:
			throw fail(ctx, `The ${trigger} takes no more waits now`, said);
		default:
			throw fail(ctx, `The ${trigger} did not take ${what} (${answer.statusCode})`, said ? `It said: ${said} ${TRIGGER_URL_HINT}` : TRIGGER_URL_HINT);
	}
}

/** Pauses before asking the trigger again whether n8n stored a wait (it saves right after answering). */
const STORED_PAUSES_MS = [50, 100, 200, 400, 800, 1600, 3200, 5000];

/**
 * Registers a wait or a poll and asks again until n8n's database holds it: a trigger that saves after
 * answering says so when asked again, so a restart after "registered" loses nothing.
 */
export async function registerStored(ctx: IExecuteFunctions, platform: Platform, prepared: PreparedWait, request: IDataObject, what = 'the wait'): Promise<void> {
	let answer = await askTrigger(ctx, platform, prepared, request, what);
	for (const pause of STORED_PAUSES_MS) {
		if (answer.stored !== false) return;
		await sleep(pause);
		answer = await askTrigger(ctx, platform, prepared, request, what);
	}
	if (answer.stored === false) {
		throw fail(ctx, `The ${TRIGGER_NAME[platform]} took ${what}, but n8n did not store it`, "Nothing waits for the answer. Run the workflow again; if it happens again, check the trigger's n8n for database errors.");
	}
}

/** What to turn on so that the trigger verifies replies. */
const VERIFY_HINT: Record<Platform, string> = {
	legacy:
		"Put the webhook's secret (legacy dashboard) into the 'Webhook Secret' of the SlickText Legacy API credential the SlickText Legacy Trigger uses.",
	current: "Turn on 'Confirm Events with SlickText' in the SlickText Trigger (it then looks each reply up with SlickText).",
};

/** Whether a Trigger URL (the credential's or an operation's) is an address n8n can post to. */
export function isTriggerUrl(text: string): boolean {
	return /^https?:\/\/\S+$/.test(text);
}

/** n8n's Test URL of a webhook (`/webhook-test/`): it answers only while the editor listens for a test event. */
export function isTestUrl(text: string): boolean {
	return /\/webhook-test\//.test(text);
}

/** The credential's Trigger URL for Replies, or the error that says it is not set (before anything is sent). */
export function triggerUrlOf(ctx: IExecuteFunctions, credentials: IDataObject, platform: Platform = 'legacy', itemIndex = 0): string {
	const trigger = TRIGGER_NAME[platform];
	const triggerUrl = String(credentials[TRIGGER_URL_FIELD] ?? '').trim();
	if (!isTriggerUrl(triggerUrl)) {
		throw fail(
			ctx,
			"The credential's 'Trigger URL for Replies' is not set",
			`Replies reach n8n at the ${trigger}. Publish a workflow with the ${trigger}, paste its Production URL into SlickText's webhook settings, and into this credential's 'Trigger URL for Replies'.`,
			itemIndex,
		);
	}
	if (isTestUrl(triggerUrl)) {
		throw fail(
			ctx,
			`The credential's 'Trigger URL for Replies' is the ${trigger}'s Test URL (${triggerUrl})`,
			`A Test URL answers only while the editor listens for a test event. Open the trigger's Webhook URLs, choose Production URL, and paste that URL into the credential.`,
			itemIndex,
		);
	}
	return triggerUrl;
}

/**
 * The checks before anything is sent: one input item, the credential's Trigger URL for Replies (and that
 * the trigger there takes this node's waits and, for an approval, verifies replies), the time limit and
 * the answer words.
 */
export async function prepareWait(ctx: IExecuteFunctions, platform: Platform, credentials: IDataObject): Promise<PreparedWait> {
	const count = ctx.getInputData().length;
	if (count !== 1) {
		throw fail(
			ctx,
			`Waiting for a reply takes one item, got ${count}`,
			'Each execution waits for one person. Put a Loop Over Items node (batch size 1) before this node, or let each item start its own execution.',
		);
	}
	const triggerUrl = triggerUrlOf(ctx, credentials, platform);
	const until = waitEnd(ctx, Date.now());
	const settings = answerSettings((name, fallback) => ctx.getNodeParameter(name, 0, fallback));
	if (settings.responseType === 'approval' && (settings.yes.length === 0 || settings.no.length === 0)) {
		throw fail(ctx, settings.yes.length === 0 ? "'Yes Words' is empty" : "'No Words' is empty", 'Give at least one word for yes and one for no.');
	}
	if (settings.yes.some((word) => settings.no.includes(word))) {
		throw fail(ctx, 'A word is both a yes word and a no word', 'Each answer word may mean yes or no, not both.');
	}
	const prepared = { triggerUrl, until, key: signingKeyOf(platform, credentials) };
	await checkTrust(ctx, platform, prepared, settings.responseType === 'approval' && !settings.acceptUnverified, 'an approval');
	return prepared;
}

/**
 * Asks the trigger whether it takes this node's waits (before anything is texted) and, where the answer
 * must be trusted (an approval, a choice), whether it verifies replies.
 */
export async function checkTrust(ctx: IExecuteFunctions, platform: Platform, prepared: Pick<PreparedWait, 'triggerUrl' | 'key'>, mustVerify: boolean, what: string): Promise<void> {
	const answer = await askTrigger(ctx, platform, prepared, { ...registrationOf(platform, '', '', 0, new Date(0), {}), check: true });
	if (mustVerify && answer.verifies !== true) {
		throw fail(
			ctx,
			`The ${TRIGGER_NAME[platform]} cannot tell a real reply from a forged one, so it cannot take ${what}`,
			`Anyone who can reach its URL could answer for the person. ${VERIFY_HINT[platform]} To take unverified answers anyway, turn on 'Accept Unverified Replies' in 'Options'.`,
		);
	}
}

function registrationOf(platform: Platform, person: string, resumeUrl: string, since: number, until: Date, sent: IDataObject): Registration {
	const end = until.getTime();
	// n8n's "forever" is year 3000; the registry keeps such a wait for its own longest time instead.
	return { platform, person, resumeUrl, since, until: end >= Date.UTC(2999, 0, 1) ? 0 : end, sent };
}

/** n8n's address of this node's wait in this execution (signed by n8n). */
export function resumeUrlOf(ctx: IExecuteFunctions): string {
	const node = ctx.getNode();
	if (node.parameters.operation === SEND_AND_WAIT_OPERATION && typeof ctx.getSignedResumeUrl === 'function') {
		return ctx.getSignedResumeUrl();
	}
	// Other operations: n8n's resume URL with the execution's token, plus the node's webhook path.
	const url = new URL(String(ctx.getWorkflowDataProxy(0).$execution.resumeUrl));
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${node.id}`;
	return url.toString();
}

export interface Waiting {
	platform: Platform;
	person: string;
	/** What was sent (message ID, number, contact ID), part of every output. */
	sent: IDataObject;
	prepared: PreparedWait;
}

function output(fields: IDataObject, sent: IDataObject, since: number): INodeExecutionData {
	return { json: { ...fields, sent, waitedSeconds: Math.round((Date.now() - since) / 1000) } };
}

/**
 * Registers the wait with the trigger, before anything is texted: a person who answers within seconds of
 * the text finds it in place (the trigger hands a reply that comes before n8n puts the execution to wait
 * to it as soon as it waits). Returns the registration, to withdraw it if the text fails.
 */
export async function registerWait(ctx: IExecuteFunctions, waiting: Waiting): Promise<Registration> {
	const registration = registrationOf(waiting.platform, waiting.person, resumeUrlOf(ctx), Date.now(), waiting.prepared.until, waiting.sent);
	await registerStored(ctx, waiting.platform, waiting.prepared, registration as unknown as IDataObject);
	return registration;
}

/** Withdraws a registered wait whose text was not sent: nothing waits for that person's reply. */
export async function withdrawWait(ctx: IExecuteFunctions, platform: Platform, prepared: PreparedWait, resumeUrl: string): Promise<void> {
	try {
		await askTrigger(ctx, platform, prepared, { kind: 'withdraw', resumeUrl }, 'the withdrawal of the wait');
	} catch {
		// Left to end at its time limit: a reply meanwhile finds n8n's execution gone and goes on as an event.
	}
}

/**
 * Puts the execution to wait for the registered wait. What the node puts out if the time limit comes
 * first is set now: n8n runs no node code then, and passes on the waiting node's input, which is replaced
 * here by the timed-out output (whose `sent` the webhook reads back: the text's message ID came after the
 * registration).
 */
export async function startWaiting(ctx: IExecuteFunctions, waiting: Waiting, registration: Registration): Promise<INodeExecutionData[][]> {
	const { until } = waiting.prepared;
	const limitSeconds = registration.until > 0 ? Math.round((registration.until - registration.since) / 1000) : 0;
	const approval = answerSettings((name, fallback) => ctx.getNodeParameter(name, 0, fallback)).responseType === 'approval';
	const timedOut = {
		json: { outcome: 'timedOut', ...(approval ? { approved: false } : {}), reply: null, sent: waiting.sent, waitedSeconds: limitSeconds },
	};
	const executeData = ctx.getExecuteData?.();
	if (executeData?.data?.main) executeData.data.main[0] = [timedOut];
	await ctx.putExecutionToWait(until);
	return [[{ json: { outcome: 'waiting', sent: waiting.sent } }]];
}

/**
 * The waiting node's input as n8n resumes it: the item the node put in place of its input before it
 * waited (n8n 1.x and 2.x keep it as the webhook context's input). Empty where an n8n gives none.
 */
export function waitingInput(ctx: IWebhookFunctions): INodeExecutionData[] {
	const input = (ctx as unknown as { connectionInputData?: unknown }).connectionInputData;
	return Array.isArray(input) ? (input as INodeExecutionData[]) : [];
}

/** Answers the trigger's forward: taken or not (then the reply goes on as the trigger's event). */
function answer(ctx: IWebhookFunctions, status: number, body: IDataObject): void {
	const res = ctx.getResponseObject() as unknown as { writeHead(status: number, headers: Record<string, string>): unknown; end(body: string): unknown };
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** The waiting node's webhook: n8n has checked the address's signature; the body is the trigger's forward. */
export async function replyWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const forward: Forward | undefined = readForward(this.getBodyData());
	if (!forward) {
		answer(this, 400, { taken: false, message: 'Not a reply forwarded by the SlickText Trigger' });
		return { noWebhookResponse: true };
	}
	const { reply, wait } = forward;
	// A reply after the time limit is not the answer waited for: it goes on as the trigger's event.
	if (wait.until > 0 && Date.now() > wait.until) {
		answer(this, 200, { taken: false, message: 'The wait has timed out' });
		return { noWebhookResponse: true };
	}
	const settings = answerSettings((name, fallback) => this.getNodeParameter(name, fallback));
	// An approval takes only a reply the trigger verified (unless the node accepts unverified ones): a forged
	// YES goes on as the trigger's event and approves nothing. An opt-out is never an approval (answers.ts).
	const judged = judge(settings, reply);
	if ('declined' in judged) {
		answer(this, 200, { taken: false, message: judged.declined });
		return { noWebhookResponse: true };
	}
	// What was sent, as the node kept it when it began to wait (the message ID came after the registration).
	const [input] = waitingInput(this);
	const kept = input?.json?.outcome === 'timedOut' ? input.json.sent : undefined;
	const sent = typeof kept === 'object' && kept !== null ? { ...wait.sent, ...(kept as IDataObject) } : wait.sent;
	const replyOut = {
		text: reply.text,
		mediaUrl: reply.mediaUrl,
		from: reply.from,
		// A legacy reply names its number only: the contact is the one texted, when the wait was for one.
		contactId: reply.contactId || String(sent.contactId ?? ''),
		// In the workflow's time zone, as n8n shows the wait's limit and $now.
		receivedAt: inZone(reply.receivedAt, this.getTimezone()),
		verified: reply.verified,
	};
	const fields: IDataObject = { ...judged, reply: replyOut };
	// "taken" is n8n's answer, sent only once n8n has resumed the execution: n8n marks it running only if
	// it still waits (one database update for both), so of two replies handed to one wait at the same
	// moment, by two processes, exactly one gets "taken"; the other gets an error and goes elsewhere.
	return { webhookResponse: { taken: true }, workflowData: [[output(fields, sent, wait.since)]] };
}

/**
 * The run of a waiting operation: the checks and the person first, then the route's text (Send and Wait
 * for Reply) or nothing (Wait for Reply), then the wait. `via` is the field that says who: a contact or a
 * mobile number.
 */
export function waitingRun(platform: Platform, via: 'sendTo' | 'waitFor'): OperationRun {
	return async (ctx, sendRoute) => {
		const node = ctx.getNode();
		// An AI agent's plain tool call cannot wait; n8n's human-review tool (…HitlTool) can.
		if (node.type.endsWith('Tool') && !node.type.endsWith('HitlTool')) {
			throw new NodeOperationError(node, 'Waiting for a reply does not work as an AI tool', {
				description: "An agent's tool call cannot pause the workflow. Use Send and Wait for Reply as the agent's human review instead (README: Two-way texts).",
			});
		}
		const whom = String(ctx.getNodeParameter(via, 0, 'contact'));
		if (whom !== 'contact' && whom !== 'number') {
			const field = via === 'sendTo' ? 'Send To' : 'Wait For';
			throw fail(ctx, `'${field}': "${whom}" is not one contact or one number`, "Waiting for a reply is for one person: choose 'One Contact', or a mobile number.");
		}
		const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE[platform]);
		const prepared = await prepareWait(ctx, platform, credentials);
		const who = await personOf(ctx, platform, whom, credentials);
		const waiting: Waiting = { platform, person: who.person, sent: { to: who.number || null, contactId: who.contactId || null }, prepared };
		// The wait is in place before the text goes, so that an answer seconds after it is never missed.
		const registration = await registerWait(ctx, waiting);
		if (sendRoute) {
			let output: INodeExecutionData[];
			try {
				[output] = await sendRoute();
			} catch (error) {
				await withdrawWait(ctx, platform, prepared, registration.resumeUrl);
				// The route's errors are the item's NodeApiError or NodeOperationError already.
				throw error instanceof NodeOperationError || error instanceof NodeApiError ? error : new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: 0 });
			}
			const message = output[0];
			// Continue On Fail: nothing was sent, so nothing is waited for; the error item goes on.
			if (!message || message.error || message.json.error !== undefined) {
				await withdrawWait(ctx, platform, prepared, registration.resumeUrl);
				return [output];
			}
			const json = message.json;
			waiting.sent = { messageId: json.id ?? null, to: waiting.sent.to, contactId: waiting.sent.contactId ?? json.contactID ?? json.contact ?? null };
		}
		return await startWaiting(ctx, waiting, registration);
	};
}
