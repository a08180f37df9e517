/* eslint-disable @typescript-eslint/no-explicit-any */
import path from 'node:path';

import { sent, useSandbox } from '../../helpers/sandbox';
import { BASE, describeError, expectBasicAuth, expectForm, legacyRunner, legacyState, rl } from './legacy';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { accountKeep } = require(path.resolve(__dirname, '../../../dist/nodes/SlickTextLegacy/shared/account.js'));

const ctx = useSandbox();
const run = legacyRunner(ctx, 'message');
const state = () => legacyState(ctx);
const account = () => state().account.account;
const subscribersOf = (textword: string): any[] => state().contacts.filter((c: any) => c.textword === textword);
const lastMessage = () => state().messages[state().messages.length - 1];
const NEW_NUMBER = '+16195550000';
const IMAGE = 'https://example.com/img/menu.png';

/** The GET /account read that sending needs. */
function expectAccountRead(request: any) {
	expect(request).toMatchObject({ method: 'GET', path: `${BASE}/account`, query: {} });
	expect(request.headers.authorization).toBeDefined();
}

describe('\'Message\': Send', () => {
	test('to a textword: reads the account limit, posts SEND and outputs the message', async () => {
		const result = await run({
			operation: 'send',
			sendTo: 'textword',
			textwordId: rl('5402', 'list'),
			body: 'Two-for-one pastries today!',
			additionalFields: { campaign: 'Pastry push' },
		});
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(2);
		expectAccountRead(requests[0]);
		expectForm(requests[1], '/messages/', { action: 'SEND', textword: '5402', body: 'Two-for-one pastries today!', campaign: 'Pastry push' });
		expectBasicAuth(requests);
		const stored = lastMessage();
		expect(stored).toMatchObject({ campaign: 'Pastry push', count: subscribersOf('5402').length });
		expect(result.json).toEqual([expect.objectContaining({ id: Number(stored.id), textword: 5402, count: stored.count, contactID: null })]);
	});

	test('to one segment of a textword', async () => {
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Latte day!', additionalFields: { segment: '701' } });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[1], '/messages/', { action: 'SEND', textword: '5401', segment: '701', body: 'Latte day!' });
		const latteLovers = subscribersOf('5401').filter((c) => c.FavoriteDrink === 'Latte').length;
		expect(result.json[0].count).toBe(latteLovers);
	});

	test('to one contact', async () => {
		const contact = state().contacts[4];
		const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact.id), body: 'Your order is ready.' });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[1], '/messages/', { action: 'SEND', contact: contact.id, body: 'Your order is ready.' });
		expect(result.json).toEqual([expect.objectContaining({ contactID: Number(contact.id), count: 1 })]);
	});

	test('to a number on a textword: the number is opted in and only it is texted', async () => {
		const result = await run({ operation: 'send', sendTo: 'number', textwordId: rl('5401'), number: NEW_NUMBER, body: 'Welcome!' });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[1], '/messages/', { action: 'SEND', textword: '5401', number: NEW_NUMBER, body: 'Welcome!' });
		const contact = state().contactsByMembership.get(`5401:${NEW_NUMBER}`);
		expect(contact).toBeDefined();
		expect(result.json).toEqual([expect.objectContaining({ contactID: Number(contact.id), count: 1 })]);
	});

	test('with media (MMS): no account read, mediaUrl in the body, a body over the SMS limit is fine', async () => {
		const body = 'M'.repeat(400);
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body, additionalFields: { mediaUrl: IMAGE } });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expectForm(requests[0], '/messages/', { action: 'SEND', textword: '5401', body, mediaUrl: IMAGE });
		expect(result.json).toEqual([expect.objectContaining({ mediaUrl: IMAGE, body })]);
	});

	test('the account is read once per execution, however many items are sent', async () => {
		const contacts = state().contacts.slice(0, 3);
		const result = await run(
			{ operation: 'send', sendTo: 'contact', contactId: rl('={{ $json.id }}'), body: '={{ "Hi " + $json.name }}' },
			{ items: contacts.map((c: any) => ({ id: c.id, name: c.firstName ?? 'there' })) },
		);
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.filter((r) => r.path === `${BASE}/account`)).toHaveLength(1);
		expect(requests.filter((r) => r.path === `${BASE}/messages/`).map((r) => (r.body as any).contact).sort()).toEqual(
			contacts.map((c: any) => c.id).sort(),
		);
		expect(result.json.map((m) => m.contactID)).toEqual(contacts.map((c: any) => Number(c.id)));

		// A new execution uses what this process read (each guest of a list texted by its own execution would
		// otherwise spend one of SlickText's 8 requests a second on it) ...
		await run({ operation: 'send', sendTo: 'contact', contactId: rl(contacts[0].id), body: 'Again' });
		expect(sent(ctx.sandbox, `${BASE}/account`)).toHaveLength(1);
		expect(sent(ctx.sandbox, `${BASE}/messages/`)).toHaveLength(4);
		// ... for `accountKeep.ms` (for a text no account refuses); then it reads the account again. (A longer
		// text or a schedule takes more recent settings: the describe block of a changed account below.)
		const keep = accountKeep.ms;
		accountKeep.ms = 0;
		try {
			const later = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contacts[0].id), body: 'Again, later' });
			expect(later.error).toBeUndefined();
			expect(sent(ctx.sandbox, `${BASE}/account`)).toHaveLength(2);
		} finally {
			accountKeep.ms = keep;
		}
	});

	test("a failed account read is not kept: the next execution reads again; another account's settings are its own", async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: 4, body: { message: 'Maintenance' }, match: { path: `${BASE}/account` } });
		const failed = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello' });
		expect(failed.error).toBeDefined();
		expect(sent(ctx.sandbox, `${BASE}/messages/`)).toHaveLength(0);
		const ok = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello' });
		expect(ok.error).toBeUndefined();
		const reads = sent(ctx.sandbox, `${BASE}/account`).length;
		// Another public key is another account: read for itself.
		await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello' }, { credentials: { publicKey: 'pub_other' } });
		expect(sent(ctx.sandbox, `${BASE}/account`)).toHaveLength(reads + 1);
	});

	test('a body over the account limit fails after the account read, before sending', async () => {
		expect(account().maxCharacterLimit).toBe(160);
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: '={{ "x".repeat(161) }}' });
		expect(result.error?.message).toBe('\'Message\': is 161 characters; a text message (SMS) on this account takes at most 160 [item 0]');
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expectAccountRead(requests[0]);
	});

	test('an account with the 320 limit sends 300 characters', async () => {
		account().maxCharacterLimit = 320;
		const body = 'y'.repeat(300);
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5403'), body });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[1], '/messages/', { action: 'SEND', textword: '5403', body });
		expect(result.json[0].body).toBe(body);
	});

	test.each([
		['a body over 320 characters without media', { body: '={{ "z".repeat(321) }}' }, '\'Message\': is 321 characters; a text message (SMS) on any account takes at most 320 [item 0]'],
		['an empty body', { body: '={{ "" }}' }, '\'Message\': is required [item 0]'],
		[
			'a body over 1600 characters with media',
			{ body: '={{ "z".repeat(1601) }}', additionalFields: { mediaUrl: IMAGE } },
			'\'Message\': is 1601 characters; a message with media (MMS) takes at most 1600 [item 0]',
		],
		['a media URL that is not http(s)', { additionalFields: { mediaUrl: 'ftp://example.com/a.png' } }, '\'Media URL\': "ftp://example.com/a.png" is not an http(s) URL [item 0]'],
		['a media URL that is not an image', { additionalFields: { mediaUrl: 'https://example.com/menu.pdf' } }, '\'Media URL\': "https://example.com/menu.pdf" is not a jpg, jpeg, png or gif file [item 0]'],
		['no textword', { textwordId: rl('={{ "" }}') }, '\'Textword\': is required [item 0]'],
		['no contact', { sendTo: 'contact', contactId: rl('={{ "" }}') }, '\'Contact\': is required [item 0]'],
		// An expression for Send To shows every target field to the editor's own checks, so all are given.
		['neither textword nor contact', { sendTo: '={{ "nobody" }}', contactId: rl('3000001'), number: NEW_NUMBER }, '\'Send To\': "nobody" is not one of: One Contact, One Mobile Number on a Textword, All Contacts of a Textword [item 0]'],
		['a number with fewer than 10 digits', { sendTo: 'number', number: '={{ "619555123" }}' }, '\'Mobile Number\': "619555123" has fewer than 10 digits [item 0]'],
		['a segment that is not an ID', { additionalFields: { segment: '={{ "Latte lovers" }}' } }, '\'Segment\': must be a number, got "Latte lovers" [item 0]'],
	])('%s fails before any request', async (_case, parameters, message) => {
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello', ...parameters });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('SlickText refusing a send passes its message through', async () => {
		const optedOut = '+18585550101';
		const result = await run({ operation: 'send', sendTo: 'number', textwordId: rl('5401'), number: optedOut, body: 'Come back!' });
		expect(describeError(result.error)).toMatchObject({
			name: 'NodeApiError',
			httpCode: '400',
			message: 'Bad request: Contact opted out; they must text in to rejoin [item 0]',
		});
	});

	test('a failed account read fails the item with the API error and sends nothing', async () => {
		// Failing on every ask (a read answered 5xx is asked again).
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: Infinity, body: { message: 'Maintenance' }, match: { path: `${BASE}/account` } });
		const result = await run({ operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello' });
		expect(describeError(result.error)).toMatchObject({ name: 'NodeApiError', httpCode: '503' });
		expect(sent(ctx.sandbox, `${BASE}/messages`)).toHaveLength(0);
	});
});

