// A played reply reaches the package's own SlickText Trigger (run through n8n-core's WebhookContext and
// WorkflowExecute, test/helpers/webhook.ts) and is taken as a real event: on the current platform it
// passes Confirm Events (the sandbox's inbox thread shows the text), on the legacy platform the signature
// holds; SlickText's retries of it are recognised as repeats.
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { sent, useSandbox } from '../helpers/sandbox';
import { startWebhookServer, useWebhookServers } from '../helpers/webhook';
import { eventsOf, legacyTrigger, SECRET } from '../nodes/SlickTextTrigger/fixtures';
import { runTriggerStep } from '../nodes/SlickTextTrigger/triggerStep';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const verification = require(path.resolve(__dirname, '../../dist/nodes/SlickTextTrigger/verification.js'));

useWebhookServers();
const box = useSandbox();

beforeEach(() => verification.forgetConfirmedContacts());

let triggers = 0;

/** The current-platform trigger with Confirm Events on, against the sandbox's brand. */
async function confirmingTrigger() {
	const nodeId = `reply-trigger-${++triggers}-${process.pid}`;
	const parameters = { platform: 'current', events: ['inbox_message_received'], confirmEvents: true };
	const credentials = { slickTextApi: box.sandbox.currentCredentials() };
	const server = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters, credentials, nodeId });
	/** The trigger's step for a run the webhook started: what it passes on after the lookup. */
	const step = async (items: IDataObject[]) => await runTriggerStep({ parameters, credentials, nodeId, items });
	return { server, step };
}

const sandbox = () => box.sandbox as any;
/** A subscribed contact of brand 1001 that has no inbox thread yet. */
const threadless = () =>
	sandbox().state.current.contacts.find(
		(c: any) => c.opt_in_status === 'subscribed' && !sandbox().state.current.threads.some((t: any) => t._contact_id === c.contact_id),
	);

describe('a played reply through the SlickText Trigger', () => {
	it('current: passes Confirm Events, for a contact whose thread the reply opened', async () => {
		const { server, step } = await confirmingTrigger();
		const contact = threadless();
		const played = await box.sandbox.reply({ to: server.url, from: contact.mobile_number, text: 'C' });
		expect(played).toMatchObject({ status: 200, body: '' });
		expect(server.runs).toHaveLength(1);
		const result = await step(server.runs[0]);
		expect(result.error).toBeUndefined();
		expect(result.hints).toEqual([]);
		expect(result.passed).toEqual([{ ...played.events[0], eventKey: expect.any(String) }]);
		// Confirmed by looking the thread up in the sandbox, as on SlickText.
		expect(sent(box.sandbox).map((r) => `${r.method} ${r.path} ${r.query._contact_id}`)).toEqual([
			`GET /v1/brands/1001/inbox-threads ${contact.contact_id}`,
		]);
	});

	it('current: an earlier reply still passes once another came after it; a text never sent does not', async () => {
		const { server, step } = await confirmingTrigger();
		const contact = threadless();
		const first = await box.sandbox.reply({ to: server.url, contactId: contact.contact_id, text: 'Yes' });
		await box.sandbox.reply({ to: server.url, contactId: contact.contact_id, text: 'Thanks!' });
		const earlier = await step(server.runs[0]);
		expect(earlier.passed.map((e) => (e.data as IDataObject).last_message)).toEqual(['Yes']);
		// The same event with a text the contact never sent: the lookup finds no such message.
		const invented = { ...first.events[0], id: 'a'.repeat(24), data: { ...first.events[0].data, last_message: 'No' } };
		const dropped = await step([invented]);
		expect(dropped.passed).toEqual([]);
		expect(dropped.hints[0].message).toContain(`contact ${contact.contact_id} has no incoming inbox message with this text`);
	});

	it('current: a repeated delivery (repeat: 1) is answered as a repeat and starts no second run', async () => {
		const { server } = await confirmingTrigger();
		const played = await box.sandbox.reply({ to: server.url, contactId: threadless().contact_id, text: 'C', repeat: 1 });
		expect(played.deliveries.map((d: any) => [d.event.attempts, d.status, d.body])).toEqual([
			[1, 200, ''],
			[2, 200, { message: 'Repeated delivery: already received; nothing started' }],
		]);
		expect(server.runs).toHaveLength(1);
	});

	it('legacy: a reply signed with the webhook secret starts a run with the event; a wrong secret is refused', async () => {
		const trigger = await legacyTrigger();
		const number = sandbox().state.legacy.contacts[0].number;
		const played = await box.sandbox.reply({ platform: 'legacy', to: trigger.url, from: number, text: 'C', secret: SECRET });
		expect(played).toMatchObject({ status: 200, body: '' });
		expect(eventsOf(trigger)).toEqual([played.events]);
		const forged = await box.sandbox.reply({ platform: 'legacy', to: trigger.url, from: number, text: 'C', secret: 'not-the-secret' });
		expect(forged).toMatchObject({ status: 401, body: { message: 'Invalid X-Slicktext-Signature' } });
		expect(trigger.runs).toHaveLength(1);
	});

	it('legacy: STOP starts a run for the chat message, then one for the OptOut; a redelivery is a repeat', async () => {
		const trigger = await legacyTrigger();
		const number = sandbox().state.legacy.contacts[0].number;
		const played = await box.sandbox.reply({ platform: 'legacy', to: trigger.url, from: number, text: 'STOP', secret: SECRET });
		expect(eventsOf(trigger).map((run) => run.map((event) => event.Event))).toEqual([['ChatMessageRecieved'], ['OptOut']]);
		// Signed again with the secret it was first posted with.
		const again = await box.sandbox.redeliver(played.events[1]);
		expect(again).toMatchObject({ status: 200, body: { message: 'Repeated delivery: already received; nothing started' } });
		expect(again.events[0].attemptNumber).toBe(2);
		expect(trigger.runs).toHaveLength(2);
	});
});
