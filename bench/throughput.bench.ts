// `npm run bench`: speed and memory of the nodes against the sandbox on loopback, next to the floor
// (a plain loop of fetch calls doing the same work). Prints a table; asserts nothing about time.
import { sleep } from 'n8n-workflow';
import * as https from 'node:https';

import { loadPackage, runNode } from '../test/helpers/engine';
import * as realN8n from './realN8n';
import { freePort, startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { measure } from './measure';

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
/** Return All is timed this many times for each side; the table shows the median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const PER_SECOND = 8;

interface Stats {
	requests: number;
	byStatus: Record<string, number>;
	firstAt?: number;
	lastAt?: number;
}

async function stats(base: string): Promise<Stats> {
	const origin = new URL(base).origin;
	return (await (await fetch(`${origin}/__sandbox/stats`)).json()) as never;
}


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The share of SlickText's allowed rate a burst reached, seen by the server (from the first request's
 * arrival to the last's): the fastest legal schedule sends 8 at once, then 8 more every second.
 */
function rateShare(s: Stats, requests: number): string {
	const fastest = Math.floor((requests - 1) / PER_SECOND);
	if (fastest === 0) return 'too few accepted to measure a rate';
	const span = ((s.lastAt ?? 0) - (s.firstAt ?? 0)) / 1000;
	return span > 0 ? `${((100 * fastest) / span).toFixed(0)}% of the allowed rate` : 'rate not measured';
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
		const floorRuns: Array<Awaited<ReturnType<typeof measure<number>>>> = [];
		const nodeRuns: typeof floorRuns = [];
		let floorRequests = 0;
		let nodeRequests = 0;
		for (let round = 0; round < ROUNDS; round++) {
			// The node keeps the credential's default rate (8 a second): each run starts once the
			// previous one's requests have left the one-second window, as a scheduled run would.
			await sleep(1_100);
			const before = await stats(baseUrl);
			floorRuns.push(await measure(floor));
			const middle = await stats(baseUrl);
			nodeRuns.push(await measure(node));
			const after = await stats(baseUrl);
			floorRequests = middle.requests - before.requests;
			nodeRequests = after.requests - middle.requests;
		}
		const f = { seconds: median(floorRuns.map((r) => r.seconds)), heap: Math.max(...floorRuns.map((r) => r.peakHeapMb)) };
		const n = { seconds: median(nodeRuns.map((r) => r.seconds)), heap: Math.max(...nodeRuns.map((r) => r.peakHeapMb)) };
		const minimum = Math.ceil(RECORDS / 10_000);
		rows.push({
			scenario: `${label}: plain fetch loop (floor)`,
			requests: floorRequests,
			records: floorRuns[0].value,
			seconds: f.seconds.toFixed(2),
			peakHeapMb: f.heap.toFixed(0),
			note: `median of ${ROUNDS} runs`,
		});
		rows.push({
			scenario: `${label}: node, Return All`,
			requests: nodeRequests,
			records: nodeRuns[0].value,
			seconds: n.seconds.toFixed(2),
			peakHeapMb: n.heap.toFixed(0),
			note: `${(n.seconds / f.seconds).toFixed(2)}x the floor's time; at least ${minimum} requests needed`,
		});
		expect(nodeRuns.every((r) => r.value === floorRuns[0].value)).toBe(true);
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

const numbers = (count: number) => Array.from({ length: count }, (_, i) => `+1212${String(3000000 + i).padStart(7, '0')}`);

describe('rate-limited bursts and list hygiene', () => {
	let sandbox: SandboxProcess;
	const creds = () => ({
		slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl },
	});

	afterEach(async () => sandbox?.stop());

	it(`${CREATES} Create Contact items against SlickText's limit (8/s, 480/min)`, async () => {
		// The sandbox limits exactly like SlickText here (its default).
		sandbox = await startSandboxProcess(['--contacts', '0']);
		const items = numbers(CREATES).map((mobile) => ({ mobile }));
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
		rows.push({
			scenario: `${CREATES} creates, rate limited: node in the test engine`,
			requests: after.requests - before.requests,
			records: created,
			seconds: run.seconds.toFixed(1),
			peakHeapMb: run.peakHeapMb.toFixed(0),
			note: `${failed} failed items, ${refused} answers 429, ${rateShare(after, created)}`,
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

/** Round trips (ms) the sandbox adds for the rate rows: 0 is loopback, 150 is about real SlickText. */
const RTTS = (process.env.BENCH_RTTS || '0,40,80,150').split(',').map(Number);
const RTT_CREATES = Number(process.env.BENCH_RTT_CREATES || 200);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiterModule = require('../dist/nodes/shared/transport/rateLimiter.js');

describe('rate-limited creates over a network (sandbox --latency-ms)', () => {
	let sandbox: SandboxProcess | undefined;
	afterEach(async () => {
		await sandbox?.stop();
		sandbox = undefined;
	});

	for (const rtt of RTTS) {
		it(`${RTT_CREATES} creates at ${rtt} ms round trip`, async () => {
			sandbox = await startSandboxProcess(['--contacts', '0', '--latency-ms', String(rtt)]);
			limiterModule.resetLimiters();
			// When the limiter let the first request go and took in the last answer (this process's clock).
			const proto = limiterModule.RateLimiter.prototype;
			const { tryBook, finish } = proto;
			let firstSent = Infinity;
			let lastAnswer = 0;
			proto.tryBook = function (this: unknown) {
				const booking = tryBook.call(this);
				if (typeof booking !== 'number') firstSent = Math.min(firstSent, Date.now());
				return booking;
			};
			proto.finish = function (this: unknown, booking: unknown) {
				lastAnswer = Math.max(lastAnswer, Date.now());
				return finish.call(this, booking);
			};
			let result;
			try {
				const items = numbers(RTT_CREATES).map((mobile) => ({ mobile }));
				result = await runNode({
					type: 'slickText',
					parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
					items,
					credentials: { slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl } },
					continueOnFail: true,
				});
			} finally {
				proto.tryBook = tryBook;
				proto.finish = finish;
			}
			const s = (await (await fetch(`${new URL(sandbox.currentBaseUrl).origin}/__sandbox/stats?arrivals=1`)).json()) as Stats & {
				arrivals: Array<[number, number]>;
			};
			const failed = result.items.filter((item) => item.error || item.json.error).length;
			const created = s.byStatus['200'] ?? 0;
			const refused = s.byStatus['429'] ?? 0;
			const fastest = Math.floor((created - 1) / PER_SECOND);
			const arrivalSpan = ((s.lastAt ?? 0) - (s.firstAt ?? 0)) / 1000;
			const wholeRun = (lastAnswer - firstSent) / 1000;
			// The most requests the server accepted in any one second (sliding): 8 is the limit.
			const accepted = s.arrivals.filter(([, status]) => status === 200).map(([at]) => at);
			let peak = 0;
			for (let i = 0, j = 0; i < accepted.length; i++) {
				while (accepted[i] - accepted[j] >= 1000) j++;
				peak = Math.max(peak, i - j + 1);
			}
			rows.push({
				scenario: `${RTT_CREATES} creates, rate limited, ${rtt} ms round trip`,
				requests: s.requests,
				records: created,
				seconds: wholeRun.toFixed(2),
				peakHeapMb: '-',
				note:
					`${failed} failed, ${refused} answers 429 (${((100 * refused) / s.requests).toFixed(1)}%); ` +
					`first sent to last answer ${wholeRun.toFixed(2)} s vs ideal ${(fastest + rtt / 1000).toFixed(2)} s = ${((100 * (fastest + rtt / 1000)) / wholeRun).toFixed(0)}%; ` +
					`first to last arrival ${arrivalSpan.toFixed(2)} s vs ideal ${fastest.toFixed(2)} s = ${((100 * fastest) / arrivalSpan).toFixed(0)}%; ` +
					`peak ${peak} accepted in 1 s`,
			});
			if (process.env.BENCH_RTT_TRACE) {
				const t0 = s.firstAt ?? 0;
				process.stdout.write(`arrivals at ${rtt} ms: ${s.arrivals.map(([at, st]) => `${at - t0}${st === 200 ? '' : `!${st}`}`).join(' ')}\n`);
			}
			expect(created).toBe(RTT_CREATES);
		});
	}
});

const PER_ITEM_CREATES = Number(process.env.BENCH_PER_ITEM_CREATES || 2_000);
const FIRST_REQUEST_ITEMS = Number(process.env.BENCH_FIRST_REQUEST_ITEMS || 1_000);

/**
 * n8n's own baseline for a declarative node: one property, a fixed base URL, the same request (POST
 * /contacts with the number) through the same engine. What our node costs beyond it is ours to cut.
 */
function registerMinimalNode(baseUrl: string) {
	loadPackage().nodes.minimalCreate = {
		description: {
			displayName: 'Minimal Create',
			name: 'minimalCreate',
			group: ['output'],
			version: 1,
			description: 'One property, one request',
			defaults: { name: 'Minimal Create' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'slickTextApi', required: true }],
			requestDefaults: { baseURL: `${baseUrl}/brands/1001`, headers: { Accept: 'application/json' }, json: true },
			properties: [
				{
					displayName: 'Mobile Number',
					name: 'mobileNumber',
					type: 'string',
					default: '',
					routing: { request: { method: 'POST', url: '/contacts' }, send: { type: 'body', property: 'mobile_number' } },
				},
			],
		},
	} as never;
}

describe('work per item (no rate limit)', () => {
	let sandbox: SandboxProcess;
	beforeAll(async () => {
		sandbox = await startSandboxProcess(['--contacts', '0', '--no-rate-limit']);
		registerMinimalNode(sandbox.currentBaseUrl);
	});
	afterAll(async () => sandbox?.stop());
	// The limiter allows far more than the run sends: what is left is the work per item.
	const creds = () => ({
		slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl, requestsPerSecond: 1e6, requestsPerMinute: 6e7 },
	});
	/** `slickTextRouting`: the same node with its custom operations removed, so n8n's routing node runs its routes. */
	const run = async (type: string, count: number, offset: number) => {
		const node = loadPackage().nodes.slickText as { customOperations?: unknown };
		const custom = node.customOperations;
		if (type === 'slickTextRouting') node.customOperations = undefined;
		try {
			return await runNode({
				type: type === 'minimalCreate' ? type : 'slickText',
				parameters: type === 'minimalCreate' ? { mobileNumber: '={{ $json.mobile }}' } : { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
				items: Array.from({ length: count }, (_, i) => ({ mobile: `+1212${String(offset + i).padStart(7, '0')}` })),
				credentials: creds(),
			});
		} finally {
			node.customOperations = custom;
		}
	};

	it(`${PER_ITEM_CREATES} creates: our node next to a minimal declarative node, and through n8n's routing node`, async () => {
		// Warm-up of all three (not measured), then alternate so that all see the same machine.
		await run('slickText', 50, 9_000_000);
		await run('minimalCreate', 50, 9_100_000);
		await run('slickTextRouting', 50, 9_200_000);
		const times: Record<string, number[]> = { slickText: [], minimalCreate: [], slickTextRouting: [] };
		const offsets: Record<string, number> = { minimalCreate: 0, slickText: 300_000, slickTextRouting: 600_000 };
		for (let round = 0; round < 3; round++) {
			for (const type of ['minimalCreate', 'slickText', 'slickTextRouting']) {
				const started = performance.now();
				const result = await run(type, PER_ITEM_CREATES, 1_000_000 * (round + 1) + offsets[type]);
				const ms = performance.now() - started;
				if (result.error) throw result.error;
				expect(result.items).toHaveLength(PER_ITEM_CREATES);
				times[type].push(ms / PER_ITEM_CREATES);
			}
		}
		const minimal = median(times.minimalCreate);
		const ours = median(times.slickText);
		const routing = median(times.slickTextRouting);
		rows.push({
			scenario: `${PER_ITEM_CREATES} creates, no rate limit: minimal declarative node (baseline)`,
			requests: PER_ITEM_CREATES,
			records: PER_ITEM_CREATES,
			seconds: ((minimal * PER_ITEM_CREATES) / 1000).toFixed(2),
			peakHeapMb: '-',
			note: `${minimal.toFixed(2)} ms per item (median of 3 runs)`,
		});
		rows.push({
			scenario: `${PER_ITEM_CREATES} creates, no rate limit: SlickText node`,
			requests: PER_ITEM_CREATES,
			records: PER_ITEM_CREATES,
			seconds: ((ours * PER_ITEM_CREATES) / 1000).toFixed(2),
			peakHeapMb: '-',
			note: `${ours.toFixed(2)} ms per item (median of 3 runs), ${(ours / minimal).toFixed(2)}x the minimal node`,
		});
		rows.push({
			scenario: `${PER_ITEM_CREATES} creates, no rate limit: SlickText node through n8n's routing node (custom operations removed)`,
			requests: PER_ITEM_CREATES,
			records: PER_ITEM_CREATES,
			seconds: ((routing * PER_ITEM_CREATES) / 1000).toFixed(2),
			peakHeapMb: '-',
			note: `${routing.toFixed(2)} ms per item (median of 3 runs), ${(routing / minimal).toFixed(2)}x the minimal node`,
		});
	});

	it(`${FIRST_REQUEST_ITEMS} items: when the first request leaves`, async () => {
		const result: Record<string, number> = {};
		for (const type of ['minimalCreate', 'slickText']) {
			const before = await stats(sandbox.currentBaseUrl);
			const started = Date.now();
			const done = await run(type, FIRST_REQUEST_ITEMS, type === 'slickText' ? 7_000_000 : 7_500_000);
			if (done.error) throw done.error;
			const s = (await (await fetch(`${new URL(sandbox.currentBaseUrl).origin}/__sandbox/stats?arrivals=1`)).json()) as {
				arrivals: Array<[number, number]>;
			};
			result[type] = (s.arrivals[before.requests][0] - started) / 1000;
		}
		rows.push({
			scenario: `${FIRST_REQUEST_ITEMS} creates: first request arrives after`,
			requests: FIRST_REQUEST_ITEMS,
			records: FIRST_REQUEST_ITEMS,
			seconds: result.slickText.toFixed(2),
			peakHeapMb: '-',
			note: `SlickText node ${result.slickText.toFixed(2)} s, minimal node ${result.minimalCreate.toFixed(2)} s after the run started (target: 2 s)`,
		});
	});
});

// Scenario 4: what a user would otherwise build, in the real n8n runtime of the end-to-end tests.
describe('the same creates in real n8n, next to n8n\'s HTTP Request node', () => {
	const installed = realN8n.runtimeInstalled() && process.env.BENCH_REAL_N8N !== '0';
	let port = 0;
	let folder = '';
	let variants: realN8n.Variant[] = [];

	beforeAll(async () => {
		if (!installed) {
			rows.push({ scenario: 'real n8n', requests: '-', records: '-', seconds: '-', peakHeapMb: '-', note: 'skipped: the n8n runtime is not installed (npm run test:e2e installs it)' });
			return;
		}
		// Each variant gets a fresh sandbox (fresh rate windows) on the same address, which the
		// workflows and the credential imported once point at.
		port = await freePort();
		const baseUrl = `http://127.0.0.1:${port}/v1`;
		variants = [
			realN8n.httpRequestVariant(baseUrl),
			realN8n.httpRequestVariant(baseUrl, { batchSize: PER_SECOND, batchInterval: 1000 }),
			realN8n.slickTextVariant(),
		];
		folder = realN8n.prepare(baseUrl, variants, numbers(CREATES));
	});
	afterAll(() => folder && !process.env.BENCH_KEEP_FOLDER && realN8n.cleanUp(folder));

	for (const index of [0, 1, 2]) {
		it(`variant ${index + 1}`, async () => {
			if (!installed) return;
			const variant = variants[index];
			const sandbox = await startSandboxProcess(['--contacts', '0'], port);
			try {
				const run = await realN8n.execute(folder, variant);
				const after = await stats(sandbox.currentBaseUrl);
				const created = after.byStatus['200'] ?? 0;
				rows.push({
					scenario: `${CREATES} creates, rate limited: ${variant.label}`,
					requests: after.requests,
					records: created,
					seconds: run.nodeSeconds.toFixed(1),
					peakHeapMb: '-',
					note: `${run.failed} failed items, ${after.byStatus['429'] ?? 0} answers 429, ${rateShare(after, created)}`,
				});
				expect(run.items).toBe(CREATES);
			} finally {
				await sandbox.stop();
			}
		});
	}
});

/** Round trips (ms) for the TLS rows; the sandbox adds them on TCP and TLS handshakes too (--tls). */
const TLS_RTTS = (process.env.BENCH_TLS_RTTS || '0,80').split(',').map(Number);
const TLS_REQUESTS = Number(process.env.BENCH_TLS_REQUESTS || 100);
/** Each side is timed this many times; the table shows the median. */
const TLS_ROUNDS = Number(process.env.BENCH_TLS_ROUNDS || 3);

interface TlsStats extends Stats {
	connections: number;
	tlsHandshakes: number;
	tlsResumed: number;
	peakOpenConnections: number;
}

/** One GET over https without verifying the sandbox's self-signed certificate (as the node's Ignore SSL Issues). */
function httpsGet(url: string, agent: https.Agent | false, headers: Record<string, string> = {}): Promise<string> {
	return new Promise((resolve, reject) => {
		const req = https.get(url, { agent, rejectUnauthorized: false, headers }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (chunk) => (body += chunk));
			res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`HTTP ${res.statusCode}: ${body}`))));
		});
		req.on('error', reject);
	});
}

