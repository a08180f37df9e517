// The trigger's step on a queue-mode worker whose credential has an n8n API key and the Trigger URL for
// Replies: repeats are checked in n8n's data table "SlickText received events" (a row per run, the lowest
// ID acts), through n8n's public API, here the stand-in of test/helpers/n8nDataTables.ts on a real HTTP
// server. Runs are n8n-core's WorkflowExecute with the trigger node (triggerStep.ts), as a worker runs them.
import * as path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { credentialReads } from '../../helpers/engine';
import { useFakeN8nApi } from '../../helpers/n8nDataTables';
import { runTriggerStep } from './triggerStep';

const n8nApi = useFakeN8nApi();
const { api } = n8nApi;
beforeEach(() => {
	api.calls.length = 0;
	api.refuse = undefined;
	for (const table of api.tables.values()) table.rows = [];
});

const parameters = { platform: 'current', events: ['contact_created'] };

/** The credential as the README sets it up for several webhook processes; `host` lets two "processes" batch apart. */
function credentials(host = '127.0.0.1', withTriggerUrl = true) {
	return {
		slickTextApi: {
			apiKey: 'st-key',
			brandId: '1001',
			n8nApiKey: api.apiKey,
			replyTriggerUrl: withTriggerUrl ? `http://${host}:${n8nApi.port}/webhook/hook-id/webhook` : '',
		},
	};
}

