// `npm run check:live` (scripts/check-live.js), run here against the sandbox instead of a real account:
// with freedoms on, every read-only operation of both nodes is covered and every assumption holds in
// every form the specs allow; with freedoms off the nodes accept every answer; and the check fails when
// an answer breaks an assumption (a malformed envelope, a page that repeats, no rate headers).
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
import { freedomsFromEnvironment, useSandbox, type SandboxHandle } from '../helpers/sandbox';

const { checkLive, formatReport, configFromEnv, nodeReadOperations, main, LEGACY_NUMERIC } = require('../../scripts/check-live');

// The sandbox's limit high enough never to bite, but on, so that its answers carry the rate headers.
const RATE = { perSecond: 1000, perMinute: 60000 };
const NODE_RATE = { requestsPerSecond: 1000, requestsPerMinute: 60000 };
const seed = Number(process.env.SLICKTEXT_SANDBOX_SEED) || Math.floor(Math.random() * 2 ** 31);
// Whether the node side reads every form yet: the suite's own freedoms switch (test/helpers/sandbox.ts).
const nodesReadEveryForm = freedomsFromEnvironment() !== false;

function configFor(sandbox: SandboxHandle) {
	return {
		paceMs: 0,
		current: { apiKey: 'sandbox-api-key', brandId: '1001', baseUrl: sandbox.currentBaseUrl },
		legacy: { publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key', baseUrl: sandbox.legacyBaseUrl },
	};
}

const allChecks = (report: any) =>
	Object.values(report.platforms).flatMap((p: any) => [
		...p.operations.flatMap((op: any) => op.checks.map((c: any) => ({ op: op.name, ...c }))),
		...p.general.map((c: any) => ({ op: '-', ...c })),
	]);
const checkOf = (report: any, platform: string, op: string, name: string) =>
	report.platforms[platform].operations.find((o: any) => o.name === op)?.checks.find((c: any) => c.name === name);

describe('check:live against the sandbox with freedoms on', () => {
	const holder = useSandbox({ rateLimit: RATE, freedoms: { seed } });

	it('runs every GET operation of both nodes and finds every assumption holding in every allowed form', async () => {
		const report = await checkLive(configFor(holder.sandbox), { nodeCredentials: NODE_RATE });
		const text = formatReport(report);
		const reads = nodeReadOperations();
		expect(reads.current.length).toBeGreaterThanOrEqual(30);
		expect(reads.legacy.length).toBeGreaterThanOrEqual(15);
		for (const platform of ['current', 'legacy']) {
			expect(report.platforms[platform].operations.map((o: any) => o.name).sort()).toEqual([...reads[platform]].sort());
		}
		// Nothing skipped for want of a record: the sandbox has one of each.
		expect(allChecks(report).filter((c) => c.name === 'skipped')).toEqual([]);
		// Every check of the raw answers holds (freedoms or not); only notes and skips besides ok.
		const raw = allChecks(report).filter((c) => c.name !== 'node');
		expect(raw.filter((c) => c.status === 'FAIL')).toEqual([]);
		// The legacy answers came with numbers as strings, and the check saw them where they were.
		const notes = raw.filter((c) => c.name === 'field types' && c.status === 'note' && c.detail.startsWith('numbers as strings'));
		expect(notes.length).toBeGreaterThan(0);
		// Only legacy fields (the current API's integers stay integers), each one the spec lets be a string.
		const legacyOps = new Set(report.platforms.legacy.operations.map((o: any) => o.name));
		for (const note of notes) {
			expect(legacyOps.has(note.op)).toBe(true);
			for (const p of note.detail.replace('numbers as strings: ', '').split(', ')) expect(LEGACY_NUMERIC).toContain(p);
		}
		const served = holder.sandbox.requests.flatMap((r) => r.freedoms ?? []).filter((c) => c.endsWith(':string'));
		expect(served.length).toBeGreaterThan(0);
		// Paging fields of the current API: reported with the form they came in.
		expect(checkOf(report, 'current', 'contact.getAll', 'paging fields').detail).toMatch(/currentPage (number|string)/);
		// Errors and rate headers.
		for (const platform of ['current', 'legacy']) {
			const general = Object.fromEntries(report.platforms[platform].general.map((c: any) => [c.name, c]));
			expect(general['404 body'].status).toBe('ok');
			expect(general['bad key'].status).toBe('ok');
			expect(general['rate headers'].status).toBe('ok');
			expect(general['rate headers'].detail).toMatch(/^x-RateLimit 60000 on (\d+) of \1 answers/);
		}
		// The node's verdict is in the report for every operation; once the nodes read every form (the
		// suite's freedoms switch on), they must accept every answer.
		const node = allChecks(report).filter((c) => c.name === 'node');
		expect(node).toHaveLength(reads.current.length + reads.legacy.length);
		for (const c of node) expect(c.status === 'ok' || /^rejected: /.test(c.detail)).toBe(true);
		if (nodesReadEveryForm) expect(node.filter((c) => c.status !== 'ok')).toEqual([]);
		expect(text).toContain('Summary: ');
	});
});

describe('check:live against the sandbox with freedoms off', () => {
	const holder = useSandbox({ rateLimit: RATE, freedoms: false });

	it('reports every operation accepted by the node, and nothing failed', async () => {
		const report = await checkLive(configFor(holder.sandbox), { nodeCredentials: NODE_RATE });
		const failed = allChecks(report).filter((c) => c.status === 'FAIL');
		expect(failed).toEqual([]);
		const node = allChecks(report).filter((c) => c.name === 'node');
		expect(node.every((c) => c.status === 'ok' && /^accepted: \d+ item/.test(c.detail))).toBe(true);
		// Get Many runs with Limit 5: five items where the collection has that many.
		expect(checkOf(report, 'legacy', 'contact.getAll', 'node').detail).toBe('accepted: 5 item(s)');
		// The send log read is that of a recent message with a second page.
		expect(checkOf(report, 'legacy', 'message.getSendLog', 'second page').status).toBe('ok');
		// Only GET requests reached the sandbox: the check writes nothing.
		expect(new Set(holder.sandbox.requests.map((r) => r.method))).toEqual(new Set(['GET']));
	});

	it('fails what breaks an assumption: a malformed envelope, a repeated page, a 404 without a message', async () => {
		const { sandbox } = holder;
		sandbox.injectFault({ kind: 'body', body: { meta: { total: 'many' }, links: {}, textwords: 'none' }, match: { path: /\/legacy\/v1\/textwords$/ }, times: Infinity });
		// The second request to /contacts is the check's second page: it answers the first page again.
		const firstPage = await (await fetch(`${sandbox.currentBaseUrl}/brands/1001/contacts?limit=2`, { headers: { authorization: 'Bearer sandbox-api-key' } })).json();
		sandbox.injectFault({ kind: 'body', body: firstPage, match: { path: /\/brands\/1001\/contacts$/, nth: 2 } });
		sandbox.injectFault({ kind: 'status', status: 404, body: 'Not here', match: { path: '/v1/brands/1001/contacts/0' } });
		const report = await checkLive(configFor(sandbox), { nodeCredentials: NODE_RATE });
		expect(checkOf(report, 'legacy', 'textword.getAll', 'envelope')).toEqual(expect.objectContaining({ status: 'FAIL' }));
		expect(checkOf(report, 'legacy', 'textword.getAll', 'node')).toEqual(expect.objectContaining({ status: 'FAIL', detail: expect.stringMatching(/^rejected: /) }));
		expect(checkOf(report, 'current', 'contact.getAll', 'second page')).toEqual(expect.objectContaining({ status: 'FAIL' }));
		const general = Object.fromEntries(report.platforms.current.general.map((c: any) => [c.name, c]));
		expect(general['404 body']).toEqual(expect.objectContaining({ status: 'FAIL', detail: '404 Not here' }));
		// The textword ids come from the broken list: the operations that need one are skipped, and say so.
		expect(checkOf(report, 'legacy', 'textword.get', 'skipped')).toEqual(expect.objectContaining({ status: 'skip' }));
		expect(report.counts.FAIL).toBeGreaterThanOrEqual(4);
	});

	it('fails the rate headers when the answers carry none', async () => {
		holder.sandbox.setRateLimit(false);
		const report = await checkLive({ ...configFor(holder.sandbox), legacy: undefined }, { node: false });
		const rate = report.platforms.current.general.find((c: any) => c.name === 'rate headers');
		expect(rate).toEqual({ name: 'rate headers', status: 'FAIL', detail: expect.stringMatching(/^no x-RateLimit headers on any of \d+ answers$/) });
		expect(report.platforms.legacy).toBeUndefined();
		expect(allChecks(report).some((c) => c.name === 'node')).toBe(false);
	});
});

describe('check:live configuration', () => {
	it('reads the credentials from the environment and refuses to run without any', async () => {
		expect(configFromEnv({})).toEqual({ paceMs: 250 });
		expect(configFromEnv({ SLICKTEXT_API_KEY: 'k', SLICKTEXT_BRAND_ID: 'b26136', SLICKTEXT_CHECK_PACE_MS: '0' })).toEqual({
			paceMs: 0,
			current: { apiKey: 'k', brandId: '26136', baseUrl: 'https://dev.slicktext.com/v1' },
		});
		expect(configFromEnv({ SLICKTEXT_PUBLIC_KEY: 'pub_x', SLICKTEXT_PRIVATE_KEY: 'p', SLICKTEXT_LEGACY_BASE_URL: 'http://127.0.0.1:1/v1/' }).legacy).toEqual({
			publicKey: 'pub_x', privateKey: 'p', baseUrl: 'http://127.0.0.1:1/v1',
		});
		const saved = { ...process.env };
		const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
		try {
			for (const name of ['SLICKTEXT_API_KEY', 'SLICKTEXT_BRAND_ID', 'SLICKTEXT_PUBLIC_KEY', 'SLICKTEXT_PRIVATE_KEY']) delete process.env[name];
			expect(await main([])).toBe(2);
			expect(errors.mock.calls[0][0]).toContain('SLICKTEXT_API_KEY');
		} finally {
			process.env = saved;
			errors.mockRestore();
		}
	});
});
