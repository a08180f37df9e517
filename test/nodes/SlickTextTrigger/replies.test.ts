// Two-way texts, the trigger's part, through n8n-core's WebhookContext: registrations of waits, and a
// person's reply handed to the oldest wait for that person at n8n's waiting address. That address is a
// local HTTP server here standing in for n8n's /webhook-waiting endpoint (in real n8n: test/e2e/twoWay.js).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import path from 'node:path';

import { sign, signingKeyOf } from '../../../nodes/shared/replies/signing';
import { credentialReads } from '../../helpers/engine';
import { fakeN8nApi, type FakeN8nApi } from '../../helpers/n8nDataTables';
import { postForm, postJson, startWebhookServer, useWebhookServers, type WebhookServer } from '../../helpers/webhook';
import { runTriggerStep } from './triggerStep';

const SECRET = 'reply-secret';
const REGISTRATION = 'n8nSlickTextReplyWait';
const LEGACY_CREDENTIALS = { publicKey: 'pub_x', privateKey: 'priv', webhookSecret: SECRET };
const LEGACY_KEY = signingKeyOf('legacy', LEGACY_CREDENTIALS);

/** A registration as a waiting node with the given credential's key posts it: signed JSON text. */
function signed(inner: IDataObject, key = LEGACY_KEY): IDataObject {
	const { payload, signature } = sign(key, inner, Date.now());
	return { [REGISTRATION]: payload, signature };
}

/** How the stand-in answers a post: taken, declined, a status, a status with a text, or one of those after a pause. */
type How = 'taken' | 'declined' | number | { status: number; text: string; type?: string } | { delayMs: number; how: How };

/** What n8n 2.41 answers a post to a send-and-wait node's address when its execution finished or waits at another node. */
const NO_ACTION_REQUIRED = { status: 200, type: 'text/html; charset=utf-8', text: "<html lang='en'><head><title>No action required</title></head><body>...</body></html>" };

interface Waiting {
	base: string;
	/** n8n's public API at the same address (its data tables). */
	api: FakeN8nApi;
	/** Where a post to n8n's /webhook/... goes (the trigger's own Production URL): the trigger under test. */
	webhookTarget?: string;
	/** Posts to /webhook/... whose connection is cut without an answer (a process that stops, a proxy that gives up), the first ones. */
	webhookDrops: number;
	/** Posts to /webhook/... answered, after the drops, as n8n answers while its migrations run: 200 "n8n is starting up. Please wait". */
	webhookStarting: number;
	/** What each address received, in order. */
	forwards: Array<{ path: string; body: IDataObject }>;
	/** The most posts to waiting addresses unanswered at one moment (set to 0 to measure anew). */
	mostAtOnce: number;
	/** How each address answers (taken by default); a list is used one entry per post, its last one after that. */
	answer: Map<string, How | How[]>;
	close(): Promise<void>;
}

