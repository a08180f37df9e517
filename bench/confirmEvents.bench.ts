// The cost of the SlickText Trigger's "Confirm Events with SlickText" (current platform), and the options
// of Confirm Events measured side by side: where the lookup happens (before the webhook answers, as it was first built,
// or in the run, as now), remembering contacts confirmed a moment ago, sharing one request among events
// of one contact under way together, and asking for many events with one request. Runs the trigger
// through n8n-core (WebhookContext for the delivery, WorkflowExecute for the trigger's step in the run;
// test/nodes/SlickTextTrigger/triggerStep.ts) against the sandbox on loopback, so the times are the
// node's own plus the sandbox's: add SlickText's round trip. Prints tables; asserts nothing about time.
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../test/helpers/engine';
import { useWebhookServers } from '../test/helpers/webhook';
import { triggerWithRuns } from '../test/nodes/SlickTextTrigger/triggerStep';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../sandbox/server');
// The modules the node loaded from dist/: its memory of confirmed contacts and the rate limiters.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const verification = require(path.resolve(__dirname, '../dist/nodes/SlickTextTrigger/verification.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiters = require(path.resolve(__dirname, '../dist/nodes/shared/transport/rateLimiter.js'));

const EVENTS = Number(process.env.BENCH_CONFIRM_EVENTS || 200);
const BURST = Number(process.env.BENCH_CONFIRM_BURST || 100);
const PAIRS = Number(process.env.BENCH_CONFIRM_PAIRS || 50);
const SIGNUPS = Number(process.env.BENCH_CONFIRM_SIGNUPS || 80);
const THROUGHPUT = Number(process.env.BENCH_CONFIRM_THROUGHPUT || 1000);
const PER_SECOND = 8;
/** At first the webhook answered 503 when its lookup took longer than this (SlickText waits 5 s). */
const OLD_DEADLINE_MS = 4000;

useWebhookServers();

