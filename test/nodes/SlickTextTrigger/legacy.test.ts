// The trigger on the legacy platform: a form POST whose field `data` holds the event as JSON text,
// signed with HMAC-MD5 in X-Slicktext-Signature.
import { postForm, postJson, postRaw, useWebhookServers } from '../../helpers/webhook';
import { eventsOf, keysOf, legacyEvents, legacyTrigger, sign } from './fixtures';

useWebhookServers();

// The trigger's webhook answers an empty 200 once the workflow is started (responseData: 'noData').
const STARTED = { status: 200, body: '' };

/** Posts an event the way SlickText does: form field `data`, signed with the secret. */
async function deliver(url: string, event: object, signature?: string | null) {
	const data = JSON.stringify(event);
	const headers: Record<string, string> = signature === null ? {} : { 'X-Slicktext-Signature': signature ?? sign(data) };
	return await postForm(url, { data }, headers);
}

describe('SlickText Trigger, legacy platform', () => {
	it.each(Object.keys(legacyEvents))('starts the workflow with a signed %s event, parsed', async (name) => {
		const trigger = await legacyTrigger({ legacyEvents: [name] });
		expect(await deliver(trigger.url, legacyEvents[name])).toEqual(STARTED);
		expect(eventsOf(trigger)).toEqual([[legacyEvents[name]]]);
		expect(trigger.runs[0][0]).toMatchObject({ Event: name, Timestamp: legacyEvents[name].Timestamp });
	});

	it('acknowledges an event that is not selected and starts nothing', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['NewSubscriber', 'ContestEntry'] });
		const answer = await deliver(trigger.url, legacyEvents.OptOut);
		expect(answer).toEqual({
			status: 200,
			body: { message: 'Event OptOut is not selected in the trigger; nothing started' },
		});
		expect(trigger.calls).toHaveLength(1);
		expect(eventsOf(trigger)).toEqual([]);
	});

	it('starts on any event, including one SlickText adds later', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['*'] });
		const future = { Event: 'CouponRedeemed', Timestamp: '2024-12-01 10:00:00', attemptNumber: 1, Coupon: { Id: 3 } };
		expect(await deliver(trigger.url, future)).toEqual(STARTED);
		expect(await deliver(trigger.url, legacyEvents.ContestEntry)).toEqual(STARTED);
		expect(eventsOf(trigger)).toEqual([[future], [legacyEvents.ContestEntry]]);
	});

	it('matches Chat Message Received also if SlickText corrects its spelling', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['ChatMessageRecieved'] });
		const corrected = { ...legacyEvents.ChatMessageRecieved, Event: 'ChatMessageReceived' };
		expect(await deliver(trigger.url, corrected)).toEqual(STARTED);
		expect(eventsOf(trigger)).toEqual([[corrected]]);
	});

	describe('signatures', () => {
		it('accepts the HMAC-MD5 of the data text exactly as posted, in any case', async () => {
			const trigger = await legacyTrigger();
			// Spacing SlickText might use: the signature covers these exact bytes, not a re-serialisation.
			const data = JSON.stringify(legacyEvents.NewSubscriber, null, 1);
			const answer = await postForm(trigger.url, { data }, { 'X-Slicktext-Signature': sign(data).toUpperCase() });
			expect(answer).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.NewSubscriber]]);
		});

		it('refuses a wrong signature with 401 and starts nothing', async () => {
			const trigger = await legacyTrigger();
			const data = JSON.stringify(legacyEvents.NewSubscriber);
			const answer = await deliver(trigger.url, legacyEvents.NewSubscriber, sign(data, 'another-secret'));
			expect(answer).toEqual({ status: 401, body: { message: 'Invalid X-Slicktext-Signature' } });
			expect(eventsOf(trigger)).toEqual([]);
			expect(trigger.staticData).toEqual({});
		});

		it('refuses a signature of other content (the data was changed on the way)', async () => {
			const trigger = await legacyTrigger();
			const tampered = { ...legacyEvents.OptOut, Subscriber: { PhoneNumber: '+15550000000' } };
			const answer = await deliver(trigger.url, tampered, sign(JSON.stringify(legacyEvents.OptOut)));
			expect(answer).toEqual({ status: 401, body: { message: 'Invalid X-Slicktext-Signature' } });
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses a missing signature with 401 and starts nothing', async () => {
			const trigger = await legacyTrigger();
			const answer = await deliver(trigger.url, legacyEvents.NewSubscriber, null);
			expect(answer).toEqual({ status: 401, body: { message: 'Missing X-Slicktext-Signature header' } });
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('checks the signature before the event filter', async () => {
			const trigger = await legacyTrigger({ legacyEvents: ['NewSubscriber'] });
			const answer = await deliver(trigger.url, legacyEvents.OptOut, 'a'.repeat(32));
			expect(answer.status).toBe(401);
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('accepts events as they come without a secret', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			expect(await deliver(trigger.url, legacyEvents.NewSubscriber, null)).toEqual(STARTED);
			expect(await deliver(trigger.url, legacyEvents.OptOut, 'not-a-signature')).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.NewSubscriber], [legacyEvents.OptOut]]);
		});
	});

	describe('JSON bodies', () => {
		it('accepts {data: "<json text>"}, signed over that text', async () => {
			const trigger = await legacyTrigger();
			const data = JSON.stringify(legacyEvents.ContestEntry);
			expect(await postJson(trigger.url, { data }, { 'X-Slicktext-Signature': sign(data) })).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.ContestEntry]]);
		});

		it('accepts {data: {...}}, signed over the data as JSON', async () => {
			const trigger = await legacyTrigger();
			const signature = sign(JSON.stringify(legacyEvents.OptOut));
			expect(await postJson(trigger.url, { data: legacyEvents.OptOut }, { 'X-Slicktext-Signature': signature })).toEqual(
				STARTED,
			);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.OptOut]]);
		});

		it('accepts the event object itself, signed over the body', async () => {
			const trigger = await legacyTrigger();
			const body = JSON.stringify(legacyEvents.ChatMessageRecieved);
			const answer = await postRaw(trigger.url, body, 'application/json', { 'X-Slicktext-Signature': sign(body) });
			expect(answer).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.ChatMessageRecieved]]);
		});
	});

	describe('repeated deliveries', () => {
		it('answers a retry (same event, next attempt number) with 200 and starts nothing', async () => {
			const trigger = await legacyTrigger();
			const first = legacyEvents.NewSubscriber;
			expect(await deliver(trigger.url, first)).toEqual(STARTED);
			expect(await deliver(trigger.url, { ...first, attemptNumber: 2 })).toEqual({
				status: 200,
				body: { message: 'Repeated delivery: already received; nothing started' },
			});
			expect(eventsOf(trigger)).toEqual([[first]]);
			expect(keysOf(trigger)).toEqual([[expect.stringMatching(/^legacy#[0-9a-f]{64}$/)]]);
			expect(trigger.staticData).toEqual({});
		});

		it('gives the same key to the same content in another key order or spacing', async () => {
			const trigger = await legacyTrigger({ ignoreRepeatedDeliveries: false });
			const first = legacyEvents.OptOut;
			const reordered = Object.fromEntries(Object.entries({ ...first, attemptNumber: 3 }).reverse());
			await deliver(trigger.url, first);
			await postForm(trigger.url, { data: JSON.stringify(reordered, null, 2) }, { 'X-Slicktext-Signature': sign(JSON.stringify(reordered, null, 2)) });
			const [[one], [two]] = keysOf(trigger);
			expect(one).toBe(two);
		});

		it('starts one run for the same event delivered 10 times at the same moment', async () => {
			const trigger = await legacyTrigger();
			const answers = await Promise.all(
				Array.from({ length: 10 }, async (_, i) => await deliver(trigger.url, { ...legacyEvents.ContestEntry, attemptNumber: i + 1 })),
			);
			expect(answers.every((a) => a.status === 200)).toBe(true);
			expect(trigger.runs).toHaveLength(1);
		});

		it('starts another event of the same kind', async () => {
			const trigger = await legacyTrigger();
			const next = { ...legacyEvents.NewSubscriber, Timestamp: '2024-11-25 16:20:00' };
			await deliver(trigger.url, legacyEvents.NewSubscriber);
			expect(await deliver(trigger.url, next)).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.NewSubscriber], [next]]);
		});

		it('starts every delivery when Ignore Repeated Deliveries is off', async () => {
			const trigger = await legacyTrigger({ ignoreRepeatedDeliveries: false });
			expect(await deliver(trigger.url, legacyEvents.OptOut)).toEqual(STARTED);
			expect(await deliver(trigger.url, legacyEvents.OptOut)).toEqual(STARTED);
			expect(eventsOf(trigger)).toEqual([[legacyEvents.OptOut], [legacyEvents.OptOut]]);
		});
	});

	describe('bad bodies: 400 and nothing started', () => {
		it('refuses a data field that is not JSON', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			const answer = await postForm(trigger.url, { data: 'Event=NewSubscriber' });
			expect(answer).toEqual({ status: 400, body: { message: 'The "data" field is not JSON' } });
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses a body that is not JSON at all', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			const answer = await postRaw(trigger.url, 'NewSubscriber', 'text/plain');
			expect(answer).toEqual({ status: 400, body: { message: 'The body is not JSON' } });
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses a form without a data field', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			const answer = await postForm(trigger.url, { event: JSON.stringify(legacyEvents.OptOut) });
			expect(answer).toEqual({
				status: 400,
				body: { message: 'The body has no "data" field: it is not a SlickText legacy webhook' },
			});
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses data without an Event name', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			const answer = await postForm(trigger.url, { data: JSON.stringify({ Timestamp: '2024-11-25 16:15:19' }) });
			expect(answer).toEqual({
				status: 400,
				body: { message: 'The event has no "Event" name: it is not a SlickText legacy webhook event' },
			});
			expect(eventsOf(trigger)).toEqual([]);
		});

		it('refuses a data text nested 5,000 levels deep with 400', async () => {
			const trigger = await legacyTrigger({ webhookSecret: '' });
			const data = `{"Event":"NewSubscriber","Subscriber":${'['.repeat(5000)}${']'.repeat(5000)}}`;
			const answer = await postForm(trigger.url, { data });
			expect(answer).toEqual({ status: 400, body: { message: 'The "data" field nests deeper than 32 levels' } });
			expect(trigger.calls[0].error).toBeUndefined();
			expect(trigger.runs).toEqual([]);
		});

		it('refuses a body over 1 MB before checking the signature', async () => {
			const trigger = await legacyTrigger();
			const big = { ...legacyEvents.NewSubscriber, Padding: 'x'.repeat(1024 * 1024) };
			const answer = await deliver(trigger.url, big);
			expect(answer).toEqual({ status: 400, body: { message: 'The body is larger than 1 MB' } });
			expect(eventsOf(trigger)).toEqual([]);
		});
	});
});

describe('SlickText Trigger 2 with Platform Legacy (workflows made before the SlickText Legacy Trigger): works as before', () => {
	it('starts on a signed event it selects, refuses a wrong signature and ignores one it does not select', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['OptOut'] }, undefined, { version2: true });
		expect(await deliver(trigger.url, legacyEvents.OptOut)).toEqual(STARTED);
		expect((await deliver(trigger.url, legacyEvents.OptOut, sign(JSON.stringify(legacyEvents.OptOut), 'another-secret'))).status).toBe(401);
		expect((await deliver(trigger.url, legacyEvents.NewSubscriber)).body).toEqual({ message: 'Event NewSubscriber is not selected in the trigger; nothing started' });
		expect(eventsOf(trigger)).toEqual([[legacyEvents.OptOut]]);
	});
});
