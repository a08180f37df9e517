// The cost of the SlickText Trigger's "Confirm Events with SlickText" (current platform): requests per
// event, the time it adds to the webhook's answer, and how many events of a burst are answered within
// SlickText's 5 seconds when the checks share the credential's rate limit. Prints a table; asserts
// nothing about time. Runs the trigger through n8n-core's WebhookContext (test/helpers/webhook.ts)
// against the sandbox on loopback, so the times are the node's own: add SlickText's round trip.
import type { IDataObject } from 'n8n-workflow';

import { postJson, startWebhookServer } from '../test/helpers/webhook';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../sandbox/server');

const EVENTS = Number(process.env.BENCH_CONFIRM_EVENTS || 200);
const BURST = Number(process.env.BENCH_CONFIRM_BURST || 60);

interface Row {
	scenario: string;
	events: number;
	requestsPerEvent: string;
	medianMs: string;
	p95Ms: string;
	note: string;
}

const quantile = (values: number[], q: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

function event(id: string, contact: IDataObject): IDataObject {
	return {
		id,
		name: 'contact_created',
		url: 'https://example.com/hook',
		attempts: 1,
		date: '2025-01-22 09:00:00',
		data: { contact_id: contact.contact_id, _brand_id: contact._brand_id, mobile_number: contact.mobile_number },
	};
}

function thread(id: string, t: IDataObject): IDataObject {
	return { ...event(id, {}), name: 'inbox_message_received', data: { contact_id: t._contact_id, last_message: t.last_message } };
}

it('Confirm Events with SlickText: cost per event', async () => {
	const sandbox = await startSandbox({ rateLimit: false });
	const rows: Row[] = [];
	const servers: Array<{ close(): Promise<void> }> = [];
	try {
		const contacts = sandbox.state.current.contacts as IDataObject[];
		// Threads whose last message came from the contact, as in an inbox_message_received event.
		const threads = (sandbox.state.current.threads as IDataObject[]).filter((t) => t.last_message_direction === 'incoming');
		const trigger = async (confirmEvents: boolean, credentials: IDataObject = {}) => {
			const server = await startWebhookServer({
				type: 'slickTextTrigger',
				typeVersion: 2,
				// Repeats are off so that every event is checked and started.
				parameters: { platform: 'current', events: ['*'], confirmEvents, ignoreRepeatedDeliveries: false },
				credentials: { slickTextApi: { ...sandbox.currentCredentials(), ...credentials } },
			});
			servers.push(server);
			return server;
		};

		const sequential = async (scenario: string, confirm: boolean, make: (i: number) => IDataObject, note: string) => {
			const t = await trigger(confirm);
			await postJson(t.url, make(0)); // warm-up
			sandbox.reset();
			const times: number[] = [];
			for (let i = 1; i <= EVENTS; i++) {
				const started = performance.now();
				const answer = await postJson(t.url, make(i));
				times.push(performance.now() - started);
				if (answer.status !== 200) throw new Error(`${scenario}: answered ${answer.status}`);
			}
			if (t.runs.length !== EVENTS + 1) throw new Error(`${scenario}: ${t.runs.length} runs`);
			rows.push({
				scenario,
				events: EVENTS,
				requestsPerEvent: (sandbox.requests.length / EVENTS).toFixed(2),
				medianMs: quantile(times, 0.5).toFixed(1),
				p95Ms: quantile(times, 0.95).toFixed(1),
				note,
			});
		};

		await sequential('contact_created, check off', false, (i) => event(`off-${i}`, contacts[i % contacts.length]), 'one event at a time');
		await sequential('contact_created, check on', true, (i) => event(`on-${i}`, contacts[i % contacts.length]), 'GET /contacts/{id}');
		await sequential('inbox_message_received (last message), check on', true, (i) => thread(`in-${i}`, threads[i % threads.length]), 'GET /inbox-threads');

		// A burst at SlickText's rate limit: the checks queue behind the credential's limiter (8 a second).
		sandbox.setRateLimit({ perSecond: 8, perMinute: 480 });
		sandbox.reset();
		const t = await trigger(true, { requestsPerSecond: 8, requestsPerMinute: 480 });
		const started = performance.now();
		const answers = await Promise.all(
			Array.from({ length: BURST }, async (_, i) => {
				const answer = await postJson(t.url, event(`burst-${i}`, contacts[i % contacts.length]));
				return { status: answer.status, ms: performance.now() - started };
			}),
		);
		const ok = answers.filter((a) => a.status === 200);
		const retried = answers.filter((a) => a.status === 503);
		rows.push({
			scenario: `burst of ${BURST} contact_created at once, 8 requests/s`,
			events: BURST,
			requestsPerEvent: (sandbox.requests.filter((r: { status?: number }) => r.status !== 429).length / BURST).toFixed(2),
			medianMs: quantile(answers.map((a) => a.ms), 0.5).toFixed(0),
			p95Ms: quantile(answers.map((a) => a.ms), 0.95).toFixed(0),
			note: `${ok.length} started, ${retried.length} answered 503 at 4 s (SlickText retries them), slowest answer ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms`,
		});
	} finally {
		await Promise.all(servers.map(async (server) => await server.close()));
		await sandbox.stop();
	}
	console.log(`\nConfirm Events with SlickText (sandbox on loopback)\n`);
	console.table(rows);
});