const quantile = (values: number[], q: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

function contactEvent(id: string, contact: IDataObject, name = 'contact_created'): IDataObject {
	return {
		id,
		name,
		url: 'https://example.com/hook',
		attempts: 1,
		date: '2025-01-22 09:00:00',
		data: { contact_id: contact.contact_id, _brand_id: contact._brand_id, mobile_number: contact.mobile_number, created: contact.created },
	};
}

function printTable(title: string, rows: Array<Record<string, string | number>>) {
	const headers = Object.keys(rows[0]);
	const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${headers.map((h) => r[h]).join(' | ')} |`)];
	console.log(`\n${title}\n\n${lines.join('\n')}`);
}

it('Confirm Events with SlickText: cost per event and the options considered', async () => {
	const sandbox = await startSandbox({ rateLimit: false, seed: { contacts: 1000 } });
	try {
		const contacts = sandbox.state.current.contacts as IDataObject[];
		const threads = (sandbox.state.current.threads as IDataObject[]).filter((t) => t.last_message_direction === 'incoming');
		const credentials = (extra: IDataObject = {}) => ({ slickTextApi: { ...sandbox.currentCredentials(), ...extra } });
		const trigger = async (confirmEvents: boolean, extra: IDataObject = {}) =>
			await triggerWithRuns({
				// Repeats are off so that every event is checked.
				parameters: { platform: 'current', events: ['*'], confirmEvents, ignoreRepeatedDeliveries: false },
				credentials: credentials(extra),
			});
		const fresh = () => {
			verification.forgetConfirmedContacts();
			limiters.resetLimiters();
			sandbox.reset();
		};

		// 1. One event at a time: what the webhook's answer costs, and when the step has passed the event on.
		const single: Array<Record<string, string | number>> = [];
		const sequential = async (scenario: string, confirm: boolean, make: (i: number) => IDataObject, forget: boolean) => {
			const t = await trigger(confirm);
			await t.deliver(make(0)); // warm-up
			fresh();
			const passed: number[] = [];
			for (let i = 1; i <= EVENTS; i++) {
				if (forget) verification.forgetConfirmedContacts();
				const started = performance.now();
				const { answer, step } = await t.deliver(make(i));
				if (answer.status !== 200 || step?.passed.length !== 1) throw new Error(`${scenario}: ${answer.status}, ${JSON.stringify(step)}`);
				passed.push(performance.now() - started);
			}
			const requests = sandbox.requests.length;
			// The answer alone: timed by the HTTP round trip of the delivery (the step runs after it).
			const t2 = await trigger(confirm);
			const answerOnly: number[] = [];
			for (let i = 1; i <= EVENTS; i++) {
				const started = performance.now();
				await fetch(t2.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(make(EVENTS + i)) }).then(async (r) => await r.arrayBuffer());
				answerOnly.push(performance.now() - started);
			}
			single.push({
				scenario,
				events: EVENTS,
				'requests per event': (requests / EVENTS).toFixed(2),
				'answer, median': ms(quantile(answerOnly, 0.5)),
				'answer, p95': ms(quantile(answerOnly, 0.95)),
				'passed on by the step, median': ms(quantile(passed, 0.5)),
				'passed on, p95': ms(quantile(passed, 0.95)),
			});
		};
		await sequential('contact_created, check off', false, (i) => contactEvent(`off-${i}`, contacts[i % contacts.length]), false);
		await sequential('contact_created, check on (GET /contacts/{id})', true, (i) => contactEvent(`on-${i}`, contacts[i % contacts.length]), true);
		await sequential(
			'contact_updated of a contact confirmed a moment ago, check on',
			true,
			(i) => contactEvent(`again-${i}`, contacts[(i % 20) + 1], 'contact_updated'),
			false,
		);
		await sequential(
			'inbox_message_received (last message), check on (GET /inbox-threads)',
			true,
			(i) => {
				const t = threads[i % threads.length];
				return { ...contactEvent(`in-${i}`, {}), name: 'inbox_message_received', data: { contact_id: t._contact_id, last_message: t.last_message } };
			},
			false,
		);
		printTable('Confirm Events with SlickText, one event at a time (sandbox on loopback, no rate limit)', single);

		// How many events one process confirms when SlickText's rate is not the limit: 30 deliveries in
		// flight, each answered and its step run, with the check off and on (distinct contacts).
		const throughput: Array<Record<string, string | number>> = [];
		for (const confirm of [false, true]) {
			fresh();
			const tt = await trigger(confirm);
			let next = 0;
			const started = performance.now();
			await Promise.all(
				Array.from({ length: 30 }, async () => {
					while (next < THROUGHPUT) {
						const i = next++;
						const { step } = await tt.deliver(contactEvent(`tp-${confirm}-${i}`, contacts[i % contacts.length]));
						if (step?.passed.length !== 1) throw new Error(`throughput: event ${i} not passed on`);
					}
				}),
			);
			const seconds = (performance.now() - started) / 1000;
			throughput.push({ check: confirm ? 'on' : 'off', events: THROUGHPUT, 'in flight': 30, 'events a second (answered and passed on)': (THROUGHPUT / seconds).toFixed(0), requests: sandbox.requests.length });
		}
		printTable('Events one process answers and passes on, 30 in flight (n8n-core, sandbox on loopback, no rate limit)', throughput);

		// 2. A burst at SlickText's rate limit, with the workflow's own request per event (List > Add
		// Contacts through the same credential, so the same limiter): where the lookup sits decides the answer.
		fresh();
		sandbox.setRateLimit({ perSecond: PER_SECOND, perMinute: 480 });
		const limited = { requestsPerSecond: PER_SECOND, requestsPerMinute: 480 };
		const t = await trigger(true, limited);
		const forgedEvery = 10;
		const started = performance.now();
		const outcomes = await Promise.all(
			Array.from({ length: BURST }, async (_, i) => {
				const contact = contacts[100 + i];
				const forged = i % forgedEvery === forgedEvery - 1;
				const body = contactEvent(`burst-${i}`, forged ? { ...contact, mobile_number: '+882355501234' } : contact);
				const sent = performance.now();
				const { answer, step } = await t.deliver(body);
				const confirmedAt = performance.now();
				let addedAt: number | undefined;
				if (step && step.passed.length > 0) {
					const run = await runNode({
						type: 'slickText',
						parameters: { resource: 'list', operation: 'addContacts', contactIds: String(contact.contact_id), listIds: '5' },
						credentials: credentials(limited),
					});
					if (!run.error) addedAt = performance.now();
				}
				return { forged, status: answer.status, lookupDone: confirmedAt - sent, addedAt: addedAt === undefined ? undefined : addedAt - started, passed: step?.passed.length ?? 0 };
			}),
		);
		const counted = sandbox.requests.filter((r: { status?: number }) => r.status !== 429).length;
		const lookups = outcomes.map((o) => o.lookupDone);
		const lastAdd = Math.max(...outcomes.map((o) => o.addedAt ?? 0));
		const real = outcomes.filter((o) => !o.forged);
		const burstRows = [
			{
				'where the lookup is': 'before the answer (as first built: answer when the lookup is done, 503 after 4 s)',
				'answered 2xx within 5 s': `${lookups.filter((v) => v <= OLD_DEADLINE_MS).length} of ${BURST}`,
				'answer, p50': ms(quantile(lookups, 0.5)),
				'answer, p95': ms(quantile(lookups, 0.95)),
				'answer, max': ms(Math.max(...lookups)),
				'real events added': `${real.filter((o) => o.addedAt !== undefined && o.lookupDone <= OLD_DEADLINE_MS).length} of ${real.length} now, the rest after SlickText's retry (1 min, 1 h, 1 day)`,
			},
			{
				'where the lookup is': 'in the run (now: answer at once, the step looks up)',
				'answered 2xx within 5 s': `${outcomes.filter((o) => o.status === 200).length} of ${BURST}`,
				'answer, p50': 'see one at a time',
				'answer, p95': '',
				'answer, max': '',
				'real events added': `${real.filter((o) => o.addedAt !== undefined).length} of ${real.length}, forged ${outcomes.filter((o) => o.forged && o.passed > 0).length}; last add after ${ms(lastAdd)}, the rate limit needs ${ms((counted / PER_SECOND) * 1000)} for the ${counted} requests`,
			},
		];
		printTable(`A burst of ${BURST} contact_created at once (1 in ${forgedEvery} forged), each real one added to a list, at ${PER_SECOND} requests a second`, burstRows);
		sandbox.setRateLimit(false);

		// 3. Sign-ups: contact_created, then contact_updated of the same contact a moment later.
		const pairs: Array<Record<string, string | number>> = [];
		for (const remember of [false, true]) {
			fresh();
			const tp = await trigger(true);
			for (let i = 0; i < PAIRS; i++) {
				const contact = contacts[200 + i];
				if (!remember) verification.forgetConfirmedContacts();
				await tp.deliver(contactEvent(`pair-c-${i}`, contact));
				if (!remember) verification.forgetConfirmedContacts();
				await tp.deliver(contactEvent(`pair-u-${i}`, contact, 'contact_updated'));
			}
			pairs.push({
				option: remember ? `remember contacts confirmed in the last ${verification.CONFIRMED_FOR_MS / 60000} minutes (shipped)` : 'ask for every event',
				events: PAIRS * 2,
				'requests per event': (sandbox.requests.length / (PAIRS * 2)).toFixed(2),
			});
		}
		// Events of one contact at the same moment (SlickText sends created and updated together).
		for (const share of [false, true]) {
			fresh();
			sandbox.injectFault({ kind: 'slow', delayMs: 50, times: 1000 });
			const tp = await trigger(true);
			for (let i = 0; i < PAIRS; i++) {
				const contact = contacts[300 + i];
				if (share) {
					await Promise.all([tp.deliver(contactEvent(`same-c-${i}`, contact)), tp.deliver(contactEvent(`same-u-${i}`, contact, 'contact_updated'))]);
				} else {
					// Without sharing, the second lookup leaves before the first is answered: the same as two requests.
					await tp.deliver(contactEvent(`same-c-${i}`, contact));
					verification.forgetConfirmedContacts();
					await tp.deliver(contactEvent(`same-u-${i}`, contact, 'contact_updated'));
				}
			}
			pairs.push({
				option: share ? 'two events of one contact at the same moment, one request shared (shipped)' : 'two events of one contact at the same moment, a request each',
				events: PAIRS * 2,
				'requests per event': (sandbox.requests.length / (PAIRS * 2)).toFixed(2),
			});
		}
		printTable('Requests per event when events repeat a contact (sandbox on loopback)', pairs);

		// 4. One request for many events: a prototype, not in the node. Contacts created through the API at
		// SlickText's rate share the second in `created`; their events are looked up with one
		// GET /contacts?created=<that second> per second instead of one GET /contacts/{id} each.
		fresh();
		sandbox.setRateLimit({ perSecond: PER_SECOND, perMinute: 480 });
		const base = sandbox.currentBaseUrl;
		const auth = { authorization: `Bearer ${sandbox.currentCredentials().apiKey}`, 'content-type': 'application/json' };
		const created: IDataObject[] = [];
		const createdStart = performance.now();
		for (let i = 0; created.length < SIGNUPS; i++) {
			const r = await fetch(`${base}/brands/1001/contacts`, { method: 'POST', headers: auth, body: JSON.stringify({ mobile_number: `+1617444${String(i).padStart(4, '0')}`, opt_in_status: 'subscribed' }) });
			if (r.status === 429) await new Promise((res) => setTimeout(res, 150));
			else created.push((await r.json()) as IDataObject);
		}
		const createSeconds = (performance.now() - createdStart) / 1000;
		sandbox.setRateLimit(false);
		sandbox.requests.length = 0;
		const seconds = new Map<string, IDataObject[]>();
		for (const c of created) {
			const stamp = String(c.created);
			seconds.set(stamp, [...(seconds.get(stamp) ?? []), c]);
		}
		let found = 0;
		const lookupStart = performance.now();
		for (const [stamp, group] of seconds) {
			const want = new Set(group.map((c) => c.contact_id));
			const r = await fetch(`${base}/brands/1001/contacts?created=${encodeURIComponent(stamp)}&limit=1000`, { headers: auth });
			const body = (await r.json()) as { data: IDataObject[] };
			found += body.data.filter((c) => want.has(c.contact_id)).length;
		}
		const lookupMs = performance.now() - lookupStart;
		printTable('One request for many events (a prototype: GET /contacts?created=<second>, not in the node)', [
			{
				'sign-ups': `${SIGNUPS}, created at SlickText's rate (${(SIGNUPS / createSeconds).toFixed(1)} a second)`,
				'requests, one per event': SIGNUPS,
				'requests, one per second of created': seconds.size,
				'requests per event': (seconds.size / SIGNUPS).toFixed(2),
				'events found in their second': `${found} of ${SIGNUPS}`,
				time: ms(lookupMs),
			},
		]);
	} finally {
		await sandbox.stop();
	}
});
