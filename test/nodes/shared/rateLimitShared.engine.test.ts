// Two limiters on one SlickText key, through the engine against the sandbox limiting like SlickText:
// what two n8n queue-mode workers do. A process has one limiter per key, so the second "process" here is
// the same credential with the sandbox's address typed as 127.1 (the same host, 127.0.0.1, to the HTTP
// client and to the sandbox, which counts by API key; a different key to the limiter). Each must learn
// from x-RateLimit-Remaining how much the other uses, and together they must use the limit, not a part.
import * as path from 'node:path';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiterModule = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/rateLimiter.js'));

const PER_EACH = 120;

describe('two processes on one key, through the engine', () => {
	const ctx = useSandbox({ rateLimit: { perSecond: 8, perMinute: 480 } });
	beforeEach(() => limiterModule.resetLimiters());

	async function createContacts(first: number, count: number, credentials: ICredentialDataDecryptedObject) {
		const items = Array.from({ length: count }, (_, i) => ({ mobile: `+1414${String(first + i)}` }));
		return await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			items,
			credentials: { slickTextApi: credentials },
			continueOnFail: true,
		});
	}

	it(`together send ${2 * PER_EACH} creates at 85% of 8 a second or more while both send, none lost`, async () => {
		const first = ctx.sandbox.currentCredentials();
		const second = { ...first, baseUrl: String(first.baseUrl).replace('://127.0.0.1:', '://127.1:') };
		expect(limiterModule.limiterKey('current', second)).not.toBe(limiterModule.limiterKey('current', first));

		const [a, b] = await Promise.all([createContacts(5550000, PER_EACH, first), createContacts(5560000, PER_EACH, second)]);

		for (const run of [a, b]) {
			expect(run.error).toBeUndefined();
			expect(run.json.filter((item) => item.error !== undefined)).toEqual([]);
			expect(run.json).toHaveLength(PER_EACH);
		}
		const posts = ctx.sandbox.requests.filter((r) => r.method === 'POST');
		const accepted = posts.filter((r) => r.status === 200);
		const refused = posts.filter((r) => r.status === 429);
		expect(accepted).toHaveLength(2 * PER_EACH);
		// Measured by the server while both send: from 5 s after the first arrival (the limiters learn of
		// each other) to the last arrival of the run that finished first (the other is then alone and
		// takes the whole limit back). In real n8n queue mode the limiter before 7aac7b3 gave 75% (each
		// worker rounding its part down to 3 a second); in this one jest process it reached 85% too, so this
		// guards the behaviour and the bug itself is shown by the jittery simulation in rateLimiter.test.ts.
		const times = posts.map((r: any) => r.receivedAt as number);
		const from = Math.min(...times) + 5000;
		const lastOf = (prefix: string) => Math.max(...posts.filter((r: any) => String(r.rawBody).includes(prefix)).map((r: any) => r.receivedAt as number));
		const until = Math.min(lastOf('+1414555'), lastOf('+1414556'));
		const both = accepted.filter((r: any) => r.receivedAt >= from && r.receivedAt <= until).length;
		expect(until - from).toBeGreaterThan(5000);
		expect(both / (((until - from) / 1000) * 8)).toBeGreaterThanOrEqual(0.85);
		// The first seconds weigh heavily in so short a run (the first limiter still holds the whole limit
		// while the second learns): the 10% target is measured over the 1,200 creates of the queue-mode
		// benchmark (bench/queue-n8n.js).
		expect(refused.length / posts.length).toBeLessThan(0.15);
	}, 120_000);
});
