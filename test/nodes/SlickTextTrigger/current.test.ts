// The trigger on the current platform: JSON envelopes, one event per POST.
import { postJson, postRaw, useWebhookServers } from '../../helpers/webhook';
import { currentEvent, currentEvents, currentTrigger } from './fixtures';

useWebhookServers();

// The trigger's webhook answers an empty 200 once the workflow is started (responseData: 'noData').
const STARTED = { status: 200, body: '' };

describe('SlickText Trigger, current platform', () => {
	it.each(Object.keys(currentEvents))('starts the workflow with a %s event as sent', async (name) => {
		const trigger = await currentTrigger({ events: [name] });
		const answer = await postJson(trigger.url, currentEvents[name]);
		expect(answer).toEqual(STARTED);
		expect(trigger.runs).toEqual([[currentEvents[name]]]);
		// The user maps fields directly, e.g. {{ $json.data.contact_id }}.
		expect(trigger.runs[0][0]).toMatchObject({ name, id: currentEvents[name].id, data: { contact_id: 1111111 } });
	});

	it('acknowledges an event that is not selected and starts nothing', async () => {
		const trigger = await currentTrigger({ events: ['contact_created', 'inbox_message_received'] });
		const answer = await postJson(trigger.url, currentEvents.contact_updated);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			message: 'Event contact_updated is not selected in the trigger; nothing started',
		});
		expect(trigger.calls).toHaveLength(1);
		expect(trigger.runs).toEqual([]);
		// An ignored event is not remembered, so selecting it later is not blocked by an old delivery.
		expect(trigger.staticData).toEqual({});
	});

	it('starts on any event, including one SlickText adds later', async () => {
		const trigger = await currentTrigger({ events: ['*'] });
		const future = currentEvent('campaign_sent', 'evt-future-1', { campaign_id: 42 });
		expect(await postJson(trigger.url, future)).toEqual(STARTED);
		expect(await postJson(trigger.url, currentEvents.contact_created)).toEqual(STARTED);
		expect(trigger.runs).toEqual([[future], [currentEvents.contact_created]]);
	});

	it('starts nothing with no event selected', async () => {
		const trigger = await currentTrigger({ events: [] });
		const answer = await postJson(trigger.url, currentEvents.contact_created);
		expect(answer.status).toBe(200);
		expect(trigger.runs).toEqual([]);
	});

	describe('repeated deliveries', () => {
		it('answers a retry of the same event ID with 200 and starts nothing', async () => {
			const trigger = await currentTrigger();
			const first = currentEvents.contact_created;
			const retry = { ...first, attempts: 2 };
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(await postJson(trigger.url, retry)).toEqual({
				status: 200,
				body: { message: 'Repeated delivery: already received; nothing started' },
			});
			expect(trigger.runs).toEqual([[first]]);
			const store = (trigger.staticData['node:Node Under Test'] as { recentDeliveries: object }).recentDeliveries;
			expect(Object.keys(store)).toEqual([`current:${first.id}`]);
		});

		it('starts a different event ID', async () => {
			const trigger = await currentTrigger();
			const other = { ...currentEvents.contact_created, id: 'another-id' };
			await postJson(trigger.url, currentEvents.contact_created);
			expect(await postJson(trigger.url, other)).toEqual(STARTED);
			expect(trigger.runs).toEqual([[currentEvents.contact_created], [other]]);
		});

		it('starts every delivery when Ignore Repeated Deliveries is off', async () => {
			const trigger = await currentTrigger({ ignoreRepeatedDeliveries: false });
			const first = currentEvents.contact_created;
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(trigger.runs).toEqual([[first], [first]]);
			expect(trigger.staticData).toEqual({});
		});

		it('forgets IDs after 24 hours and keeps at most 1000', async () => {
			const now = Date.now();
			const recentDeliveries: Record<string, number> = { 'current:old': now - 25 * 60 * 60 * 1000 };
			for (let i = 0; i < 1000; i++) recentDeliveries[`current:seen-${i}`] = now - 1000;
			const trigger = await currentTrigger({}, { 'node:Node Under Test': { recentDeliveries } });

			// Seen an hour ago: still a repeat. Seen 25 hours ago: a new delivery.
			await postJson(trigger.url, currentEvent('contact_created', 'seen-999', {}));
			expect(trigger.runs).toEqual([]);
			const old = currentEvent('contact_created', 'old', {});
			expect(await postJson(trigger.url, old)).toEqual(STARTED);
			expect(trigger.runs).toEqual([[old]]);

			const stored = (trigger.staticData['node:Node Under Test'] as { recentDeliveries: object }).recentDeliveries;
			const keys = Object.keys(stored);
			expect(keys).toHaveLength(1000);
			expect(keys[keys.length - 1]).toBe('current:old');
			expect(keys).not.toContain('current:seen-0'); // the oldest one made room
			expect(keys).toContain('current:seen-999');
		});
	});

	describe('bad bodies: 400 and nothing started', () => {
		it('refuses a body that is not JSON', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, 'contact_created for 1111111', 'text/plain');
			expect(answer).toEqual({ status: 400, body: { message: 'The body is not JSON' } });
			expect(trigger.calls).toHaveLength(1);
			expect(trigger.runs).toEqual([]);
		});

		it('reads JSON sent with another content type', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, JSON.stringify(currentEvents.contact_created), 'application/octet-stream');
			expect(answer).toEqual(STARTED);
			expect(trigger.runs).toEqual([[currentEvents.contact_created]]);
		});

		it('refuses an empty body', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, '', 'application/json');
			expect(answer).toEqual({ status: 400, body: { message: 'The request has no body' } });
			expect(trigger.runs).toEqual([]);
		});

		it('refuses JSON without an event name', async () => {
			const trigger = await currentTrigger();
			const { name: _name, ...nameless } = currentEvents.contact_created;
			const answer = await postJson(trigger.url, nameless);
			expect(answer).toEqual({
				status: 400,
				body: { message: 'The body has no event "name": it is not a SlickText webhook event' },
			});
			expect(trigger.runs).toEqual([]);
		});

		it('refuses a body over 1 MB', async () => {
			const trigger = await currentTrigger();
			const big = currentEvent('contact_created', 'big', { note: 'x'.repeat(1024 * 1024) });
			const answer = await postJson(trigger.url, big);
			expect(answer).toEqual({ status: 400, body: { message: 'The body is larger than 1 MB' } });
			expect(trigger.runs).toEqual([]);
			expect(trigger.staticData).toEqual({});
		});

		it('never reaches the node with broken JSON: n8n itself answers 422', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, '{"name": "contact_created",', 'application/json');
			expect(answer.status).toBe(422);
			expect(trigger.calls).toEqual([]);
			expect(trigger.runs).toEqual([]);
		});
	});
});
