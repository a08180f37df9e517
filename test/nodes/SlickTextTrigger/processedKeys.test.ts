// The trigger's step with n8n's record of processed data (what a queue-mode worker uses, and any run
// before the workflow's static data holds keys): runs that start at the same moment, a record that
// fails, and a write that another run overwrote. Each must still act on every event exactly once.
//
// The record here is an in-memory store with the behaviour of n8n's DeduplicationHelper (packages/cli:
// find the node's row, then insert it, or update it with the keys added, no lock between), plugged into
// n8n-core's DataDeduplicationService as the n8n server plugs in its database one. n8n's SQLite and
// Postgres tables fail the insert on their unique key (workflowId, context); so does this store.
import { DataDeduplicationService } from 'n8n-core';
import type { ICheckProcessedContextData, ICheckProcessedOptions, IDataObject } from 'n8n-workflow';

import { postJson, startWebhookServer, useWebhookServers } from '../../helpers/webhook';
import { runTriggerStep } from './triggerStep';

type Row = { mode: string; data: string[] };

class RecordLikeN8ns {
	rows = new Map<string, Row>();
	calls = 0;
	/** Calls (1-based) that fail before touching anything, like a busy or unreachable database. */
	failing = new Set<number>();
	/** How many of the next updates write back the row as it was when read: another run's write won. */
	overwrites = 0;

	private rowKey(scope: string, context: ICheckProcessedContextData) {
		return `${context.workflow.id}|${scope === 'node' ? `n:${context.node?.id}` : ''}`;
	}

	/** A database round trip: other runs go on meanwhile. */
	private async roundTrip() {
		await new Promise((resolve) => setImmediate(resolve));
	}

	async checkProcessedAndRecord(items: string[], scope: string, context: ICheckProcessedContextData, options: ICheckProcessedOptions) {
		const call = ++this.calls;
		if (this.failing.has(call)) throw new Error('SQLITE_BUSY: database is locked');
		const key = this.rowKey(scope, context);
		const found = this.rows.get(key);
		const read = found ? { mode: found.mode, data: [...found.data] } : undefined;
		await this.roundTrip();
		if (!read) {
			if (this.rows.has(key)) throw new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context');
			this.rows.set(key, { mode: options.mode, data: [...items] });
			return { new: items, processed: [] };
		}
		const result = { new: [] as string[], processed: [] as string[] };
		for (const item of items) {
			if (read.data.includes(item)) result.processed.push(item);
			else result.new.push(item);
		}
		if (this.overwrites > 0) this.overwrites--;
		else this.rows.set(key, { ...read, data: [...read.data, ...result.new] });
		return result;
	}

	async getProcessedDataCount(scope: string, context: ICheckProcessedContextData) {
		const call = ++this.calls;
		if (this.failing.has(call)) throw new Error('SQLITE_BUSY: database is locked');
		await this.roundTrip();
		return this.rows.get(this.rowKey(scope, context))?.data.length ?? 0;
	}

	async checkProcessedItemsAndRecord(): Promise<never> {
		throw new Error('not used by the trigger');
	}

	async removeProcessed() {}

	async clearAllProcessedItems() {
		this.rows.clear();
	}
}

const record = new RecordLikeN8ns();
beforeAll(async () => {
	await DataDeduplicationService.init(record as never);
});
beforeEach(() => {
	record.rows.clear();
	record.calls = 0;
	record.failing.clear();
	record.overwrites = 0;
});

const parameters = { platform: 'current', events: ['contact_created'] };

/** One run of the trigger's step for one event, as a worker runs it (no stored copy of the keys). */
async function step(nodeId: string, key: string) {
	const items: IDataObject[] = [{ name: 'contact_created', data: { contact_id: key }, eventKey: key }];
	return await runTriggerStep({ parameters, credentials: {}, nodeId, items, staticData: {} });
}

