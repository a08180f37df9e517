// Playing a person's reply (sandbox/shared/replies.js): the sandbox changes its state as SlickText would
// and posts the webhook event(s) SlickText posts to a trigger URL. A local HTTP server stands in for the
// trigger here and records what arrives; the signature is checked with the package's own check (dist/).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { signatureMatches } = require(path.resolve(__dirname, '../../dist/nodes/SlickTextTrigger/signature.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readDelivery } = require(path.resolve(__dirname, '../../dist/nodes/SlickTextTrigger/events.js'));

interface Arrival {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	raw: string;
}

/** The stand-in trigger: records each request and answers with `answer` (200 and an empty body by default). */
function startReceiver() {
	const arrivals: Arrival[] = [];
	const receiver = {
		arrivals,
		answer: { status: 200, body: '', contentType: 'text/plain' },
		url: '',
		server: undefined as unknown as Server,
	};
	receiver.server = createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			arrivals.push({ method: req.method!, url: req.url!, headers: req.headers, raw });
			res.writeHead(receiver.answer.status, { 'content-type': receiver.answer.contentType });
			res.end(receiver.answer.body);
		});
	});
	return new Promise<typeof receiver>((resolve) =>
		receiver.server.listen(0, '127.0.0.1', () => {
			receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhook/abc/webhook`;
			resolve(receiver);
		}),
	);
}

/** The `data` text of a legacy form post, and the event in it. */
function legacyData(arrival: Arrival): { data: string; event: any } {
	const form = new URLSearchParams(arrival.raw);
	expect([...form.keys()]).toEqual(['data']);
	const data = form.get('data')!;
	return { data, event: JSON.parse(data) };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const SECRET = 'whsec-sandbox-replies';

describe('playing a reply', () => {
	let sandbox: any;
	let receiver: Awaited<ReturnType<typeof startReceiver>>;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
		receiver = await startReceiver();
	});
	beforeEach(() => {
		sandbox.reset();
		sandbox.options.legacyWebhookSecret = undefined;
		receiver.arrivals.length = 0;
		receiver.answer = { status: 200, body: '', contentType: 'text/plain' };
	});
	afterAll(async () => {
		await sandbox.stop();
		await new Promise((resolve) => receiver.server.close(resolve));
	});

	const legacySubscriber = (index = 0) => sandbox.state.legacy.contacts[index];
	const subscribedContact = () => sandbox.state.current.contacts.find((c: any) => c.opt_in_status === 'subscribed' && !sandbox.state.current.threads.some((t: any) => t._contact_id === c.contact_id));
	const currentGet = async (path: string): Promise<any> =>
		(await fetch(`${sandbox.currentBaseUrl}/brands/1001${path}`, { headers: { Authorization: 'Bearer sandbox-api-key' } })).json();

	describe('legacy platform', () => {
		it('posts ChatMessageRecieved as a form field `data`, signed with the secret as the trigger checks it', async () => {
			const subscriber = legacySubscriber();
			const result = await sandbox.reply({ platform: 'legacy', to: receiver.url, from: subscriber.number, text: 'C', secret: SECRET });

			expect(receiver.arrivals).toHaveLength(1);
			const [arrival] = receiver.arrivals;
			expect(arrival.method).toBe('POST');
			expect(arrival.url).toBe('/webhook/abc/webhook');
			expect(arrival.headers['content-type']).toBe('application/x-www-form-urlencoded');
			const { data, event } = legacyData(arrival);
			expect(event).toEqual({
				Event: 'ChatMessageRecieved',
				Timestamp: expect.stringMatching(TIMESTAMP),
				attemptNumber: 1,
				ChatThread: { ChatThreadId: expect.any(Number), WithNumber: subscriber.number, Subscriber: expect.objectContaining({ PhoneNumber: subscriber.number }) },
				ChatMessage: { ChatMessageId: expect.any(Number), FromNumber: subscriber.number, Body: 'C', MediaUrl: '', Received: event.Timestamp },
				Textwords: [{ TextwordId: Number(subscriber.textword), Word: sandbox.state.legacy.textwords.find((t: any) => t.id === subscriber.textword).word }],
			});
			// The package's own check accepts the signature, and only with this secret.
			const signature = arrival.headers['x-slicktext-signature'];
			expect(signatureMatches(signature, [data], SECRET)).toBe(true);
			expect(signatureMatches(signature, [data], 'another-secret')).toBe(false);
			// The trigger's reading of the body finds the event and signs over the same text.
			const delivery = readDelivery('legacy', { body: Object.fromEntries(new URLSearchParams(arrival.raw)), rawBody: Buffer.from(arrival.raw) });
			expect(delivery).toMatchObject({ ok: true, signedTexts: [data], events: [{ name: 'ChatMessageRecieved' }] });
			// What the method returns: the trigger's answer and what was posted.
			expect(result).toMatchObject({ status: 200, body: '', events: [event] });
			// The sandbox kept the text in the number's chat thread; the subscriber is still subscribed.
			const thread = sandbox.state.legacy.chatThreads.get(subscriber.number);
			expect(thread.messages.map((m: any) => [m.direction, m.body])).toEqual([['incoming', 'C']]);
			expect(sandbox.state.legacy.contactsById.has(subscriber.id)).toBe(true);
		});

		it("signs with the sandbox's legacyWebhookSecret when no secret is given, and not at all without one", async () => {
			const number = legacySubscriber().number;
			await sandbox.reply({ platform: 'legacy', to: receiver.url, from: number, text: 'unsigned' });
			sandbox.options.legacyWebhookSecret = SECRET;
			await sandbox.reply({ platform: 'legacy', to: receiver.url, from: number, text: 'signed' });
			const [unsigned, signed] = receiver.arrivals;
			expect(unsigned.headers['x-slicktext-signature']).toBeUndefined();
			expect(signatureMatches(signed.headers['x-slicktext-signature'], [legacyData(signed).data], SECRET)).toBe(true);
			expect(sandbox.legacyCredentials().webhookSecret).toBe(SECRET);
		});

		it('posts the picture of an MMS as MediaUrl', async () => {
			await sandbox.reply({ platform: 'legacy', to: receiver.url, from: legacySubscriber().number, text: 'look', mediaUrl: 'https://cdn.example.com/mms/photo.jpg' });
			expect(legacyData(receiver.arrivals[0]).event.ChatMessage.MediaUrl).toBe('https://cdn.example.com/mms/photo.jpg');
		});

		it('STOP posts the chat message, then an OptOut for each textword the number left, and opts it out', async () => {
			const subscriber = legacySubscriber();
			// The same number joins a second textword first (a textword's word joins, inbound.js).
			const other = sandbox.state.legacy.textwords.find((t: any) => t.id !== subscriber.textword);
			await sandbox.reply({ platform: 'legacy', to: receiver.url, from: subscriber.number, text: other.word.toLowerCase() });
			receiver.arrivals.length = 0;

			const result = await sandbox.reply({ platform: 'legacy', to: receiver.url, from: subscriber.number, text: ' stop ', secret: SECRET });
			const events = receiver.arrivals.map((arrival) => legacyData(arrival).event);
			expect(events.map((e) => e.Event)).toEqual(['ChatMessageRecieved', 'OptOut', 'OptOut']);
			expect(events[0].Textwords.map((t: any) => String(t.TextwordId)).sort()).toEqual([subscriber.textword, other.id].sort());
			for (const optOut of events.slice(1)) {
				expect(optOut).toEqual({
					Event: 'OptOut',
					Timestamp: expect.stringMatching(TIMESTAMP),
					attemptNumber: 1,
					Subscriber: expect.objectContaining({ PhoneNumber: subscriber.number, DateOptedOut: expect.stringMatching(TIMESTAMP) }),
					Textword: { TextwordId: expect.any(Number), Word: expect.any(String) },
				});
			}
			expect(events.slice(1).map((e) => String(e.Textword.TextwordId)).sort()).toEqual([subscriber.textword, other.id].sort());
			for (const arrival of receiver.arrivals) {
				expect(signatureMatches(arrival.headers['x-slicktext-signature'], [legacyData(arrival).data], SECRET)).toBe(true);
			}
			expect(result.events).toEqual(events);
			// Opted out of both textwords: gone from the lists, on the opt-out list.
			const state = sandbox.state.legacy;
			expect(state.contacts.filter((c: any) => c.number === subscriber.number)).toEqual([]);
			expect(state.optOuts.has(`${subscriber.textword}:${subscriber.number}`)).toBe(true);
			expect(state.optOuts.has(`${other.id}:${subscriber.number}`)).toBe(true);
		});

		it('refuses a number the account does not know, unless it texts a textword to join; nothing is posted', async () => {
			await expect(sandbox.reply({ platform: 'legacy', to: receiver.url, from: '+15550001234', text: 'C' })).rejects.toThrow(
				/\+15550001234 is not a subscriber of the sandbox's legacy account/,
			);
			expect(receiver.arrivals).toEqual([]);
			const joined = await sandbox.reply({ platform: 'legacy', to: receiver.url, from: '+15550001234', text: 'COFFEE' });
			expect(joined.status).toBe(200);
			expect(sandbox.state.legacy.contacts.some((c: any) => c.number === '+15550001234' && c.textword === '5401')).toBe(true);
		});
	});

	describe('current platform', () => {
		it('posts inbox_message_received as JSON, unsigned, and the thread and messages show the text', async () => {
			const contact = sandbox.state.current.contacts.find((c: any) => sandbox.state.current.threads.some((t: any) => t._contact_id === c.contact_id));
			const thread = sandbox.state.current.threads.find((t: any) => t._contact_id === contact.contact_id);
			const threadCount = sandbox.state.current.threads.length;
			receiver.answer = { status: 202, body: '{"message":"Workflow was started"}', contentType: 'application/json' };

			const result = await sandbox.reply({ platform: 'current', to: receiver.url, from: contact.mobile_number, text: 'C' });

			expect(receiver.arrivals).toHaveLength(1);
			const [arrival] = receiver.arrivals;
			expect(arrival.method).toBe('POST');
			expect(arrival.headers['content-type']).toBe('application/json');
			expect(arrival.headers['x-slicktext-signature']).toBeUndefined();
			const event = JSON.parse(arrival.raw);
			expect(event).toEqual({
				id: expect.stringMatching(/^[0-9a-f]{24}$/),
				name: 'inbox_message_received',
				url: receiver.url,
				attempts: 1,
				date: expect.stringMatching(TIMESTAMP),
				data: expect.objectContaining({
					contact_id: contact.contact_id,
					_brand_id: 1001,
					_id: thread._id,
					last_message: 'C',
					last_message_direction: 'incoming',
				}),
			});
			expect(result).toMatchObject({ status: 202, body: { message: 'Workflow was started' }, events: [event] });

			// The API shows it: the thread's last message, the thread's content and GET /messages.
			expect(sandbox.state.current.threads).toHaveLength(threadCount);
			const threads = await currentGet(`/inbox-threads?_contact_id=${contact.contact_id}`);
			expect(threads.data).toEqual([expect.objectContaining({ _id: thread._id, last_message: 'C', last_message_direction: 'incoming', _last_message_id: event.data._last_message_id })]);
			const content = await currentGet(`/inbox-threads/${thread._id}/content?limit=100`);
			expect(content.data.at(-1)).toMatchObject({ _id: event.data._last_message_id, body: 'C', direction: 'incoming', from: contact.mobile_number });
			const messages = await currentGet(`/messages?_id=${event.data._last_message_id}`);
			expect(messages.data).toEqual([expect.objectContaining({ body: 'C', direction: 'incoming', source: 'InboxThread', contact: { contact_id: contact.contact_id } })]);
		});

		it('opens a thread for a contact that has none, found by contactId; the next reply goes to the same thread', async () => {
			const contact = subscribedContact();
			const first = await sandbox.reply({ to: receiver.url, contactId: contact.contact_id, text: 'Yes please' });
			const second = await sandbox.reply({ to: receiver.url, contactId: String(contact.contact_id), text: 'And a muffin' });
			const threads = (await currentGet(`/inbox-threads?_contact_id=${contact.contact_id}`)).data;
			expect(threads).toHaveLength(1);
			expect(threads[0]).toMatchObject({ _contact_id: contact.contact_id, last_message: 'And a muffin', last_message_direction: 'incoming', status: 'open' });
			expect(first.events[0].data._id).toBe(threads[0]._id);
			expect(second.events[0].data._id).toBe(threads[0]._id);
			expect(first.events[0].id).not.toBe(second.events[0].id);
			const content = (await currentGet(`/inbox-threads/${threads[0]._id}/content`)).data;
			expect(content.map((m: any) => m.body)).toEqual(['Yes please', 'And a muffin']);
		});

		it('a stop word (any case, spaces ignored) unsubscribes the contact; other texts do not', async () => {
			const contact = subscribedContact();
			await sandbox.reply({ to: receiver.url, contactId: contact.contact_id, text: 'stopping by later' });
			expect((await currentGet(`/contacts/${contact.contact_id}`)).opt_in_status).toBe('subscribed');
			await sandbox.reply({ to: receiver.url, contactId: contact.contact_id, text: ' Stop All ' });
			expect((await currentGet(`/contacts/${contact.contact_id}`)).opt_in_status).toBe('unsubscribed');
			const other = sandbox.state.current.contacts.find((c: any) => c.opt_in_status === 'subscribed' && c !== contact);
			await sandbox.reply({ to: receiver.url, from: other.mobile_number, text: 'quit' });
			expect((await currentGet(`/contacts/${other.contact_id}`)).opt_in_status).toBe('unsubscribed');
		});

		it('refuses an unknown number or contact, a number that is not the contact\'s, and another brand\'s contact', async () => {
			const contact = subscribedContact();
			await expect(sandbox.reply({ to: receiver.url, from: '+15550009999', text: 'C' })).rejects.toThrow('+15550009999 is not a contact of brand 1001');
			await expect(sandbox.reply({ to: receiver.url, contactId: 99999999, text: 'C' })).rejects.toThrow('contactId 99999999 is not a contact of brand 1001');
			await expect(sandbox.reply({ to: receiver.url, contactId: contact.contact_id, from: '+15550009999', text: 'C' })).rejects.toThrow(
				`contact ${contact.contact_id} has the number ${contact.mobile_number}, not +15550009999`,
			);
			const otherBrand = [...sandbox.state.current.brands.get(2002).contacts][0];
			await expect(sandbox.reply({ to: receiver.url, from: otherBrand.mobile_number, text: 'C' })).rejects.toThrow('is not a contact of brand 1001');
			const played = await sandbox.reply({ to: receiver.url, brandId: 2002, from: otherBrand.mobile_number, text: 'C' });
			expect(played.events[0].data._brand_id).toBe(2002);
			expect(receiver.arrivals).toHaveLength(1);
		});
	});

	describe('repeated deliveries', () => {
		it('repeat: n posts each event n more times with the next attempt numbers, content otherwise the same', async () => {
			const result = await sandbox.reply({ to: receiver.url, contactId: subscribedContact().contact_id, text: 'C', repeat: 2 });
			const posted = receiver.arrivals.map((a) => JSON.parse(a.raw));
			expect(posted.map((e) => e.attempts)).toEqual([1, 2, 3]);
			expect(new Set(posted.map((e) => e.id)).size).toBe(1);
			expect(posted.map(({ attempts: _a, ...rest }) => rest)).toEqual([posted[0], posted[0], posted[0]].map(({ attempts: _a, ...rest }) => rest));
			expect(result.events).toEqual(posted);
		});

		it('redeliver() posts a legacy event again with the next attemptNumber, signed again', async () => {
			const played = await sandbox.reply({ platform: 'legacy', to: receiver.url, from: legacySubscriber().number, text: 'C', secret: SECRET });
			const again = await sandbox.redeliver(played.events[0]);
			const third = await sandbox.redeliver(again.events[0]);
			const posted = receiver.arrivals.map(legacyData);
			expect(posted.map((p) => p.event.attemptNumber)).toEqual([1, 2, 3]);
			expect(posted.map(({ event: { attemptNumber: _n, ...rest } }) => rest)).toEqual(posted.map(() => (({ attemptNumber: _n, ...rest }) => rest)(posted[0].event)));
			receiver.arrivals.forEach((arrival, i) => expect(signatureMatches(arrival.headers['x-slicktext-signature'], [posted[i].data], SECRET)).toBe(true));
			expect(third).toMatchObject({ status: 200, events: [posted[2].event] });
		});
	});

	describe('the trigger does not take it', () => {
		it("returns the trigger's refusal as it came, and no answer when nothing listens", async () => {
			receiver.answer = { status: 401, body: '{"message":"Invalid X-Slicktext-Signature"}', contentType: 'application/json' };
			const refused = await sandbox.reply({ platform: 'legacy', to: receiver.url, from: legacySubscriber().number, text: 'C', secret: 'wrong' });
			expect(refused).toMatchObject({ status: 401, body: { message: 'Invalid X-Slicktext-Signature' } });
			const closed = await startReceiver();
			await new Promise((resolve) => closed.server.close(resolve));
			const nobody = await sandbox.reply({ to: closed.url, contactId: subscribedContact().contact_id, text: 'C' });
			expect(nobody).toMatchObject({ status: null, body: null, error: expect.stringContaining('ECONNREFUSED') });
		});
	});

	describe('POST /__sandbox/reply', () => {
		const play = async (fields: unknown, method = 'POST') => {
			const res = await fetch(`${sandbox.origin}/__sandbox/reply`, {
				method,
				headers: { 'content-type': 'application/json' },
				body: method === 'GET' ? undefined : typeof fields === 'string' ? fields : JSON.stringify(fields),
			});
			return { status: res.status, body: (await res.json()) as any };
		};

		it("plays the reply and answers 200 with the trigger's status and body and the events; it is not logged", async () => {
			receiver.answer = { status: 200, body: '{"message":"ok"}', contentType: 'application/json' };
			const subscriber = legacySubscriber();
			const answer = await play({ platform: 'legacy', to: receiver.url, from: subscriber.number, text: 'STOP', secret: SECRET });
			expect(answer.status).toBe(200);
			expect(answer.body).toMatchObject({ status: 200, body: { message: 'ok' } });
			expect(answer.body.events.map((e: any) => e.Event)).toEqual(['ChatMessageRecieved', 'OptOut']);
			expect(answer.body.events).toEqual(receiver.arrivals.map((a) => legacyData(a).event));
			expect(sandbox.state.legacy.contactsById.has(subscriber.id)).toBe(false);
			expect(sandbox.requests).toEqual([]);
		});

		it('answers 400 with a clear message for bad input, before anything changes or is posted', async () => {
			const contact = subscribedContact();
			const messages = sandbox.state.current.messages.length;
			const cases: Array<[unknown, string]> = [
				[{ from: contact.mobile_number, text: 'C' }, '"to" is required: the trigger URL to post the event to'],
				[{ to: 'ftp://example.com/x', from: contact.mobile_number, text: 'C' }, '"to" must be an http:// or https:// URL'],
				[{ to: receiver.url, from: '+15550009999', text: 'C' }, '+15550009999 is not a contact of brand 1001'],
				[{ to: receiver.url, contactId: 424242, text: 'C' }, 'contactId 424242 is not a contact of brand 1001'],
				[{ to: receiver.url, contactId: contact.contact_id }, '"text" is required'],
				[{ to: receiver.url, contactId: contact.contact_id, text: 'C', media_url: 'x' }, 'Unknown field "media_url"'],
				[{ to: receiver.url, contactId: contact.contact_id, text: 'C', platform: 'sms' }, '"platform" must be legacy or current'],
				[{ platform: 'legacy', to: receiver.url, text: 'C' }, '"from" is required on the legacy platform'],
				[{ platform: 'legacy', to: receiver.url, from: '+15550001234', text: 'C' }, '+15550001234 is not a subscriber'],
				['{not json', 'The body must be the reply\'s fields as JSON'],
			];
			for (const [fields, message] of cases) {
				const answer = await play(fields);
				expect({ fields, status: answer.status }).toEqual({ fields, status: 400 });
				expect(answer.body.message).toContain(message);
			}
			expect((await play({}, 'GET')).status).toBe(405);
			expect(receiver.arrivals).toEqual([]);
			expect(sandbox.state.current.messages).toHaveLength(messages);
		});

		it('answers 502 when the trigger URL does not answer, saying that the reply was played', async () => {
			const closed = await startReceiver();
			await new Promise((resolve) => closed.server.close(resolve));
			const contact = subscribedContact();
			const answer = await play({ to: closed.url, contactId: contact.contact_id, text: 'C' });
			expect(answer.status).toBe(502);
			expect(answer.body.message).toContain(`The reply was played (the sandbox's state changed), but ${closed.url} did not answer`);
			expect(answer.body.events).toHaveLength(1);
		});
	});
});