describe('\'Message\': Schedule', () => {
	test('a time in the workflow zone is sent in the account zone (Los Angeles)', async () => {
		// The workflow's zone is America/New_York: 10:15 EST is 07:15 PST.
		const result = await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5402'), body: 'Holiday hours', scheduledFor: '2030-01-02T10:15:00' });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(2);
		expectAccountRead(requests[0]);
		expectForm(requests[1], '/messages/', { action: 'SCHEDULE', textword: '5402', body: 'Holiday hours', scheduled: '2030-01-02 07:15:00' });
		expect(result.json).toEqual([expect.objectContaining({ id: Number(lastMessage().id), scheduled: '2030-01-02 07:15:00', sent: null, count: 0 })]);
	});

	test('a time with an offset is converted to the account zone', async () => {
		// 18:30 at +02:00 is 16:30 UTC, 09:30 PDT.
		await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5402'), body: 'Summer', scheduledFor: '2030-07-01T18:30:00+02:00' });
		expect((sent(ctx.sandbox)[1].body as any).scheduled).toBe('2030-07-01 09:30:00');
	});

	test('an account in another zone gets its own local time', async () => {
		account().timezone = 'America/New_York';
		await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5402'), body: 'Summer', scheduledFor: '2030-07-01T18:30:00+02:00' });
		expect((sent(ctx.sandbox)[1].body as any).scheduled).toBe('2030-07-01 12:30:00');
		expect(lastMessage().scheduled).toBe('2030-07-01 12:30:00');
	});

	test('an account without a time zone is taken to be in Los Angeles', async () => {
		delete account().timezone;
		await run({ operation: 'schedule', sendTo: 'contact', contactId: rl(state().contacts[0].id), body: 'Hi', scheduledFor: '2030-07-01T16:45:00Z' });
		expect((sent(ctx.sandbox)[1].body as any).scheduled).toBe('2030-07-01 09:45:00');
	});

	test('with media, the account is still read for its time zone', async () => {
		const result = await run({
			operation: 'schedule',
			sendTo: 'textword',
			textwordId: rl('5401'),
			body: 'Menu',
			scheduledFor: '2030-01-02T10:00:00Z',
			additionalFields: { mediaUrl: IMAGE, campaign: 'Menu' },
		});
		expect(result.error).toBeUndefined();
		expectAccountRead(sent(ctx.sandbox)[0]);
		expectForm(sent(ctx.sandbox)[1], '/messages/', {
			action: 'SCHEDULE',
			textword: '5401',
			body: 'Menu',
			campaign: 'Menu',
			mediaUrl: IMAGE,
			scheduled: '2030-01-02 02:00:00',
		});
	});

	test.each([
		['not on a quarter hour', '2030-01-02T10:20:00', '\'Scheduled For\': "2030-01-02T10:20:00" is not on a quarter hour [item 0]'],
		['with seconds', '2030-01-02T10:15:30', '\'Scheduled For\': "2030-01-02T10:15:30" is not on a quarter hour [item 0]'],
		['not a date', '={{ "tomorrow" }}', '\'Scheduled For\': "tomorrow" is not a date and time [item 0]'],
		['empty', '={{ "" }}', '\'Scheduled For\': is required [item 0]'],
	])('a schedule %s fails before any request (not rounded)', async (_case, scheduledFor, message) => {
		const result = await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello', scheduledFor });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a body over the account limit fails before the schedule is sent', async () => {
		account().maxCharacterLimit = 132;
		const result = await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: '={{ "x".repeat(133) }}', scheduledFor: '2030-01-02T10:15:00' });
		expect(result.error?.message).toBe('\'Message\': is 133 characters; a text message (SMS) on this account takes at most 132 [item 0]');
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expectAccountRead(sent(ctx.sandbox)[0]);
	});

	test('a schedule in the past: SlickText refuses and its message comes through', async () => {
		const result = await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Too late', scheduledFor: '2020-01-02T10:15:00Z' });
		expect(describeError(result.error)).toMatchObject({ name: 'NodeApiError', httpCode: '400', message: 'Bad request: scheduled must be in the future. [item 0]' });
	});

	test('a scheduled message can be cancelled with Delete', async () => {
		const scheduled = await run({ operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Later', scheduledFor: '2030-01-02T10:15:00' });
		const id = String(scheduled.json[0].id);
		ctx.sandbox.requests.length = 0;
		const deleted = await run({ operation: 'delete', messageId: rl(id) });
		expectForm(sent(ctx.sandbox)[0], `/messages/${id}`, { action: 'DELETE' });
		expect(deleted.json).toEqual([{ deleted: true, id: Number(id) }]);
		expect(state().messages.find((m: any) => m.id === id)).toBeUndefined();
	});
});

describe("'Message': an account that changed while the process kept its settings", () => {
	// What the process kept is aged by moving the clock (Date.now only: the node's and the engine's).
	const realNow = Date.now.bind(Date);
	let ahead = 0;
	const later = (ms: number) => {
		ahead += ms;
	};
	beforeEach(() => {
		ahead = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
	});
	afterEach(() => jest.restoreAllMocks());

	const contact = () => state().contacts[0];
	const text = (length: number) => 'x'.repeat(length);
	const accountReads = () => sent(ctx.sandbox, `${BASE}/account`).length;
	const sends = () => sent(ctx.sandbox, `${BASE}/messages/`).length;

	test('160 -> 320 within the keep: a 200-character text is not refused on the kept 160, the account is read again and it goes out', async () => {
		expect(account().maxCharacterLimit).toBe(160);
		const first = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body: 'Hi' });
		expect(first.error).toBeUndefined();
		expect(accountReads()).toBe(1);

		account().maxCharacterLimit = 320;
		later(60_000);
		const body = text(200);
		const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body });
		expect(result.error).toBeUndefined();
		// The kept 160 would refuse it: read again first, and the fresh 320 lets it go.
		expect(accountReads()).toBe(2);
		const requests = sent(ctx.sandbox);
		expect(requests.slice(-2).map((r) => r.path)).toEqual([`${BASE}/account`, `${BASE}/messages/`]);
		expectForm(requests[requests.length - 1], '/messages/', { action: 'SEND', contact: contact().id, body });
		expect(lastMessage()).toMatchObject({ body, contact: contact().id });
		expect(result.json).toEqual([expect.objectContaining({ body, contactID: Number(contact().id), count: 1 })]);
	});

	test('160 -> 132: a 150-character text is refused on the new limit, nothing sent; texts near the limit close together read once', async () => {
		// A list texted one person per run, 150 characters each: the settings read by the first run are
		// recent enough for the runs in the next seconds.
		for (let i = 0; i < 3; i++) {
			const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body: text(150) });
			expect(result.error).toBeUndefined();
			later(1_000);
		}
		expect(accountReads()).toBe(1);
		expect(sends()).toBe(3);

		account().maxCharacterLimit = 132;
		later(5_000);
		const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body: text(150) });
		expect(describeError(result.error)).toMatchObject({
			name: 'NodeOperationError',
			message: "'Message': is 150 characters; a text message (SMS) on this account takes at most 132 [item 0]",
		});
		expect(accountReads()).toBe(2);
		expect(sends()).toBe(3);
	});

	test('a short text in many runs costs no GET /account after the first, and a changed limit still catches a longer one', async () => {
		// 132 characters go out on any account: the kept settings cannot change that, for 10 minutes.
		for (let i = 0; i < 10; i++) {
			const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body: `${i} ${text(120)}` });
			expect(result.error).toBeUndefined();
			if (i === 0) account().maxCharacterLimit = 132;
			later(50_000);
		}
		expect(accountReads()).toBe(1);
		expect(sends()).toBe(10);
		const result = await run({ operation: 'send', sendTo: 'contact', contactId: rl(contact().id), body: text(133) });
		expect(result.error?.message).toBe("'Message': is 133 characters; a text message (SMS) on this account takes at most 132 [item 0]");
		expect(accountReads()).toBe(2);
		expect(sends()).toBe(10);
	});

	test('a changed time zone: a schedule after it is made in the new zone', async () => {
		// The workflow's zone is America/New_York: 10:15 EST is 07:15 in Los Angeles.
		const first = await run({ operation: 'schedule', sendTo: 'contact', contactId: rl(contact().id), body: 'Hi', scheduledFor: '2030-01-02T10:15:00' });
		expect(first.error).toBeUndefined();
		expect((sent(ctx.sandbox, `${BASE}/messages/`)[0].body as any).scheduled).toBe('2030-01-02 07:15:00');

		account().timezone = 'America/Chicago';
		later(5_000);
		const result = await run({ operation: 'schedule', sendTo: 'contact', contactId: rl(contact().id), body: 'Hi', scheduledFor: '2030-01-02T10:15:00' });
		expect(result.error).toBeUndefined();
		expect(accountReads()).toBe(2);
		expectForm(sent(ctx.sandbox, `${BASE}/messages/`)[1], '/messages/', {
			action: 'SCHEDULE',
			contact: contact().id,
			body: 'Hi',
			scheduled: '2030-01-02 09:15:00',
		});
		expect(lastMessage().scheduled).toBe('2030-01-02 09:15:00');
	});
});