/** Stands in for n8n's waiting webhooks: records what it gets and answers as a waiting node would. */
async function waitingN8n(): Promise<Waiting> {
	const forwards: Waiting['forwards'] = [];
	const answer: Waiting['answer'] = new Map();
	const api = fakeN8nApi();
	const respond = (res: import('node:http').ServerResponse, how: How) => {
		if (typeof how === 'object' && 'delayMs' in how) {
			setTimeout(() => respond(res, how.how), how.delayMs);
			return;
		}
		if (typeof how === 'object') {
			res.writeHead(how.status, { 'Content-Type': how.type ?? 'application/json' });
			res.end(how.text);
			return;
		}
		res.writeHead(typeof how === 'number' ? how : 200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify({ taken: how === 'taken' }));
	};
	const waiting: Partial<Waiting> = { mostAtOnce: 0, webhookDrops: 0, webhookStarting: 0 };
	let atOnce = 0;
	const server: Server = createServer((req, res) => {
		if (req.url?.startsWith('/api/')) return api.handle(req, res);
		if (req.url?.startsWith('/webhook/') && waiting.webhookTarget) {
			if ((waiting.webhookDrops ?? 0) > 0) {
				waiting.webhookDrops!--;
				req.socket.destroy();
				return;
			}
			if ((waiting.webhookStarting ?? 0) > 0) {
				waiting.webhookStarting!--;
				res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
				res.end('n8n is starting up. Please wait');
				return;
			}
			let raw = '';
			req.on('data', (chunk) => (raw += chunk));
			req.on('end', async () => {
				const answer = await fetch(waiting.webhookTarget!, { method: 'POST', headers: req.headers as Record<string, string>, body: raw });
				res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
				res.end(await answer.text());
			});
			return;
		}
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			const path = new URL(req.url ?? '/', 'http://x').pathname;
			forwards.push({ path, body: JSON.parse(text || '{}') });
			waiting.mostAtOnce = Math.max(waiting.mostAtOnce ?? 0, ++atOnce);
			res.on('close', () => atOnce--);
			const planned = answer.get(path) ?? 'taken';
			const how = Array.isArray(planned) ? (planned.length > 1 ? planned.shift()! : planned[0]) : planned;
			respond(res, how);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return Object.assign(waiting, {
		base,
		api,
		forwards,
		answer,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((r) => server.close(() => r()));
		},
	}) as Waiting;
}

// The modules the trigger runs with (from dist/, as n8n loads them): their settings are the ones that count.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { handOff } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/forwarding.js'));

let n8n: Waiting;
const pauses = handOff.pausesMs;
beforeAll(() => {
	// The same pauses, shorter: the tests judge what is asked and answered, not when.
	handOff.pausesMs = [10, 10, 10];
});
afterAll(() => {
	handOff.pausesMs = pauses;
});
beforeEach(async () => {
	n8n = await waitingN8n();
});
afterEach(async () => {
	await n8n.close();
});
useWebhookServers();

const legacyTrigger = async (extra: IDataObject = {}) =>
	await startWebhookServer({
		type: 'slickTextTrigger',
		typeVersion: 2,
		parameters: { platform: 'legacy', legacyEvents: ['NewSubscriber'], ...extra },
		credentials: { slickTextLegacyApi: LEGACY_CREDENTIALS },
		n8nBase: n8n.base,
	});

const registration = (path: string, person: string, extra: IDataObject = {}): IDataObject => ({
	platform: 'legacy',
	person,
	resumeUrl: `${n8n.base}/webhook-waiting/${path}?signature=abc`,
	since: Date.now(),
	until: 0,
	sent: { messageId: 7, to: person },
	...extra,
});

async function register(trigger: WebhookServer, path: string, person: string, extra: IDataObject = {}) {
	return await postJson(trigger.url, signed(registration(path, person, extra)));
}

let messageId = 0;
function text(from: string, body: string, attempt = 1, id = ++messageId) {
	const data = JSON.stringify({
		Event: 'ChatMessageRecieved',
		Timestamp: '2026-11-25 10:00:00',
		attemptNumber: attempt,
		ChatThread: { WithNumber: from },
		ChatMessage: { ChatMessageId: id, FromNumber: from, Body: body, MediaUrl: '', Received: '2026-11-25 10:00:00' },
	});
	return { data, signature: createHmac('md5', SECRET).update(data).digest('hex') };
}

async function reply(trigger: WebhookServer, from: string, body: string, options: { attempt?: number; id?: number; signature?: string } = {}) {
	const t = text(from, body, options.attempt, options.id);
	const answer = await postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': options.signature ?? t.signature });
	// The trigger answers SlickText first, then hands the reply on.
	await trigger.settled();
	return answer;
}

/**
 * What the trigger logs while it answers requests: n8n's WebhookContext hands every node its logger (a
 * getter on the context, in n8n 1.x and 2.x alike), replaced here by one that keeps the lines.
 */
function captureLogs() {
	const kept = { warn: [] as string[], debug: [] as string[] };
	const logger = {
		error: () => undefined,
		info: () => undefined,
		warn: (message: string) => kept.warn.push(message),
		debug: (message: string) => kept.debug.push(message),
	};
	const spy = jest.spyOn(WebhookContext.prototype as unknown as { logger: typeof logger }, 'logger', 'get').mockReturnValue(logger);
	return { ...kept, restore: () => spy.mockRestore() };
}

describe('the SlickText Trigger takes waits and hands replies to them', () => {
	it('keeps a registered wait in its static data, and a check stores nothing', async () => {
		const trigger = await legacyTrigger();
		const check = await postJson(trigger.url, signed({ platform: 'legacy', check: true }));
		// It has the webhook secret: it verifies replies, so approvals can wait here.
		expect(check).toEqual({ status: 200, body: { registered: true, verifies: true } });
		expect(trigger.staticData).toEqual({});
		// Taken, but n8n saves the static data only after answering: not stored yet, says the answer.
		expect(await register(trigger, '11/n1', '+16175550001')).toEqual({ status: 200, body: { registered: true, verifies: true, stored: false } });
		// Asked again (as the waiting node does), it finds the wait in n8n's copy.
		expect(await register(trigger, '11/n1', '+16175550001')).toEqual({ status: 200, body: { registered: true, verifies: true, stored: true } });
		const stored = JSON.stringify(trigger.staticData);
		expect(stored).toContain('+16175550001');
		// A registration starts no run.
		expect(trigger.runs).toEqual([]);
	});

	it('saves registrations that come at once one after another: each goes back to n8n, which then saves, only once the one before was answered (saved)', async () => {
		// Each save takes n8n's copy, then reaches the database 0-30 ms later: at once, a copy taken first could land last.
		const trigger = await startWebhookServer({
			type: 'slickTextTrigger',
			typeVersion: 2,
			parameters: { platform: 'legacy', legacyEvents: ['NewSubscriber'] },
			credentials: { slickTextLegacyApi: LEGACY_CREDENTIALS },
			n8nBase: n8n.base,
			saveLatencyMs: () => Math.random() * 30,
		});
		const people = Array.from({ length: 12 }, (_, n) => `+161755512${String(n).padStart(2, '0')}`);
		const answers = await Promise.all(people.map(async (person, n) => await register(trigger, `12/${n}`, person)));
		expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
		const saves = trigger.calls.filter((c) => c.returnedAt !== undefined).sort((a, b) => a.returnedAt! - b.returnedAt!);
		expect(saves).toHaveLength(people.length);
		const overlapping = saves.filter((c, i) => i > 0 && c.returnedAt! < saves[i - 1].answeredAt!);
		expect(overlapping).toEqual([]);
		// Each was saved: n8n's copy holds all twelve.
		expect(Object.keys((trigger.staticData['node:Node Under Test'] as IDataObject).replyWaits as IDataObject)).toHaveLength(people.length);
	});

	it('refuses a wait of the other platform, one whose address is not on this n8n, and a malformed one', async () => {
		const trigger = await legacyTrigger();
		expect((await register(trigger, '12/n1', '+16175550002', { platform: 'current' })).status).toBe(409);
		const answer = await postJson(trigger.url, signed(registration('13/n1', '+16175550003', { resumeUrl: 'https://attacker.example/collect' })));
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ registered: false, message: 'The address of the wait is not on this n8n' });
		expect((await postJson(trigger.url, signed({ platform: 'legacy', person: '+1617' }))).status).toBe(400);
		expect(trigger.staticData).toEqual({});
	});

	it('refuses, with 401, a registration or check that is unsigned or signed with another credential, and keeps nothing of it', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		const other = signingKeyOf('legacy', { publicKey: 'pub_x', privateKey: 'another' });
		const attempts = [
			{ [REGISTRATION]: registration('15/n1', '+16175550005', { resumeUrl: `${n8n.base}/webhook/any-other-workflow` }) },
			{ [REGISTRATION]: JSON.stringify(registration('15/n1', '+16175550005')), signature: 'v1=00' },
			signed(registration('15/n1', '+16175550005'), other),
			signed({ platform: 'legacy', check: true }, other),
			{ [REGISTRATION]: { platform: 'legacy', check: true } },
		];
		for (const body of attempts) {
			const answer = await postJson(trigger.url, body);
			expect(answer.status).toBe(401);
			expect((answer.body as IDataObject).registered).toBe(false);
			expect(String((answer.body as IDataObject).message)).toMatch(/^Wait refused: the (wait is not signed|signature does not match this credential)\. Only a waiting node with the same SlickText credential/);
		}
		expect(trigger.staticData).toEqual({});
		// The person's genuine reply then reaches no forged address: it is the trigger's event.
		await reply(trigger, '+16175550005', 'my private answer');
		expect(n8n.forwards).toEqual([]);
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0][0].eventKey).toBeDefined();
	});

	it('without a credential it checks no signature, so it takes no wait and says which credential to choose', async () => {
		const trigger = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters: { platform: 'legacy', legacyEvents: ['NewSubscriber'] }, n8nBase: n8n.base });
		const answer = await postJson(trigger.url, signed({ platform: 'legacy', check: true }));
		expect(answer).toEqual({
			status: 401,
			body: {
				registered: false,
				message:
					'Wait refused: the trigger has no credential to check the signature with. Choose, in the trigger, the same SlickText Legacy API credential as the waiting node uses.',
			},
		});
	});

	it('says whether it verifies replies: a legacy trigger without a webhook secret does not', async () => {
		const credentials = { publicKey: 'pub_x', privateKey: 'priv' };
		const trigger = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters: { platform: 'legacy', legacyEvents: ['NewSubscriber'] }, credentials: { slickTextLegacyApi: credentials }, n8nBase: n8n.base });
		expect((await postJson(trigger.url, signed({ platform: 'legacy', check: true }, signingKeyOf('legacy', credentials)))).body).toEqual({ registered: true, verifies: false });
		await postJson(trigger.url, signed(registration('16/n1', '+16175550006'), signingKeyOf('legacy', credentials)));
		// Unsigned, so the reply it hands on says it was not verified (an approval then does not take it).
		const t = text('+16175550006', 'YES');
		await postForm(trigger.url, { data: t.data });
		await trigger.settled();
		expect(n8n.forwards.map((f) => (f.body.reply as IDataObject).verified)).toEqual([false]);
	});

	it('refuses a wait at its Test URL', async () => {
		const trigger = await startWebhookServer({
			type: 'slickTextTrigger',
			typeVersion: 2,
			parameters: { platform: 'legacy' },
			credentials: { slickTextLegacyApi: LEGACY_CREDENTIALS },
			mode: 'manual',
			n8nBase: n8n.base,
		});
		expect((await register(trigger, '14/n1', '+16175550004')).status).toBe(409);
	});

	it("hands a person's reply to the wait for that person, starts no run, and the forward carries the reply and the wait", async () => {
		const trigger = await legacyTrigger();
		await register(trigger, '21/n1', '+16175550021');
		await register(trigger, '22/n1', '+16175550022');
		const answer = await reply(trigger, '(617) 555-0022', ' Yes! ');
		expect(answer.status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/22/n1']);
		const { body } = n8n.forwards[0];
		// Signed by SlickText with the trigger's webhook secret: verified.
		expect(body.reply).toMatchObject({ person: '+16175550022', from: '+16175550022', text: ' Yes! ', optedOut: false, message: true, verified: true });
		expect(body.wait).toMatchObject({ until: 0, sent: { messageId: 7, to: '+16175550022' } });
		expect(trigger.runs).toEqual([]);
		// The next reply of the same person finds no wait: the trigger's normal path (NewSubscriber only selected: nothing).
		await reply(trigger, '+16175550022', 'again');
		expect(n8n.forwards).toHaveLength(1);
	});

	it('gives the oldest wait the first reply, and a repeated delivery of it resumes nothing', async () => {
		const trigger = await legacyTrigger();
		const since = Date.now();
		await register(trigger, '31/new', '+16175550031', { since: since + 1000 });
		await register(trigger, '31/old', '+16175550031', { since });
		await reply(trigger, '+16175550031', 'yes', { id: 310 });
		await reply(trigger, '+16175550031', 'yes', { id: 310, attempt: 2 });
		await reply(trigger, '+16175550031', 'yes', { id: 310, attempt: 3 });
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/31/old']);
		await reply(trigger, '+16175550031', 'no', { id: 311 });
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/31/old', '/webhook-waiting/31/new']);
		expect(trigger.runs).toEqual([]);
	});

	it('passes a reply on as its event when the wait declines it, and ends a wait n8n says is over', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '41/n1', '+16175550041');
		n8n.answer.set('/webhook-waiting/41/n1', 'declined');
		await reply(trigger, '+16175550041', 'maybe');
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['maybe']);
		// Still waiting: the next reply goes there again; n8n now says the execution is over (409).
		n8n.answer.set('/webhook-waiting/41/n1', 409);
		await reply(trigger, '+16175550041', 'yes');
		expect(trigger.runs).toHaveLength(2);
		await reply(trigger, '+16175550041', 'hello');
		expect(n8n.forwards).toHaveLength(2);
		expect(trigger.runs).toHaveLength(3);
	});

	it('ends a wait where n8n answers with its own page, not the waiting node ("No action required": the execution finished or waits elsewhere), and gives the reply to the next wait', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '79/a', '+16175550079', { since: Date.now() - 10 });
		await register(trigger, '79/b', '+16175550079');
		n8n.answer.set('/webhook-waiting/79/a', NO_ACTION_REQUIRED);
		await reply(trigger, '+16175550079', 'yes', { id: 790 });
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/79/a', '/webhook-waiting/79/b']);
		expect(trigger.runs).toEqual([]);
		// Both are over: the next reply goes to neither, and is the trigger's event.
		await reply(trigger, '+16175550079', 'hello', { id: 791 });
		expect(n8n.forwards).toHaveLength(2);
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['hello']);
		// A reply whose only wait is over so is the trigger's event, not lost.
		await register(trigger, '80/a', '+16175550080');
		n8n.answer.set('/webhook-waiting/80/a', NO_ACTION_REQUIRED);
		await reply(trigger, '+16175550080', 'yes', { id: 800 });
		expect(n8n.forwards.at(-1)?.path).toBe('/webhook-waiting/80/a');
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['hello', 'yes']);
	});

	it('hands STOP to every wait for the person, as an opt-out', async () => {
		const trigger = await legacyTrigger();
		await register(trigger, '51/a', '+16175550051', { since: Date.now() - 10 });
		await register(trigger, '51/b', '+16175550051');
		await register(trigger, '52/a', '+16175550052');
		await reply(trigger, '+16175550051', 'Stop');
		expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).optedOut])).toEqual([
			['/webhook-waiting/51/a', true],
			['/webhook-waiting/51/b', true],
		]);
	});

	it('hands nothing on for a forged signature, nor to a wait whose time limit has passed', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '61/n1', '+16175550061');
		expect((await reply(trigger, '+16175550061', 'yes', { signature: '0'.repeat(32) })).status).toBe(401);
		await register(trigger, '62/n1', '+16175550062', { since: Date.now() - 60_000, until: Date.now() - 1000 });
		await reply(trigger, '+16175550062', 'yes');
		expect(n8n.forwards).toEqual([]);
		// The late reply is the trigger's event.
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).FromNumber)).toEqual(['+16175550062']);
	});

	it('asks again while n8n answers 503 (its database busy), and answers SlickText 200 once n8n took the reply', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '71/n1', '+16175550071');
		n8n.answer.set('/webhook-waiting/71/n1', [503, 503, 'taken']);
		const answer = await reply(trigger, '+16175550071', 'yes');
		expect(answer.status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(Array(3).fill('/webhook-waiting/71/n1'));
		expect(trigger.runs).toEqual([]);
	});

	it('asks again where n8n refused before reading anything (200 "n8n is starting up", 503 "Database is not ready!"): not taken for "nothing waits here"', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '81/n1', '+16175550081');
		n8n.answer.set('/webhook-waiting/81/n1', [
			{ status: 200, text: 'n8n is starting up. Please wait', type: 'text/html; charset=utf-8' },
			{ status: 503, text: '{"code":503,"message":"Database is not ready!"}' },
			'taken',
		]);
		expect((await reply(trigger, '+16175550081', 'yes')).status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(Array(3).fill('/webhook-waiting/81/n1'));
		// The wait took it: nothing came out of the trigger as an event.
		expect(trigger.runs).toEqual([]);
	});

	it('gives a reply to the next wait when n8n says the first was resumed by another process (409, or "already being resumed")', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		const since = Date.now() - 1000;
		await register(trigger, '72/a', '+16175550072', { since });
		await register(trigger, '72/b', '+16175550072', { since: since + 10 });
		await register(trigger, '72/c', '+16175550072', { since: since + 20 });
		n8n.answer.set('/webhook-waiting/72/a', 409);
		n8n.answer.set('/webhook-waiting/72/b', { status: 500, text: '{"code":0,"message":"Execution is already being resumed by another process"}' });
		expect((await reply(trigger, '+16175550072', 'yes')).status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/72/a', '/webhook-waiting/72/b', '/webhook-waiting/72/c']);
		expect(trigger.runs).toEqual([]);
		// Those two are over: the next reply finds no wait and is the trigger's event.
		await reply(trigger, '+16175550072', 'hello');
		expect(n8n.forwards).toHaveLength(3);
		expect(trigger.runs).toHaveLength(1);
	});

	it('when n8n cannot take the reply after asking again for minutes, it goes on as the trigger\'s event, never lost; the wait stays for the next reply', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '73/n1', '+16175550073');
		n8n.answer.set('/webhook-waiting/73/n1', 502);
		const first = await reply(trigger, '+16175550073', 'yes', { id: 730 });
		expect(first.status).toBe(200);
		expect(n8n.forwards).toHaveLength(handOff.pausesMs.length + 1);
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['yes']);
		n8n.answer.delete('/webhook-waiting/73/n1');
		await reply(trigger, '+16175550073', 'yes, really', { id: 731 });
		expect(n8n.forwards.at(-1)?.path).toBe('/webhook-waiting/73/n1');
		expect(trigger.runs).toHaveLength(1);
	});

	it('asks again while n8n says the execution is "running already" (a reply right after the registration, before n8n saved it as waiting)', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '76/n1', '+16175550076');
		n8n.answer.set('/webhook-waiting/76/n1', [{ status: 409, text: '{"code":409,"message":"The execution \\"76\\" is running already."}' }, 'taken']);
		expect((await reply(trigger, '+16175550076', 'yes')).status).toBe(200);
		expect(n8n.forwards).toHaveLength(2);
		expect(trigger.runs).toEqual([]);
	});

	it('asks again where n8n did not answer (a webhook process still starting says 404 "Cannot POST"); n8n\'s own 404 ends the wait for this reply', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '77/n1', '+16175550077');
		const starting = { status: 404, text: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /webhook-waiting/77/n1</pre>\n</body>\n</html>' };
		n8n.answer.set('/webhook-waiting/77/n1', [starting, starting, 'taken']);
		expect((await reply(trigger, '+16175550077', 'yes', { id: 770 })).status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(Array(3).fill('/webhook-waiting/77/n1'));
		expect(trigger.runs).toEqual([]);

		await register(trigger, '78/n1', '+16175550078');
		n8n.answer.set('/webhook-waiting/78/n1', { status: 404, text: '{"code":404,"message":"The execution \\"78\\" does not exist."}' });
		expect((await reply(trigger, '+16175550078', 'yes', { id: 780 })).status).toBe(200);
		expect(n8n.forwards.at(-1)?.path).toBe('/webhook-waiting/78/n1');
		expect(n8n.forwards).toHaveLength(4);
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['yes']);
	});

	it('a post that may have arrived and got no answer, then 409: that post resumed the wait, so the reply is taken, not passed on', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '74/n1', '+16175550074');
		n8n.answer.set('/webhook-waiting/74/n1', [504, 409]);
		expect((await reply(trigger, '+16175550074', 'yes')).status).toBe(200);
		expect(n8n.forwards).toHaveLength(2);
		expect(trigger.runs).toEqual([]);
	});

	it('a post with no answer, then "running already": taken, and the log names the execution (n8n may have lost its resume), never its address', async () => {
		const logs = captureLogs();
		try {
			const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
			await register(trigger, '79/n1', '+16175550079');
			n8n.answer.set('/webhook-waiting/79/n1', [502, { status: 409, text: '{"code":409,"message":"The execution \\"79\\" is running already."}' }]);
			expect((await reply(trigger, '+16175550079', 'yes')).status).toBe(200);
			await trigger.settled();
			expect(n8n.forwards).toHaveLength(2);
			expect(trigger.runs).toEqual([]);
			const said = logs.warn.filter((message) => message.includes('now says it is running'));
			expect(said).toHaveLength(1);
			expect(said[0]).toMatch(/^SlickText Trigger: execution 79 was handed a reply without an answer/);
			expect(said[0]).not.toContain('webhook-waiting');
		} finally {
			logs.restore();
		}
	});

	it("at debug level says where each reply went by its event key, never the person's number: its open waits, its outcome, the delivery's answer", async () => {
		const logs = captureLogs();
		try {
			const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
			await register(trigger, '80/n1', '+16175550080');
			n8n.answer.set('/webhook-waiting/80/n1', 'taken');
			await reply(trigger, '+16175550080', 'yes');
			await reply(trigger, '+16175550081', 'hello');
			const said = logs.debug.filter((message) => message.startsWith('SlickText Trigger: '));
			const key = /reply (legacy#[0-9a-f]{64}): 1 open waits for its person$/.exec(said.find((message) => message.includes('1 open waits')) ?? '')?.[1];
			expect(key).toBeDefined();
			expect(said).toContain(`SlickText Trigger: reply ${key}: taken`);
			expect(said).toContain(`SlickText Trigger: delivery ${key}: A waiting workflow took the reply; nothing started`);
			// A reply nobody waits for is an ordinary event: one run.
			expect(said.filter((message) => message.endsWith(': a run with 1 event'))).toHaveLength(1);
			expect(trigger.runs).toHaveLength(1);
			expect(said.join('\n')).not.toMatch(/617555008|webhook-waiting/);
		} finally {
			logs.restore();
		}
	});

	it('answers SlickText at once however slowly n8n takes the reply, and a delivery of it again, meanwhile or after, resumes nothing', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		await register(trigger, '75/a', '+16175550075', { since: Date.now() - 10 });
		await register(trigger, '75/b', '+16175550075');
		n8n.answer.set('/webhook-waiting/75/a', { delayMs: 1500, how: 'taken' });
		const t = text('+16175550075', 'yes', 1, 750);
		const started = Date.now();
		const first = postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': t.signature });
		const again = postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': t.signature });
		expect((await first).status).toBe(200);
		expect((await again).status).toBe(200);
		expect(Date.now() - started).toBeLessThan(1500);
		await trigger.settled();
		expect((await reply(trigger, '+16175550075', 'yes', { id: 750, attempt: 3 })).status).toBe(200);
		// Taken once, by the oldest wait; the second wait did not get the same reply.
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/75/a']);
		expect(trigger.runs).toEqual([]);
	});
});

