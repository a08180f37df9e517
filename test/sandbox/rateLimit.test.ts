// The sandbox's rate limit as SlickText documents it: x-RateLimit (the window's maximum: the per-minute
// number when set), x-RateLimit-Remaining and x-RateLimit-Reset (seconds) on every answer, 429 with
// x-RateLimit-Reset over the limit; switched by startSandbox({rateLimit}) and by the command line
// (`npm run sandbox -- --rate-limit 4/240`, `--no-rate-limit`).
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

const { startSandbox, DEFAULT_RATE_LIMIT } = require('../../sandbox/server');

const CURRENT_AUTH = { authorization: 'Bearer sandbox-api-key' };
const LEGACY_AUTH = { authorization: `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}` };

const rateHeaders = (res: Response) => ({
	limit: res.headers.get('x-ratelimit'),
	remaining: res.headers.get('x-ratelimit-remaining'),
	reset: res.headers.get('x-ratelimit-reset'),
});

describe('sandbox rate limit', () => {
	let sandbox: any;
	afterEach(async () => {
		await sandbox?.stop();
		sandbox = undefined;
	});

	// Its windows run on a clock the test holds still, so that all five requests fall in one second however
	// slowly the machine sends them.
	const frozen = () => 1_000_000;

	it('at 4/s and 240/min: x-RateLimit is 240, Remaining counts down, the 5th in a second is a 429 with its reset', async () => {
		sandbox = await startSandbox({ rateLimit: { perSecond: 4, perMinute: 240 } });
		sandbox.setRateLimit({ perSecond: 4, perMinute: 240 }, frozen);
		const url = `${sandbox.currentBaseUrl}/brands/1001/usage`;
		const answers = [];
		for (let i = 0; i < 5; i++) answers.push(await fetch(url, { headers: CURRENT_AUTH }));
		expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
		expect(answers.slice(0, 4).map((r) => rateHeaders(r).limit)).toEqual(['240', '240', '240', '240']);
		expect(answers.slice(0, 4).map((r) => rateHeaders(r).remaining)).toEqual(['239', '238', '237', '236']);
		for (const res of answers.slice(0, 4)) {
			const reset = Number(rateHeaders(res).reset);
			expect(reset).toBeGreaterThan(55);
			expect(reset).toBeLessThanOrEqual(60);
		}
		// Blocked by the second window: it resets within a second, and the 429 says so.
		const blocked = answers[4];
		expect(rateHeaders(blocked).limit).toBe('240');
		expect(Number(rateHeaders(blocked).reset)).toBeGreaterThan(0);
		expect(Number(rateHeaders(blocked).reset)).toBeLessThanOrEqual(1);
		expect(await blocked.json()).toEqual({ message: 'Too Many Attempts.' });
		// Each key (and each API) has its own windows.
		const legacy = await fetch(`${sandbox.legacyBaseUrl}/account`, { headers: LEGACY_AUTH });
		expect(legacy.status).toBe(200);
		expect(rateHeaders(legacy)).toEqual({ limit: '240', remaining: '239', reset: expect.any(String) });
	});

	it('over the minute window: 429 with the seconds until the minute resets', async () => {
		sandbox = await startSandbox({ rateLimit: { perSecond: 100, perMinute: 3 } });
		sandbox.setRateLimit({ perSecond: 100, perMinute: 3 }, frozen);
		const url = `${sandbox.legacyBaseUrl}/account`;
		const statuses = [];
		let last: Response | undefined;
		for (let i = 0; i < 4; i++) {
			last = await fetch(url, { headers: LEGACY_AUTH });
			statuses.push(last.status);
		}
		expect(statuses).toEqual([200, 200, 200, 429]);
		expect(rateHeaders(last!).limit).toBe('3');
		expect(rateHeaders(last!).remaining).toBe('0');
		expect(Number(rateHeaders(last!).reset)).toBeGreaterThan(55);
	});

	it("defaults to SlickText's documented 8/s and 480/min, and sends no rate headers when switched off", async () => {
		expect(DEFAULT_RATE_LIMIT).toEqual({ perSecond: 8, perMinute: 480 });
		sandbox = await startSandbox();
		const on = await fetch(`${sandbox.currentBaseUrl}/brands/1001/usage`, { headers: CURRENT_AUTH });
		expect(rateHeaders(on).limit).toBe('480');
		sandbox.setRateLimit(false);
		const off = await fetch(`${sandbox.currentBaseUrl}/brands/1001/usage`, { headers: CURRENT_AUTH });
		expect(rateHeaders(off)).toEqual({ limit: null, remaining: null, reset: null });
	});
});

describe('npm run sandbox switches', () => {
	const cli = path.resolve(__dirname, '../../sandbox/cli.js');
	const children: ChildProcess[] = [];
	afterEach(() => {
		for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
	});

	/** Starts the command line sandbox on a free port; resolves with its printed text and origin. */
	function start(args: string[]): Promise<{ text: string; origin: string }> {
		const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		children.push(child);
		return new Promise((resolve, reject) => {
			let text = '';
			child.stdout!.on('data', (chunk) => {
				text += chunk;
				const m = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(text);
				if (m && text.includes('Try:')) resolve({ text, origin: m[1] });
			});
			child.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${text}`)));
		});
	}

	function fails(args: string[]): Promise<{ code: number | null; stderr: string }> {
		const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		children.push(child);
		let stderr = '';
		child.stderr!.on('data', (chunk) => (stderr += chunk));
		return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
	}

	it('--rate-limit 4/240 limits at 4 a second and shows x-RateLimit 240; --freedoms prints its seed', async () => {
		const { text, origin } = await start(['--rate-limit', '4/240', '--freedoms', '42']);
		expect(text).toContain('Rate limit: 4 a second, 240 a minute');
		expect(text).toContain('Freedoms: on, seed 42');
		// Five at once (the server in its own process keeps the wall clock): they arrive within milliseconds
		// of each other, far inside one second.
		const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${origin}/v1/brands/1001/usage`, { headers: CURRENT_AUTH })));
		expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 429]);
		expect(rateHeaders(answers.find((res) => res.status === 200)!).limit).toBe('240');
	});

	it('--no-rate-limit switches it off; the default is 8/480 with freedoms off', async () => {
		const off = await start(['--no-rate-limit']);
		expect(off.text).toContain('Rate limit: off');
		const statuses = [];
		for (let i = 0; i < 12; i++) statuses.push((await fetch(`${off.origin}/v1/brands/1001/usage`, { headers: CURRENT_AUTH })).status);
		expect(new Set(statuses)).toEqual(new Set([200]));
		const plain = await start([]);
		expect(plain.text).toContain('Rate limit: 8 a second, 480 a minute (as SlickText documents)');
		expect(plain.text).toContain('Freedoms: off');
	});

	it('refuses a malformed --rate-limit or --freedoms', async () => {
		const rate = await fails(['--rate-limit', '4']);
		expect(rate.code).toBe(1);
		expect(rate.stderr).toContain('--rate-limit wants <per second>/<per minute>');
		const freedoms = await fails(['--freedoms', 'sometimes']);
		expect(freedoms.code).toBe(1);
		expect(freedoms.stderr).toContain('--freedoms wants a seed');
	});
});
