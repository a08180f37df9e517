import { createHmac } from 'node:crypto';
import {
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { credentialTests } from '../shared/credentialTest';
import { SLICKTEXT_DESCRIPTION } from '../shared/descriptions';
import { CREDENTIAL_TYPE, type Platform } from '../shared/platform';
import { claimNew, keepKeysLive, markServed, recordForRestart, servesWebhooks, STORE_FIELD, wasReceived } from './deliveries';
import { isSelected, MAX_BODY_BYTES, readDelivery, type ReceivedEvent } from './events';
import { afterEarlierAnswers, firstStepHere, followAnswer, type Answering, type FollowedResponse } from './inFlight';
import { legacyWebhookSecret } from './legacySecret';
import { acceptRegistration, type RequestHooks, type TriggerTrust } from '../shared/replies/forwarding';
import { endIfEveryoneAnswered, pollTiming, TICK_FIELD, watchPolls } from '../shared/replies/polls';
import { acceptHandOut, HAND_OUT_FIELD, handedOut, isHandOut, PERSON_RUNS_PARAMETER } from '../shared/replies/handOut';
import { doneByN8n, isRegistration, replyOf } from '../shared/replies/protocol';
import { isTriggerUrl, TRIGGER_URL_FIELD } from '../shared/replies/waiting';
import { DataTableWaits } from '../shared/replies/waits/inDataTable';
import { keepWaitsLive, StaticDataWaits } from '../shared/replies/waits/inStaticData';
import { UNFINISHED_AFTER_MS, type KeptEvent, type WaitStore } from '../shared/replies/waits/store';
import { apiOriginOf } from '../shared/replies/waits/tableApi';
import { signingKeyOf } from '../shared/replies/signing';
import { credentialsOnce, credentialsRecent } from '../shared/transport/credentials';
import { recordKeys } from './processedKeys';
import { ReceivedInTable } from './receivedInTable';
import { resumeWaitingWorkflows } from './replies';
import { saveAfterTheLast } from './saves';
import { properties, triggerOutputs } from './properties';
import { signatureMatches } from './signature';
import { confirmedKey, confirmInRun, precheck } from './verification';

/** The part of the response object used here; Express's response is a Node.js ServerResponse. */
interface PlainResponse {
	headersSent?: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

/** The request as n8n hands it over: a readable stream, and the bytes when n8n read the body. */
interface RequestStream extends AsyncIterable<Buffer | string> {
	rawBody?: unknown;
	readableEnded?: boolean;
}

function isEmptyBody(body: unknown): boolean {
	return body === undefined || body === null || body === '' || (typeof body === 'object' && Object.keys(body).length === 0);
}

/** Reads a body n8n did not read, stopping as soon as it exceeds `limit` bytes (undefined then). */
async function readLimited(request: RequestStream, limit: number): Promise<Buffer | undefined> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		size += bytes.length;
		if (size > limit) return undefined;
		chunks.push(bytes);
	}
	return Buffer.concat(chunks);
}

/** Answers the request with a status and a short message, and starts nothing. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject() as unknown as PlainResponse;
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

/** Acknowledges the request (200, so SlickText does not retry) and starts nothing. */
function acknowledge(message: string): IWebhookResponseData {
	return { webhookResponse: { message } };
}

/** The SlickText Legacy Trigger's type name (nodes/SlickTextLegacyTrigger), the legacy platform's alone. */
export const LEGACY_TRIGGER = 'slickTextLegacyTrigger';

/**
 * The platform whose events the node takes: the SlickText Legacy Trigger's is legacy, the SlickText
 * Trigger's is current from version 3 on, and its Platform parameter before (properties.ts).
 */
function platformOf(ctx: IWebhookFunctions | IExecuteFunctions): Platform {
	const node = ctx.getNode();
	if (node.type.split('.').pop() === LEGACY_TRIGGER) return 'legacy';
	if (node.typeVersion >= 3) return 'current';
	return node.parameters.platform === 'legacy' ? 'legacy' : 'current';
}

/** The memory of one trigger node of one workflow. */
function memoryScope(ctx: IWebhookFunctions | IExecuteFunctions): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
}

/**
 * The trigger's credential of the platform, when it has one. `recent`: as read for a delivery of the last
 * second will do (credentialsRecent), for what every delivery asks.
 */
