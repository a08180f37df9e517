// Confirm Events with SlickText (current platform): each event is looked up with the API before a run
// starts. Driven through n8n-core's WebhookContext, with the sandbox as SlickText.
import { sleep, type IDataObject } from 'n8n-workflow';

import { sent, useSandbox } from '../../helpers/sandbox';
import { postJson, startWebhookServer, useWebhookServers } from '../../helpers/webhook';
import { currentEvent } from './fixtures';

useWebhookServers();
const box = useSandbox();

const STARTED = { status: 200, body: '' };

async function confirmingTrigger(events: string[] = ['*'], credentials?: IDataObject) {
	return await startWebhookServer({
		type: 'slickTextTrigger',
		typeVersion: 2,
		parameters: { platform: 'current', events, confirmEvents: true },
		credentials: { slickTextApi: { ...box.sandbox.currentCredentials(), ...credentials } },
	});
}

/** A contact of the sandbox's brand, as a contact_created event would carry it. */
function realContact(index = 0): IDataObject {
	const c = box.sandbox.state.current.contacts[index];
	return { contact_id: c.contact_id, _brand_id: c._brand_id, mobile_number: c.mobile_number, opt_in_status: c.opt_in_status };
}


/** What the trigger outputs for an event: the event and its key (eventKey). */
const withKey = (event: { id: string }) => ({ ...event, eventKey: `current:${event.id}` });

