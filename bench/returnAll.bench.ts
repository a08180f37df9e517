// `npm run bench`: Return All of big brands (100k / 300k / 500k records) on both APIs, at 0 and 80 ms
// round trip (the sandbox's --latency-ms), next to a plain sequential fetch loop (the floor) keeping
// the same { json } items. Prints a table; asserts only that both sides got every record.
// BENCH_BIG_SIZES="100000,300000" and BENCH_BIG_LATENCIES="0" narrow the run.
import { runNode } from '../test/helpers/engine';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { measure } from './measure';

interface Row {
	scenario: string;
	rtt: string;
	records: number;
	floor: string;
	node: string;
	time: string;
	memory: string;
}

const rows: Row[] = [];
const SIZES = (process.env.BENCH_BIG_SIZES || '100000,300000,500000').split(',').map(Number);
const LATENCIES = (process.env.BENCH_BIG_LATENCIES || '0,80').split(',').map(Number);

async function requestCount(base: string): Promise<number> {
	const origin = new URL(base).origin;
	return ((await (await fetch(`${origin}/__sandbox/stats`)).json()) as { requests: number }).requests;
}


function printTable() {
	const headers: Array<keyof Row> = ['scenario', 'rtt', 'records', 'floor', 'node', 'time', 'memory'];
	const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	process.stdout.write(
		`\n${[line(headers.map(String)), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(headers.map((h) => String(r[h]))))].join('\n')}\n` +
			'floor / node: seconds, requests, peak heap growth (MB); time and memory: node / floor\n\n',
	);
}

afterAll(printTable);

async function floorCurrent(base: string): Promise<number> {
	const records: Array<{ json: unknown }> = [];
	for (let offset = 0; ; ) {
		const res = await fetch(`${base}/brands/1001/contacts?limit=10000&offset=${offset}`, {
			headers: { Authorization: 'Bearer sandbox-api-key', Accept: 'application/json' },
		});
		const body = (await res.json()) as { data: unknown[]; pagingData: { hasMore: boolean } };
		for (const r of body.data) records.push({ json: r });
		offset += body.data.length;
		if (!body.pagingData.hasMore) return records.length;
	}
}

async function floorLegacy(base: string): Promise<number> {
	const records: Array<{ json: unknown }> = [];
	const auth = `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}`;
	for (let offset = 0; ; ) {
		const res = await fetch(`${base}/contacts?limit=10000&offset=${offset}`, { headers: { Authorization: auth, Accept: 'application/json' } });
		const body = (await res.json()) as { contacts: unknown[]; meta: { total: number } };
		for (const r of body.contacts) records.push({ json: r });
		offset += body.contacts.length;
		if (body.contacts.length === 0 || offset >= Number(body.meta.total)) return records.length;
	}
}

for (const latency of LATENCIES) {
	for (const size of SIZES) {
		describe(`Return All of ${size} records at ${latency} ms round trip`, () => {
			let sandbox: SandboxProcess;
			beforeAll(async () => {
				sandbox = await startSandboxProcess([
					'--contacts', String(size), '--subscribers', String(size), '--no-rate-limit', '--latency-ms', String(latency),
				]);
			});
			afterAll(async () => sandbox?.stop());

			async function compare(label: string, base: string, floor: () => Promise<number>, node: () => Promise<number>) {
				const r0 = await requestCount(base);
				const f = await measure(floor);
				const r1 = await requestCount(base);
				const n = await measure(node);
				const r2 = await requestCount(base);
				expect(n.value).toBe(size);
				expect(f.value).toBe(size);
				rows.push({
					scenario: label,
					rtt: `${latency} ms`,
					records: size,
					floor: `${f.seconds.toFixed(2)} s, ${r1 - r0} req, ${f.peakHeapMb.toFixed(0)} MB`,
					node: `${n.seconds.toFixed(2)} s, ${r2 - r1} req, ${n.peakHeapMb.toFixed(0)} MB`,
					time: `${(n.seconds / f.seconds).toFixed(2)}x`,
					memory: `${(n.peakHeapMb / f.peakHeapMb).toFixed(2)}x`,
				});
			}

			it('current API: Contact > Get Many, Return All', async () => {
				await compare('current contacts', sandbox.currentBaseUrl, () => floorCurrent(sandbox.currentBaseUrl), async () => {
					const result = await runNode({
						type: 'slickText',
						parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
						credentials: { slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl } },
					});
					if (result.error) throw result.error;
					return result.items.length;
				});
			});

			it('legacy API: Contact > Get Many, Return All', async () => {
				await compare('legacy subscribers', sandbox.legacyBaseUrl, () => floorLegacy(sandbox.legacyBaseUrl), async () => {
					const result = await runNode({
						type: 'slickTextLegacy',
						parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
						credentials: {
							slickTextLegacyApi: { publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key', baseUrl: sandbox.legacyBaseUrl },
						},
					});
					if (result.error) throw result.error;
					return result.items.length;
				});
			});
		});
	}
}