async function credentialOf(ctx: IWebhookFunctions | IExecuteFunctions, platform: Platform, recent = false): Promise<IDataObject | undefined> {
	const type = CREDENTIAL_TYPE[platform];
	if (!ctx.getNode().credentials?.[type]) return undefined;
	return recent ? await credentialsRecent(ctx, type) : await credentialsOnce(ctx, type);
}

/**
 * What the trigger can check of waits and replies: its credential's signing key (a registration must be
 * signed with it) and whether it verifies replies (legacy: a webhook secret; current: Confirm Events).
 */
async function trustOf(ctx: IWebhookFunctions, platform: Platform, credentials: IDataObject | undefined): Promise<TriggerTrust> {
	const verifies =
		platform === 'legacy' ? (await legacyWebhookSecret(ctx)) !== '' : credentials !== undefined && (ctx.getNodeParameter('confirmEvents', false) as boolean);
	return { key: signingKeyOf(platform, credentials), verifies };
}

/**
 * Where this trigger node keeps its waits (shared/replies/waits): an n8n data table when its credential
 * has an n8n API key (several webhook processes), else its static data. n8n's public API answers at the
 * address the trigger's own Production URL is under.
 */
function waitsOf(ctx: IWebhookFunctions, platform: Platform, credentials: IDataObject | undefined): WaitStore & { stored?(resumeUrl: string): boolean } {
	const apiKey = String(credentials?.n8nApiKey ?? '').trim();
	if (apiKey === '') return new StaticDataWaits(memoryScope(ctx), ctx.getWorkflowStaticData('node'));
	const origin = apiOriginOf(ctx.getNodeWebhookUrl('default') ?? 'http://invalid');
	return new DataTableWaits(ctx, memoryScope(ctx), { origin, apiKey, signingKey: signingKeyOf(platform, credentials) });
}

/**
 * Where a run of the trigger reaches n8n's data tables (to finish the kept rows of its replies, and a
 * worker's check of repeats): under the trigger's Production URL that the credential holds for waiting
 * nodes (a run has no webhook URL of its own). Undefined when the credential has no n8n API key or that
 * URL: the webhook finishes kept replies then, and a worker checks repeats in n8n's processed data.
 */
function keptFinishedInRun(credentials: IDataObject | undefined): { origin: string; apiKey: string } | undefined {
	const apiKey = String(credentials?.n8nApiKey ?? '').trim();
	const triggerUrl = String(credentials?.[TRIGGER_URL_FIELD] ?? '').trim();
	if (apiKey === '' || !isTriggerUrl(triggerUrl)) return undefined;
	return { origin: apiOriginOf(triggerUrl), apiKey };
}

/**
 * A run's replies kept in the data table (their webhook left the rows to it, RepliesHanded.kept) are
 * finished as the run begins: n8n holds the run from here, so the reply can no longer be lost, and a
 * delivery again (its process stopped before the run began) is dropped as a repeat. A failure only logs:
 * the reply is then delivered again, and dropped so.
 */
async function finishKeptReplies(ctx: IExecuteFunctions, platform: Platform, items: INodeExecutionData[]): Promise<void> {
	const keys = items
		.filter(({ json }) => replyOf(platform, String((platform === 'legacy' ? json.Event : json.name) ?? ''), json) !== undefined)
		.map(({ json }) => json.eventKey)
		.filter((key): key is string => typeof key === 'string');
	if (keys.length === 0) return;
	const credentials = await credentialOf(ctx, platform);
	const access = keptFinishedInRun(credentials);
	if (!access) return;
	try {
		await new DataTableWaits(ctx, memoryScope(ctx), { ...access, signingKey: signingKeyOf(platform, credentials) }).finishKeys(keys);
	} catch (error) {
		ctx.logger.warn('SlickText Trigger: could not finish the kept replies of this run; they will be delivered again and dropped as repeats', {
			error: (error as Error).message,
		});
	}
}

/** Trigger nodes whose unfinished replies this process is looking for (one look at a time per node). */
const sweeps = new Set<string>();
/**
 * When a process looks for unfinished replies after a request, and again while kept replies are not
 * finished, at most `mostLooks` times in a row (a hand-off may take minutes; a reply that cannot be
 * delivered again is not looked for forever); a delivery again unanswered after `answerWithinMs` is tried
 * at a later look. Looks begun before `round` changed end at their next look, and new ones may begin
 * meanwhile. An object, so that tests can shorten it, and end a test's looks before the next test.
 */
