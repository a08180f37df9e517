// Two-way texts, the waiting node's part, through n8n's real engine against the sandbox: the checks
// before anything is sent, the text, the registration at the SlickText Trigger (a local server standing
// in for it), n8n's wait, and the webhook a forwarded reply resumes. In real n8n: test/e2e/twoWay.js.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { open, signingKeyOf } from '../../../../nodes/shared/replies/signing';
import { credentialReads, runNode } from '../../../helpers/engine';
import { useSandbox } from '../../../helpers/sandbox';
import { postJson, startWebhookServer, useWebhookServers } from '../../../helpers/webhook';

const ctx = useSandbox({ rateLimit: false });
useWebhookServers();

const N8N = 'http://127.0.0.1:5678';

interface FakeTrigger {
	url: string;
	/** What was registered, its signature checked with the sandbox credentials' keys (issuedAt left out). */
	registrations: IDataObject[];
	/** How many texts the sandbox had received when each registration came. */
	textsBefore: number[];
	/** Bodies whose signature matched neither credential. */
	unsigned: IDataObject[];
	status: number;
	/** Whether this trigger says it verifies replies (a webhook secret, or Confirm Events). */
	verifies: boolean;
	/** What it says of each registration in turn: stored in n8n's database yet (the last one repeats). */
	stored: boolean[];
	/** How many posts, first, are answered as by an n8n webhook process still starting (404 "Cannot POST", HTML). */
	notReady: number;
	/** Posts answered so. */
	notReadyPosts: number;
	/** Answers given first, one per post, as n8n's own middleware gives them before any node runs. */
	refusals: Array<{ status: number; type: string; body: string }>;
	close(): Promise<void>;
}

