// `npm run bench`: speed and memory of the nodes against the sandbox on loopback, next to the floor
// (a plain loop of fetch calls doing the same work). Prints a table; asserts nothing about time.
import { runNode } from '../test/helpers/engine';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';

interface Row {
	scenario: string;
	requests: number | string;
	records: number | string;
	seconds: string;
	peakHeapMb: string;
	note: string;
}

const rows: Row[] = [];
const RECORDS = Number(process.env.BENCH_RECORDS || 50_000);
const CREATES = Number(process.env.BENCH_CREATES || 1_000);
const REMOVALS = Number(process.env.BENCH_REMOVALS || 5_000);

async function stats(base: string): Promise<{ requests: number; byStatus: Record<string, number> }> {
	const origin = new URL(base).origin;
	return (await (await fetch(`${origin}/__sandbox/stats`)).json()) as never;
}

/** Wall time and peak heap growth of one run (heap sampled every 5 ms after a full GC). */
async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakHeapMb: number }> {
	const gc = (global as { gc?: () => void }).gc;
	gc?.();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().heapUsed);
	}, 5);
	const started = process.hrtime.bigint();
	const value = await fn();
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	clearInterval(timer);
	return { value, seconds, peakHeapMb: (peak - base) / 1024 / 1024 };
}

function printTable() {
	const headers: Array<keyof Row> = ['scenario', 'requests', 'records', 'seconds', 'peakHeapMb', 'note'];
	const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	const out = [
		line(headers.map(String)),
		line(widths.map((w) => '-'.repeat(w))),
		...rows.map((r) => line(headers.map((h) => String(r[h])))),
	];
	process.stdout.write(`\n${out.join('\n')}\n\n`);
}

afterAll(printTable);

describe('Return All at the API maximum page size', () => {
	let sandbox: SandboxProcess;
	beforeAll(async () => {
		sandbox = await startSandboxProcess(['--contacts', String(RECORDS), '--subscribers', String(RECORDS), '--no-rate-limit']);
	});
	afterAll(async () => sandbox?.stop());

	const currentCreds = () => ({
		slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl },
	});
	const legacyCreds = () => ({
		slickTextLegacyApi: { publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key', baseUrl: sandbox.legacyBaseUrl },
	});

	async function floorCurrent(): Promise<number> {
		const records: Array<{ json: unknown }> = [];
		for (let offset = 0; ; ) {
			const res = await fetch(`${sandbox.currentBaseUrl}/brands/1001/contacts?limit=10000&offset=${offset}`, {
				headers: { Authorization: 'Bearer sandbox-api-key', Accept: 'application/json' },
			});
			const body = (await res.json()) as { data: unknown[]; pagingData: { hasMore: boolean } };
			for (const r of body.data) records.push({ json: r });
			offset += body.data.length;
			if (!body.pagingData.hasMore) return records.length;
		}
	}

	async function floorLegacy(): Promise<number> {
		const records: Array<{ json: unknown }> = [];
		const auth = `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}`;
		for (let offset = 0; ; ) {
			const res = await fetch(`${sandbox.legacyBaseUrl}/contacts?limit=10000&offset=${offset}`, {
				headers: { Authorization: auth, Accept: 'application/json' },
			});
			const body = (await res.json()) as { contacts: unknown[]; meta: { total: number } };
			for (const r of body.contacts) records.push({ json: r });
			offset += body.contacts.length;
			if (body.contacts.length === 0 || offset >= Number(body.meta.total)) return records.length;
		}
	}

	async function compare(label: string, baseUrl: string, floor: () => Promise<number>, node: () => Promise<number>) {
		// One warm-up of each, so that neither pays for first-time compilation.
		await floor();
		await node();
		const before = await stats(baseUrl);
		const f = await measure(floor);
		const middle = await stats(baseUrl);
		const n = await measure(node);
		const after = await stats(baseUrl);
		rows.push({
			scenario: `${label}: plain fetch loop (floor)`,
			requests: middle.requests - before.requests,
			records: f.value,
			seconds: f.seconds.toFixed(2),
			peakHeapMb: f.peakHeapMb.toFixed(0),
			note: '',
		});
		rows.push({
			scenario: `${label}: node, Return All`,
			requests: after.requests - middle.requests,
			records: n.value,
			seconds: n.seconds.toFixed(2),
			peakHeapMb: n.peakHeapMb.toFixed(0),
			note: `${(n.seconds / f.seconds).toFixed(2)}x the floor's time`,
		});
		expect(n.value).toBe(f.value);
	}

	it('current API: Get Many contacts', async () => {
		await compare('current contacts', sandbox.currentBaseUrl, floorCurrent, async () => {
			const result = await runNode({
				type: 'slickText',
				parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
				credentials: currentCreds(),
			});
			if (result.error) throw result.error;
			return result.items.length;
		});
	});

	it('legacy API: Get Many subscribers', async () => {
		await compare('legacy subscribers', sandbox.legacyBaseUrl, floorLegacy, async () => {
			const result = await runNode({
				type: 'slickTextLegacy',
				parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
				credentials: legacyCreds(),
			});
			if (result.error) throw result.error;
			return result.items.length;
		});
	});
});