/** The sandbox's counts (over TLS on a connection of its own, not counted); resetPeak starts the peak again. */
async function connectionStats(base: string, resetPeak = false): Promise<TlsStats> {
	const url = `${new URL(base).origin}/__sandbox/stats${resetPeak ? '?resetPeak=1' : ''}`;
	if (url.startsWith('https:')) return JSON.parse(await httpsGet(url, false)) as TlsStats;
	return (await (await fetch(url)).json()) as TlsStats;
}

describe('connections over TLS (sandbox --tls)', () => {
	const sandboxes: SandboxProcess[] = [];
	afterEach(async () => {
		await Promise.all(sandboxes.splice(0).map((s) => s.stop()));
	});

	const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

	/** The node: one Get Contact per item; `unlimited`: the limiter allows far more than the run sends. */
	const node = (baseUrl: string, unlimited = true) => async (count: number) => {
		const rate = unlimited ? { requestsPerSecond: 1e6, requestsPerMinute: 6e7 } : {};
		const result = await runNode({
			type: 'slickText',
			parameters: {
				resource: 'contact',
				operation: 'get',
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				requestOptions: { allowUnauthorizedCerts: true },
			},
			items: ids(count).map((id) => ({ id })),
			credentials: { slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl, ...rate } },
			continueOnFail: true,
		});
		if (result.error) throw result.error;
		return result.items.filter((item) => !item.error && !item.json.error).length;
	};

	/**
	 * The same GETs with Node's https, `inFlight` at a time (the next starts when one ends): through one
	 * agent that keeps connections alive (the floor), or, as n8n does, through a new agent for each
	 * request (a new connection, and no TLS session to resume).
	 */
	const plain = (baseUrl: string, keepAlive: boolean, inFlight: number) => async (count: number) => {
		const shared = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
		const queue = ids(count);
		const headers = { Authorization: 'Bearer sandbox-api-key', Accept: 'application/json' };
		let done = 0;
		try {
			await Promise.all(
				Array.from({ length: Math.min(inFlight, count) }, async () => {
					for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
						const agent = keepAlive ? shared : new https.Agent({ rejectUnauthorized: false });
						JSON.parse(await httpsGet(`${baseUrl}/brands/1001/contacts/${id}`, agent, headers));
						done++;
					}
				}),
			);
		} finally {
			shared.destroy();
		}
		return done;
	};

	interface Side {
		label: string;
		base: string;
		run: (count: number) => Promise<number>;
		/** The row it is compared with. */
		ref: string;
		rounds?: number;
		/** Against SlickText's limit: the note counts the answers 429. */
		limited?: boolean;
	}

	/** Times each side (after a warm-up) and adds its row with what the sandbox counted. */
	async function measureSides(rtt: number, sides: Side[]) {
		const results: Array<Side & { seconds: number; counted: Record<string, number> }> = [];
		for (const side of sides) {
			const rounds = side.rounds ?? TLS_ROUNDS;
			if (rounds > 1) await side.run(10); // warm-up, not counted
			const seconds: number[] = [];
			let counted: Record<string, number> = {};
			for (let round = 0; round < rounds; round++) {
				const before = await connectionStats(side.base, true);
				const run = await measure(() => side.run(TLS_REQUESTS));
				const after = await connectionStats(side.base);
				expect(run.value).toBe(TLS_REQUESTS);
				seconds.push(run.seconds);
				counted = {
					requests: after.requests - before.requests,
					refused: (after.byStatus['429'] ?? 0) - (before.byStatus['429'] ?? 0),
					connections: after.connections - before.connections,
					tlsHandshakes: after.tlsHandshakes - before.tlsHandshakes,
					tlsResumed: after.tlsResumed - before.tlsResumed,
					peak: after.peakOpenConnections,
				};
			}
			results.push({ ...side, seconds: median(seconds), counted });
		}
		for (const r of results) {
			const c = r.counted;
			const ref = results.find((other) => other.label === r.ref)!;
			const rounds = r.rounds ?? TLS_ROUNDS;
			rows.push({
				scenario: `connections, ${rtt} ms round trip: ${r.label}`,
				requests: c.requests,
				records: TLS_REQUESTS,
				seconds: r.seconds.toFixed(2),
				peakHeapMb: '-',
				note:
					`${c.connections} connections, ${c.tlsHandshakes} TLS handshakes (${c.tlsResumed} resumed), at most ${c.peak} open at once; ` +
					`${((1000 * r.seconds) / TLS_REQUESTS).toFixed(1)} ms per request; ` +
					(r === ref ? 'the reference' : `${(r.seconds / ref.seconds).toFixed(2)}x "${ref.label}"`) +
					(r.limited ? `; ${c.refused} answers 429` : '') +
					(rounds > 1 ? `; median of ${rounds}` : '; one run'),
			});
		}
	}

	for (const rtt of TLS_RTTS) {
		it(`${TLS_REQUESTS} Get Contact requests over TLS at ${rtt} ms round trip`, async () => {
			const args = ['--contacts', String(TLS_REQUESTS), '--latency-ms', String(rtt)];
			const start = async (extra: string[]) => {
				const started = await startSandboxProcess([...extra, ...args]);
				sandboxes.push(started);
				return started.currentBaseUrl;
			};
			const tls = await start(['--tls', '--no-rate-limit']);
			// Over plain HTTP the sandbox adds the round trip to each request only: connections cost nothing,
			// which is the most that keeping them alive could save the node.
			const http = await start(['--no-rate-limit']);
			// n8n's routing node starts every item's request before the first answer, and with this
			// credential the limiter holds none back: all of them are in flight at once. The rows "all at
			// once" do the same (the sandbox's peak of open connections shows it); "8 in flight" is about
			// what SlickText's limit of 8 a second keeps in flight.
			const floorAll = 'floor: https, keep-alive agent, all at once';
			const floor8 = 'floor: https, keep-alive agent, 8 in flight';
			await measureSides(rtt, [
				{ label: 'SlickText node (n8n request helpers)', base: tls, run: node(tls), ref: floorAll },
				{ label: 'SlickText node over plain HTTP (connections free)', base: http, run: node(http), ref: floorAll },
				{ label: floorAll, base: tls, run: plain(tls, true, TLS_REQUESTS), ref: floorAll },
				{ label: 'https, new agent per request (as n8n), all at once', base: tls, run: plain(tls, false, TLS_REQUESTS), ref: floorAll },
				{ label: floor8, base: tls, run: plain(tls, true, PER_SECOND), ref: floor8 },
				{ label: 'https, new agent per request (as n8n), 8 in flight', base: tls, run: plain(tls, false, PER_SECOND), ref: floor8 },
			]);
			// With SlickText's limit on (sandbox and credential): what the handshakes cost a paced run.
			const paced = 'SlickText node at SlickText\'s limit (8/s), plain HTTP (connections free)';
			const tlsLimited = await start(['--tls']);
			const httpLimited = await start([]);
			await measureSides(rtt, [
				{ label: 'SlickText node at SlickText\'s limit (8/s), TLS', base: tlsLimited, run: node(tlsLimited, false), ref: paced, rounds: 1, limited: true },
				{ label: paced, base: httpLimited, run: node(httpLimited, false), ref: paced, rounds: 1, limited: true },
			]);
		});
	}
});

