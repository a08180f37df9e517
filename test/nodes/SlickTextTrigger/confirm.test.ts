// Confirm Events with SlickText (current platform): the webhook answers at once after the checks that
// need no request, and the trigger's step in the run looks each event up with the API and passes on
// only those that match. Driven through n8n-core's WebhookContext and WorkflowExecute, with the sandbox
// as SlickText.
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { sent, useSandbox } from '../../helpers/sandbox';
import { useWebhookServers } from '../../helpers/webhook';
import { currentEvent } from './fixtures';
import { triggerWithRuns } from './triggerStep';

// The modules the node loaded from dist/ use: its memory of confirmed contacts, the transport's read retries.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const verification = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/verification.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const deliveries = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextTrigger/deliveries.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiters = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/rateLimiter.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readRetry } = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/request.js'));

useWebhookServers();
const box = useSandbox();

const STARTED = { status: 200, body: '' };

beforeEach(() => {
	verification.forgetConfirmedContacts();
	limiters.resetLimiters();
});

async function confirmingTrigger(events: string[] = ['*'], credentials?: IDataObject) {
	return await triggerWithRuns({
		parameters: { platform: 'current', events, confirmEvents: true },
		credentials: { slickTextApi: { ...box.sandbox.currentCredentials(), ...credentials } },
	});
}

/** A contact of the sandbox's brand, as a contact_created event would carry it. */
function realContact(index = 0): IDataObject {
	const c = box.sandbox.state.current.contacts[index];
	return { contact_id: c.contact_id, _brand_id: c._brand_id, mobile_number: c.mobile_number, opt_in_status: c.opt_in_status };
}

const requests = () => sent(box.sandbox).map((r) => `${r.method} ${r.path}`);