/** Stands in for the SlickText Trigger's Production URL: checks the signature, records what waiting nodes register. */
async function fakeTrigger(): Promise<FakeTrigger> {
	const trigger = { registrations: [] as IDataObject[], textsBefore: [] as number[], unsigned: [] as IDataObject[], status: 200, verifies: true, stored: [true], notReady: 0, notReadyPosts: 0, refusals: [] } as FakeTrigger;
	const keys = [signingKeyOf('legacy', ctx.sandbox.legacyCredentials()), signingKeyOf('current', ctx.sandbox.currentCredentials())];
	const server: Server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const refusal = trigger.refusals.shift();
			if (refusal) {
				res.writeHead(refusal.status, { 'Content-Type': refusal.type });
				res.end(refusal.body);
				return;
			}
			if (trigger.notReadyPosts < trigger.notReady) {
				trigger.notReadyPosts++;
				res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
				res.end('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /webhook/abc/webhook</pre>\n</body>\n</html>\n');
				return;
			}
			const body = JSON.parse(text);
			const opened = keys.map((key) => open(key, { payload: body.n8nSlickTextReplyWait, signature: body.signature }, Date.now())).find((o) => o.ok);
			if (opened?.ok) {
				const { issuedAt, ...registration } = opened.value;
				expect(Math.abs(Number(issuedAt) - Date.now())).toBeLessThan(60_000);
				trigger.registrations.push(registration);
				trigger.textsBefore.push(texts().length);
			} else trigger.unsigned.push(body);
			res.writeHead(trigger.status, { 'Content-Type': 'application/json' });
			const registration = opened?.ok && opened.value.check !== true;
			const stored = registration ? (trigger.stored.length > 1 ? trigger.stored.shift() : trigger.stored[0]) : undefined;
			res.end(JSON.stringify(trigger.status === 200 ? { registered: true, verifies: trigger.verifies, ...(registration ? { stored } : {}) } : { registered: false, message: 'no' }));
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	trigger.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/abc/webhook`;
	trigger.close = async () => await new Promise<void>((r) => server.close(() => r()));
	return trigger;
}

let trigger: FakeTrigger;
beforeEach(async () => {
	trigger = await fakeTrigger();
});
afterEach(async () => {
	await trigger.close();
});

const legacy = (extra: IDataObject = {}) => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials({ replyTriggerUrl: trigger.url, ...extra }) });
const sendAndWait = (extra: IDataObject = {}) => ({
	resource: 'message',
	operation: 'sendAndWait',
	sendTo: 'number',
	textwordId: { __rl: true, mode: 'id', value: '5401' },
	number: '+16195551234',
	message: 'Reply YES to confirm',
	...extra,
});
const texts = () => ctx.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/');

describe('Send and Wait for Reply checks everything before the text goes out', () => {
	it.each([
		['no Trigger URL for Replies in the credential', {}, { replyTriggerUrl: '' }, /'Trigger URL for Replies' is not set/],
		['a time limit that has passed', { waitOptions: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T00:00:00Z' } } } }, {}, /'Limit Wait Time': .* has passed already/],
		['a word that is both yes and no', { yesWords: 'YES, OK', noWords: 'no, ok' }, {}, /both a yes word and a no word/],
		['no yes word', { yesWords: ' , ' }, {}, /'Yes Words' is empty/],
		['a textword-wide Send To', { sendTo: 'textword' }, {}, /'Send To': "textword" is not one contact or one number/],
		['a number that is not one', { number: '555-12' }, {}, /'Mobile Number': "555-12"/],
	])('%s', async (_label, parameters, credential, message) => {
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(parameters), credentials: legacy(credential) });
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).toMatch(/ \[item 0\]$/);
		expect(texts()).toEqual([]);
	});

	// Version 2 moved Yes Words and No Words into Options; version 1 keeps them at the top.
	it.each([
		['version 2, in Options', 2, { waitOptions: { yesWords: ' , ' } }],
		['version 1, at the top', 1, { yesWords: ' , ' }],
	])('the answer words are read where the version has them: %s', async (_label, typeVersion, parameters) => {
		const result = await runNode({ type: 'slickTextLegacy', typeVersion, parameters: sendAndWait(parameters), credentials: legacy() });
		expect(result.error?.message).toBe("'Yes Words' is empty [item 0]");
		expect(texts()).toEqual([]);
	});

	it('version 2 keeps no answer words at the top: a stray one there is not read', async () => {
		const result = await runNode({ type: 'slickTextLegacy', typeVersion: 2, parameters: sendAndWait({ yesWords: ' , ' }), credentials: legacy() });
		expect(result.error).toBeUndefined();
		expect(texts()).toHaveLength(1);
	});

	it('one item only: each execution waits for one person', async () => {
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy(), items: [{}, {}] });
		expect(result.error?.message).toBe('Waiting for a reply takes one item, got 2 [item 0]');
		expect(texts()).toEqual([]);
		expect(trigger.registrations).toEqual([]);
	});

	it('asks the trigger first: a Trigger URL where nothing is published stops it before the text', async () => {
		trigger.status = 404;
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy() });
		expect(result.error?.message).toBe(`Nothing is published at the credential's 'Trigger URL for Replies' (${trigger.url}) [item 0]`);
		expect(result.error?.description).toMatch(/Publish \(n8n 1.x: activate\) the workflow with the SlickText Legacy Trigger/);
		expect(trigger.registrations).toEqual([{ platform: 'legacy', person: '', resumeUrl: '', since: 0, until: 0, sent: {}, check: true }]);
		expect(texts()).toEqual([]);
	});

	it('signs the check with its own credential: a trigger with another credential refuses it, and nothing is texted', async () => {
		trigger.status = 401;
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy({ privateKey: 'another-private-key' }) });
		expect(trigger.registrations).toEqual([]);
		expect(trigger.unsigned).toHaveLength(1);
		expect(result.error?.message).toBe('The SlickText Legacy Trigger refused the wait: it is not signed with its credential [item 0]');
		expect(texts()).toEqual([]);
	});

	it('an approval waits only where the trigger verifies replies: otherwise it stops before the text and says what to turn on', async () => {
		trigger.verifies = false;
		const legacyRun = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy() });
		expect(legacyRun.error?.message).toBe('The SlickText Legacy Trigger cannot tell a real reply from a forged one, so it cannot take an approval [item 0]');
		expect(legacyRun.error?.description).toMatch(/'Webhook Secret' of the SlickText Legacy API credential/);
		expect(legacyRun.error?.description).toMatch(/turn on 'Accept Unverified Replies' in 'Options'/);
		const currentRun = await runNode({
			type: 'slickText',
			parameters: { resource: 'message', operation: 'waitForReply', waitFor: 'contact', contactId: { __rl: true, mode: 'id', value: '12' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ replyTriggerUrl: trigger.url }) },
		});
		expect(currentRun.error?.description).toMatch(/Turn on 'Confirm Events with SlickText' in the SlickText Trigger/);
		expect(texts()).toEqual([]);
		// Only the two checks reached the trigger: nobody was texted, nothing registered.
		expect(trigger.registrations.map((r) => r.check)).toEqual([true, true]);
	});

	it.each([
		['Free Text', { responseType: 'freeText' }],
		['an approval with Accept Unverified Replies', { waitOptions: { acceptUnverifiedReplies: true } }],
	])('%s waits at a trigger that does not verify replies', async (_label, parameters) => {
		trigger.verifies = false;
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(parameters), credentials: legacy(), n8nBase: N8N });
		expect(result.error).toBeUndefined();
		expect(texts()).toHaveLength(1);
		expect(trigger.registrations).toHaveLength(2);
	});
});

