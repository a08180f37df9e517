// Start Each Person's Run through n8n's real engine: the node posts each item, signed, to a real SlickText
// Trigger (n8n-core's WebhookContext behind a local HTTP server), which starts a run with it; the run's
// step puts the item out on the Each Person output. In real n8n: test/e2e/twoWay.js (examples 07-09).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { sign, signingKeyOf } from '../../../../nodes/shared/replies/signing';
import { runNode } from '../../../helpers/engine';
import { useSandbox } from '../../../helpers/sandbox';
import { postJson, startWebhookServer, useWebhookServers, type WebhookServer } from '../../../helpers/webhook';
import { runTriggerStep } from '../../SlickTextTrigger/triggerStep';

const ctx = useSandbox({ rateLimit: false });
useWebhookServers();

const HAND_OUT = 'n8nSlickTextHandOut';
const GUESTS = [{ guest: { first_name: 'Rosa', number: '+16175550107' }, poll: '41' }, { guest: { first_name: 'Malik', number: '+16175550112' }, poll: '41' }];
let triggers = 0;

interface Trigger {
	server: WebhookServer;
	nodeId: string;
	parameters: IDataObject;
	credentials: Record<string, IDataObject>;
	type: string;
}

async function trigger(platform: 'legacy' | 'current', parameters: IDataObject = { personRuns: true }, workflowId?: string): Promise<Trigger> {
	const nodeId = `hand-out-${++triggers}`;
	const type = platform === 'legacy' ? 'slickTextLegacyTrigger' : 'slickTextTrigger';
	const all = platform === 'legacy' ? { legacyEvents: ['ChatMessageRecieved'], ...parameters } : { events: ['contact_created'], ...parameters };
	const credentials = platform === 'legacy' ? { slickTextLegacyApi: ctx.sandbox.legacyCredentials() } : { slickTextApi: ctx.sandbox.currentCredentials() };
	const typeVersion = platform === 'legacy' ? 2 : 3;
	const server = await startWebhookServer({ type, typeVersion, parameters: all, credentials, nodeId, workflowId });
	return { server, nodeId, parameters: all, credentials, type };
}

/** The run n8n starts with a trigger's items: the trigger's own step, every output. */
async function step(t: Trigger, items: IDataObject[]) {
	return await runTriggerStep({ type: t.type, typeVersion: t.type === 'slickTextTrigger' ? 3 : 2, parameters: t.parameters, credentials: t.credentials, nodeId: t.nodeId, items });
}

const handOut = { resource: 'message', operation: 'startPersonRuns' };
const legacyNode = (url: string, extra: IDataObject = {}) => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials({ replyTriggerUrl: url, ...extra }) });