describe('SlickText Trigger, Confirm Events with SlickText', () => {
	it('starts a run for a real contact_created event after one GET of the contact', async () => {
		const trigger = await confirmingTrigger();
		const event = currentEvent('contact_created', 'evt-real-1', realContact());
		expect(await postJson(trigger.url, event)).toEqual(STARTED);
		expect(trigger.runs).toEqual([[withKey(event)]]);
		const requests = sent(box.sandbox);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/brands/1001/contacts/1']);
		expect(requests[0].headers.authorization).toBe('Bearer sandbox-api-key');
	});

	it('starts nothing for a forged event with a number of the caller\'s choice, and answers 200', async () => {
		const trigger = await confirmingTrigger();
		const forged = currentEvent('contact_created', 'evt-forged', { ...realContact(), mobile_number: '+882355501234' });
		const answer = await postJson(trigger.url, forged);
		expect(answer).toEqual({
			status: 200,
			body: { message: "Not confirmed by SlickText (contact 1 does not have the event's mobile number); nothing started" },
		});
		expect(trigger.runs).toEqual([]);
	});

	it('starts nothing for a contact that does not exist, for another brand, or without a contact ID', async () => {
		const trigger = await confirmingTrigger();
		const missing = currentEvent('contact_updated', 'e1', { contact_id: 99999999, mobile_number: '+16175550100' });
		const otherBrand = currentEvent('contact_created', 'e2', { ...realContact(), _brand_id: 2002 });
		const noId = currentEvent('contact_created', 'e3', { mobile_number: '+16175550100' });
		expect((await postJson(trigger.url, missing)).body).toEqual({
			message: 'Not confirmed by SlickText (contact 99999999 does not exist in the brand); nothing started',
		});
		expect((await postJson(trigger.url, otherBrand)).body).toEqual({
			message: 'Not confirmed by SlickText (the event is for brand 2002, the credential for brand 1001); nothing started',
		});
		expect((await postJson(trigger.url, noId)).body).toEqual({
			message: 'Not confirmed by SlickText (the event has no contact_id); nothing started',
		});
		expect(trigger.runs).toEqual([]);
		// Only the missing contact needed a request; the others fail on the event alone.
		expect(sent(box.sandbox).map((r) => r.path)).toEqual(['/v1/brands/1001/contacts/99999999']);
	});

	it('confirms an inbox message that is the last of the contact\'s thread with one request', async () => {
		const trigger = await confirmingTrigger();
		const thread = box.sandbox.state.current.threads[0];
		const event = currentEvent('inbox_message_received', 'in-1', {
			contact_id: thread._contact_id,
			last_message: thread.last_message,
			last_message_direction: 'incoming',
		});
		expect(await postJson(trigger.url, event)).toEqual(STARTED);
		expect(trigger.runs).toEqual([[withKey(event)]]);
		const [request] = sent(box.sandbox);
		expect(request.path).toBe('/v1/brands/1001/inbox-threads');
		expect(request.query).toMatchObject({ _contact_id: String(thread._contact_id) });
	});

	it('confirms an earlier incoming message from the thread content, and refuses an invented one', async () => {
		const trigger = await confirmingTrigger();
		const thread = box.sandbox.state.current.threads[0];
		const earlier = box.sandbox.state.current.threadContent.get(thread._id)[0];
		expect(earlier.direction).toBe('incoming');
		const real = currentEvent('inbox_message_received', 'in-2', { contact_id: thread._contact_id, last_message: earlier.body });
		const invented = currentEvent('inbox_message_received', 'in-3', { contact_id: thread._contact_id, last_message: 'Text me at +447700900123' });
		expect(await postJson(trigger.url, real)).toEqual(STARTED);
		expect((await postJson(trigger.url, invented)).body).toEqual({
			message: `Not confirmed by SlickText (contact ${thread._contact_id} has no incoming inbox message with this text); nothing started`,
		});
		expect(trigger.runs).toEqual([[withKey(real)]]);
		expect(sent(box.sandbox, '/content')).toHaveLength(2);
	});

	it('starts nothing for a kind of event it cannot confirm', async () => {
		const trigger = await confirmingTrigger(['*']);
		const answer = await postJson(trigger.url, currentEvent('coupon_redeemed', 'c-1', { contact_id: 1 }));
		expect(answer.body).toEqual({ message: 'Not confirmed by SlickText (a coupon_redeemed event cannot be confirmed with the API); nothing started' });
		expect(trigger.runs).toEqual([]);
	});

	it('answers 503 so that SlickText retries when SlickText cannot be asked, and starts nothing', async () => {
		const trigger = await confirmingTrigger();
		box.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Internal error' } });
		const event = currentEvent('contact_created', 'evt-real-2', realContact());
		expect(await postJson(trigger.url, event)).toEqual({
			status: 503,
			body: { message: 'Could not confirm the event: SlickText answered 500 to the check; nothing started' },
		});
		expect(trigger.runs).toEqual([]);
		// SlickText's retry, once the API answers again, starts the run.
		expect(await postJson(trigger.url, { ...event, attempts: 2 })).toEqual(STARTED);
		expect(trigger.runs).toEqual([[withKey({ ...event, attempts: 2 })]]);
	});

	it('answers 503 within SlickText\'s 5 seconds when the check takes too long, and starts nothing', async () => {
		const trigger = await confirmingTrigger();
		box.sandbox.injectFault({ kind: 'slow', delayMs: 6000 });
		const answer = await postJson(trigger.url, currentEvent('contact_created', 'evt-slow', realContact()));
		// The sandbox answers after 6 s: a 503 means the node's 4-second deadline answered first.
		expect(answer).toEqual({ status: 503, body: { message: 'Could not confirm the event in time; nothing started' } });
		expect(trigger.runs).toEqual([]);
		// Let the slow answer arrive, so that nothing is left running after the test.
		await sleep(2500);
		expect(trigger.runs).toEqual([]);
	});

	it('answers a refused key with 503 and never shows the key', async () => {
		const trigger = await confirmingTrigger(['*'], { apiKey: 'wrong-key' });
		const answer = await postJson(trigger.url, currentEvent('contact_created', 'evt-real-3', realContact()));
		expect(answer.status).toBe(503);
		expect(JSON.stringify(answer.body)).not.toContain('wrong-key');
		expect(trigger.runs).toEqual([]);
	});

	it('a forged event cannot take the place of the real one with the same ID in the repeat check', async () => {
		const trigger = await confirmingTrigger();
		const real = currentEvent('contact_created', 'same-id', realContact());
		await postJson(trigger.url, { ...real, data: { ...realContact(), mobile_number: '+882355501234' } });
		expect(await postJson(trigger.url, real)).toEqual(STARTED);
		expect(trigger.runs).toEqual([[withKey(real)]]);
	});

	it('asks nothing when the option is off', async () => {
		const trigger = await startWebhookServer({
			type: 'slickTextTrigger',
			parameters: { platform: 'current', events: ['*'] },
		});
		expect(await postJson(trigger.url, currentEvent('contact_created', 'x', { contact_id: 5, mobile_number: '+1' }))).toEqual(STARTED);
		expect(sent(box.sandbox)).toEqual([]);
	});
});
