// The trigger on the current platform: JSON envelopes, one event per POST.
import { postJson, postRaw, useWebhookServers } from '../../helpers/webhook';
import { currentEvent, currentEvents, currentTrigger, eventsOf, keysOf } from './fixtures';

useWebhookServers();

// The trigger's webhook answers an empty 200 once the workflow is started (responseData: 'noData').
const STARTED = { status: 200, body: '' };

describe('SlickText Trigger, current platform', () => {
	it.each(Object.keys(currentEvents))('starts the workflow with a %s event as sent', async (name) => {
		const trigger = await currentTrigger({ events: [name] });
		const answer = await postJson(trigger.url, currentEvents[name]);
		expect(answer).toEqual(STARTED);
		expect(eventsOf(trigger)).toEqual([[currentEvents[name]]]);
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
		expect(eventsOf(trigger)).toEqual([]);
		// An ignored event is not remembered, so selecting it later is not blocked by an old delivery.
		expect(trigger.staticData).toEqual({});
	});

	it('starts on any event, including one SlickText adds later', async () => {
		const trigger = await currentTrigger({ events: ['*'] });
		const future = currentEvent('campaign_sent', 'evt-future-1', { campaign_id: 42 });
		expect(await postJson(trigger.url, future)).toEqual(STARTED);
		expect(await postJson(trigger.url, currentEvents.contact_created)).toEqual(STARTED);
		expect(eventsOf(trigger)).toEqual([[future], [currentEvents.contact_created]]);
	});

	it('starts nothing with no event selected', async () => {
		const trigger = await currentTrigger({ events: [] });
		const answer = await postJson(trigger.url, currentEvents.contact_created);
		expect(answer.status).toBe(200);
		expect(eventsOf(trigger)).toEqual([]);
	});

	describe('repeated deliveries', () => {
		const REPEATED = { status: 200, body: { message: 'Repeated delivery: already received; nothing started' } };

		it('answers a retry of the same event ID with 200 and starts nothing', async () => {
			const trigger = await currentTrigger();
			const first = currentEvents.contact_created;
			const retry = { ...first, attempts: 2 };
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(await postJson(trigger.url, retry)).toEqual(REPEATED);
			expect(eventsOf(trigger)).toEqual([[first]]);
			// The key goes out with the event (eventKey).
			expect(keysOf(trigger)).toEqual([[`current:${first.id}`]]);
			// Nothing is written to the workflow's static data, which n8n does not save from a webhook.
			expect(trigger.staticData).toEqual({});
		});

		it('starts one run for the same event delivered 10 times at the same moment', async () => {
			const trigger = await currentTrigger();
			const event = currentEvents.contact_updated;
			const answers = await Promise.all(
				Array.from({ length: 10 }, async (_, i) => await postJson(trigger.url, { ...event, attempts: i + 1 })),
			);
			expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
			expect(answers.filter((a) => a.body === '')).toHaveLength(1);
			expect(trigger.runs).toHaveLength(1);
		});

		it('starts a different event ID', async () => {
			const trigger = await currentTrigger();
			const other = { ...currentEvents.contact_created, id: 'another-id' };
			await postJson(trigger.url, currentEvents.contact_created);
			expect(await postJson(trigger.url, other)).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[currentEvents.contact_created], [other]]);
		});

		it('keys an event without an ID by its content without the attempt counter', async () => {
			const trigger = await currentTrigger();
			const { id: _id, ...idless } = currentEvents.inbox_message_received;
			expect(await postJson(trigger.url, idless)).toEqual(STARTED);
			expect(await postJson(trigger.url, { ...idless, attempts: 3 })).toEqual(REPEATED);
			expect(keysOf(trigger)).toEqual([[expect.stringMatching(/^current#[0-9a-f]{64}$/)]]);
		});

		it('starts every delivery when Ignore Repeated Deliveries is off', async () => {
			const trigger = await currentTrigger({ ignoreRepeatedDeliveries: false });
			const first = currentEvents.contact_created;
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(await postJson(trigger.url, first)).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[first], [first]]);
			expect(trigger.staticData).toEqual({});
		});

		it('never ignores nor remembers a test event (Listen for Test Event)', async () => {
			const test = await currentTrigger({}, undefined, { mode: 'manual', nodeId: 'shared-node' });
			expect(await postJson(test.url, currentEvents.contact_created)).toEqual(STARTED);
			expect(await postJson(test.url, currentEvents.contact_created)).toEqual(STARTED);
			expect(test.runs).toHaveLength(2);
			// The same node in production still starts the event once.
			const production = await currentTrigger({}, undefined, { nodeId: 'shared-node' });
			expect(await postJson(production.url, currentEvents.contact_created)).toEqual(STARTED);
			expect(await postJson(production.url, currentEvents.contact_created)).toEqual(REPEATED);
			expect(production.runs).toHaveLength(1);
		});

		it('remembers each trigger node on its own', async () => {
			const one = await currentTrigger();
			const two = await currentTrigger();
			expect(await postJson(one.url, currentEvents.contact_created)).toEqual(STARTED);
			expect(await postJson(two.url, currentEvents.contact_created)).toEqual(STARTED);
		});
	});

	describe('bad bodies: 400 and nothing started', () => {
		/** A JSON text nesting `depth` objects inside the event's data. */
		const nested = (depth: number) =>
			`{"id":"deep","name":"contact_created","data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;

		it('refuses a body nested 5,000 levels deep (10 KB) with 400, without overflowing the stack', async () => {
			const trigger = await currentTrigger();
			const body = nested(5000);
			expect(body.length).toBeLessThan(40_000);
			const answer = await postRaw(trigger.url, body, 'application/json');
			expect(answer).toEqual({ status: 400, body: { message: 'The body nests deeper than 32 levels' } });
			expect(trigger.calls[0].error).toBeUndefined();
			expect(trigger.runs).toEqual([]);
		});

		it('refuses a deep body without an ID too (the key would be built from its content)', async () => {
			const trigger = await currentTrigger();
			const body = nested(5000).replace('"id":"deep",', '');
			expect(await postRaw(trigger.url, body, 'text/plain')).toEqual({
				status: 400,
				body: { message: 'The body nests deeper than 32 levels' },
			});
			expect(trigger.runs).toEqual([]);
		});

		it('accepts an event nested as deep as allowed', async () => {
			const trigger = await currentTrigger();
			// The envelope and its data are two levels; 30 more make 32.
			expect(await postRaw(trigger.url, nested(30), 'application/json')).toEqual(STARTED);
			expect(trigger.runs).toHaveLength(1);
		});

		it('refuses a body that is not JSON', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, 'contact_created for 1111111', 'text/plain');
			expect(answer).toEqual({ status: 400, body: { message: 'The body is not JSON' } });
			expect(trigger.calls).toHaveLength(1);
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('reads JSON sent with another content type', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, JSON.stringify(currentEvents.contact_created), 'application/octet-stream');
			expect(answer).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[currentEvents.contact_created]]);
		});

		it('refuses an empty body', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, '', 'application/json');
			expect(answer).toEqual({ status: 400, body: { message: 'The request has no body' } });
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses JSON without an event name', async () => {
			const trigger = await currentTrigger();
			const { name: _name, ...nameless } = currentEvents.contact_created;
			const answer = await postJson(trigger.url, nameless);
			expect(answer).toEqual({
				status: 400,
				body: { message: 'The body has no event "name": it is not a SlickText webhook event' },
			});
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses a body over 1 MB', async () => {
			const trigger = await currentTrigger();
			const big = currentEvent('contact_created', 'big', { note: 'x'.repeat(1024 * 1024) });
			const answer = await postJson(trigger.url, big);
			expect(answer).toEqual({ status: 400, body: { message: 'The body is larger than 1 MB' } });
			expect(eventsOf(trigger)).toEqual([]);
			expect(trigger.staticData).toEqual({});
		});

		it('never reaches the node with broken JSON: n8n itself answers 422', async () => {
			const trigger = await currentTrigger();
			const answer = await postRaw(trigger.url, '{"name": "contact_created",', 'application/json');
			expect(answer.status).toBe(422);
			expect(trigger.calls).toEqual([]);
			expect(eventsOf(trigger)).toEqual([]);
		});
	});
});

describe('SlickText Trigger 3, the current platform\'s alone (no Platform parameter)', () => {
	it('starts on a current event it selects and ignores one it does not', async () => {
		const trigger = await currentTrigger({ platform: undefined, events: ['contact_created'] }, undefined, { typeVersion: 3 });
		expect(trigger.calls).toHaveLength(0);
		expect(await postJson(trigger.url, currentEvents.contact_created)).toEqual(STARTED);
		expect((await postJson(trigger.url, currentEvents.contact_updated)).body).toEqual({ message: 'Event contact_updated is not selected in the trigger; nothing started' });
		expect(eventsOf(trigger)).toEqual([[currentEvents.contact_created]]);
	});
});