describe("Start Each Person's Run hands each item to the trigger, which starts a run with it", () => {
	it('legacy: one signed post per item; each starts a run whose Each Person output is that item, and nothing reaches SlickText', async () => {
		const t = await trigger('legacy');
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(t.server.url), items: GUESTS });
		expect(result.error).toBeUndefined();
		// The items go on as they came (the loop that paces them goes on with the same data).
		expect(result.json).toEqual(GUESTS);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(t.server.runs).toHaveLength(2);
		// The run's item is the signed text, not the item: nothing a stranger could post is taken as it.
		for (const run of t.server.runs) expect(Object.keys(run[0]).sort()).toEqual([HAND_OUT, 'signature']);
		const steps = await Promise.all(t.server.runs.map(async (run) => await step(t, run)));
		expect(steps.map((s) => s.outputs)).toEqual([
			[[], [GUESTS[0]]],
			[[], [GUESTS[1]]],
		]);
		expect(ctx.sandbox.requests).toEqual([]);
	});

	it("takes the whole list at once and hands the people out at the credential's rate, no loop or Wait node needed", async () => {
		const t = await trigger('legacy');
		const people = Array.from({ length: 6 }, (_, n) => ({ name: `Guest ${n}`, number: `+1619555${String(1000 + n)}` }));
		const at = Date.now();
		// 16 requests a second: 15 people a second (just under it, as each person's run texts once), one every 67 ms.
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(t.server.url, { requestsPerSecond: 16 }), items: people });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(people);
		expect(t.server.runs).toHaveLength(6);
		// Person n goes out n / 15 s after the first: the last of six 5/15 s after it, not all at once.
		// When each post arrived (the handling that follows takes longest for the first, which moved the times
		// of handling closer together), give or take 40 ms of a busy machine; all at once would be a few ms.
		const times = t.server.calls.map((call) => call.receivedAt as number).sort((a, b) => a - b);
		expect(times).toHaveLength(6);
		for (let n = 1; n < 6; n++) expect(times[n] - times[0]).toBeGreaterThanOrEqual((n * 1000) / 15 - 40);
		expect(Date.now() - at).toBeLessThan(3000);
		// People per Second overrides it: 5 people at 20 a second take at least 200 ms.
		const faster = Date.now();
		const again = await runNode({ type: 'slickTextLegacy', parameters: { ...handOut, handOutOptions: { peoplePerSecond: 20 } }, credentials: legacyNode(t.server.url), items: people.slice(0, 5) });
		expect(again.error).toBeUndefined();
		expect(Date.now() - faster).toBeGreaterThanOrEqual(200 - 5);
		expect(Date.now() - faster).toBeLessThan(2000);
	});

	it('current: the same with the SlickText node and the SlickText Trigger (version 3)', async () => {
		const t = await trigger('current');
		const result = await runNode({
			type: 'slickText',
			parameters: handOut,
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ replyTriggerUrl: t.server.url }) },
			items: [GUESTS[0]],
		});
		expect(result.error).toBeUndefined();
		const [s] = await Promise.all(t.server.runs.map(async (run) => await step(t, run)));
		expect(s.outputs).toEqual([[], [GUESTS[0]]]);
	});

	it('a trigger without Runs for Each Person starts nothing, and the node says what to turn on', async () => {
		const t = await trigger('legacy', {});
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(t.server.url), items: GUESTS });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger did not start the person's run (409) [item 0]");
		expect(result.error?.description).toMatch(/Turn on 'Runs for Each Person' in the SlickText Trigger/);
		expect(t.server.runs).toEqual([]);
	});

	it('a node with another credential is refused (401) and starts nothing; so is an unsigned or expired hand-out posted by anyone', async () => {
		const t = await trigger('legacy');
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(t.server.url, { privateKey: 'another-private-key' }), items: GUESTS });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger refused the person's run: it is not signed with its credential [item 0]");
		expect(result.error?.description).toMatch(/the signature does not match this credential/);
		const key = signingKeyOf('legacy', ctx.sandbox.legacyCredentials());
		const old = sign(key, { platform: 'legacy', item: GUESTS[0] }, Date.now() - 10 * 60_000, 'hand-out');
		// A registration's signature is not a hand-out's: the purpose is part of what is signed.
		const wait = sign(key, { platform: 'legacy', item: GUESTS[0] }, Date.now());
		for (const body of [{ [HAND_OUT]: JSON.stringify({ platform: 'legacy', item: GUESTS[0] }) }, { [HAND_OUT]: old.payload, signature: old.signature }, { [HAND_OUT]: wait.payload, signature: wait.signature }]) {
			const answer = await postJson(t.server.url, body);
			expect(answer.status).toBe(401);
			expect((answer.body as IDataObject).started).toBe(false);
		}
		expect(t.server.runs).toEqual([]);
	});

	it("an event that carries the hand-out's key, which anybody can post, hands nothing out in the run", async () => {
		const t = await trigger('legacy');
		const forged = { Event: 'ChatMessageRecieved', [HAND_OUT]: JSON.stringify({ platform: 'legacy', item: { guest: 'mallory' } }), signature: 'v1=00' };
		const s = await step(t, [forged]);
		expect(s.outputs).toEqual([[], []]);
	});

	it("goes to the trigger its 'Trigger URL' names, not the credential's", async () => {
		const replies = await trigger('legacy', { personRuns: true }, 'the-replies-workflow');
		const own = await trigger('legacy');
		const result = await runNode({ type: 'slickTextLegacy', parameters: { ...handOut, triggerUrl: own.server.url }, credentials: legacyNode(replies.server.url), items: [GUESTS[0]] });
		expect(result.error).toBeUndefined();
		expect(replies.server.calls).toEqual([]);
		expect(own.server.runs).toHaveLength(1);
	});

	it("a trigger in another workflow starts nothing, and says to paste this workflow's trigger into 'Trigger URL'", async () => {
		const replies = await trigger('legacy', { personRuns: true }, 'the-replies-workflow');
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(replies.server.url), items: [GUESTS[0]] });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger did not start the person's run (409) [item 0]");
		expect(result.error?.description).toMatch(/another workflow.*paste its Production URL into 'Trigger URL' of Start Each Person's Run/);
		expect(replies.server.runs).toEqual([]);
	});

	it("checks every item's Trigger URL before any request: one that is not a URL stops it, naming its item", async () => {
		const t = await trigger('legacy');
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { ...handOut, triggerUrl: '={{ $json.guest.first_name === "Malik" ? "not a url" : "" }}' },
			credentials: legacyNode(t.server.url),
			items: GUESTS,
		});
		expect(result.error?.message).toBe('\'Trigger URL\': "not a url" is not a URL [item 1]');
		expect(t.server.calls).toEqual([]);
	});

	it('checks the credential before any request: no Trigger URL for Replies stops it at item 0', async () => {
		const t = await trigger('legacy');
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(''), items: GUESTS });
		expect(result.error?.message).toBe("The credential's 'Trigger URL for Replies' is not set [item 0]");
		expect(t.server.calls).toEqual([]);
	});
});