describe('current platform with Confirm Events: only a reply SlickText confirms resumes a wait', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { useSandbox } = require('../../helpers/sandbox');
	const ctx = useSandbox({ rateLimit: false });

	const currentKey = () => signingKeyOf('current', ctx.sandbox.currentCredentials());

	async function currentTrigger(confirmEvents = true) {
		return await startWebhookServer({
			type: 'slickTextTrigger',
			typeVersion: 2,
			parameters: { platform: 'current', events: ['inbox_message_received'], confirmEvents },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			n8nBase: n8n.base,
		});
	}

	it('verifies replies only with Confirm Events on, and says so to a check', async () => {
		expect((await postJson((await currentTrigger(true)).url, signed({ platform: 'current', check: true }, currentKey()))).body).toEqual({ registered: true, verifies: true });
		const unconfirmed = await currentTrigger(false);
		expect((await postJson(unconfirmed.url, signed({ platform: 'current', check: true }, currentKey()))).body).toEqual({ registered: true, verifies: false });
		await postJson(unconfirmed.url, signed({ platform: 'current', person: '1001:14', resumeUrl: `${n8n.base}/webhook-waiting/83/n1?signature=x`, since: Date.now(), until: 0, sent: {} }, currentKey()));
		const posted = { id: 'def456', name: 'inbox_message_received', attempts: 1, date: '2026-11-25 10:00:00', data: { contact_id: 14, _brand_id: 1001, last_message: 'YES', last_message_direction: 'incoming' } };
		await postJson(unconfirmed.url, posted);
		await unconfirmed.settled();
		expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).verified])).toEqual([['/webhook-waiting/83/n1', false]]);
	});

	it('hands a played reply of the contact to its wait, after looking it up with SlickText', async () => {
		const trigger = await currentTrigger();
		await postJson(trigger.url, signed({ platform: 'current', person: '1001:12', resumeUrl: `${n8n.base}/webhook-waiting/81/n1?signature=x`, since: Date.now(), until: 0, sent: { contactId: '12' } }, currentKey()));
		const played = await ctx.sandbox.reply({ platform: 'current', to: trigger.url, contactId: 12, text: 'C' });
		await trigger.settled();
		expect(played.status).toBe(200);
		expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text, (f.body.reply as IDataObject).contactId, (f.body.reply as IDataObject).verified])).toEqual([['/webhook-waiting/81/n1', 'C', '12', true]]);
		// The lookup went to SlickText's inbox for the contact.
		expect(ctx.sandbox.requests.some((r: { method: string; path: string; query: IDataObject }) => r.method === 'GET' && r.path === '/v1/brands/1001/inbox-threads' && String(r.query._contact_id) === '12')).toBe(true);
		expect(trigger.runs).toEqual([]);
	});

	it('hands on no inbox message that SlickText does not have: the run checks it again and drops it', async () => {
		const trigger = await currentTrigger();
		await postJson(trigger.url, signed({ platform: 'current', person: '1001:13', resumeUrl: `${n8n.base}/webhook-waiting/82/n1?signature=x`, since: Date.now(), until: 0, sent: {} }, currentKey()));
		const invented = { id: 'abc123', name: 'inbox_message_received', attempts: 1, date: '2026-11-25 10:00:00', data: { contact_id: 13, _brand_id: 1001, last_message: 'invented', last_message_direction: 'incoming' } };
		expect((await postJson(trigger.url, invented)).status).toBe(200);
		await trigger.settled();
		expect(n8n.forwards).toEqual([]);
		// Not taken by the wait: it goes the trigger's way (a run whose step looks it up again).
		expect(trigger.runs).toHaveLength(1);
	});
});

