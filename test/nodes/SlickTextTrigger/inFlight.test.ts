// The memory of received events keeps an event once SlickText took the answer of the delivery that asked
// n8n for its run (inFlight.ts). n8n answers a delivery only after it started the run (responseMode
// onReceived); here its start is held or made to fail (test/helpers/webhook.ts `runStart`), as n8n does
// when its database pool times out, and SlickText's deliveries again are real posts to the same process.
import * as path from 'node:path';

import { credentialReads } from '../../helpers/engine';
import { useFakeN8nApi } from '../../helpers/n8nDataTables';
import { postJson, startWebhookServer, useWebhookServers, type WebhookServerOptions } from '../../helpers/webhook';
import { currentEvents } from './fixtures';
import { runTriggerStep } from './triggerStep';

useWebhookServers();

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { inFlight } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/inFlight.js')) as { inFlight: { waitMostMs: number } };
// With the n8n API key a delivery begins the trigger's looks for unfinished replies: short ones, ended after each test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sweeping } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/SlickTextTrigger.node.js')) as {
	sweeping: { afterMs: number; round: number };
};
const sweepAfter = sweeping.afterMs;
beforeAll(() => (sweeping.afterMs = 200));
afterAll(() => (sweeping.afterMs = sweepAfter));
afterEach(() => sweeping.round++);

const n8nApi = useFakeN8nApi();
const { api } = n8nApi;

const parameters = { platform: 'current', events: ['contact_created'] };
const event = currentEvents.contact_created;
let nodes = 0;

/** The credential without (the default) or with the n8n API key and Trigger URL (the run's step then decides in the table). */
function credentials(table = false) {
	const withTable = { n8nApiKey: api.apiKey, replyTriggerUrl: `http://127.0.0.1:${n8nApi.port}/webhook/hook-id/webhook` };
	return { slickTextApi: { apiKey: 'st-key', brandId: '1001', ...(table ? withTable : {}) } };
}

/**
 * A trigger whose runs n8n starts as `starts` says, one entry per run asked for in turn (then at once).
 * `firstStart` resolves once the node asked for its first run: that delivery is being answered from then on.
 */
async function trigger(starts: Array<{ ms?: number; fails?: boolean }>, table = false, extra: Partial<WebhookServerOptions> = {}) {
	const nodeId = `in-flight-${++nodes}-${process.pid}`;
	const plan = [...starts];
	let asked = () => {};
	const firstStart = new Promise<void>((resolve) => (asked = resolve));
	const server = await startWebhookServer({
		type: 'slickTextTrigger',
		typeVersion: 2,
		parameters,
		credentials: credentials(table),
		nodeId,
		runStart: () => {
			asked();
			return plan.shift() ?? {};
		},
		...extra,
	});
	return { server, nodeId, firstStart };
}

