// Poll > Ask and Wait, end to end through n8n's real engine: the node runs against the sandbox and
// registers at a real SlickText Legacy Trigger (its webhook behind a local HTTP server), people's replies
// are played by the sandbox as SlickText posts them, the trigger ends the poll at its deadline (or once
// everyone answered) and posts the answers to the poll's resume address (a local server standing in for
// n8n's waiting webhooks), and the node's webhook is run with them as n8n resumes it. In real n8n:
// test/e2e/twoWay.js and test/e2e/twoWayScale.js.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { runNode, type RunResult } from '../../../helpers/engine';
import { fakeN8nApi, type FakeN8nApi } from '../../../helpers/n8nDataTables';
import { useSandbox } from '../../../helpers/sandbox';
import { postJson, resumeWaitingNode, startWebhookServer, useWebhookServers, type WebhookServer } from '../../../helpers/webhook';

const ctx = useSandbox({ rateLimit: false });
useWebhookServers();

// The modules the nodes run with (from dist/, as n8n loads them): their settings are the ones that count.
/* eslint-disable @typescript-eslint/no-require-imports */
const { pollLimits } = require(path.resolve(__dirname, '../../../../dist/nodes/shared/replies/askAndWait.js'));
const { pollTiming } = require(path.resolve(__dirname, '../../../../dist/nodes/shared/replies/polls.js'));
/* eslint-enable @typescript-eslint/no-require-imports */

const SECRET = 'poll-secret';

interface N8n {
	base: string;
	api: FakeN8nApi;
	/** Where /webhook/... goes: the trigger under test. */
	trigger?: WebhookServer;
	/** What reached the poll's resume address, in order. */
	ends: IDataObject[];
	/** The texts the sandbox had received when each signed request of a node reached the trigger. */
	textsAtRequests: number[];
	/** When a request that asks the trigger to look at its polls (a tick) reached it. */
	ticks: number[];
	/** How the resume address answers: taken (as the poll's webhook says once n8n resumed it), or n8n's 409 while the node still runs. */
	answers: Array<{ status: number; body: IDataObject }>;
	close(): Promise<void>;
}