describe('SlickText Trigger, Confirm Events with SlickText', () => {
	it('answers a real contact_created event at once, then passes it on after one GET of the contact in the run', async () => {
		const trigger = await confirmingTrigger();
		const event = currentEvent('contact_created', 'evt-real-1', realContact());
		const { answer, step } = await trigger.deliver(event);
		expect(answer).toEqual(STARTED);
		// The webhook asked nothing: the answer never waits for SlickText.
		expect(trigger.server.calls).toHaveLength(1);
		expect(step!.error).toBeUndefined();
		expect(step!.passed).toEqual([{ ...event, eventKey: expect.stringMatching(/^current:evt-real-1#[\w-]{12}$/) }]);
		const [request] = sent(box.sandbox);
		expect(requests()).toEqual(['GET /v1/brands/1001/contacts/1']);
		expect(request.headers.authorization).toBe('Bearer sandbox-api-key');
	});

	it('sends no request before the webhook answers', async () => {
		const trigger = await confirmingTrigger();
		const before = box.sandbox.requests.length;
		const answer = await (await fetch(trigger.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(currentEvent('contact_created', 'evt-x', realContact())) })).text();
		expect(answer).toBe('');
		expect(box.sandbox.requests.length).toBe(before);
		expect(trigger.server.runs).toHaveLength(1);
	});

	it("passes nothing on for a forged event with a number of the caller's choice, and says why", async () => {
		const trigger = await confirmingTrigger();
		const forged = currentEvent('contact_created', 'evt-forged', { ...realContact(), mobile_number: '+882355501234' });
		const { answer, step } = await trigger.deliver(forged);
		expect(answer).toEqual(STARTED);
		expect(step!.passed).toEqual([]);
		expect(step!.error).toBeUndefined();
		expect(step!.hints.map((h) => h.message)).toEqual([
			"Not confirmed by SlickText, so not passed on: contact 1 does not have the event's mobile number",
		]);
		expect(requests()).toEqual(['GET /v1/brands/1001/contacts/1']);
	});

	it('passes nothing on for a contact that does not exist or another brand; another brand costs no request', async () => {
		const trigger = await confirmingTrigger();
		const missing = await trigger.deliver(currentEvent('contact_updated', 'e1', { contact_id: 99999999, mobile_number: '+16175550100' }));
		const otherBrand = await trigger.deliver(currentEvent('contact_created', 'e2', { ...realContact(), _brand_id: 2002 }));
		expect(missing.step!.passed).toEqual([]);
		expect(missing.step!.hints[0].message).toContain('contact 99999999 does not exist in the brand');
		expect(otherBrand.step!.passed).toEqual([]);
		expect(otherBrand.step!.hints[0].message).toContain('the event is for brand 2002, the credential for brand 1001');
		expect(requests()).toEqual(['GET /v1/brands/1001/contacts/99999999']);
	});

	it('answers 200 and starts no run for an event that can never be confirmed (no contact ID, no number, an unknown kind)', async () => {
		const trigger = await confirmingTrigger();
		const noId = await trigger.deliver(currentEvent('contact_created', 'e3', { mobile_number: '+16175550100' }));
		const noNumber = await trigger.deliver(currentEvent('contact_updated', 'e4', { contact_id: 1 }));
		const unknown = await trigger.deliver(currentEvent('coupon_redeemed', 'e5', { contact_id: 1 }));
		expect(noId).toEqual({ answer: { status: 200, body: { message: 'Cannot be confirmed with SlickText (the event has no contact_id); nothing started' } } });
		expect(noNumber.answer.body).toEqual({ message: 'Cannot be confirmed with SlickText (the event has no mobile_number); nothing started' });
		expect(unknown.answer.body).toEqual({
			message: 'Cannot be confirmed with SlickText (a coupon_redeemed event cannot be confirmed with the API); nothing started',
		});
		expect(trigger.server.runs).toEqual([]);
		expect(requests()).toEqual([]);
	});

	it("confirms an inbox message that is the last of the contact's thread with one request", async () => {
		const trigger = await confirmingTrigger();
		const thread = box.sandbox.state.current.threads[0];
		const event = currentEvent('inbox_message_received', 'in-1', {
			contact_id: thread._contact_id,
			last_message: thread.last_message,
			last_message_direction: 'incoming',
		});
		const { step } = await trigger.deliver(event);
		expect(step!.passed).toHaveLength(1);
		const [request] = sent(box.sandbox);
		expect(sent(box.sandbox)).toHaveLength(1);
		expect(request.path).toBe('/v1/brands/1001/inbox-threads');
		expect(request.query).toMatchObject({ _contact_id: String(thread._contact_id) });
	});

	it('confirms an earlier incoming message from the thread content, and drops an invented one', async () => {
		const trigger = await confirmingTrigger();
		const thread = box.sandbox.state.current.threads[0];
		const earlier = box.sandbox.state.current.threadContent.get(thread._id)[0];
		expect(earlier.direction).toBe('incoming');
		const real = await trigger.deliver(currentEvent('inbox_message_received', 'in-2', { contact_id: thread._contact_id, last_message: earlier.body }));
		const invented = await trigger.deliver(
			currentEvent('inbox_message_received', 'in-3', { contact_id: thread._contact_id, last_message: 'Text me at +447700900123' }),
		);
		expect(real.step!.passed).toHaveLength(1);
		expect(invented.step!.passed).toEqual([]);
		expect(invented.step!.hints[0].message).toContain(`contact ${thread._contact_id} has no incoming inbox message with this text`);
		expect(sent(box.sandbox, '/content')).toHaveLength(2);
	});

	it('asks again after a server error, and passes the event on once SlickText answers', async () => {
		const trigger = await confirmingTrigger();
		box.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Internal error' }, times: 2 });
		const event = currentEvent('contact_created', 'evt-real-2', realContact());
		const { answer, step } = await trigger.deliver(event);
		expect(answer).toEqual(STARTED);
		expect(step!.error).toBeUndefined();
		expect(step!.passed).toHaveLength(1);
		expect(sent(box.sandbox).map((r) => r.status)).toEqual([500, 500, 200]);
	});

	it('waits out a 429 and asks again', async () => {
		const trigger = await confirmingTrigger();
		box.sandbox.injectFault({ kind: 'status', status: 429, body: { message: 'Too many requests' }, headers: { 'x-ratelimit-reset': '1' } });
		const { step } = await trigger.deliver(currentEvent('contact_created', 'evt-429', realContact()));
		expect(step!.passed).toHaveLength(1);
		expect(sent(box.sandbox).map((r) => r.status)).toEqual([429, 200]);
	});

	it('fails the run with SlickText\'s status and message when SlickText keeps failing, and passes nothing on', async () => {
		const trigger = await confirmingTrigger();
		box.sandbox.injectFault({ kind: 'status', status: 503, body: { message: 'Down for maintenance' }, times: 10 });
		const { answer, step } = await trigger.deliver(currentEvent('contact_created', 'evt-down', realContact()));
		expect(answer).toEqual(STARTED);
		expect(step!.passed).toEqual([]);
		expect(step!.error).toMatchObject({ name: 'NodeApiError', httpCode: '503', message: 'SlickText could not complete the request (503)' });
		expect(step!.error!.description).toContain('SlickText said: Down for maintenance.');
		expect(step!.error!.description).toContain('retry this execution once SlickText answers');
		// Asked as often as every read is (the transport's readRetry), then given up.
		expect(sent(box.sandbox)).toHaveLength(readRetry.attempts);
		expect(readRetry.attempts).toBe(3);
	});

	it('fails the run on a refused key and never shows the key', async () => {
		const trigger = await confirmingTrigger(['*'], { apiKey: 'wrong-key-123' });
		const { step } = await trigger.deliver(currentEvent('contact_created', 'evt-real-3', realContact()));
		expect(step!.passed).toEqual([]);
		expect(step!.error).toMatchObject({ name: 'NodeApiError', httpCode: '403' });
		expect(JSON.stringify(step!.error)).not.toContain('wrong-key-123');
		// A refusal is not asked again.
		expect(sent(box.sandbox)).toHaveLength(1);
	});

	it('a forged event cannot take the place of the real one with the same ID in the repeat check', async () => {
		const trigger = await confirmingTrigger();
		const real = currentEvent('contact_created', 'same-id', realContact());
		const forged = await trigger.deliver({ ...real, data: { ...realContact(), mobile_number: '+882355501234' } });
		expect(forged.step!.passed).toEqual([]);
		const first = await trigger.deliver(real);
		expect(first.answer).toEqual(STARTED);
		expect(first.step!.passed).toEqual([expect.objectContaining({ id: 'same-id', data: realContact() })]);
		// SlickText's retry of the real event is a repeat: no run.
		const retry = await trigger.deliver({ ...real, attempts: 2 });
		expect(retry.answer.body).toEqual({ message: 'Repeated delivery: already received; nothing started' });
	});

	it('a retry of an event received before its key included the checked fields is still a repeat', async () => {
		const real = currentEvent('contact_created', 'before-upgrade', realContact());
		// What an earlier version stored for this event: the digest of its plain key, and when.
		const stored = { [deliveries.digest('current:before-upgrade')]: Math.floor(Date.now() / 1000) - 60 };
		const trigger = await triggerWithRuns({
			parameters: { platform: 'current', events: ['*'], confirmEvents: true },
			credentials: { slickTextApi: box.sandbox.currentCredentials() },
			staticData: { 'node:Node Under Test': { receivedEvents: stored } },
		});
		const retry = await trigger.deliver({ ...real, attempts: 2 });
		expect(retry).toEqual({ answer: { status: 200, body: { message: 'Repeated delivery: already received; nothing started' } } });
		// Another event is not affected, and the plain key was only read, not recorded.
		expect((await trigger.deliver(currentEvent('contact_created', 'after-upgrade', realContact()))).step!.passed).toHaveLength(1);
		expect(sent(box.sandbox)).toHaveLength(1);
	});

	it('remembers a contact confirmed a moment ago: another event with the same number needs no request, another number does', async () => {
		const trigger = await confirmingTrigger();
		const created = await trigger.deliver(currentEvent('contact_created', 'c-1', realContact(2)));
		const updated = await trigger.deliver(currentEvent('contact_updated', 'c-2', { ...realContact(2), first_name: 'Ada' }));
		expect(created.step!.passed).toHaveLength(1);
		expect(updated.step!.passed).toHaveLength(1);
		expect(sent(box.sandbox)).toHaveLength(1);
		const otherNumber = await trigger.deliver(currentEvent('contact_updated', 'c-3', { ...realContact(2), mobile_number: '+16175559999' }));
		expect(otherNumber.step!.passed).toEqual([]);
		expect(sent(box.sandbox)).toHaveLength(2);
	});

	it('events of one contact that arrive together share one request', async () => {
		const trigger = await confirmingTrigger();
		// The lookup's answer is held for 2 s, far longer than the three runs, which start together, take to
		// ask: all three are waiting for it however busy the machine is. A second lookup (which fails the
		// test) releases it at once.
		let release!: () => void;
		const until = new Promise<void>((resolve) => (release = resolve));
		box.sandbox.injectFault({ kind: 'slow', delayMs: 2000, until, times: Infinity });
		const watch = setInterval(() => sent(box.sandbox).length > 1 && release(), 5);
		try {
			const events = [1, 2, 3].map((n) => currentEvent('contact_updated', `u-${n}`, realContact(3)));
			const results = await Promise.all(events.map(async (event) => await trigger.deliver(event)));
			expect(results.map((r) => r.step!.passed.length)).toEqual([1, 1, 1]);
			expect(sent(box.sandbox)).toHaveLength(1);
		} finally {
			clearInterval(watch);
			release();
		}
	});

	it('asks nothing when the option is off', async () => {
		const trigger = await triggerWithRuns({ parameters: { platform: 'current', events: ['*'] } });
		const { answer, step } = await trigger.deliver(currentEvent('contact_created', 'x', { contact_id: 5, mobile_number: '+1' }));
		expect(answer).toEqual(STARTED);
		expect(step!.passed).toHaveLength(1);
		expect(sent(box.sandbox)).toEqual([]);
	});
});