export const sweeping = { afterMs: UNFINISHED_AFTER_MS + 5000, mostLooks: 20, answerWithinMs: 30_000, round: 0 };

/**
 * Several webhook processes: a reply kept by a process that stopped before handing it on is delivered
 * to the trigger again, as SlickText would have delivered it had it not been answered (the store keeps
 * its event). Each process that takes the trigger's requests looks for such replies UNFINISHED_AFTER_MS
 * after a request (n8n gives a webhook node no timer of its own), and looks again while any kept reply
 * is not finished: a reply kept after a look began is found by a later one, though no request comes.
 */
async function sweepLater(ctx: IWebhookFunctions, platform: Platform): Promise<void> {
	const round = sweeping.round;
	const scope = `${round}|${memoryScope(ctx)}`;
	if (sweeps.has(scope)) return;
	// Asked for every delivery: a changed n8n API key starts the looks a second later.
	const credentials = await credentialOf(ctx, platform, true);
	// Only the data table's kept replies outlive their process.
	if (String(credentials?.n8nApiKey ?? '').trim() === '') return;
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) return;
	sweeps.add(scope);
	ctx.logger.debug(`SlickText Trigger: looks for unfinished replies begin, every ${sweeping.afterMs / 1000} s`);
	// The webhook secret is read in each look, not by the request that starts them.
	const redeliver = async (event: KeptEvent, secret: string): Promise<boolean> => {
		const data = JSON.stringify(event.json);
		const answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			...(platform === 'legacy'
				? {
						body: new URLSearchParams({ data }).toString(),
						headers: {
							'Content-Type': 'application/x-www-form-urlencoded',
							...(secret !== '' ? { 'X-Slicktext-Signature': createHmac('md5', secret).update(data).digest('hex') } : {}),
						},
					}
				: { body: event.json, json: true }),
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			timeout: sweeping.answerWithinMs,
		})) as { statusCode: number; body: unknown };
		return doneByN8n(answer);
	};
	void (async () => {
		const store = waitsOf(ctx, platform, credentials);
		for (let look = 0; look < sweeping.mostLooks && store.unfinished; look++) {
			await sleep(sweeping.afterMs);
			if (sweeping.round !== round) return;
			// A look that cannot read the store (n8n's API busy or restarting for a moment) is made again at
			// the next one, like a reply that cannot be delivered: it does not end the looks for the others.
			let left: boolean | undefined;
			try {
				const secret = platform === 'legacy' ? await legacyWebhookSecret(ctx, true) : '';
				const found = await store.unfinished(Date.now());
				let again = 0;
				for (const { kept, event } of found) {
					// Answered: the delivery kept it again (or a wait took it, or it went out as an event). Else (not
					// answered 2xx, or no answer at all) it is left, and looked for again.
					try {
						if (await redeliver(event, secret)) {
							await store.finish?.(kept);
							again++;
						}
					} catch (error) {
						ctx.logger.warn('SlickText Trigger: could not deliver an unfinished reply again; it is looked for again', { error: (error as Error).message });
					}
				}
				left = await store.anyUnfinished?.();
				ctx.logger.debug(`SlickText Trigger: look ${look + 1} for unfinished replies: ${found.length} found, ${again} delivered again; ${left ? 'some unfinished' : 'none unfinished'}`);
			} catch (error) {
				ctx.logger.warn('SlickText Trigger: could not look for unfinished replies; looked for again at the next look', { error: (error as Error).message });
				left = true;
			}
			if (!left) return;
		}
	})()
		.catch((error: Error) => ctx.logger.warn('SlickText Trigger: the looks for unfinished replies ended early; the next request starts them again', { error: error.message }))
		.finally(() => sweeps.delete(scope));
}

/**
 * The store of this request, made when first needed; the polls' looks (shared/replies/polls.ts) use it
 * after the request too.
 */
function storeOfRequest(ctx: IWebhookFunctions, platform: Platform): () => Promise<WaitStore> {
	let store: Promise<WaitStore> | undefined;
	return async () => (store ??= credentialOf(ctx, platform).then((credentials) => waitsOf(ctx, platform, credentials)));
}

/**
 * After n8n activated the workflow (as it does for every published workflow when it starts), a request to
 * the trigger's own Production URL, so that a process that takes its requests looks at the open polls:
 * one whose deadline passed while n8n was down ends then (polls.ts), though nobody texts meanwhile.
 */