/** A post that SlickText gives up on after `ms` (status 0 then), as after its 5 s. */
async function postGivingUp(url: string, ms: number): Promise<number> {
	try {
		const res = await fetch(url, { method: 'POST', body: JSON.stringify(event), headers: { 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(ms) });
		await res.arrayBuffer();
		return res.status;
	} catch {
		return 0;
	}
}

describe('SlickText Trigger: a delivery n8n could not start a run for is no repeat', () => {
	it('n8n answered 500 (no run began): the delivery again starts the run, and the one after is a repeat', async () => {
		const { server } = await trigger([{ fails: true }]);
		const first = await postJson(server.url, event);
		expect(first).toEqual({ status: 500, body: { code: 0, message: 'There was a problem executing the workflow' } });
		expect(server.runs).toHaveLength(0);
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(1);
		expect(server.runs[0][0]).toMatchObject({ id: event.id, eventKey: `current:${String(event.id)}` });
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(1);
		expect(server.calls[2].started).toBeUndefined();
	});

	it('a delivery again while the first is being started waits for its answer, then is a repeat', async () => {
		const { server, firstStart } = await trigger([{ ms: 400 }]);
		const first = postJson(server.url, event);
		await firstStart;
		const t0 = performance.now();
		const again = await postJson(server.url, event);
		// Held until the first was answered (its start takes 400 ms): a bound a busy machine only lengthens.
		expect(performance.now() - t0).toBeGreaterThanOrEqual(250);
		expect([(await first).status, again.status]).toEqual([200, 200]);
		expect(server.runs).toHaveLength(1);
		expect(server.calls[1].started).toBeUndefined();
	});

	it('a delivery again while the first is being started starts the run when that one could not', async () => {
		const { server, firstStart } = await trigger([{ ms: 400, fails: true }]);
		const first = postJson(server.url, event);
		await firstStart;
		const again = postJson(server.url, event);
		expect([(await first).status, (await again).status]).toEqual([500, 200]);
		expect(server.runs).toHaveLength(1);
		expect(server.calls[1].started).toHaveLength(1);
	});

	it('waits at most inFlight.waitMostMs, then answers 503 so that SlickText comes again; once answered, a repeat', async () => {
		const usual = inFlight.waitMostMs;
		inFlight.waitMostMs = 200;
		try {
			const { server, firstStart } = await trigger([{ ms: 3000 }]);
			const first = postJson(server.url, event);
			await firstStart;
			const t0 = performance.now();
			const again = await postJson(server.url, event);
			expect(again).toEqual({ status: 503, body: { message: 'The first delivery of this event is still being answered; deliver it again later' } });
			expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
			expect((await first).status).toBe(200);
			expect((await postJson(server.url, event)).status).toBe(200);
			expect(server.runs).toHaveLength(1);
		} finally {
			inFlight.waitMostMs = usual;
		}
	});

	it('SlickText hung up, then n8n could not start the run: the delivery again starts it', async () => {
		const { server } = await trigger([{ ms: 400, fails: true }]);
		expect(await postGivingUp(server.url, 100)).toBe(0);
		await server.settled();
		expect(server.runs).toHaveLength(0);
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(1);
	});

	it('a 2xx after SlickText hung up, without the n8n API key: the run began, so the delivery again is a repeat', async () => {
		const { server } = await trigger([{ ms: 400 }]);
		expect(await postGivingUp(server.url, 100)).toBe(0);
		await server.settled();
		expect(server.runs).toHaveLength(1);
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(1);
	});

	it('a 2xx after SlickText hung up, with the key: the delivery again starts a run too, and the event acts once', async () => {
		const { server, nodeId } = await trigger([{ ms: 400 }], true);
		expect(await postGivingUp(server.url, 100)).toBe(0);
		await server.settled();
		expect((await postJson(server.url, event)).status).toBe(200);
		// Two runs: on a queue-mode worker the table of received events lets one act (receivedInTable.test.ts);
		// here, in the process that took both deliveries (regular mode), the first run's step acts, the other stops.
		expect(server.runs).toHaveLength(2);
		const steps = [];
		for (const run of server.runs) steps.push(await runTriggerStep({ parameters, credentials: credentials(true), nodeId, items: run }));
		expect(steps.map((step) => step.error)).toEqual([undefined, undefined]);
		expect(steps.map((step) => step.passed.length)).toEqual([1, 0]);
		// And the delivery after that is a repeat.
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(2);
	});

	it('SlickText hung up before n8n called the node (a busy process), then a 2xx, with the key: the delivery again starts a run too', async () => {
		// The hang-up came before the node followed the answer, and the answer came well within 5 s of the node's call.
		const { server } = await trigger([{ ms: 100 }], true, { beforeNodeMs: 300 });
		expect(await postGivingUp(server.url, 100)).toBe(0);
		await server.settled();
		expect(server.runs).toHaveLength(1);
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(2);
	});

	it("a 2xx after SlickText hung up, with the key, once the run's step ran here: the delivery again is a repeat", async () => {
		// The run's step ran in this process before n8n answered (regular mode): it acted, so nothing is let go.
		let stepped: Promise<unknown> = Promise.resolve();
		const { server, nodeId } = await trigger([], true, {
			runStart: (items) => {
				stepped = runTriggerStep({ parameters, credentials: credentials(true), nodeId, items });
				return { ms: 400 };
			},
		});
		expect(await postGivingUp(server.url, 100)).toBe(0);
		await server.settled();
		expect(((await stepped) as { passed: unknown[] }).passed).toHaveLength(1);
		expect((await postJson(server.url, event)).status).toBe(200);
		expect(server.runs).toHaveLength(1);
	});

	it("a read of the credential that fails after the claim (n8n's database busy) fails nothing: n8n's 500 still lets the event go", async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { credentialReuse, credentialFallback } = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/credentials.js')) as {
			credentialReuse: { ms: number };
			credentialFallback: { ms: number };
		};
		const usual = { reuse: credentialReuse.ms, fallback: credentialFallback.ms };
		const { server } = await trigger([{}, { fails: true }], true);
		try {
			// The first delivery begins the looks for unfinished replies, which read the credential once.
			expect((await postJson(server.url, { ...event, id: 'first-of-node' })).status).toBe(200);
			credentialReuse.ms = 0;
			credentialFallback.ms = 0;
			credentialReads.failWith = new Error('timeout exceeded when trying to connect');
			const reads = credentialReads.count;
			expect((await postJson(server.url, event)).status).toBe(500);
			expect(credentialReads.count).toBeGreaterThan(reads);
			expect(server.calls[1].error).toBeUndefined();
			credentialReads.failWith = undefined;
			expect((await postJson(server.url, event)).status).toBe(200);
			expect(server.runs.map((run) => run[0].id)).toEqual(['first-of-node', event.id]);
		} finally {
			credentialReads.failWith = undefined;
			credentialReuse.ms = usual.reuse;
			credentialFallback.ms = usual.fallback;
		}
	});
});
