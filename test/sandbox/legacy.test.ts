// The legacy (account-scoped) part of the SlickText sandbox, over real HTTP: auth, envelopes, paging,
// filters, every POST action, send-log paging and shortlinks, against sandbox/legacy.js.
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const { startSandbox } = require('../../sandbox/server');
const legacy = require('../../sandbox/legacy');

type Json = any;
interface Answer {
	status: number;
	body: Json;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const GOOD_AUTH = basic('pub_sandbox', 'sandbox-private-key');

/** Wall-clock time in Los Angeles, computed here independently of the sandbox. */
function laTime(date = new Date()): string {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: 'America/Los_Angeles',
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(date);
	const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
	return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

describe('SlickText sandbox: legacy API', () => {
	let sandbox: any;
	let base: string;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
		base = sandbox.legacyBaseUrl;
	});
	beforeEach(() => {
		sandbox.reset();
	});
	afterAll(async () => {
		await sandbox?.stop();
	});

	async function answer(res: Response): Promise<Answer> {
		const text = await res.text();
		return { status: res.status, body: text ? JSON.parse(text) : undefined };
	}

	async function get(path: string, authorization: string | null = GOOD_AUTH): Promise<Answer> {
		const headers: Record<string, string> = { accept: 'application/json' };
		if (authorization) headers.authorization = authorization;
		return answer(await fetch(`${base}${path}`, { headers }));
	}

	async function post(path: string, form: Record<string, string>, authorization: string | null = GOOD_AUTH): Promise<Answer> {
		const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
		if (authorization) headers.authorization = authorization;
		return answer(await fetch(`${base}${path}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() }));
	}

	async function postJson(path: string, json: object): Promise<Answer> {
		return answer(
			await fetch(`${base}${path}`, {
				method: 'POST',
				headers: { authorization: GOOD_AUTH, 'content-type': 'application/json' },
				body: JSON.stringify(json),
			}),
		);
	}

	/** Every contact of a list, in one request (the seed is a few hundred). */
	async function all(path: string, key = 'contacts'): Promise<Json[]> {
		const res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=10000`);
		expect(res.status).toBe(200);
		return res.body[key];
	}

	describe('authentication (HTTP Basic, public key : private key)', () => {
		it('refuses a request without credentials with 401', async () => {
			const res = await get('/account', null);
			expect(res).toEqual({ status: 401, body: { message: 'Invalid API credentials.' } });
		});

		it('refuses a wrong private key and a wrong public key with 401', async () => {
			expect(await get('/account', basic('pub_sandbox', 'not-the-key'))).toEqual({
				status: 401,
				body: { message: 'Invalid API credentials.' },
			});
			expect((await get('/account', basic('pub_other', 'sandbox-private-key'))).status).toBe(401);
			expect((await get('/account', 'Bearer sandbox-private-key')).status).toBe(401);
		});

		it('answers GET /account with every field group when the keys are right', async () => {
			const res = await get('/account');
			expect(res.status).toBe(200);
			expect(res.body.account).toMatchObject({ maxCharacterLimit: 160, timezone: 'America/Los_Angeles', id: '48213' });
			expect(Object.keys(res.body.account)).toEqual(
				expect.arrayContaining(['email', 'firstName', 'DateJoined', 'nextBilling', 'rolloverMonths', 'defaultTextNumber']),
			);
			expect(res.body.plan).toEqual({ name: 'Pro 5,000', price: '79.00', totalTexts: 5000, textwords: '5' });
			expect(res.body.subscriptions[0].addons[0]).toEqual({
				internalName: 'extra_textword',
				name: 'Extra textword',
				quantity: 1,
				price: '15.00',
			});
			expect(res.body.rollovers[0]).toMatchObject({ totalAmount: 1200, amountAvailable: 800, amountUsed: 400 });
			expect(res.body.usage).toEqual({
				totalCredits: 6200,
				totalUsedCredits: 2113,
				totalTextwords: 4,
				activeTextwords: 3,
				totalSubscribers: 400,
			});
		});

		it('checks credentials before telling an unknown path (404) or method (405)', async () => {
			expect((await get('/no-such-thing', null)).status).toBe(401);
			expect(await get('/no-such-thing')).toEqual({ status: 404, body: { message: 'Not Found' } });
			const put = await fetch(`${base}/contacts/3000001`, { method: 'PUT', headers: { authorization: GOOD_AUTH } });
			expect(await answer(put)).toEqual({ status: 405, body: { message: 'The PUT method is not supported for this route.' } });
			const putNoAuth = await fetch(`${base}/contacts/3000001`, { method: 'PUT' });
			expect(putNoAuth.status).toBe(401);
		});
	});

	describe('envelopes and single records', () => {
		it('returns one textword, one message and one shortlink under their singular key with links.self', async () => {
			const textword = await get('/textwords/5401');
			expect(textword.status).toBe(200);
			expect(textword.body.links.self).toBe(`${base}/textwords/5401`);
			expect(textword.body.textword).toEqual({
				id: '5401',
				word: 'COFFEE',
				autoReply: expect.stringContaining('Bluebird Coffee'),
				added: '2019-04-02 10:30:12',
				optOuts: '3',
				ageRequirement: 0,
				contactsCount: '200',
				textNumber: '31996',
			});
			const message = await get('/messages/90003');
			expect(message.body.links.self).toBe(`${base}/messages/90003`);
			expect(message.body.message).toMatchObject({ id: '90003', textword: 5401, count: 250, contact: null, scheduled: null });
			expect(message.body.message.shortlinks[0]).toMatchObject({ id: 61, hash: 'k3Fm9', shortUrl: 'https://slkt.io/k3Fm9' });
		});

		it('returns a specific contact as a one-element array under contacts', async () => {
			const res = await get('/contacts/3000001');
			expect(res.status).toBe(200);
			expect(res.body.links.self).toBe(`${base}/contacts/3000001`);
			expect(res.body.contacts).toHaveLength(1);
			expect(res.body.contacts[0]).toEqual({
				id: '3000001',
				number: '+16192000000',
				city: 'San Diego',
				state: 'CA',
				zipCode: '92101',
				country: 'US',
				textword: '5401',
				subscribedDate: '2021-01-04 08:00:00',
				firstName: 'Ava',
				lastName: 'Nguyen',
				birthDate: null,
				email: 'ava.nguyen0@example.com',
				optInMethod: 'api',
				FavoriteDrink: 'Latte',
				Visits: '0',
			});
		});

		it('answers 404 with "... not found" for unknown ids', async () => {
			expect(await get('/contacts/42')).toEqual({ status: 404, body: { message: 'Contact not found' } });
			expect(await get('/textwords/9999')).toEqual({ status: 404, body: { message: 'Textword not found' } });
			expect(await get('/textwords/9999/contacts')).toEqual({ status: 404, body: { message: 'Textword not found' } });
			expect(await get('/messages/1')).toEqual({ status: 404, body: { message: 'Message not found' } });
			expect(await get('/messages/1/log')).toEqual({ status: 404, body: { message: 'Message not found' } });
			expect(await get('/shortlinks/999')).toEqual({ status: 404, body: { message: 'Shortlink not found' } });
			expect(await post('/contacts/42', { action: 'DELETE' })).toEqual({ status: 404, body: { message: 'Contact not found' } });
		});

		it('lists segments and custom fields of a textword under segments and customFields', async () => {
			const segments = await get('/textwords/5401/segments');
			const coffee = await all('/textwords/5401/contacts');
			expect(segments.body.meta).toEqual({ limit: 20, offset: 0, total: 2 });
			expect(segments.body.segments).toEqual([
				{
					id: 701,
					name: 'Latte lovers',
					description: 'Favorite drink is Latte',
					contacts_count: String(coffee.filter((c) => c.FavoriteDrink === 'Latte').length),
				},
				{
					id: 702,
					name: 'San Diego regulars',
					description: 'City is San Diego',
					contacts_count: String(coffee.filter((c) => c.city === 'San Diego').length),
				},
			]);
			const fields = await get('/textwords/5401/customfields');
			expect(fields.body.customFields).toEqual([
				{ textword: '5401', subscriberField: 'Favorite Drink', subscriberFieldAlias: 'Your usual order', dataType: 'string' },
				{ textword: '5401', subscriberField: 'Visits', subscriberFieldAlias: 'Visits this year', dataType: 'integer' },
			]);
			expect((await get('/textwords/5404/segments')).body).toMatchObject({ meta: { total: 0 }, segments: [] });
		});
	});

	describe('paging with limit and offset', () => {
		it('defaults to 20 records and links to the next page', async () => {
			const res = await get('/contacts');
			expect(res.body.meta).toEqual({ limit: 20, offset: 0, total: 400 });
			expect(res.body.contacts).toHaveLength(20);
			expect(res.body.links).toEqual({ self: `${base}/contacts`, next: `${base}/contacts?limit=20&offset=20` });
		});

		it('handles limit 1, limit 10000 and the last record', async () => {
			const one = await get('/contacts?limit=1');
			expect(one.body.contacts.map((c: Json) => c.id)).toEqual(['3000001']);
			expect(one.body.links.next).toBe(`${base}/contacts?limit=1&offset=1`);

			const max = await get('/contacts?limit=10000');
			expect(max.body.meta).toEqual({ limit: 10000, offset: 0, total: 400 });
			expect(max.body.contacts).toHaveLength(400);
			expect(max.body.links.next).toBeUndefined();

			const last = await get('/contacts?limit=5&offset=399');
			expect(last.body.contacts.map((c: Json) => c.id)).toEqual(['3000400']);
			expect(last.body.links.next).toBeUndefined();

			const beyond = await get('/contacts?offset=400');
			expect(beyond.body).toMatchObject({ meta: { limit: 20, offset: 400, total: 400 }, contacts: [] });
			expect(beyond.body.links.next).toBeUndefined();
		});

		it('has no next link when the page is exactly the rest, and one when a record remains', async () => {
			expect((await get('/contacts?limit=400')).body.links.next).toBeUndefined();
			expect((await get('/contacts?limit=399')).body.links.next).toBe(`${base}/contacts?limit=399&offset=399`);
			expect((await get('/contacts?limit=200&offset=200')).body.links.next).toBeUndefined();
		});

		it('refuses limit 0, 10001, non-integers and a bad offset with 400 naming the parameter', async () => {
			for (const query of ['limit=0', 'limit=10001', 'limit=abc', 'limit=2.5', 'limit=-1']) {
				const res = await get(`/contacts?${query}`);
				expect(res.status).toBe(400);
				expect(res.body.message).toBe('limit must be an integer from 1 to 10000.');
			}
			for (const query of ['offset=-1', 'offset=x', 'offset=1.5']) {
				expect(await get(`/contacts?${query}`)).toEqual({
					status: 400,
					body: { message: 'offset must be an integer of 0 or more.' },
				});
			}
		});

		it('walks every contact exactly once by following links.next', async () => {
			const seen: string[] = [];
			let url: string | undefined = `${base}/contacts?limit=37`;
			let pages = 0;
			while (url) {
				const res = await answer(await fetch(url, { headers: { authorization: GOOD_AUTH } }));
				expect(res.body.meta.total).toBe(400);
				seen.push(...res.body.contacts.map((c: Json) => c.id));
				url = res.body.links.next;
				pages++;
			}
			expect(pages).toBe(11);
			expect(seen).toHaveLength(400);
			expect(new Set(seen).size).toBe(400);
		});

		it('walks by offset with meta.total as the stop signal', async () => {
			const seen = new Set<string>();
			for (let offset = 0; ; offset += 150) {
				const res = await get(`/contacts?limit=150&offset=${offset}`);
				res.body.contacts.forEach((c: Json) => seen.add(c.id));
				if (offset + 150 >= res.body.meta.total) break;
			}
			expect(seen.size).toBe(400);
		});

		it('pages an empty list with total 0', async () => {
			const res = await get('/textwords/5404/contacts');
			expect(res.body).toEqual({ meta: { limit: 20, offset: 0, total: 0 }, links: { self: `${base}/textwords/5404/contacts` }, contacts: [] });
		});
	});

	describe('exact-match filters', () => {
		it('filters contacts by a field, case-sensitively, and counts the matches in meta.total', async () => {
			const everyone = await all('/contacts');
			const expected = everyone.filter((c) => c.city === 'Seattle').map((c) => c.id);
			expect(expected.length).toBeGreaterThan(0);
			const res = await get('/contacts?city=Seattle&limit=10000');
			expect(res.body.meta.total).toBe(expected.length);
			expect(res.body.contacts.map((c: Json) => c.id)).toEqual(expected);
			expect((await get('/contacts?city=seattle')).body.meta.total).toBe(0);
			expect((await get('/contacts?city=Seat')).body.meta.total).toBe(0);
		});

		it('compares numbers and strings alike, and combines filters', async () => {
			expect((await get('/contacts?textword=5402')).body.meta.total).toBe(120);
			expect((await get('/textwords?ageRequirement=21')).body.textwords.map((t: Json) => t.word)).toEqual(['VIP']);
			expect((await get('/shortlinks?isSmart=1')).body.shortlinks.map((s: Json) => s.id)).toEqual([62]);
			expect((await get('/messages?textword=5403')).body.messages.map((m: Json) => m.id)).toEqual(['90005', '90009']);
			const coffee = await all('/textwords/5401/contacts');
			const lattes = coffee.filter((c) => c.FavoriteDrink === 'Latte' && c.state === 'CA');
			const res = await get('/textwords/5401/contacts?FavoriteDrink=Latte&state=CA&limit=10000');
			expect(res.body.contacts.map((c: Json) => c.id)).toEqual(lattes.map((c) => c.id));
		});

		it('keeps the filters in links.next', async () => {
			const res = await get('/contacts?textword=5402&limit=50');
			expect(res.body.links.next).toBe(`${base}/contacts?textword=5402&limit=50&offset=50`);
			const next = await answer(await fetch(res.body.links.next, { headers: { authorization: GOOD_AUTH } }));
			expect(next.body.contacts.every((c: Json) => c.textword === '5402')).toBe(true);
		});

		it('refuses parameters that are not fields of the resource', async () => {
			expect(await get('/contacts?colour=blue')).toEqual({ status: 400, body: { message: 'Unknown parameter: colour' } });
			expect((await get('/textwords?number=1')).status).toBe(400);
			expect((await get('/messages?subscribedAfter=2024-01-01%2000:00:00')).status).toBe(400);
		});
	});

	describe('date filters in America/Los_Angeles time', () => {
		it('filters contacts by subscribedAfter and subscribedBefore', async () => {
			const everyone = await all('/contacts');
			const after = '2023-01-01 00:00:00';
			const before = '2023-06-30 23:59:59';
			const expected = everyone.filter((c) => c.subscribedDate > after && c.subscribedDate < before);
			expect(expected.length).toBeGreaterThan(10);
			const res = await get(
				`/contacts?limit=10000&subscribedAfter=${encodeURIComponent(after)}&subscribedBefore=${encodeURIComponent(before)}`,
			);
			expect(res.body.meta.total).toBe(expected.length);
			expect(res.body.contacts.map((c: Json) => c.id)).toEqual(expected.map((c) => c.id));
			const onlyAfter = await get(`/contacts?subscribedAfter=${encodeURIComponent('2025-06-01 00:00:00')}`);
			expect(onlyAfter.body.meta.total).toBe(everyone.filter((c) => c.subscribedDate > '2025-06-01 00:00:00').length);
		});

		it('uses exclusive bounds on the exact timestamp', async () => {
			const first = (await get('/contacts/3000001')).body.contacts[0].subscribedDate;
			const at = encodeURIComponent(first);
			expect((await get(`/contacts?subscribedBefore=${at}`)).body.meta.total).toBe(0);
			expect((await get(`/contacts?subscribedAfter=${at}`)).body.meta.total).toBe(399);
		});

		it('refuses malformed dates with 400', async () => {
			for (const value of ['2023-01-01', '2023-13-01 00:00:00', '2023-02-30 10:00:00', '2023-01-01T00:00:00', 'yesterday']) {
				const res = await get(`/contacts?subscribedAfter=${encodeURIComponent(value)}`);
				expect(res).toEqual({
					status: 400,
					body: { message: 'subscribedAfter must be formatted YYYY-MM-DD HH:MM:SS (America/Los_Angeles time).' },
				});
			}
			expect((await get('/messages?sentBefore=2024-01-01')).status).toBe(400);
		});

		it('filters messages by sentAfter and sentBefore, leaving out unsent ones', async () => {
			const messages = await all('/messages', 'messages');
			const sent = messages.filter((m) => m.sent !== null);
			expect(sent.length).toBe(7);
			const after = '2021-03-15 00:00:00';
			const res = await get(`/messages?sentAfter=${encodeURIComponent(after)}`);
			expect(res.body.messages.map((m: Json) => m.id)).toEqual(sent.filter((m) => m.sent > after).map((m) => m.id));
			expect(res.body.messages.map((m: Json) => m.id)).not.toContain('90001');
			const old = await get(`/messages?sentBefore=${encodeURIComponent(after)}`);
			expect(old.body.messages.map((m: Json) => m.id)).toEqual(['90001']);
		});

		it('stamps a new message in Los Angeles wall-clock time, which sentAfter then finds', async () => {
			const before = laTime(new Date(Date.now() - 60_000));
			const sent = await post('/messages/', { action: 'SEND', textword: '5403', body: 'Tasting tonight!' });
			const stamp = sent.body.message.sent;
			expect(stamp >= before).toBe(true);
			expect(stamp <= laTime(new Date(Date.now() + 1000))).toBe(true);
			const res = await get(`/messages?sentAfter=${encodeURIComponent(before)}`);
			expect(res.body.messages.map((m: Json) => m.id)).toEqual([sent.body.message.id]);
		});
	});

	describe('POST actions: encoding and action values', () => {
		const accepted: Array<[string, string, Record<string, string>]> = [
			['/contacts/', 'OPTIN', { textword: '5404', number: '2125550100' }],
			['/contacts/', 'OPTINWITHAUTOREPLY', { textword: '5404', number: '2125550101' }],
			['/contacts/', 'DOUBLEOPTIN', { textword: '5404', number: '2125550102' }],
			['/contacts/', 'EDIT', { id: '3000001', firstName: 'Avery' }],
			['/contacts/3000002', 'OPTOUT', {}],
			['/contacts/3000002', 'DELETE', {}],
			['/messages/', 'SEND', { textword: '5402', body: 'Hello deals list' }],
			['/messages/', 'SCHEDULE', { textword: '5402', body: 'Later', scheduled: '2099-01-01 09:15:00' }],
			['/messages/90008', 'DELETE', {}],
			['/textwords/5403/contacts', 'DELETESUBSCRIBERS', {}],
		];

		it.each(accepted)('POST %s accepts action %s', async (path, action, form) => {
			const res = await post(path, { action, ...form });
			expect(res.status).toBe(200);
			expect(res.body.meta).toEqual({ success: true });
		});

		const endpoints = ['/contacts/', '/contacts/3000002', '/messages/', '/messages/90008', '/textwords/5403/contacts'];

		it.each(endpoints)('POST %s without an action is refused', async (path) => {
			expect(await post(path, {})).toEqual({ status: 400, body: { message: 'An action is required.' } });
			expect(await post(path, { action: '' })).toEqual({ status: 400, body: { message: 'An action is required.' } });
			const bare = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: GOOD_AUTH } });
			expect(await answer(bare)).toEqual({ status: 400, body: { message: 'An action is required.' } });
		});

		const wrong: Array<[string, string]> = [
			['/contacts/', 'DELETE'],
			['/contacts/', 'optin'],
			['/contacts/3000002', 'EDIT'],
			['/contacts/3000002', 'OPTIN'],
			['/messages/', 'DELETE'],
			['/messages/', 'send'],
			['/messages/90008', 'SEND'],
			['/textwords/5403/contacts', 'DELETE'],
			['/textwords/5403/contacts', 'toString'],
		];

		it.each(wrong)('POST %s refuses action %s', async (path, action) => {
			expect(await post(path, { action })).toEqual({ status: 400, body: { message: `Invalid action: ${action}` } });
		});

		it.each(endpoints)('POST %s refuses a JSON body and changes nothing', async (path) => {
			const res = await postJson(path, { action: 'DELETE', textword: '5404', number: '2125550100', body: 'x' });
			expect(res).toEqual({ status: 400, body: { message: 'Requests must be form-encoded.' } });
			expect((await get('/account')).body.usage.totalSubscribers).toBe(400);
			expect(sandbox.state.legacy.messages).toHaveLength(10);
		});

		it('refuses POSTs without credentials before looking at the body', async () => {
			expect(await post('/contacts/', { action: 'OPTIN' }, null)).toEqual({ status: 401, body: { message: 'Invalid API credentials.' } });
		});

		it('refuses parameters an action does not take', async () => {
			expect(await post('/contacts/', { action: 'OPTIN', textword: '5404', number: '2125550100', emailAddress: 'a@b.co' })).toEqual({
				status: 400,
				body: { message: 'Unknown parameter: emailAddress' },
			});
			expect(await post('/messages/', { action: 'SEND', textword: '5402', body: 'x', scheduled: '2099-01-01 09:15:00' })).toEqual({
				status: 400,
				body: { message: 'Unknown parameter: scheduled' },
			});
		});
	});

	describe('contacts: opt-in methods and what they would send', () => {
		it('OPTIN stores the contact silently, normalizes the number and derives state from the area code', async () => {
			const res = await post('/contacts/', {
				action: 'OPTIN',
				textword: '5404',
				number: '(212) 555-0100',
				firstName: 'Rita',
				lastName: 'Moreno',
				email: 'rita@example.com',
				city: 'New York',
				zipCode: '10001',
				birthDate: '1990-05-17 00:00:00',
			});
			expect(res.status).toBe(200);
			expect(res.body.contact).toMatchObject({
				number: '+12125550100',
				state: 'NY',
				country: 'US',
				textword: '5404',
				firstName: 'Rita',
				lastName: 'Moreno',
				email: 'rita@example.com',
				city: 'New York',
				zipCode: '10001',
				birthDate: '1990-05-17 00:00:00',
				optInMethod: 'api',
			});
			expect(res.body.contact.subscribedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
			expect(sandbox.state.legacy.outbox).toEqual([]);
			const list = await get('/textwords/5404/contacts');
			expect(list.body.contacts).toEqual([res.body.contact]);
			expect((await get(`/contacts/${res.body.contact.id}`)).body.contacts[0]).toEqual(res.body.contact);
			expect((await get('/textwords/5404')).body.textword.contactsCount).toBe('1');
		});

		it('keeps a given state and takes an 11-digit number as it is', async () => {
			const res = await post('/contacts/', { action: 'OPTIN', textword: '5404', number: '+1 415 555 0123', state: 'NV' });
			expect(res.body.contact).toMatchObject({ number: '+14155550123', state: 'NV' });
		});

		it('OPTINWITHAUTOREPLY would send the textword auto reply', async () => {
			const textword = (await get('/textwords/5403')).body.textword;
			const res = await post('/contacts/', { action: 'OPTINWITHAUTOREPLY', textword: '5403', number: '3055550111' });
			expect(res.body.contact.state).toBe('FL');
			expect(sandbox.state.legacy.outbox).toEqual([
				{ at: expect.any(String), kind: 'autoReply', textword: '5403', to: ['+13055550111'], body: textword.autoReply },
			]);
		});

		it('DOUBLEOPTIN answers a pendingContact, sends the confirmation and subscribes only after YES', async () => {
			const res = await post('/contacts/', { action: 'DOUBLEOPTIN', textword: '5401', number: '6175550177', FavoriteDrink: 'Chai' });
			expect(res.status).toBe(200);
			expect(res.body.contact).toBeUndefined();
			expect(res.body.pendingContact).toMatchObject({ number: '+16175550177', state: 'MA', textword: '5401', FavoriteDrink: 'Chai', subscribedDate: null });
			expect(sandbox.state.legacy.outbox).toEqual([
				{
					at: expect.any(String),
					kind: 'doubleOptIn',
					textword: '5401',
					to: ['+16175550177'],
					body: 'Reply YES to join COFFEE texts from Bluebird Coffee. Msg&data rates may apply. Reply STOP to cancel.',
				},
			]);
			expect((await get('/contacts?number=%2B16175550177')).body.meta.total).toBe(0);
			expect((await get('/textwords/5401')).body.textword.contactsCount).toBe('200');

			legacy.inboundText(sandbox.state.legacy, '+16175550177', 'yes');
			const after = await get('/contacts?number=%2B16175550177');
			expect(after.body.contacts).toHaveLength(1);
			expect(after.body.contacts[0]).toMatchObject({ id: res.body.pendingContact.id, FavoriteDrink: 'Chai' });
			expect(sandbox.state.legacy.outbox[1]).toMatchObject({ kind: 'autoReply', to: ['+16175550177'] });
		});

		it('DOUBLEOPTIN takes a custom message of up to 160 characters', async () => {
			const ok = await post('/contacts/', { action: 'DOUBLEOPTIN', textword: '5402', number: '2065550100', doubleOptInMessage: 'Y'.repeat(160) });
			expect(ok.status).toBe(200);
			expect(sandbox.state.legacy.outbox[0].body).toBe('Y'.repeat(160));
			const tooLong = await post('/contacts/', { action: 'DOUBLEOPTIN', textword: '5402', number: '2065550101', doubleOptInMessage: 'Y'.repeat(161) });
			expect(tooLong).toEqual({ status: 400, body: { message: 'doubleOptInMessage must be 160 characters or less.' } });
		});

		it('stores custom fields by key or by field name and checks their data type', async () => {
			const res = await post('/contacts/', { action: 'OPTIN', textword: '5401', number: '7205550100', FavoriteDrink: 'Mocha', Visits: '7' });
			expect(res.body.contact).toMatchObject({ FavoriteDrink: 'Mocha', Visits: '7', state: 'CO' });
			const byName = await post('/contacts/', { action: 'OPTIN', textword: '5401', number: '7205550101', 'Favorite Drink': 'Chai' });
			expect(byName.body.contact.FavoriteDrink).toBe('Chai');
			expect(await post('/contacts/', { action: 'OPTIN', textword: '5401', number: '7205550102', Visits: 'many' })).toEqual({
				status: 400,
				body: { message: 'Visits must be an integer.' },
			});
			// A custom field of another textword is not a field of this contact.
			expect((await post('/contacts/', { action: 'OPTIN', textword: '5404', number: '7205550103', FavoriteDrink: 'Tea' })).body).toEqual({
				message: 'Unknown parameter: FavoriteDrink',
			});
		});

		it('validates textword, number, email and birthDate', async () => {
			const cases: Array<[Record<string, string>, number, string]> = [
				[{ number: '2125550100' }, 400, 'textword is required.'],
				[{ textword: '5404' }, 400, 'number is required.'],
				[{ textword: '5404', number: '555-0100' }, 400, 'number must be a US phone number of at least 10 digits.'],
				[{ textword: '5404', number: 'call me' }, 400, 'number must be a US phone number of at least 10 digits.'],
				[{ textword: '9999', number: '2125550100' }, 404, 'Textword not found'],
				[{ textword: '5404', number: '2125550100', email: 'not-an-email' }, 400, 'email is not a valid e-mail address.'],
				[
					{ textword: '5404', number: '2125550100', birthDate: '1990-05-17' },
					400,
					'birthDate must be formatted YYYY-MM-DD HH:MM:SS (America/Los_Angeles time).',
				],
			];
			for (const [form, status, message] of cases) {
				expect(await post('/contacts/', { action: 'OPTIN', ...form })).toEqual({ status, body: { message } });
			}
			expect((await get('/textwords/5404')).body.textword.contactsCount).toBe('0');
		});

		it('refuses to opt in a number that is already subscribed to the textword', async () => {
			const existing = (await get('/contacts/3000001')).body.contacts[0];
			expect(await post('/contacts/', { action: 'OPTIN', textword: '5401', number: existing.number })).toEqual({
				status: 400,
				body: { message: 'Number is already subscribed to this textword.' },
			});
			// The same number may join another textword: a contact is one subscription.
			const other = await post('/contacts/', { action: 'OPTIN', textword: '5402', number: existing.number });
			expect(other.body.contact).toMatchObject({ number: existing.number, textword: '5402' });
			expect(other.body.contact.id).not.toBe(existing.id);
		});
	});

	describe('contacts: EDIT, OPTOUT and DELETE', () => {
		it('EDIT by id changes the given fields only', async () => {
			const res = await post('/contacts/', { action: 'EDIT', id: '3000001', firstName: 'Avery', email: 'avery@example.com', Visits: '12' });
			expect(res.status).toBe(200);
			expect(res.body.contact).toMatchObject({ id: '3000001', firstName: 'Avery', lastName: 'Nguyen', email: 'avery@example.com', Visits: '12' });
			expect((await get('/contacts/3000001')).body.contacts[0]).toEqual(res.body.contact);
		});

		it('EDIT by textword and number finds the contact whatever the number formatting', async () => {
			const res = await post('/contacts/', { action: 'EDIT', textword: '5401', number: '(619) 200-0000', city: 'La Jolla', birthDate: '' });
			expect(res.body.contact).toMatchObject({ id: '3000001', city: 'La Jolla', birthDate: null });
			expect((await get('/contacts?city=La%20Jolla')).body.contacts.map((c: Json) => c.id)).toEqual(['3000001']);
		});

		it('EDIT without a target is 400, with an unknown one 404', async () => {
			expect(await post('/contacts/', { action: 'EDIT', firstName: 'X' })).toEqual({
				status: 400,
				body: { message: 'EDIT needs id, or textword and number.' },
			});
			expect(await post('/contacts/', { action: 'EDIT', textword: '5401', firstName: 'X' })).toEqual({
				status: 400,
				body: { message: 'EDIT needs id, or textword and number.' },
			});
			expect(await post('/contacts/', { action: 'EDIT', id: '42', firstName: 'X' })).toEqual({
				status: 404,
				body: { message: 'Contact not found' },
			});
			expect(await post('/contacts/', { action: 'EDIT', textword: '5404', number: '2125550100', firstName: 'X' })).toEqual({
				status: 404,
				body: { message: 'Contact not found' },
			});
			expect((await post('/contacts/', { action: 'EDIT', id: '3000001', textword: '5402' })).body.message).toBe(
				'id does not match the textword and number given.',
			);
		});

		it('OPTOUT takes the contact off every list and blocks an API opt-in until they text in', async () => {
			const contact = (await get('/contacts/3000001')).body.contacts[0];
			expect(await post('/contacts/3000001', { action: 'OPTOUT' })).toEqual({ status: 200, body: { meta: { success: true } } });
			expect((await get('/contacts/3000001')).status).toBe(404);
			expect((await get('/contacts')).body.meta.total).toBe(399);
			expect((await get('/textwords/5401/contacts?limit=10000')).body.contacts.map((c: Json) => c.id)).not.toContain('3000001');
			expect((await get('/textwords/5401')).body.textword).toMatchObject({ contactsCount: '199', optOuts: '4' });
			expect(sandbox.state.legacy.outbox).toEqual([]);

			const again = await post('/contacts/', { action: 'OPTIN', textword: '5401', number: contact.number });
			expect(again).toEqual({ status: 400, body: { message: 'Contact opted out; they must text in to rejoin' } });
			expect((await post('/contacts/', { action: 'DOUBLEOPTIN', textword: '5401', number: contact.number })).status).toBe(400);
			expect((await post('/messages/', { action: 'SEND', textword: '5401', number: contact.number, body: 'hi' })).body.message).toBe(
				'Contact opted out; they must text in to rejoin',
			);

			legacy.inboundText(sandbox.state.legacy, contact.number, 'COFFEE');
			const rejoined = await get(`/contacts?number=${encodeURIComponent(contact.number)}`);
			expect(rejoined.body.contacts).toHaveLength(1);
			expect(rejoined.body.contacts[0].optInMethod).toBe('keyword');
		});

		it('DELETE removes the contact, and the API may opt the number in again', async () => {
			const contact = (await get('/contacts/3000002')).body.contacts[0];
			expect(await post('/contacts/3000002', { action: 'DELETE' })).toEqual({ status: 200, body: { meta: { success: true } } });
			expect((await get('/contacts/3000002')).status).toBe(404);
			expect((await get('/account')).body.usage.totalSubscribers).toBe(399);
			expect((await get('/textwords/5401')).body.textword.optOuts).toBe('3');
			expect(await post('/contacts/3000002', { action: 'DELETE' })).toEqual({ status: 404, body: { message: 'Contact not found' } });
			const back = await post('/contacts/', { action: 'OPTIN', textword: contact.textword, number: contact.number });
			expect(back.status).toBe(200);
			expect(back.body.contact.id).not.toBe('3000002');
		});

		it('DELETESUBSCRIBERS empties the textword and counts what it deleted', async () => {
			const res = await post('/textwords/5402/contacts', { action: 'DELETESUBSCRIBERS' });
			expect(res).toEqual({ status: 200, body: { meta: { success: true }, contactsDeleted: 120 } });
			expect((await get('/textwords/5402/contacts')).body.meta.total).toBe(0);
			expect((await get('/contacts')).body.meta.total).toBe(280);
			expect((await post('/textwords/5402/contacts', { action: 'DELETESUBSCRIBERS' })).body.contactsDeleted).toBe(0);
			expect((await post('/textwords/9999/contacts', { action: 'DELETESUBSCRIBERS' })).status).toBe(404);
		});
	});

	describe('messages: SEND, SCHEDULE and DELETE', () => {
		it('SEND to a textword texts every subscriber and logs each one', async () => {
			const res = await post('/messages/', { action: 'SEND', textword: '5402', body: 'Deal of the day', campaign: 'Daily' });
			expect(res.status).toBe(200);
			expect(res.body.message).toMatchObject({
				campaign: 'Daily',
				body: 'Deal of the day',
				textword: 5402,
				count: 120,
				contactID: null,
				scheduled: null,
				source: 'API',
				mediaUrl: null,
				deleted: 0,
			});
			expect(res.body.message.contact).toBeUndefined();
			const outbox = sandbox.state.legacy.outbox;
			expect(outbox).toHaveLength(1);
			expect(outbox[0]).toMatchObject({ kind: 'message', messageId: res.body.message.id, body: 'Deal of the day' });
			expect(outbox[0].to).toHaveLength(120);
			const log = await get(`/messages/${res.body.message.id}/log`);
			expect(log.body.items).toHaveLength(100);
			expect(log.body.meta.isLastPage).toBe(false);
			expect((await get('/account')).body.usage.totalUsedCredits).toBe(2113 + 120);
		});

		it('SEND to a contact answers contactID and texts only that contact', async () => {
			const res = await post('/messages/', { action: 'SEND', contact: '3000003', body: 'Your order is ready' });
			expect(res.body.message).toMatchObject({ contactID: 3000003, count: 1, textword: 5402 });
			expect(sandbox.state.legacy.outbox[0].to).toEqual([(await get('/contacts/3000003')).body.contacts[0].number]);
			expect((await get(`/messages/${res.body.message.id}`)).body.message.contact).toBe('3000003');
		});

		it('SEND with textword and a new number opts it in without an auto reply and texts only it', async () => {
			const res = await post('/messages/', { action: 'SEND', textword: '5401', number: '4045550100', body: 'Welcome gift inside' });
			expect(res.body.message.count).toBe(1);
			const created = await get('/contacts?number=%2B14045550100');
			expect(created.body.contacts).toHaveLength(1);
			expect(created.body.contacts[0]).toMatchObject({ textword: '5401', state: 'GA', optInMethod: 'api' });
			expect(res.body.message.contactID).toBe(Number(created.body.contacts[0].id));
			expect(sandbox.state.legacy.outbox.map((o: Json) => o.kind)).toEqual(['message']);
			expect(sandbox.state.legacy.outbox[0].to).toEqual(['+14045550100']);
		});

		it('SEND with a segment texts only its members; a segment of another textword is refused', async () => {
			const coffee = await all('/textwords/5401/contacts');
			const lattes = coffee.filter((c) => c.FavoriteDrink === 'Latte').map((c) => c.number);
			const res = await post('/messages/', { action: 'SEND', textword: '5401', segment: '701', body: 'Latte day!' });
			expect(res.body.message.count).toBe(lattes.length);
			expect(sandbox.state.legacy.outbox[0].to).toEqual(lattes);
			expect(await post('/messages/', { action: 'SEND', textword: '5401', segment: '703', body: 'x' })).toEqual({
				status: 400,
				body: { message: 'Segment 703 does not belong to textword 5401.' },
			});
		});

		it('refuses a message without body or without exactly one of textword and contact', async () => {
			const cases: Array<[Record<string, string>, string]> = [
				[{ textword: '5401' }, 'body is required.'],
				[{ body: 'hello' }, 'Give one of textword or contact.'],
				[{ body: 'hello', textword: '5401', contact: '3000001' }, 'Give one of textword or contact.'],
				[{ body: 'hello', number: '2125550100' }, 'Give one of textword or contact.'],
			];
			for (const [form, message] of cases) {
				expect(await post('/messages/', { action: 'SEND', ...form })).toEqual({ status: 400, body: { message } });
			}
			expect(sandbox.state.legacy.messages).toHaveLength(10);
		});

		it('limits an SMS body to the account character limit (160)', async () => {
			expect((await post('/messages/', { action: 'SEND', contact: '3000001', body: 'x'.repeat(160) })).status).toBe(200);
			expect(await post('/messages/', { action: 'SEND', contact: '3000001', body: 'x'.repeat(161) })).toEqual({
				status: 400,
				body: { message: 'body must be 160 characters or less for SMS.' },
			});
		});

		it('takes longer MMS bodies with a media URL: 1600 on a short code, 600 on a toll-free number', async () => {
			const media = 'https://bluebirdcoffee.example/img/latte.JPG';
			const shortCode = await post('/messages/', { action: 'SEND', textword: '5401', body: 'x'.repeat(1600), mediaUrl: media });
			expect(shortCode.body.message).toMatchObject({ mediaUrl: media, count: 200 });
			expect((await post('/messages/', { action: 'SEND', textword: '5401', body: 'x'.repeat(1601), mediaUrl: media })).status).toBe(400);
			expect((await post('/messages/', { action: 'SEND', textword: '5403', body: 'x'.repeat(600), mediaUrl: media })).status).toBe(200);
			expect(await post('/messages/', { action: 'SEND', textword: '5403', body: 'x'.repeat(601), mediaUrl: media })).toEqual({
				status: 400,
				body: { message: 'body must be 600 characters or less for MMS on this number.' },
			});
		});

		it('accepts only http(s) media URLs of jpg, jpeg, png or gif files', async () => {
			for (const mediaUrl of ['http://x.example/a.jpeg', 'https://x.example/a.png?v=2', 'https://x.example/b.gif']) {
				expect((await post('/messages/', { action: 'SEND', contact: '3000001', body: 'pic', mediaUrl })).status).toBe(200);
			}
			for (const mediaUrl of ['ftp://x.example/a.jpg', 'https://x.example/a.pdf', 'https://x.example/jpg', 'not a url']) {
				expect(await post('/messages/', { action: 'SEND', contact: '3000001', body: 'pic', mediaUrl })).toEqual({
					status: 400,
					body: { message: 'mediaUrl must be an http(s) URL of a jpg, jpeg, png or gif file.' },
				});
			}
		});

		it('SCHEDULE needs a future quarter-hour in YYYY-MM-DD HH:MM:SS', async () => {
			const cases: Array<[string | undefined, string]> = [
				[undefined, 'scheduled is required.'],
				['2099-01-01 09:10:00', 'scheduled minute must be 00, 15, 30 or 45 (seconds 00).'],
				['2099-01-01 09:15:30', 'scheduled minute must be 00, 15, 30 or 45 (seconds 00).'],
				['2099-01-01T09:15:00', 'scheduled must be formatted YYYY-MM-DD HH:MM:SS (America/Los_Angeles time).'],
				['2020-01-01 09:15:00', 'scheduled must be in the future.'],
			];
			for (const [scheduled, message] of cases) {
				const form: Record<string, string> = { action: 'SCHEDULE', textword: '5402', body: 'Later' };
				if (scheduled) form.scheduled = scheduled;
				expect(await post('/messages/', form)).toEqual({ status: 400, body: { message } });
			}
			for (const minute of ['00', '15', '30', '45']) {
				const res = await post('/messages/', { action: 'SCHEDULE', textword: '5402', body: 'Later', scheduled: `2099-01-01 09:${minute}:00` });
				expect(res.body.message).toMatchObject({ scheduled: `2099-01-01 09:${minute}:00`, sent: null, count: 0 });
			}
			expect(sandbox.state.legacy.outbox).toEqual([]);
			expect((await get('/messages?scheduled=2099-01-01%2009:30:00')).body.meta.total).toBe(1);
		});

		it('DELETE removes scheduled, unsent and failed messages but refuses a sent one', async () => {
			expect(await post('/messages/90003', { action: 'DELETE' })).toEqual({
				status: 400,
				body: { message: 'Sent messages cannot be deleted.' },
			});
			expect((await get('/messages/90003')).status).toBe(200);
			for (const id of ['90008', '90010', '90007']) {
				expect(await post(`/messages/${id}`, { action: 'DELETE' })).toEqual({ status: 200, body: { meta: { success: true } } });
				expect(await get(`/messages/${id}`)).toEqual({ status: 404, body: { message: 'Message not found' } });
			}
			expect((await get('/messages')).body.meta.total).toBe(7);
			const scheduled = await post('/messages/', { action: 'SCHEDULE', contact: '3000001', body: 'Soon', scheduled: '2099-03-01 12:45:00' });
			expect((await post(`/messages/${scheduled.body.message.id}`, { action: 'DELETE' })).status).toBe(200);
			const sent = await post('/messages/', { action: 'SEND', contact: '3000001', body: 'Now' });
			expect((await post(`/messages/${sent.body.message.id}`, { action: 'DELETE' })).status).toBe(400);
		});
	});

	describe('send log', () => {
		const STATUSES = ['failed', 'sent to carrier', 'delivered', 'undelivered'];

		it('pages 250 items over three pageKey pages, each item once', async () => {
			const items: Json[] = [];
			const sizes: number[] = [];
			let pageKey: string | undefined;
			for (;;) {
				const res = await get(`/messages/90003/log${pageKey ? `?pageKey=${encodeURIComponent(pageKey)}` : ''}`);
				expect(res.status).toBe(200);
				expect(res.body.links.message).toBe(`${base}/messages/90003`);
				expect(res.body.meta.success).toBe(true);
				items.push(...res.body.items);
				sizes.push(res.body.items.length);
				if (res.body.meta.isLastPage) {
					expect(res.body.meta.nextPageKey).toBeNull();
					break;
				}
				expect(typeof res.body.meta.nextPageKey).toBe('string');
				pageKey = res.body.meta.nextPageKey;
			}
			expect(sizes).toEqual([100, 100, 50]);
			expect(new Set(items.map((i) => i.contact)).size).toBe(250);
			expect(Object.keys(items[0]).sort()).toEqual(['contact', 'created', 'from', 'status', 'to', 'updated']);
			expect(items[0]).toMatchObject({ from: '31996', to: '+16192000000', contact: 3000001 });
			expect(new Set(items.map((i) => i.status))).toEqual(new Set(STATUSES));
			expect(items.every((i) => i.updated >= i.created)).toBe(true);
		});

		it('filters by to, across pages', async () => {
			const page2 = await get(`/messages/90003/log?pageKey=${(await get('/messages/90003/log')).body.meta.nextPageKey}`);
			const target = page2.body.items[42];
			const res = await get(`/messages/90003/log?to=${encodeURIComponent(target.to)}`);
			expect(res.body.items).toEqual([target]);
			expect(res.body.meta).toEqual({ success: true, isLastPage: true, nextPageKey: null });
			// An unencoded + arrives as a space; the number still matches.
			const loose = await answer(
				await fetch(`${base}/messages/90003/log?to=${target.to}`, { headers: { authorization: GOOD_AUTH } }),
			);
			expect(loose.body.items).toEqual([target]);
			expect((await get('/messages/90003/log?to=%2B19999999999')).body.items).toEqual([]);
		});

		it('refuses an unknown pageKey, a key of another message and unknown parameters', async () => {
			expect(await get('/messages/90003/log?pageKey=nonsense')).toEqual({
				status: 400,
				body: { message: 'pageKey is not valid for this send log.' },
			});
			const send = await post('/messages/', { action: 'SEND', textword: '5401', body: 'Big list' });
			const key = (await get(`/messages/${send.body.message.id}/log`)).body.meta.nextPageKey;
			expect(key).toEqual(expect.any(String));
			expect((await get(`/messages/90003/log?pageKey=${key}`)).status).toBe(400);
			expect((await get('/messages/90003/log?limit=5')).body).toEqual({ message: 'Unknown parameter: limit' });
		});

		it('has no items for messages sent before 2021-03-15, over 12 months ago, or not sent', async () => {
			for (const id of ['90001', '90002', '90008']) {
				const res = await get(`/messages/${id}/log`);
				expect(res.body.meta).toEqual({ success: true, isLastPage: true, nextPageKey: null });
				expect(res.body.items).toEqual([]);
			}
		});

		it('logs a message sent to one contact with that contact', async () => {
			const contact = (await get('/contacts/3000004')).body.contacts[0];
			const sent = await post('/messages/', { action: 'SEND', contact: '3000004', body: 'Hi' });
			const res = await get(`/messages/${sent.body.message.id}/log`);
			expect(res.body.items).toHaveLength(1);
			expect(res.body.items[0]).toMatchObject({ contact: 3000004, to: contact.number, from: '31996', created: sent.body.message.sent });
			expect(STATUSES).toContain(res.body.items[0].status);
		});
	});

	describe('shortlinks', () => {
		it('lists shortlinks and reads one by id and by hash', async () => {
			const list = await get('/shortlinks');
			expect(list.body.meta.total).toBe(3);
			expect(list.body.shortlinks.map((s: Json) => s.hash)).toEqual(['k3Fm9', 'Qz81x', 'V1pRs']);
			const byId = await get('/shortlinks/61');
			const byHash = await get('/shortlinks/hash-k3Fm9');
			expect(byId.body.shortlink).toEqual(byHash.body.shortlink);
			expect(byId.body.shortlink).toEqual({
				id: 61,
				name: 'Fall menu',
				url: 'https://bluebirdcoffee.example/menu/fall',
				hash: 'k3Fm9',
				clickCount: 27,
				isSmart: 0,
				created: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
				shortUrl: 'https://slkt.io/k3Fm9',
			});
			expect(byHash.body.links.self).toBe(`${base}/shortlinks/hash-k3Fm9`);
			expect((await get('/shortlinks/hash-nope')).status).toBe(404);
			expect((await get('/shortlinks/hash-')).status).toBe(404);
			expect((await get('/shortlinks/k3Fm9')).status).toBe(404);
		});

		it('lists clickers, reducing those no longer subscribed to id and clickCount', async () => {
			const byHash = await get('/shortlinks/hash-k3Fm9/contacts?limit=100');
			const byId = await get('/shortlinks/61/contacts?limit=100');
			expect(byHash.body).toEqual({ ...byId.body, links: { self: `${base}/shortlinks/hash-k3Fm9/contacts?limit=100` } });
			const clickers = byId.body.contacts;
			expect(byId.body.meta.total).toBe(14);
			const gone = clickers.filter((c: Json) => !c.number);
			expect(gone).toEqual([
				{ id: '2999001', clickCount: 1 },
				{ id: '2999002', clickCount: 2 },
			]);
			for (const c of clickers.filter((x: Json) => x.number)) {
				expect(c.clicks).toHaveLength(c.clickCount);
				expect(c.textword).toBe('5401');
			}
			const total = clickers.reduce((sum: number, c: Json) => sum + c.clickCount, 0);
			expect(total).toBe((await get('/shortlinks/61')).body.shortlink.clickCount);
			expect((await get('/shortlinks/63/contacts')).body).toMatchObject({ meta: { total: 0 }, contacts: [] });
		});

		it('reduces a clicker who opts out', async () => {
			await post('/contacts/3000001', { action: 'OPTOUT' });
			const clickers = (await get('/shortlinks/61/contacts?limit=100')).body.contacts;
			expect(clickers[0]).toEqual({ id: '3000001', clickCount: 1 });
			expect((await get('/shortlinks/61/contacts?clickCount=3')).body.contacts.every((c: Json) => c.clickCount === 3)).toBe(true);
		});
	});

	describe('seeding', () => {
		it('builds 20,000 subscribers and pages them at the maximum limit', async () => {
			sandbox.reset({ subscribers: 20000 });
			expect((await get('/account')).body.usage.totalSubscribers).toBe(20000);
			const ids = new Set<string>();
			for (let offset = 0; offset < 20000; offset += 10000) {
				const res = await get(`/contacts?limit=10000&offset=${offset}`);
				expect(res.body.meta).toEqual({ limit: 10000, offset, total: 20000 });
				res.body.contacts.forEach((c: Json) => ids.add(c.id));
			}
			expect(ids.size).toBe(20000);
			const numbers = new Set(sandbox.state.legacy.contacts.map((c: Json) => c.number));
			expect(numbers.size).toBe(20000);
			const counts = (await get('/textwords')).body.textwords.map((t: Json) => t.contactsCount);
			expect(counts).toEqual(['10000', '6000', '4000', '0']);
			// The send log keeps its three pages whatever the size.
			const log = await get('/messages/90003/log');
			expect(log.body.items).toHaveLength(100);
		});

		it('is deterministic: two builds are equal', () => {
			const a = legacy.createState({ subscribers: 1000 });
			const b = legacy.createState({ subscribers: 1000 });
			expect(a.contacts).toEqual(b.contacts);
			expect(a.contacts.at(-1)).toMatchObject({ id: '3001000' });
			const small = legacy.createState({ subscribers: 3 });
			expect(small.contacts).toHaveLength(3);
			expect(small.messages.find((m: Json) => m.id === '90003')._log).toHaveLength(250);
		});
	});
});