/** Stands in for n8n at one address: the trigger's Production URL, its public API, and the poll's resume address. */
async function standIn(): Promise<N8n> {
	const n8n: Partial<N8n> = { ends: [], answers: [], textsAtRequests: [], ticks: [], api: fakeN8nApi() };
	const server: Server = createServer((req, res) => {
		if (req.url?.startsWith('/api/')) return n8n.api!.handle(req, res);
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', async () => {
			if (req.url?.startsWith('/webhook/') && n8n.trigger) {
				if (raw.includes('n8nSlickTextReplyWait')) n8n.textsAtRequests!.push(texts().length);
				if (raw.includes('n8nSlickTextTick')) n8n.ticks!.push(Date.now());
				const answer = await fetch(n8n.trigger.url, { method: 'POST', headers: req.headers as Record<string, string>, body: raw });
				res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
				res.end(await answer.text());
				return;
			}
			n8n.ends!.push(JSON.parse(raw || '{}'));
			const answer = n8n.answers!.length > 0 ? n8n.answers!.shift()! : { status: 200, body: { taken: true } };
			res.writeHead(answer.status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	n8n.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	n8n.close = async () => {
		server.closeAllConnections();
		await new Promise<void>((r) => server.close(() => r()));
	};
	return n8n as N8n;
}

let n8n: N8n;
const limits = { ...pollLimits };
const timing = { ...pollTiming };
beforeAll(() => {
	// The same rules, shorter: a deadline seconds away, the end a moment after it.
	pollLimits.marginMs = 0;
	pollTiming.graceMs = 100;
	pollTiming.pausesMs = [50, 50, 50];
});
afterAll(() => {
	Object.assign(pollLimits, limits);
	Object.assign(pollTiming, { graceMs: timing.graceMs, pausesMs: timing.pausesMs });
});
beforeEach(async () => {
	n8n = await standIn();
});
afterEach(async () => await n8n.close());

async function legacyTrigger(extra: IDataObject = {}, nodeId?: string): Promise<WebhookServer> {
	const trigger = await startWebhookServer({
		type: 'slickTextLegacyTrigger',
		typeVersion: 2,
		parameters: { platform: 'legacy', legacyEvents: ['ChatMessageRecieved'] },
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials({ webhookSecret: SECRET, ...extra }) },
		n8nBase: n8n.base,
		nodeId,
	});
	n8n.trigger = trigger;
	return trigger;
}

const GUESTS = [
	{ name: 'Ann', number: '+16195550101' },
	{ name: 'Bob', number: '+16195550102' },
	{ name: 'Cy', number: '+16195550103' },
];

const askAndWait = (extra: IDataObject = {}) => ({
	resource: 'poll',
	operation: 'askAndWait',
	textwordId: { __rl: true, mode: 'id', value: '5401' },
	number: '={{ $json.number }}',
	message: '={{ $json.name }}, dinner on Friday? Reply YES or NO',
	deadlineType: 'atSpecifiedTime',
	deadline: new Date(Date.now() + 4000).toISOString(),
	...extra,
});

function pollNode(trigger: WebhookServer, parameters: IDataObject, credentials: IDataObject = {}) {
	return {
		type: 'slickTextLegacy',
		typeVersion: 2,
		parameters: parameters as never,
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials({ replyTriggerUrl: `${n8n.base}/webhook/test-webhook-id/webhook`, webhookSecret: SECRET, ...credentials }) },
		n8nBase: n8n.base,
	};
}

const texts = () => ctx.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/');

async function reply(trigger: WebhookServer, from: string, text: string) {
	const played = await ctx.sandbox.reply({ platform: 'legacy', to: trigger.url, from, text, secret: SECRET });
	await trigger.settled();
	return played;
}

async function until(condition: () => boolean, ms = 15_000) {
	const end = Date.now() + ms;
	while (!condition()) {
		if (Date.now() > end) throw new Error('waited in vain');
		await new Promise((r) => setTimeout(r, 25));
	}
}

/** Runs the poll's webhook with the end the trigger posted, as n8n resumes the execution. */
async function resume(node: ReturnType<typeof pollNode>, result: RunResult, end: IDataObject) {
	return await resumeWaitingNode(node, result.run.data, end);
}

describe('Ask and Wait checks everything before anyone is texted', () => {
	it.each([
		['a number that is not one', { items: [{ name: 'X', number: '555-12' }] }, {}, /^'Mobile Number': "555-12" is not a mobile number \[item 0\]$/],
		['an empty number in the second item', { items: [GUESTS[0], { name: 'Y' }] }, {}, /^'Mobile Number': is empty \[item 1\]$/],
		['a deadline that has passed', {}, { deadline: '2020-01-01T00:00:00Z' }, /^'Deadline': the answers would be counted before everyone can be asked \[item 0\]$/],
		['no choices', {}, { responseType: 'choice', choices: ' , ' }, /^'Choices' is empty \[item 0\]$/],
	])('%s', async (_label, run, parameters, message) => {
		const trigger = await legacyTrigger();
		const node = pollNode(trigger, askAndWait(parameters));
		const result = await runNode({ ...node, items: (run as { items?: IDataObject[] }).items ?? GUESTS });
		expect(result.error?.message).toMatch(message);
		expect(texts()).toEqual([]);
		expect(trigger.calls).toEqual([]);
	});

	it('a deadline too soon to text everyone at the credential\'s rate says how long asking takes', async () => {
		pollLimits.marginMs = 60_000;
		try {
			const trigger = await legacyTrigger();
			const result = await runNode({ ...pollNode(trigger, askAndWait()), items: GUESTS });
			expect(result.error?.message).toBe("'Deadline': the answers would be counted before everyone can be asked [item 0]");
			expect(result.error?.description).toMatch(/give people at least 2 minutes/);
			expect(texts()).toEqual([]);
		} finally {
			pollLimits.marginMs = 0;
		}
	});

	it('an approval at a trigger that cannot verify replies stops before anyone is texted, and says what to turn on', async () => {
		const trigger = await legacyTrigger({ webhookSecret: '' });
		const result = await runNode({ ...pollNode(trigger, askAndWait()), items: GUESTS });
		expect(result.error?.message).toBe('The SlickText Legacy Trigger cannot tell a real reply from a forged one, so it cannot take an approval [item 0]');
		expect(texts()).toEqual([]);
	});
});

describe('Ask and Wait: the poll, its answers and its end', () => {
	it('registers everyone before the first text, texts each once, and at the deadline puts out one item per person: answered, opted out, no answer', async () => {
		const trigger = await legacyTrigger();
		const node = pollNode(trigger, askAndWait());
		// A person in two items is asked once, and both items get the answer.
		const items = [...GUESTS, { name: 'Ann again', number: '619-555-0101' }];
		const result = await runNode({ ...node, items });
		expect(result.error).toBeUndefined();
		// Waiting for the poll's end; n8n's own limit comes later, as a last resort.
		expect(new Date(result.run.data.waitTill as Date).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
		// The check, then the poll with everyone (asked again until n8n stored it), all before the first text.
		expect(n8n.textsAtRequests.length).toBeGreaterThanOrEqual(2);
		expect(new Set(n8n.textsAtRequests)).toEqual(new Set([0]));
		expect(texts().map((t) => (t.body as IDataObject).number)).toEqual(GUESTS.map((g) => g.number));
		expect(texts().map((t) => (t.body as IDataObject).body)).toEqual(GUESTS.map((g) => `${g.name}, dinner on Friday? Reply YES or NO`));
		// Ann answers yes, Bob STOPs, Cy says nothing; a stranger's YES goes on as the trigger's event.
		await reply(trigger, '+16195550101', 'Yes!');
		await reply(trigger, '+16195550102', 'STOP');
		await reply(trigger, String(ctx.sandbox.state.legacy.contacts[0].number), 'YES');
		expect(trigger.runs).toHaveLength(1);
		expect(n8n.ends).toEqual([]);
		await until(() => n8n.ends.length === 1);
		const end = n8n.ends[0];
		const { items: out, result: answer } = await resume(node, result, end);
		expect(answer.webhookResponse).toEqual({ taken: true });
		expect(out.map((o) => [(o.person as IDataObject).name, o.status, o.approved, o.answer])).toEqual([
			['Ann', 'answered', true, 'Yes!'],
			['Bob', 'optedOut', false, null],
			['Cy', 'noAnswer', false, null],
			['Ann again', 'answered', true, 'Yes!'],
		]);
		expect(out[0]).toMatchObject({ endedBy: 'deadline', verified: true, sent: { to: '+16195550101' } });
		// The count, each person once, in every item.
		for (const item of out) expect(item.summary).toEqual({ people: 3, answered: 1, noAnswer: 1, optedOut: 1, notAsked: 0, approved: 1, declined: 0 });
		expect(Number((out[0].sent as IDataObject).messageId)).toBeGreaterThan(0);
		// A legacy reply names its number; the contact is the one the text went to. Its time is in the workflow's zone.
		expect((out[0].reply as IDataObject).contactId).toBe(String((out[0].sent as IDataObject).contactId));
		expect(String(out[0].answeredAt)).toMatch(/-0[45]:00$/);
		// The poll's own process asks the trigger to look at the deadline too (its timers would end it if every
		// process that takes the trigger's requests had restarted meanwhile): the poll is done, nothing more is posted.
		await until(() => n8n.ticks.length === 1);
		await new Promise((r) => setTimeout(r, 300));
		expect(n8n.ends).toHaveLength(1);
	});

	it('ends as soon as everyone answered, with the first answer counting; a later text of a person comes out of the trigger', async () => {
		const trigger = await legacyTrigger();
		const node = pollNode(trigger, askAndWait({ deadline: new Date(Date.now() + 60_000).toISOString() }));
		const result = await runNode({ ...node, items: GUESTS.slice(0, 2) });
		expect(result.error).toBeUndefined();
		await reply(trigger, '+16195550101', 'no');
		await reply(trigger, '+16195550101', 'yes');
		expect(n8n.ends).toEqual([]);
		await reply(trigger, '+16195550102', 'Y');
		await until(() => n8n.ends.length === 1);
		const { items: out } = await resume(node, result, n8n.ends[0]);
		expect(out.map((o) => [o.status, o.approved, o.answer, o.endedBy])).toEqual([
			['answered', false, 'no', 'everyone'],
			['answered', true, 'Y', 'everyone'],
		]);
		// Ann's second text was not the answer: it went on as an event.
		expect(trigger.runs).toHaveLength(1);
	});

	it('with the last answer counting, a person may change their mind until the deadline; a repeated delivery counts once', async () => {
		const trigger = await legacyTrigger();
		const node = pollNode(trigger, askAndWait({ answerThatCounts: 'last', responseType: 'choice', choices: '1, 2, 3' }));
		const result = await runNode({ ...node, items: GUESTS.slice(0, 1) });
		expect(result.error).toBeUndefined();
		const first = await reply(trigger, '+16195550101', '1');
		await reply(trigger, '+16195550101', 'maybe');
		await reply(trigger, '+16195550101', '3.');
		// SlickText delivers the first reply again: older than the one kept, it changes nothing.
		await ctx.sandbox.redeliver(first.events[0]);
		await trigger.settled();
		await until(() => n8n.ends.length === 1);
		const { items: out } = await resume(node, result, n8n.ends[0]);
		expect(out.map((o) => [o.status, o.choice, o.answer])).toEqual([['answered', '3', '3.']]);
		expect(out[0].summary).toMatchObject({ people: 1, answered: 1, choices: { 3: 1 } });
		// "maybe" is none of the choices (Keep Waiting): it came out of the trigger, and so did no repeat.
		expect(trigger.runs).toHaveLength(1);
	});

	it('a person whose text SlickText refused is not asked, and says why; the others are', async () => {
		const trigger = await legacyTrigger();
		ctx.sandbox.injectFault({ kind: 'status', status: 422, body: { message: 'Number is opted out' }, match: { method: 'POST', path: '/legacy/v1/messages/', body: '0102' } });
		const node = pollNode(trigger, askAndWait());
		const result = await runNode({ ...node, items: GUESTS.slice(0, 2) });
		expect(result.error).toBeUndefined();
		await reply(trigger, '+16195550101', 'yes');
		// Everyone who could answer did: the poll ends early.
		await until(() => n8n.ends.length === 1);
		const { items: out } = await resume(node, result, n8n.ends[0]);
		expect(out.map((o) => [o.status, o.endedBy])).toEqual([
			['answered', 'everyone'],
			['notAsked', 'everyone'],
		]);
		expect(out[1].notAskedReason).toMatch(/Number is opted out/);
	});

	it('nobody could be texted: the node fails with the reason, and the poll ends without waiting', async () => {
		const trigger = await legacyTrigger();
		ctx.sandbox.injectFault({ kind: 'status', status: 422, times: Infinity, body: { message: 'Textword is inactive' }, match: { method: 'POST', path: '/legacy/v1/messages/' } });
		const result = await runNode({ ...pollNode(trigger, askAndWait()), items: GUESTS.slice(0, 2) });
		expect(result.error?.message).toMatch(/^Nobody could be asked: .*Textword is inactive/);
		expect(result.run.data.waitTill).toBeUndefined();
	});

	it('an answer that comes while the node still texts the others (seconds after its own text) is counted', async () => {
		const trigger = await legacyTrigger();
		// Two texts a second: Ann answers as soon as she has hers, while the others are still being texted.
		const node = pollNode(trigger, askAndWait(), { requestsPerSecond: 2 });
		const running = runNode({ ...node, items: GUESTS });
		await until(() => ctx.sandbox.state.legacy.contacts.some((c: IDataObject) => c.number === '+16195550101'));
		expect(texts().length).toBeLessThan(3);
		await reply(trigger, '+16195550101', 'yes');
		const result = await running;
		expect(result.error).toBeUndefined();
		await until(() => n8n.ends.length === 1);
		const { items: out } = await resume(node, result, n8n.ends[0]);
		expect(out[0]).toMatchObject({ status: 'answered', approved: true });
		// Counted by the poll, not passed on as an event.
		expect(trigger.runs).toEqual([]);
	});

	it('n8n\'s own limit, if the trigger never ends the poll, puts out every person as not counted, with how to read the answers', async () => {
		const trigger = await legacyTrigger();
		const result = await runNode({ ...pollNode(trigger, askAndWait()), items: GUESTS.slice(0, 1) });
		const stack = result.run.data.executionData!.nodeExecutionStack[0];
		expect(stack.data.main[0]).toEqual([
			expect.objectContaining({ json: expect.objectContaining({ status: 'notCounted', answer: null, person: GUESTS[0], message: expect.stringMatching(/Poll > Get Answers/) }) }),
		]);
	});

	it('Get Answers reads how the poll stands while it runs', async () => {
		const trigger = await legacyTrigger();
		const node = pollNode(trigger, askAndWait({ deadline: new Date(Date.now() + 60_000).toISOString() }));
		const result = await runNode({ ...node, items: GUESTS.slice(0, 2) });
		expect(result.error).toBeUndefined();
		await reply(trigger, '+16195550102', 'no');
		const read = await runNode({ ...pollNode(trigger, { resource: 'poll', operation: 'getAnswers', pollExecutionId: '' }) });
		expect(read.error).toBeUndefined();
		expect(read.json.map((o) => [o.number, o.status, o.approved ?? null])).toEqual([
			['+16195550101', 'waiting', null],
			['+16195550102', 'answered', false],
		]);
		expect(new Set(read.json.map((o) => o.ended))).toEqual(new Set([false]));
	});
});

describe('Ask and Wait with several webhook processes: the poll in an n8n data table', () => {
	// The trigger's looks for kept replies a stopped process left (a moment after any request): soon, and ended after each test.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { sweeping } = require(path.resolve(__dirname, '../../../../dist/nodes/SlickTextTrigger/SlickTextTrigger.node.js'));
	const sweepAfter = sweeping.afterMs;
	beforeAll(() => (sweeping.afterMs = 200));
	afterAll(() => (sweeping.afterMs = sweepAfter));
	afterEach(() => sweeping.round++);

	it('two processes take the replies, each process times the end: one end, every answer once', async () => {
		const credentials = { n8nApiKey: n8n.api.apiKey };
		// The same trigger node, served by two processes (here two servers of one jest worker).
		const two = await legacyTrigger(credentials, 'shared-trigger');
		const one = await legacyTrigger(credentials, 'shared-trigger');
		const node = pollNode(one, askAndWait({ answerThatCounts: 'first' }));
		const result = await runNode({ ...node, items: GUESTS });
		expect(result.error).toBeUndefined();
		const polls = [...n8n.api.tables.values()].find((t) => t.name === 'SlickText polls');
		expect(polls?.rows.filter((r) => Number(r.idx) >= 0).map((r) => r.person)).toEqual(GUESTS.map((g) => g.number));
		// Ann's reply reaches process two, Bob's process one, and SlickText delivers Bob's again to process two.
		await reply(two, '+16195550101', 'yes');
		const bob = await reply(one, '+16195550102', 'no');
		await ctx.sandbox.redeliver(bob.events[0], { to: two.url });
		await two.settled();
		await until(() => n8n.ends.length >= 1);
		await new Promise((r) => setTimeout(r, 500));
		// Both processes timed the end: n8n resumed the poll once, the second post found it resumed (409).
		const [end] = n8n.ends;
		const { items: out } = await resume(node, result, end);
		expect(out.map((o) => [o.status, o.approved])).toEqual([
			['answered', true],
			['answered', false],
			['noAnswer', false],
		]);
		expect(one.runs.length + two.runs.length).toBe(0);
	});
});

describe('Ask and Wait on the current platform: one campaign to lists', () => {
	async function currentTrigger(): Promise<WebhookServer> {
		const trigger = await startWebhookServer({
			type: 'slickTextTrigger',
			typeVersion: 3,
			parameters: { events: ['inbox_message_received'], confirmEvents: true },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			n8nBase: n8n.base,
		});
		n8n.trigger = trigger;
		return trigger;
	}

	const currentNode = (parameters: IDataObject) => ({
		type: 'slickText',
		typeVersion: 2,
		parameters: { resource: 'poll', operation: 'askAndWait', listIds: ['4'], name: 'Tasting RSVP', message: 'Tasting on Thursday? Reply YES or NO', deadlineType: 'atSpecifiedTime', deadline: new Date(Date.now() + 4000).toISOString(), ...parameters } as never,
		credentials: { slickTextApi: ctx.sandbox.currentCredentials({ replyTriggerUrl: `${n8n.base}/webhook/test-webhook-id/webhook` }) },
		n8nBase: n8n.base,
	});

	it("asks the lists' subscribed contacts: every wait in place before the one campaign goes; each contact comes out once with their answer", async () => {
		const trigger = await currentTrigger();
		const brand = ctx.sandbox.state.current;
		const subscribed = new Set(brand.contacts.filter((c: IDataObject) => c.opt_in_status === 'subscribed').map((c: IDataObject) => c.contact_id));
		const members = [...brand.listMembers.get(4)].filter((id) => subscribed.has(id)).sort((a, b) => Number(a) - Number(b));
		expect(members.length).toBeGreaterThanOrEqual(3);
		const campaigns = () => ctx.sandbox.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/campaigns'));
		const node = currentNode({});
		const result = await runNode(node);
		expect(result.error).toBeUndefined();
		// The poll (with every contact) reached the trigger before the campaign; then one campaign to the list.
		expect(new Set(n8n.textsAtRequests)).toEqual(new Set([0]));
		const [campaign] = campaigns();
		expect(campaigns()).toHaveLength(1);
		expect(campaign.body).toMatchObject({ name: 'Tasting RSVP', body: 'Tasting on Thursday? Reply YES or NO', status: 'send', audience: { contact_lists: [4] } });
		// The first contact says yes, the second no, the third STOPs (Confirm Events looks each up in SlickText).
		await ctx.sandbox.reply({ platform: 'current', to: trigger.url, contactId: members[0], text: 'YES' });
		await ctx.sandbox.reply({ platform: 'current', to: trigger.url, contactId: members[1], text: 'no' });
		await ctx.sandbox.reply({ platform: 'current', to: trigger.url, contactId: members[2], text: 'STOP' });
		await trigger.settled();
		await until(() => n8n.ends.length === 1);
		const { items: out } = await resume(node, result, n8n.ends[0]);
		expect(out).toHaveLength(members.length);
		const byContact = new Map(out.map((o) => [String((o.sent as IDataObject).contactId), o]));
		expect([members[0], members[1], members[2]].map((id) => [byContact.get(String(id))?.status, byContact.get(String(id))?.approved])).toEqual([
			['answered', true],
			['answered', false],
			['optedOut', false],
		]);
		expect((byContact.get(String(members[0]))?.person as IDataObject).contact_id).toBe(members[0]);
		expect(byContact.get(String(members[0]))?.sent).toMatchObject({ campaignId: expect.anything() });
		expect(out[0].summary).toMatchObject({ people: members.length, answered: 2, optedOut: 1, approved: 1, declined: 1 });
	});

	it('takes one item: the people are the lists\' contacts, not the input', async () => {
		await currentTrigger();
		const result = await runNode({ ...currentNode({}), items: [{}, {}] });
		expect(result.error?.message).toBe('Ask and Wait sends one campaign: it takes one item, got 2 [item 0]');
		expect(ctx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
	});
});