describe("the trigger's step with n8n's record of repeats", () => {
	it('acts on each of 25 distinct events that are the very first of the node, all at the same moment', async () => {
		const keys = Array.from({ length: 25 }, (_, i) => `current:burst-${i}`);
		const steps = await Promise.all(keys.map((key) => step('burst-node', key)));
		for (const [i, result] of steps.entries()) {
			expect(result.error).toBeUndefined();
			expect(result.passed.map((item) => item.eventKey)).toEqual([keys[i]]);
		}
		// Every key is in the record: a repeat of any of them now stops in the step.
		expect(record.rows.get('test-workflow|n:burst-node')?.data.sort()).toEqual([...keys].sort());
		expect((await step('burst-node', keys[7])).passed).toEqual([]);
	});

	it('tries again when the record fails, and the event goes on', async () => {
		record.failing = new Set([1, 2]);
		const result = await step('flaky-node', 'current:flaky');
		expect(result.error).toBeUndefined();
		expect(result.passed.map((item) => item.eventKey)).toEqual(['current:flaky']);
		expect(record.rows.get('test-workflow|n:flaky-node')?.data).toEqual(['current:flaky']);
	});

	it('passes the events on when the record keeps failing: an event is never dropped for it', async () => {
		record.failing = new Set(Array.from({ length: 100 }, (_, i) => i + 1));
		const result = await step('down-node', 'current:down');
		expect(result.error).toBeUndefined();
		expect(result.passed.map((item) => item.eventKey)).toEqual(['current:down']);
	});

	it('records a key again when another run overwrote the row between its read and its write', async () => {
		await step('lost-node', 'current:first');
		// The second event's write is lost: the check after it puts it back.
		record.overwrites = 1;
		expect((await step('lost-node', 'current:second')).passed.map((item) => item.eventKey)).toEqual(['current:second']);
		expect(record.rows.get('test-workflow|n:lost-node')?.data.sort()).toEqual(['current:first', 'current:second']);
		expect((await step('lost-node', 'current:second')).passed).toEqual([]);
	});
});

describe("a run's static data and the trigger's waits", () => {
	useWebhookServers();
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { sign, signingKeyOf } = require('../../../nodes/shared/replies/signing');
	const credentials = { slickTextLegacyApi: { publicKey: 'pub_w', privateKey: 'priv_w' } };
	const parameters = { platform: 'legacy', legacyEvents: ['NewSubscriber'] };
	const storedWait = { p: '+16175550001', r: 'http://127.0.0.1:5678/webhook-waiting/9/n', s: Date.now(), u: 0, m: {} };

	it('a run in a process that took none of the deliveries (a queue-mode worker) writes no static data: the waits stored since stay', async () => {
		const loaded = { 'node:Node Under Test': { replyWaits: { w1: storedWait }, receivedEvents: {} } };
		const step = await runTriggerStep({ parameters, credentials: {}, nodeId: `worker-${process.pid}`, items: [{ eventKey: 'legacy:worker-1' }], staticData: loaded });
		expect(step.passed).toHaveLength(1);
		expect(step.saved).toBe(false);
		expect(step.staticData).toEqual(loaded);
	});

	it('a run in the process that took its delivery saves the waits as that process knows them, not as loaded', async () => {
		const nodeId = `regular-${process.pid}`;
		const server = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters, credentials, nodeId, n8nBase: 'http://127.0.0.1:5678' });
		const key = signingKeyOf('legacy', credentials.slickTextLegacyApi);
		const wait = { platform: 'legacy', person: '+16175550002', resumeUrl: 'http://127.0.0.1:5678/webhook-waiting/10/n', since: Date.now(), until: 0, sent: {} };
		const { payload, signature } = sign(key, wait, Date.now());
		expect((await postJson(server.url, { n8nSlickTextReplyWait: payload, signature })).status).toBe(200);
		// The run's copy was loaded before that registration: it holds none of it.
		const step = await runTriggerStep({ parameters, credentials, nodeId, items: [{ eventKey: 'legacy:regular-1' }], staticData: { 'node:Node Under Test': { receivedEvents: {} } } });
		expect(step.saved).toBe(true);
		const node = step.staticData['node:Node Under Test'] as IDataObject;
		expect(JSON.stringify(node.replyWaits)).toContain('+16175550002');
		expect(Object.keys(node.receivedEvents as IDataObject)).toHaveLength(1);
	});
});