describe('rate-limited bursts and list hygiene', () => {
	let sandbox: SandboxProcess;
	const creds = () => ({
		slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl },
	});

	afterEach(async () => sandbox?.stop());

	it(`${CREATES} Create Contact items against SlickText's limit (8/s, 480/min)`, async () => {
		// The sandbox limits exactly like SlickText here (its default).
		sandbox = await startSandboxProcess(['--contacts', '0']);
		const items = Array.from({ length: CREATES }, (_, i) => ({ mobile: `+1212${String(3000000 + i).padStart(7, '0')}` }));
		const before = await stats(sandbox.currentBaseUrl);
		const run = await measure(() =>
			runNode({
				type: 'slickText',
				parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
				items,
				credentials: creds(),
				continueOnFail: true,
			}),
		);
		const after = await stats(sandbox.currentBaseUrl);
		const failed = run.value.items.filter((item) => item.error || item.json.error).length;
		const created = (after.byStatus['200'] ?? 0) - (before.byStatus['200'] ?? 0);
		const refused = (after.byStatus['429'] ?? 0) - (before.byStatus['429'] ?? 0);
		// The best possible: 480 in the first minute, then 8 a second.
		const floorSeconds = CREATES <= 480 ? (CREATES - 8) / 8 : 60 + (CREATES - 480) / 8;
		rows.push({
			scenario: `${CREATES} creates, rate limited`,
			requests: after.requests - before.requests,
			records: created,
			seconds: run.seconds.toFixed(1),
			peakHeapMb: run.peakHeapMb.toFixed(0),
			note: `${failed} failed items, ${refused} answers 429, ${((100 * floorSeconds) / run.seconds).toFixed(0)}% of the allowed rate`,
		});
		expect(failed).toBe(0);
		expect(created).toBe(CREATES);
	});

	it(`list hygiene: remove ${REMOVALS} contacts from a list`, async () => {
		sandbox = await startSandboxProcess(['--contacts', String(REMOVALS + 1000), '--no-rate-limit']);
		const ids = Array.from({ length: REMOVALS }, (_, i) => i + 1);
		const batches: Array<{ ids: number[] }> = [];
		for (let i = 0; i < ids.length; i += 500) batches.push({ ids: ids.slice(i, i + 500) });
		const listParams = { resource: 'list', listIds: '={{ [1] }}', contactIds: '={{ $json.ids }}' };
		// Make them members first (not measured), then remove them in batches of 500 per item.
		const setup = await runNode({ type: 'slickText', parameters: { ...listParams, operation: 'addContacts' }, items: batches, credentials: creds() });
		if (setup.error) throw setup.error;
		const before = await stats(sandbox.currentBaseUrl);
		const run = await measure(() =>
			runNode({ type: 'slickText', parameters: { ...listParams, operation: 'removeContacts' }, items: batches, credentials: creds() }),
		);
		const after = await stats(sandbox.currentBaseUrl);
		if (run.value.error) throw run.value.error;
		rows.push({
			scenario: `remove ${REMOVALS} contacts from a list`,
			requests: after.requests - before.requests,
			records: REMOVALS,
			seconds: run.seconds.toFixed(2),
			peakHeapMb: run.peakHeapMb.toFixed(0),
			note: `${batches.length} items of 500 contact IDs, one request each`,
		});
		expect(after.requests - before.requests).toBe(batches.length);
	});
});