async function tickLater(ctx: IHookFunctions): Promise<void> {
	const url = typeof ctx.getNodeWebhookUrl === 'function' ? ctx.getNodeWebhookUrl('default') : undefined;
	if (!url || ctx.getMode?.() === 'manual') return;
	// n8n registers the webhook after this check: the request waits until it answers.
	await sleep(pollTiming.tickAfterActivationMs);
	try {
		await ctx.helpers.httpRequest({ method: 'POST', url, body: { [TICK_FIELD]: true }, json: true, ignoreHttpStatusErrors: true, timeout: 30_000 });
	} catch {
		// Nothing lost: the next request to the trigger looks at the polls too.
	}
}

/** The Production URL SlickText posts to (both triggers). */
export const triggerWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		// SlickText gives up after 5 seconds and retries, so the answer goes out before the run.
		responseMode: 'onReceived',
		// An empty 200: without it n8n answers with the text "firstEntryJson".
		responseData: 'noData',
		path: 'webhook',
	},
];

export class SlickTextTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SlickText Trigger',
		name: 'slickTextTrigger',
		icon: { light: 'file:../SlickText/slickText.svg', dark: 'file:../SlickText/slickText.dark.svg' },
		group: ['trigger'],
		// Version 2 changes nothing in what the node does. n8n 2.41 treats version 1 of any webhook node as
		// the first Webhook node: it evaluates an expression (its "binaryData" option) for every request and
		// parses every body; from version 2 on it evaluates nothing and parses only JSON, form, text and XML
		// bodies (what SlickText sends).
		// Version 2 also keeps the legacy webhook secret in the SlickText Legacy API credential, not in a
		// parameter (version 1 keeps its parameter until the credential has a secret).
		// Version 3 is the current platform's alone (the SlickText Legacy Trigger has the legacy one's), so that
		// no Platform switch in the panel can clear the events, Confirm Events or the credential (properties.ts).
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{ $parameter["platform"] === "legacy" ? "Legacy Platform" : "Current Platform" }}',
		// n8n's node panel shows this for the SlickText entry, which holds the SlickText node's actions and this
		// trigger's events ("What happens next?", the node list): it says what both do, the node's words first.
		description: `${SLICKTEXT_DESCRIPTION}, and start workflows on SlickText events (new contacts, updates, inbox messages)`,
		defaults: { name: 'SlickText Trigger' },
		inputs: [],
		outputs: triggerOutputs,
		credentials: [
			// n8n's editor (2.41) takes a parameter each of whose values shows a credential (in `show`) for the
			// node's authentication selector: it hides it from the panel and sets it from the credential picked.
			// Platform must stay visible and set by the user alone, so the current credential is shown by a rule
			// on no parameter (`@version`, every version) and only hidden (`hide`) by platform: `current` shows
			// no credential by itself. It is optional: events come without it; Confirm Events with SlickText
			// looks them up with it (verification.ts), and waiting workflows sign their waits with it
			// (shared/replies/signing.ts), so that nobody else can register one.
			{
				name: 'slickTextApi',
				required: false,
				testedBy: 'slickTextApiTest',
				displayOptions: { show: { '@version': [1, 2, 3] }, hide: { platform: ['legacy'] } },
			},
			// Holds the legacy webhook secret (legacySecret.ts), without which nothing is checked, and the keys
			// waiting workflows sign their waits with.
			{ name: 'slickTextLegacyApi', required: false, testedBy: 'slickTextLegacyApiTest', displayOptions: { show: { platform: ['legacy'] } } },
		],
		// n8n reads these for every request. Plain values, like every parameter webhook() reads: with
		// N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true n8n then builds no expression isolate before answering.
		webhooks: triggerWebhooks,
		properties,
	};

	// The credentials' tests, which n8n may ask of any node that takes them (shared/credentialTest.ts).
	methods = { credentialTest: credentialTests };

	webhookMethods = {
		default: {
			// SlickText has no API to register, list or remove webhooks: the user pastes the URL into
			// SlickText. There is nothing to check, create or delete on its side, so these report success.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				// Never in the way of the activation: a tick that cannot be sent is left to the next request.
				void tickLater(this).catch(() => undefined);
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const receivedAt = Date.now();
		if (this.getMode() !== 'manual') markServed(memoryScope(this));
		const platform = platformOf(this);
		if (this.getMode() !== 'manual') await sweepLater(this, platform);
		const request = this.getRequestObject() as unknown as RequestStream;
		const headers = this.getHeaderData();
		const contentLength = headers['content-length'];
		let rawBody = Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
		const body = this.getBodyData() as unknown;
		const storeOf = storeOfRequest(this, platform);
		// Every production request lets this process look at the open polls (at most once a minute without one;
		// a tick, which asks for nothing else, always).
		const tick = typeof body === 'object' && body !== null && TICK_FIELD in body;
		if (this.getMode() !== 'manual') watchPolls(this, storeOf, memoryScope(this), undefined, tick);
		if (tick) return acknowledge('Looking at the polls; nothing started');
		// A waiting workflow registering a wait (two-way texts), not an event of SlickText.
		if (isRegistration(body)) {
			const credentials = await credentialOf(this, platform);
			const store = await storeOf();
			const hooks: RequestHooks = {
				pollAdded: (poll) => watchPolls(this, storeOf, memoryScope(this), poll),
				pollChanged: (pollId) => void store.polls.poll(pollId).then((poll) => poll?.rules.endEarly && endIfEveryoneAnswered(this, store, pollId)),
			};
			const answered = await acceptRegistration(this, platform, store, await trustOf(this, platform, credentials), hooks);
			// A refusal (answered by the node itself) changes nothing, so n8n saves nothing for it.
			if (answered.noWebhookResponse === true) return answered;
			// n8n saves the static data after a registration: the keys of repeats as this process knows them too.
			keepKeysLive(memoryScope(this), this.getWorkflowStaticData('node'), Date.now());
			// Once the save before it is done (saves.ts): n8n takes the copy it saves after this returns.
			await saveAfterTheLast(memoryScope(this), this.getResponseObject() as unknown as Parameters<typeof saveAfterTheLast>[1]);
			return answered;
		}
		// A SlickText node handing over a person's run (Start Each Person's Run), not an event of SlickText.
		if (isHandOut(body)) return acceptHandOut(this, platform, signingKeyOf(platform, await credentialOf(this, platform)));
		if (rawBody === undefined && isEmptyBody(body) && !request.readableEnded) {
			// n8n left the body unread (a content type it does not parse): read it here, at most 1 MB.
			const read = await readLimited(request, MAX_BODY_BYTES);
			if (read === undefined) return refuse(this, 400, 'The body is larger than 1 MB');
			rawBody = read;
		}
		const delivery = readDelivery(platform, { body, rawBody, contentLength });
		if (!delivery.ok) return refuse(this, 400, delivery.message);

		const secret = platform === 'legacy' ? await legacyWebhookSecret(this) : '';
		if (secret !== '') {
			const header = headers['x-slicktext-signature'];
			if (header === undefined) return refuse(this, 401, 'Missing X-Slicktext-Signature header');
			if (!signatureMatches(header, delivery.signedTexts, secret)) {
				return refuse(this, 401, 'Invalid X-Slicktext-Signature');
			}
		}

		// While listening for a test event each Listen takes one event, and a test event must not block
		// the same event on the Production URL later: only production deliveries are remembered.
		const remember = this.getMode() !== 'manual' && (this.getNodeParameter('ignoreRepeatedDeliveries', true) as boolean);
		let answering: Answering | undefined;
		if (remember) {
			const delivered = delivery.events.map((event) => event.key);
			// A delivery of an event this process is still answering waits for that answer (inFlight.ts).
			if (!(await afterEarlierAnswers(memoryScope(this), delivered))) {
				return refuse(this, 503, 'The first delivery of this event is still being answered; deliver it again later');
			}
			answering = followAnswer(memoryScope(this), delivered, this.getResponseObject() as unknown as FollowedResponse, receivedAt);
		}

		// A reply a waiting workflow takes goes there, whichever events the trigger itself starts runs for.
		const replies = await resumeWaitingWorkflows(
			this,
			platform,
			storeOf,
			memoryScope(this),
			delivery.events,
			secret !== '',
		);
		// The kept replies that go out finish in their run (execute below), when it can reach the data table.
		const runFinishesKept = replies.kept.size > 0 && keptFinishedInRun(await credentialOf(this, platform)) !== undefined;
		// Once SlickText has its answer, whatever follows starts a run or nothing, and answers nothing.
		// `goingOut`: the keys (as delivered) of the events the run gets.
		const finish = async (result: IWebhookResponseData, goingOut: string[] = []): Promise<IWebhookResponseData> => {
			const out = new Set(runFinishesKept ? goingOut : []);
			await replies.finishKept([...replies.kept].filter(([event]) => !out.has(event.key)).map(([, row]) => row));
			const said = (result.webhookResponse as IDataObject | undefined)?.message;
			this.logger.debug(`SlickText Trigger: delivery ${delivery.events.map((event) => event.key).join(', ')}: ${typeof said === 'string' ? said : `a run with ${goingOut.length} event${goingOut.length === 1 ? '' : 's'}`}`);
			return replies.answered ? { noWebhookResponse: true, workflowData: result.workflowData } : result;
		};
		if (replies.events.length === 0) return await finish(acknowledge('A waiting workflow took the reply; nothing started'));

		const eventsField = platform === 'legacy' ? 'legacyEvents' : 'events';
		const selected = this.getNodeParameter(eventsField, []) as string[];
		let events = replies.events.filter((event) => isSelected(selected, event.name));
		if (events.length === 0) {
			const names = replies.events.map((event) => event.name).join(', ');
			return await finish(acknowledge(`Event ${names} is not selected in the trigger; nothing started`));
		}

		// Confirm Events: only the checks that need no request happen here, so the answer never waits for
		// SlickText's API; the lookup happens in the run (execute below, verification.ts).
		if (platform === 'current' && (this.getNodeParameter('confirmEvents', false) as boolean)) {
			const reasons: string[] = [];
			events = events.filter((event) => {
				const reason = precheck(event);
				if (reason !== undefined) reasons.push(reason);
				return reason === undefined;
			});
			if (events.length === 0) return await finish(acknowledge(`Cannot be confirmed with SlickText (${reasons.join('; ')}); nothing started`));
			// Keyed by what the check compares too, so a forged event with a real event's ID cannot block it.
			events = events.map((event) => ({ ...event, key: confirmedKey(event), plainKey: event.key, claimed: replies.claimed.has(event) }));
		}

		if (remember) {
			// Reading static data marks nothing as changed, so n8n saves nothing for the webhook call.
			const stored = this.getWorkflowStaticData('node')[STORE_FIELD];
			const scope = memoryScope(this);
			const now = Date.now();
			// An event received under its plain key (by an earlier version of the node, or while Confirm Events
			// was off) is a repeat too; that key is only read, never recorded, so a forged event cannot claim it.
			// A reply no waiting workflow took was claimed on its way there already.
			const claimed = (event: ReceivedEvent) => replies.claimed.has(event) || ('claimed' in event && event.claimed === true);
			const fresh = events.filter(
				(event) => !claimed(event) && (!('plainKey' in event) || !wasReceived(scope, String(event.plainKey), now, stored)),
			);
			const kept = new Set(claimNew(scope, fresh, now, stored));
			events = events.filter((event) => claimed(event) || kept.has(event));
			if (events.length === 0) return await finish(acknowledge('Repeated delivery: already received; nothing started'));
		}

		// The events are remembered for good once SlickText took the answer of this delivery (inFlight.ts). A
		// credential that cannot be read now (n8n's database busy) counts as without the table: nothing between
		// the claim and this may fail the delivery, or a delivery again would find the events claimed.
		if (answering) {
			const withTable = await credentialOf(this, platform, true).then(keptFinishedInRun, () => undefined);
			answering.startsRun(
				events.map((event) => event.key),
				withTable !== undefined,
			);
		}
		// The key goes out with the event ({{ $json.eventKey }}), for workflows that want their own checks.
		return await finish(
			{ workflowData: [this.helpers.returnJsonArray(events.map((event) => ({ ...event.json, eventKey: event.key }) as IDataObject))] },
			events.map((event) => String('plainKey' in event ? event.plainKey : event.key)),
		);
	}

	/**
	 * The trigger's step in the run n8n starts for a delivery. With Confirm Events on it first looks the
	 * events up with SlickText and passes on only those that match (verification.ts). In production it
	 * records the keys in the node's static data, which n8n saves when the run ends and every webhook
	 * request reads (see deliveries.ts), so that a repeat starts no run at all.
	 *
	 * A queue-mode worker gets no static data from n8n (its copy of the workflow has none): saving its own
	 * keys would replace what the database holds, so it saves only the very first keys of this trigger.
	 * It checks and records the keys in a store every process reads instead, and drops an event a run
	 * already had: a repeat that reached another webhook process, or came after a restart, then starts a
	 * run that stops here and sends nothing. With the credential's n8n API key that store is a data table
	 * with a row per run (receivedInTable.ts: one run per event); without it, n8n's processed-data store,
	 * one row that overlapping runs can overwrite (processedKeys.ts makes sure no event is dropped for it).
	 *
	 * A run a SlickText node handed over (shared/replies/handOut.ts) goes out on the Each Person output
	 * with the item it was handed, opened again with the trigger's credential; it is no event.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const platform = platformOf(this);
		const inputs = this.getInputData();
		let handed: INodeExecutionData[] = [];
		let items = inputs;
		if (inputs.some((item) => HAND_OUT_FIELD in item.json)) {
			const split = handedOut(signingKeyOf(platform, await credentialOf(this, platform)), inputs);
			if (split.refused > 0) this.logger.warn(`SlickText Trigger: ${split.refused} item(s) looked like a hand-out but were not signed with the trigger's credential; dropped`);
			({ handed, events: items } = split);
		}
		const events = await passEvents(this, platform, items);
		return this.getNodeParameter(PERSON_RUNS_PARAMETER, 0, false) === true ? [events, handed] : [events];
	}
}

/** What the run passes on of a delivery's events (SlickTextTrigger.execute has the whole story). */
async function passEvents(ctx: IExecuteFunctions, platform: Platform, input: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	let items = input;
	if (items.length === 0) return items;
	if (ctx.getMode() !== 'manual') await finishKeptReplies(ctx, platform, items);
	if (platform === 'current' && (ctx.getNodeParameter('confirmEvents', 0, false) as boolean)) {
		// First, so that an event whose check failed is recorded nowhere: retrying the execution checks it again.
		items = await confirmInRun(ctx, items);
		if (items.length === 0) return items;
	}
	if (ctx.getMode() === 'manual' || !(ctx.getNodeParameter('ignoreRepeatedDeliveries', 0, true) as boolean)) {
		return items;
	}
	const keys = items.map((item) => item.json.eventKey).filter((key): key is string => typeof key === 'string');
	if (keys.length === 0) return items;
	const scope = memoryScope(ctx);
	if (servesWebhooks(scope)) {
		// The run is in the process that took its delivery (regular mode), which holds the trigger's
		// memory: what n8n saves when the run ends is that memory as it is then, waits included.
		const staticData = ctx.getWorkflowStaticData('node');
		recordForRestart(scope, staticData, keys, Date.now());
		keepWaitsLive(scope, staticData, Date.now());
		// An event let go after a late answer may have two runs here: the first to reach this step acts (inFlight.ts).
		return items.filter((item) => typeof item.json.eventKey !== 'string' || firstStepHere(scope, item.json.eventKey));
	}
	// A queue-mode worker: it never writes the static data, whose copy it loaded when the run began (n8n
	// would save all of it, and with it waits older than ones registered since).
	const fresh = await freshOnWorker(ctx, platform, scope, keys);
	return items.filter((item) => typeof item.json.eventKey !== 'string' || fresh.has(item.json.eventKey));
}

/**
 * Which of a worker's run's events no earlier run had: with the credential's n8n API key and Trigger URL,
 * in the data table of received events (one row per run, receivedInTable.ts), else, or when the table
 * fails, in n8n's record of processed data (processedKeys.ts).
 */
async function freshOnWorker(ctx: IExecuteFunctions, platform: Platform, scope: string, keys: string[]): Promise<Set<string>> {
	// Asked for every run: a worker runs a busy brand's events many a second.
	const credentials = await credentialOf(ctx, platform, true);
	const access = keptFinishedInRun(credentials);
	if (access) {
		try {
			return await new ReceivedInTable(ctx, { ...access, signingKey: signingKeyOf(platform, credentials) }).claim(scope, keys);
		} catch (error) {
			ctx.logger.warn("SlickText Trigger: could not check the events in n8n's data table of received events; n8n's record of processed data decides", {
				error: (error as Error).message,
			});
		}
	}
	return (await recordKeys(ctx, scope, keys)).fresh;
}