describe('Send and Wait for Reply registers the wait, texts and puts the execution to wait', () => {
	it('registers who and where before the text (an answer seconds after it finds the wait), sends the text as Send does, and waits with a timed-out output ready', async () => {
		const limit = { waitOptions: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } } };
		const before = Date.now();
		const reads = credentialReads.count;
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(limit), credentials: legacy(), n8nBase: N8N });
		expect(result.error).toBeUndefined();
		// The credential read from n8n once (n8n reads it from its database each time), for the wait and the text.
		expect(credentialReads.count - reads).toBe(1);
		// The text: a form POST with action SEND to the number on the textword.
		expect(texts()).toHaveLength(1);
		expect(texts()[0].headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
		expect(texts()[0].body as IDataObject).toMatchObject({ action: 'SEND', textword: '5401', number: '+16195551234', body: 'Reply YES to confirm' });
		// The check, then the registration, both before the text.
		expect(trigger.registrations).toHaveLength(2);
		expect(trigger.textsBefore).toEqual([0, 0]);
		const [check, registration] = trigger.registrations;
		expect(check.check).toBe(true);
		expect(registration).toMatchObject({ platform: 'legacy', person: '+16195551234', sent: { to: '+16195551234' } });
		// What the node keeps for its output: the message SlickText made, and the contact it opted the number in as.
		const sent = (result.json[0] as IDataObject).sent as IDataObject;
		expect(sent.to).toBe('+16195551234');
		expect(Number(sent.messageId)).toBeGreaterThan(0);
		expect(Number(sent.contactId)).toBeGreaterThan(0);
		// n8n's address of this node's wait in this execution.
		expect(String(registration.resumeUrl)).toMatch(new RegExp(`^${N8N}/webhook-waiting/\\d+/node-under-test`));
		const until = Number(registration.until);
		expect(until - before).toBeGreaterThanOrEqual(2 * 3_600_000);
		expect(until - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
		// Waiting, until the limit.
		expect(new Date(result.run.data.waitTill as Date).getTime()).toBe(until);
		expect(result.json).toEqual([{ outcome: 'waiting', sent }]);
		// What the node puts out if the limit comes first (n8n then passes the node's input on).
		const stack = result.run.data.executionData!.nodeExecutionStack[0];
		expect(stack.data.main[0]).toEqual([{ json: { outcome: 'timedOut', approved: false, reply: null, sent, waitedSeconds: 7200 } }]);
		// No resume address in what the node put out.
		expect(JSON.stringify(result.json)).not.toContain('webhook-waiting');
		// Signed by n8n, which checks the signature before resuming (last: n8n 1.x signs no address).
		expect(String(registration.resumeUrl)).toMatch(/\?signature=/);
	});

	it('looks a contact up for its number, and waits without a limit when none is set', async () => {
		const contact = ctx.sandbox.state.legacy.contacts[0];
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: sendAndWait({ sendTo: 'contact', contactId: { __rl: true, mode: 'id', value: String(contact.id) } }),
			credentials: legacy(),
			n8nBase: N8N,
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /legacy/v1/contacts/${contact.id}`, 'GET /legacy/v1/account', 'POST /legacy/v1/messages/']);
		expect(texts()[0].body as IDataObject).toMatchObject({ action: 'SEND', contact: String(contact.id) });
		expect(trigger.registrations[1]).toMatchObject({ person: contact.number, until: 0, sent: { to: contact.number, contactId: String(contact.id) } });
	});

	it('Wait for Reply (current) sends nothing and registers the contact of the brand', async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'message', operation: 'waitForReply', waitFor: 'contact', contactId: { __rl: true, mode: 'id', value: '12' }, responseType: 'freeText' },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ replyTriggerUrl: trigger.url }) },
			n8nBase: N8N,
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/brands/1001/contacts/12']);
		expect(trigger.registrations[1]).toMatchObject({ platform: 'current', person: '1001:12', sent: { contactId: '12' } });
		// Wait for Reply is not n8n's Send and Wait: its address carries the execution's resume token.
		expect(String(trigger.registrations[1].resumeUrl)).toMatch(/\/webhook-waiting\/\d+\/node-under-test/);
		const stack = result.run.data.executionData!.nodeExecutionStack[0];
		expect(stack.data.main[0][0].json).toMatchObject({ outcome: 'timedOut', reply: null });
		expect(stack.data.main[0][0].json).not.toHaveProperty('approved');
	});

	it('waits only once the trigger says n8n stored the wait, asking again; never stored fails and says so', async () => {
		trigger.stored = [false, false, true];
		const waited = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy(), n8nBase: N8N });
		expect(waited.error).toBeUndefined();
		// The check, then the same registration three times.
		expect(trigger.registrations.map((r) => r.check === true)).toEqual([true, false, false, false]);
		expect(new Set(trigger.registrations.slice(1).map((r) => r.resumeUrl)).size).toBe(1);
		trigger.registrations = [];
		trigger.stored = [false];
		const textsBefore = texts().length;
		const failed = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait({ number: '+16195551235' }), credentials: legacy(), n8nBase: N8N });
		expect(failed.error?.message).toBe('The SlickText Legacy Trigger took the wait, but n8n did not store it [item 0]');
		expect(trigger.registrations.length).toBeGreaterThan(5);
		// Nothing waits for an answer, so nobody was texted.
		expect(texts().length).toBe(textsBefore);
	});

	it('a text that SlickText refuses withdraws the wait: nothing waits for that person', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 422, body: { message: 'Number is opted out' }, match: { method: 'POST', path: '/legacy/v1/messages/' } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy(), n8nBase: N8N });
		expect(result.error?.message).toMatch(/Number is opted out/);
		const [check, registration, withdrawal] = trigger.registrations;
		expect(check.check).toBe(true);
		expect(registration.person).toBe('+16195551234');
		expect(withdrawal).toEqual({ platform: 'legacy', kind: 'withdraw', resumeUrl: registration.resumeUrl });
		expect(result.run.data.waitTill).toBeUndefined();
	});

	it("a Test URL in 'Trigger URL for Replies' is named as such, with the URL, before anything is sent", async () => {
		const testUrl = 'http://127.0.0.1:5678/webhook-test/abc/webhook';
		const result = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy({ replyTriggerUrl: testUrl }) });
		expect(result.error?.message).toBe(`The credential's 'Trigger URL for Replies' is the SlickText Legacy Trigger's Test URL (${testUrl}) [item 0]`);
		expect(result.error?.description).toMatch(/choose Production URL/);
		expect(trigger.registrations).toEqual([]);
		expect(texts()).toEqual([]);
	});

	it('asks again where n8n did not answer (a webhook process still starting says 404 "Cannot POST"), and waits once the trigger took the wait', async () => {
		trigger.notReady = 3;
		const waited = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy(), n8nBase: N8N });
		expect(waited.error).toBeUndefined();
		expect(trigger.notReadyPosts).toBe(3);
		expect(trigger.registrations.map((r) => r.check === true)).toEqual([true, false]);
		expect(texts()).toHaveLength(1);
	});

	it('asks again where n8n refused before any node ran (503 "Database is not ready!", 200 "n8n is starting up"), and waits once the trigger took the wait', async () => {
		trigger.refusals = [
			{ status: 503, type: 'application/json; charset=utf-8', body: JSON.stringify({ code: 503, message: 'Database is not ready!' }) },
			{ status: 200, type: 'text/html; charset=utf-8', body: 'n8n is starting up. Please wait' },
		];
		const waited = await runNode({ type: 'slickTextLegacy', parameters: sendAndWait(), credentials: legacy(), n8nBase: N8N });
		expect(waited.error).toBeUndefined();
		expect(trigger.refusals).toEqual([]);
		expect(trigger.registrations.map((r) => r.check === true)).toEqual([true, false]);
		expect(texts()).toHaveLength(1);
	});

	it('does not work as a plain AI tool, and says what to use', async () => {
		const result = await runNode({ type: 'slickTextLegacyTool', parameters: sendAndWait(), credentials: legacy() });
		expect(result.error?.message).toBe('Waiting for a reply does not work as an AI tool');
		expect(texts()).toEqual([]);
	});
});

describe("the waiting node's webhook: what a forwarded reply resumes it with", () => {
	const forward = (text: string, extra: IDataObject = {}) => ({
		reply: { person: '+16195551234', text, mediaUrl: '', from: '+16195551234', contactId: '', receivedAt: '2026-11-25 10:00:00', optedOut: false, message: true, verified: true, ...extra },
		wait: { since: Date.now() - 5000, until: 0, sent: { messageId: 99, to: '+16195551234', contactId: null } },
	});
	const waitingNode = async (parameters: IDataObject = {}) =>
		await startWebhookServer({ type: 'slickTextLegacy', parameters: sendAndWait(parameters) as never, credentials: legacy() });

	it.each([
		['a yes word, in any case and spacing', ' yes! ', {}, { outcome: 'replied', approved: true }],
		['a no word', 'N', {}, { outcome: 'replied', approved: false }],
		['another answer', 'maybe tomorrow', {}, { outcome: 'notUnderstood', approved: false }],
		['words of its own', 'confirm', { yesWords: 'CONFIRM, C', noWords: 'RESCHEDULE, R' }, { outcome: 'replied', approved: true }],
		['free text', 'See you at 7', { responseType: 'freeText' }, { outcome: 'replied' }],
	])('%s', async (_label, text, parameters, expected) => {
		const node = await waitingNode(parameters);
		const answer = await postJson(node.url, forward(text));
		expect(answer).toEqual({ status: 200, body: { taken: true } });
		expect(node.runs).toHaveLength(1);
		const [out] = node.runs[0];
		expect(out).toMatchObject({ ...expected, reply: { text, from: '+16195551234', verified: true }, sent: { messageId: 99 } });
		expect(out.waitedSeconds).toBeGreaterThanOrEqual(5);
		if (!('approved' in expected)) expect(out).not.toHaveProperty('approved');
	});

	it('an approval does not take a reply the trigger could not verify: it goes on as the trigger\'s event', async () => {
		const node = await waitingNode();
		const answer = await postJson(node.url, forward('YES', { verified: false }));
		expect(answer).toEqual({ status: 200, body: { taken: false, message: 'The reply was not verified: an approval takes only verified replies' } });
		expect(node.runs).toEqual([]);
	});

	it('with Accept Unverified Replies an approval takes it, and free text always does; the output says it was not verified', async () => {
		const approval = await waitingNode({ waitOptions: { acceptUnverifiedReplies: true } });
		expect((await postJson(approval.url, forward('YES', { verified: false }))).body).toEqual({ taken: true });
		expect(approval.runs[0][0]).toMatchObject({ outcome: 'replied', approved: true, reply: { text: 'YES', verified: false } });
		const freeText = await waitingNode({ responseType: 'freeText' });
		expect((await postJson(freeText.url, forward('See you', { verified: false }))).body).toEqual({ taken: true });
		expect(freeText.runs[0][0]).toMatchObject({ outcome: 'replied', reply: { text: 'See you', verified: false } });
	});

	it('an opt-out is never an approval', async () => {
		const node = await waitingNode({ yesWords: 'STOP, YES' });
		await postJson(node.url, forward('STOP', { optedOut: true }));
		expect(node.runs[0][0]).toMatchObject({ outcome: 'optedOut', approved: false });
	});

	it('keeps waiting for a yes or a no when told to: the reply is not taken', async () => {
		const node = await waitingNode({ otherAnswers: 'keepWaiting' });
		const answer = await postJson(node.url, forward('what?'));
		expect(answer).toEqual({ status: 200, body: { taken: false, message: 'Neither a yes word nor a no word: still waiting' } });
		expect(node.runs).toEqual([]);
	});

	it('does not take a reply that came after the time limit', async () => {
		const node = await waitingNode();
		const late = forward('yes');
		late.wait.until = Date.now() - 1000;
		expect((await postJson(node.url, late)).body).toEqual({ taken: false, message: 'The wait has timed out' });
		expect(node.runs).toEqual([]);
	});

	it('refuses a body that is not a forwarded reply', async () => {
		const node = await waitingNode();
		expect((await postJson(node.url, { hello: 1 })).status).toBe(400);
		expect(node.runs).toEqual([]);
	});
});

describe('the waiting operations in the AI tool variants', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { NodeHelpers } = require('n8n-workflow');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { loadPackage, createNode } = require('../../../helpers/engine');
	const nodes = loadPackage().nodes;

	it.each([
		['slickText', ['waitForReply']],
		['slickTextLegacy', ['sendAndWait', 'waitForReply']],
	])('%s offers %j in the node, and not in its tool variant (n8n names it …Tool)', (type, waiting) => {
		const description = nodes[type].description;
		const operation = description.properties.find((p: { name: string; displayOptions?: { show?: { resource?: string[] } } }) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('message'));
		const offered = (name: string) => {
			const node = createNode({ type, parameters: { resource: 'message' }, credentials: {} });
			return operation.options
				.filter((o: { displayOptions?: unknown }) => !o.displayOptions || NodeHelpers.displayParameter({ resource: 'message' }, o, node, { ...description, name }))
				.map((o: { value: string }) => o.value);
		};
		for (const value of waiting) {
			expect(offered(description.name)).toContain(value);
			expect(offered(`${description.name}Tool`)).not.toContain(value);
		}
		// Everything else of the resource stays.
		expect(offered(`${description.name}Tool`).length).toBe(operation.options.length - waiting.length);
	});
});