/** Items per rate row (a 4/s API needs 15 s for 60): creates on the current API, opt-ins on the legacy one. */
const LIMIT_ITEMS = Number(process.env.BENCH_LIMIT_ITEMS || 60);
/** Round trips (ms) the sandbox adds in the rate rows: 0 is loopback, 150 is about real SlickText. */
const LIMIT_RTTS = (process.env.BENCH_LIMIT_RTTS || '0,150').split(',').map(Number);

interface LimitedSandbox {
	currentBaseUrl: string;
	legacyBaseUrl: string;
	stop(): Promise<void>;
}

/**
 * The sandbox in a process of its own, limiting at `limit` (fixed windows, x-RateLimit = perMinute,
 * Remaining, Reset, Retry-After on 429). `windowMax: false` leaves x-RateLimit out, as a proxy might.
 */
async function startLimitedSandbox(
	limit: { perSecond: number; perMinute: number },
	latencyMs: number,
	windowMax = true,
	port = 0,
): Promise<LimitedSandbox> {
	const { spawn } = await import('node:child_process');
	const server = require.resolve('../sandbox/server');
	const script = `
		const { startSandbox } = require(${JSON.stringify(server)});
		startSandbox({ rateLimit: ${JSON.stringify(limit)}, latencyMs: ${latencyMs} }, ${port}).then((sandbox) => {
			if (!${windowMax}) {
				const take = sandbox.rateLimiter.take.bind(sandbox.rateLimiter);
				sandbox.rateLimiter.take = (key) => { const v = take(key); delete v.headers['x-ratelimit']; return v; };
			}
			process.stdout.write('current ' + sandbox.currentBaseUrl + '\\nlegacy ' + sandbox.legacyBaseUrl + '\\n');
			process.on('SIGTERM', () => sandbox.stop().then(() => process.exit(0)));
			process.on('disconnect', () => process.exit(0));
		});`;
	const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
	let output = '';
	const urls = await new Promise<{ current: string; legacy: string }>((resolve, reject) => {
		child.stdout!.on('data', (chunk) => {
			output += String(chunk);
			const current = /current (\S+)\n/.exec(output);
			const legacy = /legacy (\S+)\n/.exec(output);
			if (current && legacy) resolve({ current: current[1], legacy: legacy[1] });
		});
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	return {
		currentBaseUrl: urls.current,
		legacyBaseUrl: urls.legacy,
		stop: () =>
			new Promise((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}

/**
 * The rows the limiter is judged by against a key whose real limit is lower than the credential's
 * default (8/480): SlickText publishes 4/s-240/min in one copy of its documentation. Each row starts on a
 * fresh sandbox (fresh windows) and, unless it is a second run, on a limiter that knows nothing yet.
 */
describe('a lower real limit: 4/s-240/min next to 8/s-480/min, credential at its defaults', () => {
	let sandbox: LimitedSandbox | undefined;
	afterEach(async () => {
		await sandbox?.stop();
		sandbox = undefined;
	});

	const run = (platform: 'current' | 'legacy', base: string, first: number) =>
		platform === 'current'
			? runNode({
					type: 'slickText',
					parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
					items: Array.from({ length: LIMIT_ITEMS }, (_, i) => ({ mobile: `+1213${String(5_000_000 + first + i)}` })),
					credentials: { slickTextApi: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: base } },
					continueOnFail: true,
				})
			: runNode({
					type: 'slickTextLegacy',
					parameters: { resource: 'contact', operation: 'optIn', textwordId: { __rl: true, mode: 'id', value: '5401' }, number: '={{ $json.number }}' },
					items: Array.from({ length: LIMIT_ITEMS }, (_, i) => ({ number: `+1213${String(5_000_000 + first + i)}` })),
					credentials: { slickTextLegacyApi: { publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key', baseUrl: base } },
					continueOnFail: true,
				});

	const cases: Array<{ limit: { perSecond: number; perMinute: number }; platform: 'current' | 'legacy'; rtt: number; windowMax?: boolean; secondRun?: boolean }> = [];
	for (const rtt of LIMIT_RTTS) {
		for (const limit of [
			{ perSecond: 4, perMinute: 240 },
			{ perSecond: 8, perMinute: 480 },
		]) {
			for (const platform of ['current', 'legacy'] as const) cases.push({ limit, platform, rtt });
		}
	}
	// What the limiter does without x-RateLimit (429s only), and what it remembers for the next run.
	cases.push({ limit: { perSecond: 4, perMinute: 240 }, platform: 'current', rtt: LIMIT_RTTS[0], windowMax: false });
	cases.push({ limit: { perSecond: 4, perMinute: 240 }, platform: 'current', rtt: LIMIT_RTTS[0], windowMax: false, secondRun: true });

	for (const c of cases) {
		const label =
			`${LIMIT_ITEMS} ${c.platform === 'current' ? 'creates (current)' : 'opt-ins (legacy)'}, API at ${c.limit.perSecond}/s-${c.limit.perMinute}/min, ${c.rtt} ms` +
			(c.windowMax === false ? ', no x-RateLimit' : '') +
			(c.secondRun ? ', second run' : '');
		it(label, async () => {
			limiterModule.resetLimiters();
			// The limiter is per credential, base URL included: a second run needs the same address.
			const port = await freePort();
			sandbox = await startLimitedSandbox(c.limit, c.rtt, c.windowMax !== false, port);
			if (c.secondRun) {
				// The first run teaches the limiter; then a fresh sandbox (fresh windows), the same process.
				await run(c.platform, c.platform === 'current' ? sandbox.currentBaseUrl : sandbox.legacyBaseUrl, 100_000);
				await sandbox.stop();
				sandbox = await startLimitedSandbox(c.limit, c.rtt, c.windowMax !== false, port);
			}
			const started = performance.now();
			const result = await run(c.platform, c.platform === 'current' ? sandbox.currentBaseUrl : sandbox.legacyBaseUrl, 0);
			const seconds = (performance.now() - started) / 1000;
			const s = (await (await fetch(`${new URL(sandbox.currentBaseUrl).origin}/__sandbox/stats?arrivals=1`)).json()) as Stats & {
				arrivals: Array<[number, number]>;
			};
			const failed = result.items.filter((item) => item.error || item.json.error).length;
			const refused = s.arrivals.filter(([, status]) => status === 429);
			// From the first 429 (or the first request, without one): the accepted rate as a share of the fastest
			// a client could have gone. After a 429 nothing is accepted until the server's second resets; then
			// perSecond at once, as many again every second. The sandbox's seconds are fixed windows, each
			// starting with the first request a second or more after the last one started.
			let windowStart = -Infinity;
			let from = s.arrivals[0][0];
			let resetAt = from;
			for (const arrival of s.arrivals) {
				if (arrival[0] - windowStart >= 1000) windowStart = arrival[0];
				if (arrival === refused[0]) {
					from = arrival[0];
					resetAt = windowStart + 1000;
				}
			}
			// Those after the first 429 in the order the server took them (one in the same millisecond may be before).
			const after = refused.length > 0 ? s.arrivals.slice(s.arrivals.indexOf(refused[0])) : s.arrivals;
			const accepted = after.filter(([, status]) => status !== 429).map(([at]) => at);
			const fastest = (resetAt - from) / 1000 + Math.floor((accepted.length - 1) / c.limit.perSecond);
			const span = (accepted[accepted.length - 1] - from) / 1000;
			rows.push({
				scenario: label,
				requests: s.requests,
				records: LIMIT_ITEMS - failed,
				seconds: seconds.toFixed(1),
				peakHeapMb: '-',
				note:
					`${failed} failed, ${refused.length} answered 429 (${((100 * refused.length) / s.requests).toFixed(1)}%); ` +
					`${refused.length > 0 ? 'after the first 429' : 'whole run'}: ${accepted.length} accepted in ${span.toFixed(2)} s ` +
					`vs fastest ${fastest.toFixed(2)} s = ${((100 * fastest) / span).toFixed(0)}% of ${c.limit.perSecond}/s`,
			});
			if (process.env.BENCH_RTT_TRACE) {
				const t0 = s.arrivals[0][0];
				process.stdout.write(`arrivals, ${label}: ${s.arrivals.map(([at, st]) => `${at - t0}${st === 429 ? '!' : ''}`).join(' ')}\n`);
			}
			expect(failed).toBe(0);
		});
	}
});