describe("with the credential's n8n API Key: waits in n8n's data table, through n8n's public API", () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { DataTableWaits, TABLE_NAME } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/waits/inDataTable.js'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { CLAIM_HOLD_MS, MAX_WAITS, UNFINISHED_AFTER_MS, digest } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/waits/store.js'));

	let tableTriggers = 0;
	const tableTrigger = async (extra: IDataObject = {}, apiKey = n8n.api.apiKey) =>
		await startWebhookServer({
			type: 'slickTextTrigger',
			typeVersion: 2,
			parameters: { platform: 'legacy', legacyEvents: ['ChatMessageRecieved'], ...extra },
			credentials: { slickTextLegacyApi: { ...LEGACY_CREDENTIALS, n8nApiKey: apiKey } },
			n8nBase: n8n.base,
			// A node of its own per test: a process's look for unfinished replies is per trigger node.
			nodeId: `table-trigger-${++tableTriggers}`,
		});
	const rows = () => [...n8n.api.tables.values()].find((t) => t.name === TABLE_NAME)?.rows ?? [];
	// The rows of waits, not of kept replies (`until` -1).
	const waits = () => rows().filter((r) => r.until !== -1);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { sweeping } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/SlickTextTrigger.node.js'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { seal } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/waits/inDataTable.js'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { readDelivery } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/events.js'));
	// A store of the table as a process of the trigger opens it, outside a request.
	const storeOf = (scope: string) => {
		const ctx = { helpers: { httpRequest: async (o: { method: string; url: string; headers: IDataObject; body?: unknown }) => {
			const res = await fetch(o.url, { method: o.method, headers: { ...(o.headers as Record<string, string>), 'content-type': 'application/json' }, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
			const text = await res.text();
			return { statusCode: res.status, body: text ? JSON.parse(text) : undefined };
		} }, getNode: () => ({}), logger: { warn: () => undefined, debug: () => undefined } };
		return new DataTableWaits(ctx, scope, { origin: n8n.base, apiKey: n8n.api.apiKey, signingKey: LEGACY_KEY });
	};
	const pause = async (ms: number) => await new Promise((r) => setTimeout(r, ms));
	const until = async (done: () => boolean) => {
		const started = Date.now();
		while (!done() && Date.now() - started < 10_000) await pause(50);
	};
	/**
	 * The only request, which starts this process's looks: a wait registered for the person. Then a process kept
	 * and claimed the person's reply to it and stopped long ago: the kept row (ID `kept`) is due at the first look.
	 */
	const keptByAStoppedProcess = async (trigger: WebhookServer, waitPath: string, person: string, body: string, kept: number) => {
		await register(trigger, waitPath, person);
		const row = rows().find((r) => r.person === person)!;
		const t = text(person, body, 1, kept / 100);
		const [received] = readDelivery('legacy', { body: { data: t.data } }).events;
		const then = Date.now() - UNFINISHED_AFTER_MS - 1000;
		Object.assign(row, { claimedBy: digest(received.key), claimedAt: then });
		rows().push({ id: kept, scope: row.scope, waitId: 'kept', person: '', since: then, until: -1, sealed: '', claimedBy: digest(received.key), claimedAt: then, takenAt: 0, pending: seal(LEGACY_KEY, { platform: 'legacy', name: 'ChatMessageRecieved', json: JSON.parse(t.data) }) });
	};
	const sweepAfter = sweeping.afterMs;
	beforeAll(() => (sweeping.afterMs = 200));
	afterAll(() => (sweeping.afterMs = sweepAfter));
	// Each test's looks end with it: one still looking would go on in the next test, reading the credential and
	// warning in its log that the closed stand-in n8n does not answer.
	afterEach(() => sweeping.round++);

	it('keeps a registration as one row, stored when it answers, its address sealed; nothing in static data', async () => {
		const trigger = await tableTrigger();
		expect(await register(trigger, '91/n1', '+16175550091')).toEqual({ status: 200, body: { registered: true, verifies: true, stored: true } });
		expect(trigger.staticData).toEqual({});
		expect(rows()).toHaveLength(1);
		expect(rows()[0]).toMatchObject({ person: '+16175550091', claimedBy: '-', takenAt: 0, until: 0 });
		expect(JSON.stringify(rows())).not.toContain('webhook-waiting');
		// The same wait again is known, not a second row.
		expect((await register(trigger, '91/n1', '+16175550091')).status).toBe(200);
		expect(rows()).toHaveLength(1);
		expect(n8n.api.calls.every((c) => c.path.startsWith('/api/v1/data-tables'))).toBe(true);
	});

	it("hands a reply to the person's oldest wait, marks that row taken by the reply, and a repeat finds it taken without the process's memory of repeats", async () => {
		const trigger = await tableTrigger({ ignoreRepeatedDeliveries: false });
		await register(trigger, '92/old', '+16175550092', { since: Date.now() - 1000 });
		await register(trigger, '92/new', '+16175550092');
		expect((await reply(trigger, '+16175550092', 'yes', { id: 920 })).status).toBe(200);
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/92/old']);
		const taken = waits().filter((r) => Number(r.takenAt) > 0);
		// Taken, and by which reply: the digest of its event key (the same for every delivery of it).
		expect(taken).toHaveLength(1);
		expect(taken[0].claimedBy).toMatch(/^[\w-]{16}$/);
		// SlickText delivers it again: the table says this reply was taken; the newer wait does not get it.
		await reply(trigger, '+16175550092', 'yes', { id: 920, attempt: 2 });
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/92/old']);
		expect(trigger.runs).toEqual([]);
		// Another reply of the person goes to the wait that is left.
		await reply(trigger, '+16175550092', 'no', { id: 921 });
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/92/old', '/webhook-waiting/92/new']);
	});

	it("gives a person's two replies at once to their two waits, one each, though both read the same open waits", async () => {
		const trigger = await tableTrigger();
		await register(trigger, '97/old', '+16175550098', { since: Date.now() - 1000 });
		await register(trigger, '97/new', '+16175550098');
		const answers = await Promise.all([reply(trigger, '+16175550098', 'yes', { id: 970 }), reply(trigger, '+16175550098', 'no', { id: 971 })]);
		await trigger.settled();
		expect(answers.map((a) => a.status)).toEqual([200, 200]);
		expect(n8n.forwards.map((f) => f.path).sort()).toEqual(['/webhook-waiting/97/new', '/webhook-waiting/97/old']);
		expect(new Set(n8n.forwards.map((f) => (f.body.reply as IDataObject).text))).toEqual(new Set(['yes', 'no']));
		expect(waits().filter((r) => Number(r.takenAt) > 0)).toHaveLength(2);
		expect(trigger.runs).toEqual([]);
	});

	it("hands a reply on in five calls of n8n's API, SlickText answered once the reply is kept: the person's waits and parts of polls read at once, the reply kept while one wait is claimed, and it and the kept reply marked taken", async () => {
		const trigger = await tableTrigger();
		await register(trigger, '96/n1', '+16175550097');
		// n8n takes a second to resume it: SlickText has its answer by then, and the reply is kept.
		n8n.answer.set('/webhook-waiting/96/n1', { delayMs: 1000, how: 'taken' });
		const before = n8n.api.calls.length;
		const rowsBefore = rows().length;
		const t = text('+16175550097', 'yes', 1, 960);
		const answered = await postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': t.signature });
		expect(answered.status).toBe(200);
		// The process's looks for unfinished replies (a moment after any request, and again while a kept reply is
		// not finished) are not this reply's: they read by `claimedAt`, or the kept rows (`until` -1) alone.
		const look = (filter: string) => filter.includes('claimedAt') || (filter.includes('"value":-1') && !filter.includes('person'));
		const own = () => n8n.api.calls.slice(before).filter((c) => !look(String(c.query.filter ?? '')));
		const atAnswer = own().map((c) => c.method);
		await trigger.settled();
		expect(n8n.forwards.map((f) => f.path)).toContain('/webhook-waiting/96/n1');
		// Each call by the table it reads or changes (finding a table by name, once a process, is not counted).
		const tableName = (id: string) => (n8n.api.tables.get(id)?.name === 'SlickText polls' ? 'polls' : 'waits');
		const named = own()
			.filter((c) => /\/data-tables\/[^/]+\//.test(c.path))
			.map((c) => `${c.method} ${tableName(c.path.split('/')[4])} ${c.path.split('/').slice(5).join('/')}`);
		// The reads first, both at once; the keeping and the claim at the same time (the claim does not wait for
		// the answer); the mark once n8n took the reply, a second later.
		expect(named.slice(0, 2).sort()).toEqual(['GET polls rows', 'GET waits rows']);
		expect(named.slice(2, 4).sort()).toEqual(['PATCH waits rows/update', 'POST waits rows']);
		expect(named.slice(4)).toEqual(['PATCH waits rows/update']);
		// SlickText had its answer once the reply was kept, before the mark.
		expect(atAnswer).toContain('POST');
		expect(atAnswer.filter((method) => method !== 'PATCH').length).toBeLessThan(4);
		// The kept reply: a row of its own, its event sealed, finished (marked taken) with the wait.
		const [keptRow] = rows().slice(rowsBefore);
		expect(keptRow).toMatchObject({ until: -1, person: '', pending: '' });
		expect(Number(keptRow.takenAt)).toBeGreaterThan(0);
		expect(rows().filter((r) => Number(r.takenAt) === 0 && r.until === -1)).toEqual([]);
	});

	it('reads the waits of replies that come at once in one call, keeps them in one, and marks them taken in one', async () => {
		const trigger = await tableTrigger();
		const people = Array.from({ length: 12 }, (_, n) => `+161755501${String(n).padStart(2, '0')}`);
		for (const [n, person] of people.entries()) await register(trigger, `99/${n}`, person);
		const before = n8n.api.calls.length;
		const answers = await Promise.all(people.map((person, n) => reply(trigger, person, 'yes', { id: 9900 + n })));
		await trigger.settled();
		expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
		expect(n8n.forwards.map((f) => f.path).sort()).toEqual(people.map((_, n) => `/webhook-waiting/99/${n}`).sort());
		const calls = n8n.api.calls.slice(before);
		// Per table: the reply waits, and the polls (a person's parts of polls are read with their waits).
		const inTable = (name: string, path: string) => n8n.api.tables.get(path.split('/')[4])?.name === name;
		const count = (method: string, end: string, name = 'SlickText reply waits') => calls.filter((c) => c.method === method && c.path.endsWith(end) && inTable(name, c.path)).length;
		// A reply's own calls: its claim. The rest go in batches (the first alone, then those that came meanwhile).
		expect(count('PATCH', '/rows/update')).toBeLessThan(people.length * 2);
		expect(count('GET', '/rows')).toBeLessThan(people.length);
		expect(count('POST', '/rows')).toBeLessThan(people.length);
		expect(count('GET', '/rows', 'SlickText polls')).toBeLessThan(people.length);
		expect(rows().filter((r) => String(r.waitId).startsWith('99/') || r.until === -1).filter((r) => Number(r.takenAt) === 0)).toEqual([]);
		expect(trigger.runs).toEqual([]);
	});

	it('hands a burst on a few at a time, so that the answers to SlickText do not wait behind the hand-offs; one reply is not held', async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { HAND_OFF_CALLS_AT_ONCE } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/forwarding.js'));
		const trigger = await tableTrigger();
		const people = Array.from({ length: 3 * HAND_OFF_CALLS_AT_ONCE }, (_, n) => `+161755502${String(n).padStart(2, '0')}`);
		for (const [n, person] of people.entries()) {
			await register(trigger, `98/${n}`, person);
			n8n.answer.set(`/webhook-waiting/98/${n}`, { delayMs: 300, how: 'taken' });
		}
		n8n.mostAtOnce = 0;
		const started = Date.now();
		const answers = await Promise.all(
			people.map(async (person, n) => {
				const t = text(person, 'yes', 1, 9800 + n);
				const answer = await postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': t.signature });
				return { ...answer, ms: Date.now() - started };
			}),
		);
		await trigger.settled();
		const allTaken = Date.now() - started;
		expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
		expect(n8n.forwards.map((f) => f.path).filter((p) => p.startsWith('/webhook-waiting/98/')).sort()).toEqual(people.map((_, n) => `/webhook-waiting/98/${n}`).sort());
		// A few at once, not all of them; and every answer came before the hand-offs were over (3 rounds of 300 ms).
		expect(n8n.mostAtOnce).toBeGreaterThanOrEqual(2);
		expect(n8n.mostAtOnce).toBeLessThanOrEqual(HAND_OFF_CALLS_AT_ONCE);
		expect(allTaken).toBeGreaterThanOrEqual(900);
		expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(allTaken - 300);
		expect(rows().filter((r) => Number(r.takenAt) === 0 && (String(r.waitId).startsWith('98/') || r.until === -1))).toEqual([]);
		// One reply alone goes at once: its post is the only one.
		await register(trigger, '98/alone', '+16175550298');
		n8n.mostAtOnce = 0;
		expect((await reply(trigger, '+16175550298', 'yes', { id: 9899 })).status).toBe(200);
		await trigger.settled();
		expect(n8n.mostAtOnce).toBe(1);
	});

	it('holds a kept reply while this process still hands it on, so that no other process delivers it again; a hand-off that failed lets it go', async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { holding } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/waits/store.js'));
		const everyMs = holding.everyMs;
		holding.everyMs = 100;
		try {
			const trigger = await tableTrigger();
			await register(trigger, '94/n1', '+16175550094');
			n8n.answer.set('/webhook-waiting/94/n1', { delayMs: 1000, how: 'taken' });
			const rowsBefore = rows().length;
			const t = text('+16175550094', 'yes', 1, 940);
			expect((await postForm(trigger.url, { data: t.data }, { 'X-Slicktext-Signature': t.signature })).status).toBe(200);
			const kept = rows().slice(rowsBefore).find((r) => r.until === -1)!;
			const keptAt = Number(kept.claimedAt);
			await pause(500);
			// n8n has not taken it yet: the row says the reply is still under way.
			expect(Number(kept.takenAt)).toBe(0);
			expect(Number(kept.claimedAt)).toBeGreaterThan(keptAt);
			await trigger.settled();
			expect(Number(kept.takenAt)).toBeGreaterThan(0);
			// A hand-off whose work failed is let go: its row keeps its time, for another process to deliver again.
			const left = { ...kept, id: 94_000, takenAt: 0, claimedAt: 1 };
			rows().push(left);
			let fail: (error: Error) => void = () => undefined;
			const work = new Promise((_, reject) => (fail = reject));
			work.catch(() => undefined);
			storeOf(String(kept.scope)).holdWhile(['94000'], work);
			await pause(300);
			expect(Number(left.claimedAt)).toBeGreaterThan(1);
			fail(new Error("n8n's API refused the claim"));
			await pause(200);
			const heldLast = left.claimedAt;
			await pause(300);
			expect(left.claimedAt).toBe(heldLast);
		} finally {
			holding.everyMs = everyMs;
		}
	});

	it('claims a wait for one reply only: another claimant (another process) gets "other", the same reply "same", a claim left by a stopped process is taken over', async () => {
		const trigger = await tableTrigger();
		await register(trigger, '93/n1', '+16175550093');
		const scope = rows()[0].scope;
		const [a, b] = [storeOf(scope), storeOf(scope)];
		const [wait] = (await a.find('+16175550093', 'k1', Date.now())).open;
		expect(wait.resumeUrl).toBe(`${n8n.base}/webhook-waiting/93/n1?signature=abc`);
		const claims = await Promise.all([a.claim(wait, 'k1', Date.now()), b.claim(wait, 'k2', Date.now())]);
		const winner = claims[0] === 'won' ? 'k1' : 'k2';
		expect([...claims].sort()).toEqual(['other', 'won']);
		expect(await b.claim(wait, winner, Date.now())).toBe('same');
		expect(await b.claim(wait, 'k3', Date.now() + CLAIM_HOLD_MS + 1)).toBe('won');
		await b.taken(wait, 'k3', Date.now());
		expect(await a.claim(wait, 'k4', Date.now() + 2 * CLAIM_HOLD_MS)).toBe('other');
		// A repeat of the reply that took it, in any process: told so by the claim itself.
		expect(await a.claim(wait, 'k3', Date.now())).toBe('taken');
		expect((await a.find('+16175550093', 'k3', Date.now())).takenBefore).toBe(true);
	});

	/** What a process leaves when it stops after claiming the wait `row` for the reply `t`: the claim and the kept reply (row `keptId`), 40 s ago. */
	const leftByStoppedProcess = (row: IDataObject, t: { data: string }, keptId: number) => {
		const [received] = readDelivery('legacy', { body: { data: t.data } }).events;
		const then = Date.now() - 40_000;
		Object.assign(row, { claimedBy: digest(received.key), claimedAt: then });
		const pending = seal(LEGACY_KEY, { platform: 'legacy', name: 'ChatMessageRecieved', json: JSON.parse(t.data) });
		rows().push({ id: keptId, scope: row.scope, waitId: 'kept', person: '', since: then, until: -1, sealed: '', claimedBy: digest(received.key), claimedAt: then, takenAt: 0, pending });
	};

	/** Until the trigger's look has handed a left reply on (or 10 s passed), and its kept replies are finished (or 5 s more). */
	const untilHandedAgain = async (trigger: WebhookServer) => {
		const started = Date.now();
		while (n8n.forwards.length === 0 && Date.now() - started < 10_000) await pause(50);
		await trigger.settled();
		const settled = Date.now();
		while (rows().some((r) => r.until === -1 && Number(r.takenAt) === 0) && Date.now() - settled < 5000) await pause(50);
	};

	it("a reply kept and claimed by a process that stopped before handing it on is delivered to the trigger again by another, and its wait takes it, once", async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		await register(trigger, '95/n1', '+16175550095');
		const [row] = rows();
		leftByStoppedProcess(row, text('+16175550095', 'on my way', 1, 950), 95_000);
		// Any request makes this process look for such replies a moment later.
		await register(trigger, '95/n2', '+16175550096');
		await untilHandedAgain(trigger);
		expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/95/n1', 'on my way']]);
		expect(Number(rows().find((r) => r.id === row.id)!.takenAt)).toBeGreaterThan(0);
		expect(trigger.runs).toEqual([]);
		// The old kept row is finished once the delivery again was answered (it kept its own), and no kept row is left open.
		expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
		expect(Number(rows().find((r) => r.id === 95_000)!.takenAt)).toBeGreaterThan(0);
	});

	it("a reply a stopped process handed on (n8n resumed the wait, not yet marked taken) is delivered again once the execution finished: n8n's page says nothing waits, and the wait, claimed for this very reply, took it: no run", async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		await register(trigger, '97/n1', '+16175550097');
		const [row] = rows();
		leftByStoppedProcess(row, text('+16175550097', 'IN', 1, 970), 97_000);
		// The execution went on with it and finished: n8n answers its page for the node's address.
		n8n.answer.set('/webhook-waiting/97/n1', NO_ACTION_REQUIRED);
		await register(trigger, '97/n2', '+16175550098');
		await untilHandedAgain(trigger);
		expect(n8n.forwards.map((f) => f.path)).toEqual(['/webhook-waiting/97/n1']);
		expect(Number(rows().find((r) => r.id === row.id)!.takenAt)).toBeGreaterThan(0);
		expect(trigger.runs).toEqual([]);
		expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
	});

	it("leaves the kept row of a reply no wait takes to the run it starts, which finishes it as it begins (a process stopped in between leaves it to be delivered again); one that starts no run is finished at once", async () => {
		const nodeId = `table-trigger-${++tableTriggers}`;
		// The waiting nodes' credential: it holds the trigger's Production URL, under which n8n's API answers.
		const credentials = { slickTextLegacyApi: { ...LEGACY_CREDENTIALS, n8nApiKey: n8n.api.apiKey, replyTriggerUrl: `${n8n.base}/webhook/test-webhook-id/webhook` } };
		const parameters = { platform: 'legacy', legacyEvents: ['ChatMessageRecieved'] };
		const trigger = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters, credentials, n8nBase: n8n.base, nodeId });
		await register(trigger, '88/n1', '+16175550088');
		n8n.answer.set('/webhook-waiting/88/n1', 'declined');
		const kept = () => rows().filter((r) => r.until === -1 && r.scope === `test-workflow:${nodeId}`);
		expect((await reply(trigger, '+16175550088', 'maybe', { id: 880 })).status).toBe(200);
		expect(trigger.runs.map((run) => (run[0].ChatMessage as IDataObject).Body)).toEqual(['maybe']);
		// Its webhook is done, and the reply's row is not finished: only the run n8n starts for it may.
		expect(kept().map((r) => Number(r.takenAt))).toEqual([0]);
		const before = n8n.api.calls.length;
		const step = await runTriggerStep({ parameters, credentials, nodeId, items: trigger.runs[0] });
		expect(step.error).toBeUndefined();
		expect(step.passed.map((json) => (json.ChatMessage as IDataObject).Body)).toEqual(['maybe']);
		// One call: the kept rows of this reply's key, finished.
		expect(n8n.api.calls.slice(before).map((c) => [c.method, c.path.split('/').pop()])).toEqual([['PATCH', 'update']]);
		expect(kept().map((r) => [Number(r.takenAt) > 0, r.pending, r.claimedBy === digest(String(trigger.runs[0][0].eventKey))])).toEqual([[true, '', true]]);

		// A trigger that takes no replies as events: nothing runs, so the webhook finishes the row itself.
		const quiet = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters: { ...parameters, legacyEvents: ['NewSubscriber'] }, credentials, n8nBase: n8n.base, nodeId: `${nodeId}-quiet` });
		await register(quiet, '88/n2', '+16175550089');
		n8n.answer.set('/webhook-waiting/88/n2', 'declined');
		expect((await reply(quiet, '+16175550089', 'maybe', { id: 881 })).status).toBe(200);
		expect(quiet.runs).toEqual([]);
		expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
	});

	it('looks again while a kept reply is unfinished: one left by a stopped process too recently for the first look is delivered again by a later one, though no request comes', async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		await register(trigger, '89/n1', '+16175550089');
		const row = rows().find((r) => r.person === '+16175550089')!;
		// A process kept and claimed the reply and stopped: it is due 600 ms from now, after this process's first look.
		const t = text('+16175550089', 'running late', 1, 890);
		const [received] = readDelivery('legacy', { body: { data: t.data } }).events;
		const then = Date.now() - UNFINISHED_AFTER_MS + 600;
		Object.assign(row, { claimedBy: digest(received.key), claimedAt: then });
		const keptRow = { id: 89_000, scope: row.scope, waitId: 'kept', person: '', since: then, until: -1, sealed: '', claimedBy: digest(received.key), claimedAt: then, takenAt: 0 };
		rows().push({ ...keptRow, pending: seal(LEGACY_KEY, { platform: 'legacy', name: 'ChatMessageRecieved', json: JSON.parse(t.data) }) });
		const forwardsBefore = n8n.forwards.length;
		// The last request: the look it starts (200 ms later here) finds the reply not due yet.
		await register(trigger, '89/n2', '+16175550088');
		const started = Date.now();
		while (n8n.forwards.length === forwardsBefore && Date.now() - started < 5000) await pause(50);
		await trigger.settled();
		expect(n8n.forwards.slice(forwardsBefore).map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/89/n1', 'running late']]);
		const settled = Date.now();
		while (rows().some((r) => r.until === -1 && Number(r.takenAt) === 0) && Date.now() - settled < 5000) await pause(50);
		expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
		expect(trigger.runs).toEqual([]);
	});

	it('goes on looking when a reply it delivers again gets no answer: a later look delivers it, though no request comes', async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		// The first delivery again of the reply below is cut off unanswered (a webhook process stopping, a proxy giving up).
		n8n.webhookDrops = 1;
		const logs = captureLogs();
		const answerWithin = sweeping.answerWithinMs;
		sweeping.answerWithinMs = 500;
		try {
			await keptByAStoppedProcess(trigger, '86/n1', '+16175550086', 'on my way', 86_000);
			await until(() => logs.warn.length > 0);
			expect(n8n.webhookDrops).toBe(0);
			expect(logs.warn).toEqual(['SlickText Trigger: could not deliver an unfinished reply again; it is looked for again']);
			expect(n8n.forwards).toEqual([]);
			// The look that tried it holds it for UNFINISHED_AFTER_MS, as any look does: that time passed.
			rows().find((r) => r.id === 86_000)!.claimedAt = Date.now() - UNFINISHED_AFTER_MS - 1;
			await until(() => n8n.forwards.length > 0);
			await trigger.settled();
			expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/86/n1', 'on my way']]);
			await until(() => !rows().some((r) => r.until === -1 && Number(r.takenAt) === 0));
			expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
			// Each look says at debug level what it found and delivered again.
			expect(logs.debug).toEqual(
				expect.arrayContaining([
					'SlickText Trigger: look 1 for unfinished replies: 1 found, 0 delivered again; some unfinished',
					expect.stringMatching(/^SlickText Trigger: look \d+ for unfinished replies: 1 found, 1 delivered again; /),
				]),
			);
			expect(trigger.runs).toEqual([]);
		} finally {
			sweeping.answerWithinMs = answerWithin;
			logs.restore();
		}
	});

	it('does not take n8n\'s "n8n is starting up" (200) for a reply delivered again: the kept reply stays unfinished, and a later look delivers it', async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		n8n.webhookStarting = 1;
		const logs = captureLogs();
		try {
			await keptByAStoppedProcess(trigger, '87/n1', '+16175550087', 'ten minutes', 87_000);
			await until(() => n8n.webhookStarting === 0);
			await until(() => logs.debug.some((line) => line.startsWith('SlickText Trigger: look 1 for unfinished replies')));
			expect(logs.debug).toContain('SlickText Trigger: look 1 for unfinished replies: 1 found, 0 delivered again; some unfinished');
			expect(n8n.forwards).toEqual([]);
			expect(Number(rows().find((r) => r.id === 87_000)!.takenAt)).toBe(0);
			// The look that tried it holds it for UNFINISHED_AFTER_MS, as any look does: that time passed.
			rows().find((r) => r.id === 87_000)!.claimedAt = Date.now() - UNFINISHED_AFTER_MS - 1;
			await until(() => n8n.forwards.length > 0);
			await trigger.settled();
			expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/87/n1', 'ten minutes']]);
			await until(() => !rows().some((r) => r.until === -1 && Number(r.takenAt) === 0));
			expect(trigger.runs).toEqual([]);
		} finally {
			n8n.webhookStarting = 0;
			logs.restore();
		}
	});

	it('goes on looking when a look cannot read the data table (n8n answers 503 for a moment): a later look delivers the reply', async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		const logs = captureLogs();
		try {
			await keptByAStoppedProcess(trigger, '84/n1', '+16175550084', 'be there at 5', 84_000);
			// The first look's read of the unfinished replies is answered 503.
			let refused = 0;
			n8n.api.refuse = (call) => call.method === 'GET' && (call.query.filter ?? '').includes('claimedAt') && refused++ === 0;
			await until(() => logs.warn.length > 0);
			expect(refused).toBeGreaterThan(0);
			expect(logs.warn).toEqual(['SlickText Trigger: could not look for unfinished replies; looked for again at the next look']);
			await until(() => n8n.forwards.length > 0);
			await trigger.settled();
			expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/84/n1', 'be there at 5']]);
			await until(() => !rows().some((r) => r.until === -1 && Number(r.takenAt) === 0));
			expect(rows().filter((r) => r.until === -1 && Number(r.takenAt) === 0)).toEqual([]);
			expect(logs.debug).toEqual(expect.arrayContaining([expect.stringMatching(/^SlickText Trigger: look 2 for unfinished replies: 1 found, 1 delivered again; /)]));
			expect(trigger.runs).toEqual([]);
		} finally {
			n8n.api.refuse = undefined;
			logs.restore();
		}
	});

	it("takes n8n's \"n8n is starting up\" (main running its migrations answers 200) for a call that failed, never for no wait: the reply is not passed on as an event while its wait is open", async () => {
		const trigger = await tableTrigger();
		await register(trigger, '83/n1', '+16175550083');
		let starting = 0;
		n8n.api.starting = (call) => call.method === 'GET' && (call.query.filter ?? '').includes('+16175550083') && starting++ === 0;
		try {
			// The first read of the person (their waits, or their parts of polls, read at once) got the page, not
			// rows: SlickText is not answered 2xx, so it delivers again.
			const first = await reply(trigger, '+16175550083', 'yes', { id: 830 });
			await trigger.settled();
			expect(starting).toBe(2);
			expect(first.status).toBeGreaterThanOrEqual(500);
			expect(n8n.forwards).toEqual([]);
			expect(trigger.runs).toEqual([]);
			expect(waits().filter((r) => r.person === '+16175550083').map((r) => Number(r.takenAt))).toEqual([0]);
			// SlickText's next delivery reaches the wait, once n8n reads again.
			const second = await reply(trigger, '+16175550083', 'yes', { id: 830, attempt: 2 });
			await trigger.settled();
			expect(second.status).toBe(200);
			expect(n8n.forwards.map((f) => [f.path, (f.body.reply as IDataObject).text])).toEqual([['/webhook-waiting/83/n1', 'yes']]);
			expect(trigger.runs).toEqual([]);
		} finally {
			n8n.api.starting = undefined;
		}
	});

	it('drops a kept reply no credential of its can read (kept before the credential changed), with a warning, rather than look for it for ever', async () => {
		const trigger = await tableTrigger();
		n8n.webhookTarget = trigger.url;
		const logs = captureLogs();
		try {
			const forwardsBefore = n8n.forwards.length;
			// The request starts this process's looks; the row is in the trigger node's scope, as its registration's.
			await register(trigger, '85/n1', '+16175550085');
			const then = Date.now() - UNFINISHED_AFTER_MS - 1000;
			const t = text('+16175550085', 'hello', 1, 850);
			const scope = rows().find((r) => r.person === '+16175550085')!.scope;
			rows().push({ id: 85_000, scope, waitId: 'kept', person: '', since: then, until: -1, sealed: '', claimedBy: 'someone', claimedAt: then, takenAt: 0, pending: seal('another credential', { platform: 'legacy', name: 'ChatMessageRecieved', json: JSON.parse(t.data) }) });
			const started = Date.now();
			while (rows().some((r) => r.id === 85_000 && Number(r.takenAt) === 0) && Date.now() - started < 5000) await pause(50);
			await trigger.settled();
			expect(rows().find((r) => r.id === 85_000)).toMatchObject({ pending: '' });
			expect(Number(rows().find((r) => r.id === 85_000)!.takenAt)).toBeGreaterThan(0);
			expect(logs.warn).toContain('SlickText Trigger: a kept reply cannot be read with this credential (it was kept under another); it is dropped');
			expect(n8n.forwards.length).toBe(forwardsBefore);
		} finally {
			logs.restore();
		}
	});

	it('reads its credential from n8n once per request (n8n reads it from its database each time): a registration, and a reply a wait takes', async () => {
		// No look for unfinished replies within this test: a look reads the webhook secret anew.
		const lookAfter = sweeping.afterMs;
		sweeping.afterMs = 5000;
		try {
			const trigger = await tableTrigger();
			const before = credentialReads.count;
			expect((await register(trigger, '95/n1', '+16175550093')).status).toBe(200);
			expect(credentialReads.count - before).toBe(1);
			const atReply = credentialReads.count;
			expect((await reply(trigger, '+16175550093', 'yes', { id: 950 })).status).toBe(200);
			expect(n8n.forwards.map((f) => f.path)).toContain('/webhook-waiting/95/n1');
			expect(credentialReads.count - atReply).toBe(1);
		} finally {
			sweeping.afterMs = lookAfter;
		}
	});

	it("stores registrations that come at once together: their persons read in one call, the bound in one, the rows in one insert; the same wait asked twice at once is one row", async () => {
		const trigger = await tableTrigger();
		const people = Array.from({ length: 30 }, (_, n) => `+161755503${String(n).padStart(2, '0')}`);
		const before = n8n.api.calls.length;
		const answers = await Promise.all([
			...people.map((person, n) => register(trigger, `89/${n}`, person)),
			register(trigger, '89/0', people[0]),
		]);
		expect(answers.map((a) => a.body)).toEqual([...people, people[0]].map(() => ({ registered: true, verifies: true, stored: true })));
		// One row per wait, each with its person and sealed address.
		const stored = waits().filter((r) => people.includes(String(r.person)));
		expect(stored.map((r) => r.person).sort()).toEqual([...people].sort());
		expect(new Set(stored.map((r) => r.waitId)).size).toBe(people.length);
		// The first alone, then those that came meanwhile: three calls a batch (their persons' rows, the room
		// left under the bound, the insert), where each registration made four before.
		// The process's looks for unfinished replies (by `claimedAt`, or the kept rows, `until` -1) are not the registrations'.
		const look = (filter: string) => filter.includes('claimedAt') || filter.includes('"condition":"eq","value":-1');
		const calls = n8n.api.calls.slice(before).filter((c) => !look(String(c.query.filter ?? '')));
		const count = (method: string, end: RegExp) => calls.filter((c) => c.method === method && end.test(c.path)).length;
		const inserts = count('POST', /\/data-tables\/[^/]+\/rows$/);
		expect(inserts).toBeGreaterThan(0);
		expect(inserts).toBeLessThan(people.length / 3);
		// Two reads per insert, and one for a batch that held only the repeated wait (known: nothing to insert).
		expect(count('GET', /\/rows$/)).toBeLessThanOrEqual(2 * inserts + 1);
	});

	it('holds the bounds for registrations that come at once: a person\'s last free wait goes to one of them, the last room in the table to as many as fit', async () => {
		const trigger = await tableTrigger();
		for (let n = 0; n < 19; n++) expect((await register(trigger, `88/${n}`, '+16175550088')).status).toBe(200);
		const forPerson = await Promise.all([19, 20, 21].map((n) => register(trigger, `88/${n}`, '+16175550088')));
		expect(forPerson.map((a) => a.status).sort()).toEqual([200, 429, 429]);
		expect(forPerson.filter((a) => a.status === 429).map((a) => (a.body as IDataObject).message)).toEqual([
			'+16175550088 has 20 open waits already, the most per person',
			'+16175550088 has 20 open waits already, the most per person',
		]);
		expect(waits().filter((r) => r.person === '+16175550088')).toHaveLength(20);
		// The table two short of full (this trigger's open waits; a kept reply and a taken wait do not count).
		const scope = rows()[0].scope;
		const open = waits().filter((r) => r.scope === scope && Number(r.takenAt) === 0).length;
		rows().push({ id: 200_000, scope, person: '', takenAt: 0, claimedBy: '-', since: Date.now(), until: -1, waitId: 'kept', sealed: '' });
		rows().push({ id: 200_001, scope, person: '+1x', takenAt: Date.now(), claimedBy: 'k', since: Date.now(), until: 0, waitId: 'taken', sealed: '' });
		for (let n = 0; n < MAX_WAITS - 2 - open; n++) rows().push({ id: 100_000 + n, scope, person: `+1${n}`, takenAt: 0, claimedBy: '-', since: Date.now(), until: 0, waitId: `x${n}`, sealed: '' });
		const last = await Promise.all([0, 1, 2, 3].map((n) => register(trigger, `87/${n}`, `+1617555008${n}`)));
		expect(last.filter((a) => a.status === 200)).toHaveLength(2);
		expect(last.filter((a) => a.status === 429).map((a) => (a.body as IDataObject).message)).toEqual([0, 1].map(() => `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends`));
		expect(waits().filter((r) => r.scope === scope && Number(r.takenAt) === 0)).toHaveLength(MAX_WAITS);
	});

	it('refuses a new wait past the bounds, counting open rows only; a key n8n refuses fails the registration with what n8n said', async () => {
		const trigger = await tableTrigger();
		for (let n = 0; n < 20; n++) expect((await register(trigger, `94/${n}`, '+16175550094')).status).toBe(200);
		const answer = await register(trigger, '94/20', '+16175550094');
		expect(answer).toEqual({ status: 429, body: { registered: false, message: '+16175550094 has 20 open waits already, the most per person' } });
		// The whole table full of open waits of this trigger.
		const scope = rows()[0].scope;
		for (let n = 0; n < MAX_WAITS; n++) rows().push({ id: 100_000 + n, scope, person: `+1${n}`, takenAt: 0, claimedBy: '-', since: Date.now(), until: 0, waitId: `x${n}`, sealed: '' });
		expect((await register(trigger, '94/other', '+16175550095')).body).toMatchObject({ message: `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends` });
		const wrongKey = await tableTrigger({}, 'not-the-key');
		const refused = await register(wrongKey, '94/x', '+16175550096');
		expect(refused.status).toBe(503);
		expect((refused.body as IDataObject).message).toMatch(/^The trigger could not store the wait: n8n's API answered 401/);
	});
});