describe("Start Each Person's Run item by item", () => {
	let server: Server;
	let url: string;
	const posts: IDataObject[] = [];
	let answers: Array<{ status: number; body: string; type?: string }> = [];
	beforeEach(async () => {
		posts.length = 0;
		server = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				posts.push({ method: req.method, path: req.url, type: req.headers['content-type'], body: JSON.parse(text) });
				const answer = answers.length > 1 ? answers.shift()! : answers[0];
				res.writeHead(answer.status, { 'Content-Type': answer.type ?? 'application/json' });
				res.end(answer.body);
			});
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/abc/webhook`;
	});
	afterEach(async () => await new Promise<void>((r) => server.close(() => r())));

	it('Continue On Fail: an item the trigger did not take comes out with its error, the next one is still handed out', async () => {
		answers = [
			{ status: 500, body: JSON.stringify({ message: 'Error in workflow' }) },
			{ status: 200, body: JSON.stringify({ started: true }) },
		];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: GUESTS, continueOnFail: true });
		expect(result.json).toEqual([{ error: "The SlickText Legacy Trigger did not start the person's run (500) [item 0]" }, GUESTS[1]]);
		expect(posts.map((p) => [p.method, p.path, p.type, Object.keys(p.body as IDataObject).sort()])).toEqual([
			['POST', '/webhook/abc/webhook', 'application/json', [HAND_OUT, 'signature']],
			['POST', '/webhook/abc/webhook', 'application/json', [HAND_OUT, 'signature']],
		]);
	});

	it('without it, the first failure stops the node, naming its item', async () => {
		answers = [
			{ status: 200, body: JSON.stringify({ started: true }) },
			{ status: 502, body: 'Bad Gateway', type: 'text/plain' },
		];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: GUESTS });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger did not start the person's run (502) [item 1]");
		// A 502 may come after n8n took it: not asked again, so no person gets two runs.
		expect(posts).toHaveLength(2);
	});

	it('asks again where a webhook process still starting answers 404 "Cannot POST" (nothing was run), and once is enough', async () => {
		answers = [
			{ status: 404, body: '<!DOCTYPE html><html><body><pre>Cannot POST /webhook/abc/webhook</pre></body></html>', type: 'text/html; charset=utf-8' },
			{ status: 200, body: JSON.stringify({ started: true }) },
		];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: [GUESTS[0]] });
		expect(result.error).toBeUndefined();
		expect(posts).toHaveLength(2);
	});

	it('asks again where n8n refused before any node ran (503 "Database is not ready!", 200 "n8n is starting up"): nothing was started', async () => {
		answers = [
			{ status: 503, body: JSON.stringify({ code: 503, message: 'Database is not ready!' }), type: 'application/json; charset=utf-8' },
			{ status: 200, body: 'n8n is starting up. Please wait', type: 'text/html; charset=utf-8' },
			{ status: 200, body: JSON.stringify({ started: true }) },
		];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: [GUESTS[0]] });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([GUESTS[0]]);
		// The same item each time, signed anew: three posts, one run.
		expect(posts.map((p) => [p.method, p.path, Object.keys(p.body as IDataObject).sort()])).toEqual(
			Array(3).fill(['POST', '/webhook/abc/webhook', [HAND_OUT, 'signature']]),
		);
	});

	it('any other 503 (a proxy, a trigger that could not start the run) is not asked again: it may have started one', async () => {
		answers = [{ status: 503, body: 'Service Unavailable', type: 'text/plain' }];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: [GUESTS[0]] });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger did not start the person's run (503) [item 0]");
		expect(posts).toHaveLength(1);
	});

	it('an empty 200 (another kind of webhook at that address) is not taken for a started run', async () => {
		answers = [{ status: 200, body: '' }];
		const result = await runNode({ type: 'slickTextLegacy', parameters: handOut, credentials: legacyNode(url), items: [GUESTS[0]] });
		expect(result.error?.message).toBe("The SlickText Legacy Trigger did not start the person's run (200) [item 0]");
		expect(result.error?.description).toMatch(/did not answer as a SlickText Legacy Trigger does/);
	});
});