/** One run of the trigger's step for one event, as a worker runs it (no stored copy of the keys). */
async function step(nodeId: string, key: string, host?: string, withTriggerUrl?: boolean) {
	const items: IDataObject[] = [{ name: 'contact_created', data: { contact_id: key }, eventKey: key }];
	return await runTriggerStep({ parameters, credentials: credentials(host, withTriggerUrl), nodeId, items, staticData: {} });
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { gathering } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/receivedInTable.js')) as { gathering: { ms: number } };

/** Runs `work` with the runs' wait for others set to `ms`: long enough that a busy machine starts every run within it. */
async function gatheringFor<T>(ms: number, work: () => Promise<T>): Promise<T> {
	const usual = gathering.ms;
	gathering.ms = ms;
	try {
		return await work();
	} finally {
		gathering.ms = usual;
	}
}

const rowsOf = () => [...api.tables.values()].find((t) => t.name === 'SlickText received events')?.rows ?? [];
const inserts = () => api.calls.filter((c) => c.method === 'POST' && /\/rows$/.test(c.path));

describe("the trigger's step on a worker with the data table of received events", () => {
	it('two runs of one event in two processes at the same moment: exactly one passes it on; a later run stops', async () => {
		// Two hosts of one n8n: two batches, as two workers would send them.
		const [a, b] = await Promise.all([step('table-node', 'current:twice', '127.0.0.1'), step('table-node', 'current:twice', 'localhost')]);
		expect([a.error, b.error]).toEqual([undefined, undefined]);
		expect([...a.passed, ...b.passed].map((item) => item.eventKey)).toEqual(['current:twice']);
		expect(rowsOf()).toHaveLength(2);
		const later = await step('table-node', 'current:twice');
		expect(later.passed).toEqual([]);
		// What was sent: the API key on every call, and no event key in the rows (a digest per node and key).
		expect(api.calls.length).toBeGreaterThanOrEqual(6);
		const row = rowsOf()[0];
		expect(Object.keys(row).sort()).toEqual(['at', 'event', 'id', 'scope']);
		expect(JSON.stringify(rowsOf())).not.toContain('twice');
		expect(row.scope).toMatch(/table-node$/);
		expect(Math.abs(Number(row.at) - Date.now())).toBeLessThan(60_000);
	});

	it("runs in one process at the same moment share one insert and one read, and each event goes on once", async () => {
		const keys = Array.from({ length: 20 }, (_, i) => `current:burst-${i % 10}`);
		const steps = await gatheringFor(3000, () => Promise.all(keys.map((key) => step('batch-node', key))));
		expect(steps.every((s) => s.error === undefined)).toBe(true);
		const passed = steps.flatMap((s) => s.passed.map((item) => item.eventKey)).sort();
		expect(passed).toEqual(Array.from({ length: 10 }, (_, i) => `current:burst-${i}`).sort());
		// All 20 within the first run's wait: one insert.
		expect(inserts()).toHaveLength(1);
		expect(rowsOf()).toHaveLength(20);
	});

	it('a run waits a moment for the runs of other events that follow it, and they share its insert and read', async () => {
		const [a, b] = await gatheringFor(3000, async () => {
			const first = step('gather-node', 'current:gather-1');
			await new Promise((resolve) => setTimeout(resolve, 30));
			return await Promise.all([first, step('gather-node', 'current:gather-2')]);
		});
		expect([...a.passed, ...b.passed].map((item) => item.eventKey)).toEqual(['current:gather-1', 'current:gather-2']);
		expect(inserts()).toHaveLength(1);
		expect(api.calls.filter((c) => c.method === 'GET' && /\/rows$/.test(c.path))).toHaveLength(1);
	});

	it('a full batch goes at once: 50 runs waiting end the wait, however long it is', async () => {
		// Longer than the test's own time limit (30 s): the runs finish only if the full batch ends the wait.
		const keys = Array.from({ length: 50 }, (_, i) => `current:full-${i}`);
		const steps = await gatheringFor(100_000, () => Promise.all(keys.map((key) => step('full-node', key))));
		expect(steps.flatMap((s) => s.passed)).toHaveLength(50);
		expect(inserts()).toHaveLength(1);
	}, 30_000);

	it('the same event key of another trigger node is its own event', async () => {
		expect((await step('node-one', 'current:shared')).passed).toHaveLength(1);
		expect((await step('node-two', 'current:shared')).passed).toHaveLength(1);
		expect((await step('node-two', 'current:shared')).passed).toHaveLength(0);
	});

	it('a read n8n refuses once is asked again, and the table still decides', async () => {
		expect((await step('flaky-read', 'current:flaky')).passed).toHaveLength(1);
		let refused = 0;
		api.refuse = (call) => call.method === 'GET' && /\/rows$/.test(call.path) && refused++ === 0;
		expect((await step('flaky-read', 'current:flaky')).passed).toEqual([]);
		expect(refused).toBeGreaterThanOrEqual(2);
	});

	it("when n8n refuses the insert, the event goes on (n8n's record of processed data decides): never dropped for it", async () => {
		api.refuse = (call) => call.method === 'POST' && /\/rows$/.test(call.path);
		const result = await step('refused-node', 'current:refused');
		expect(result.error).toBeUndefined();
		expect(result.passed.map((item) => item.eventKey)).toEqual(['current:refused']);
		expect(inserts()).toHaveLength(1);
		expect(rowsOf()).toHaveLength(0);
	});

	it("without the Trigger URL the table is not used: n8n's record of processed data decides, no call to n8n's API", async () => {
		const result = await step('no-url-node', 'current:no-url', '127.0.0.1', false);
		expect(result.error).toBeUndefined();
		expect(api.calls).toEqual([]);
	});

	it("deletes the node's rows older than a day, at most once a minute", async () => {
		// Another node's run makes the table; this node's rows from the day before are already in it.
		await step('seed-node', 'current:seed');
		const table = [...api.tables.values()].find((t) => t.name === 'SlickText received events')!;
		const scope = 'test-workflow:old-node';
		const dayAgo = Date.now() - 26 * 60 * 60 * 1000;
		const deletes = () => api.calls.filter((c) => c.method === 'DELETE');
		// The seed node's own first delete, done after its run: counted before this node's.
		for (let i = 0; deletes().length === 0 && i < 100; i++) await new Promise((resolve) => setTimeout(resolve, 10));
		const before = deletes().length;
		table.rows.push({ id: 100_000, scope, event: 'old', at: dayAgo }, { id: 100_001, scope: 'test-workflow:seed-node', event: 'old', at: dayAgo });
		expect((await step('old-node', 'current:recent')).passed).toHaveLength(1);
		for (let i = 0; deletes().length === before && i < 100; i++) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(JSON.parse(deletes()[before].query.filter).filters[0]).toEqual({ columnName: 'scope', condition: 'eq', value: scope });
		const ids = table.rows.map((row) => row.id);
		expect(ids).not.toContain(100_000);
		expect(ids).toContain(100_001);
		expect(table.rows.filter((row) => row.scope === scope)).toHaveLength(1);
		// Within the minute, no second delete for this node.
		await step('old-node', 'current:recent-2');
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(deletes().length).toBe(before + 1);
	});

	it("a read of the credential that fails (n8n's database pool timed out) takes the last read: the run still decides in the table", async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { credentialReuse } = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/credentials.js')) as { credentialReuse: { ms: number } };
		const reuse = credentialReuse.ms;
		credentialReuse.ms = 0;
		try {
			expect((await step('pool-node', 'current:pool-1')).passed).toHaveLength(1);
			credentialReads.failWith = new Error('timeout exceeded when trying to connect');
			const reads = credentialReads.count;
			const later = await step('pool-node', 'current:pool-2');
			expect(credentialReads.count).toBeGreaterThan(reads);
			expect(later.error).toBeUndefined();
			expect(later.passed.map((item) => item.eventKey)).toEqual(['current:pool-2']);
			// Decided in the table: a row of this node for each event.
			expect(rowsOf().filter((row) => row.scope === 'test-workflow:pool-node')).toHaveLength(2);
			// A node whose credential was never read fails its run, with n8n's error.
			const never = await step('never-read-node', 'current:pool-3');
			expect(never.error?.message).toContain('timeout exceeded when trying to connect');
		} finally {
			credentialReads.failWith = undefined;
			credentialReuse.ms = reuse;
		}
	});
});
