// All or nothing, through n8n's real engine against the sandbox: a run with bad input sends
// nothing, a failure part-way says which items were done, n8n's Retry On Fail is measured, lists are
// never partial, and what goes out is checked first (limit, mobile numbers, text fields, time zones).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { runNode, type RunOptions } from '../helpers/engine';
import { doneItems } from '../helpers/runRecord';
import { sent, useSandbox } from '../helpers/sandbox';

const ctx = useSandbox();
const current = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const legacy = () => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials() });
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const expr = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+1617555${String(2000 + i)}`);
const CONTACTS = '/v1/brands/1001/contacts';
const LEGACY_MESSAGES = '/legacy/v1/messages/';

function createContacts(phones: string[], extra: Partial<RunOptions> = {}) {
	return runNode({
		type: 'slickText',
		parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.phone }}' },
		credentials: current(),
		items: phones.map((phone) => ({ phone })),
		...extra,
	});
}

function describeError(error: any) {
	return { message: String(error?.message ?? ''), description: String(error?.description ?? ''), name: error?.name };
}

describe('bad input anywhere in the run: nothing is sent', () => {
	test('10 Contact Create items, item 5 without a number: zero requests, the error names item 5', async () => {
		const phones = numbers(10);
		phones[5] = '';
		const result = await createContacts(phones);
		expect(sent(ctx.sandbox)).toHaveLength(0);
		const error = describeError(result.error);
		// Input errors are NodeOperationErrors (n8n's routing node wrapped them in a NodeApiError without
		// an HTTP code; the nodes' own route runner stops the run before it).
		expect(result.error?.name).toBe('NodeOperationError');
		expect((result.error as any)?.context?.itemIndex).toBe(5);
		expect(error.message).toBe('\'Mobile Number\': is required [item 5]. Nothing was sent: 1 of 10 items has invalid input (item 5)');
		expect(result.json).toEqual([]);
	});

	test('every invalid item is named, each with its own problem', async () => {
		const phones = numbers(10);
		phones[2] = '12345';
		phones[5] = '';
		phones[9] = 'call me';
		const result = await createContacts(phones);
		expect(sent(ctx.sandbox)).toHaveLength(0);
		const error = describeError(result.error);
		expect(error.message).toMatch(/Nothing was sent: 3 of 10 items have invalid input \(items 2, 5, 9\)$/);
		expect(error.description).toContain('\'Mobile Number\': "12345" has fewer than 10 digits [item 2]');
		expect(error.description).toContain('\'Mobile Number\': is required [item 5]');
		expect(error.description).toContain('\'Mobile Number\': "call me" is not a phone number [item 9]');
	});

	test('with Continue On Fail the 9 valid items are sent once each and item 5 is an error item', async () => {
		const phones = numbers(10);
		phones[5] = '';
		const result = await createContacts(phones, { continueOnFail: true });
		const posts = sent(ctx.sandbox, CONTACTS).filter((r) => r.method === 'POST');
		expect(posts).toHaveLength(9);
		expect(posts.map((r) => (r.body as any).mobile_number).sort()).toEqual(phones.filter((p) => p !== '').sort());
		expect(result.items).toHaveLength(10);
		expect(result.items[5].json.error ?? (result.items[5] as any).error).toBeDefined();
		expect(result.items.filter((item) => item.json.contact_id !== undefined)).toHaveLength(9);
	});

	test('Legacy Message Send to 6 contacts, item 4 invalid, Retry On Fail 3 tries: nobody is texted', async () => {
		const contacts = ctx.sandbox.state.legacy.contacts.slice(0, 6).map((c: any) => String(c.id));
		contacts[4] = 'not-an-id';
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: rl('={{ $json.contact }}'), body: 'Hi' },
			credentials: legacy(),
			items: contacts.map((contact) => ({ contact })),
			retryOnFail: { maxTries: 3, waitBetweenTries: 1 },
		});
		expect(describeError(result.error).message).toMatch(/^'Contact': .*\[item 4\]\. Nothing was sent: 1 of 6 items/);
		expect(sent(ctx.sandbox, LEGACY_MESSAGES)).toHaveLength(0);
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});
});

describe('a failure part-way through a run', () => {
	test('a 500 on the 3rd of 10 creates: the error lists exactly the items SlickText did', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: CONTACTS, nth: 3 } });
		const phones = numbers(10);
		const result = await createContacts(phones);
		const error = describeError(result.error);
		expect(error.message).toMatch(/could not complete the request \(500\)/);
		const created = sent(ctx.sandbox, CONTACTS).filter((r) => r.method === 'POST' && r.status === 200);
		const createdItems = created.map((r) => phones.indexOf((r.body as any).mobile_number)).sort((a, b) => a - b);
		expect(createdItems.length).toBeGreaterThanOrEqual(2);
		expect(doneItems(error.description)).toEqual(createdItems);
		expect(error.description).toMatch(/were already done: running them again would send them to SlickText a second time/);
		// Nothing is sent twice, and the contacts SlickText holds are exactly the ones listed.
		const stored = ctx.sandbox.state.current.contacts.filter((c: any) => phones.includes(c.mobile_number));
		expect(stored.map((c: any) => phones.indexOf(c.mobile_number)).sort((a: number, b: number) => a - b)).toEqual(createdItems);
	});

	test('after the failure the run stops: items still waiting for their turn are not sent', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: CONTACTS, nth: 3 } });
		const phones = numbers(10);
		// 2 requests a second: the later items wait in the limiter while the 3rd one fails.
		const result = await createContacts(phones, { credentials: { slickTextApi: ctx.sandbox.currentCredentials({ requestsPerSecond: 2, requestsPerMinute: 120 }) } });
		const posts = sent(ctx.sandbox, CONTACTS).filter((r) => r.method === 'POST');
		expect(posts.length).toBeLessThan(10);
		const error = describeError(result.error);
		expect(error.message).toMatch(/could not complete the request \(500\)/);
		const createdItems = posts.filter((r) => r.status === 200).map((r) => phones.indexOf((r.body as any).mobile_number)).sort((a, b) => a - b);
		expect(doneItems(error.description)).toEqual(createdItems);
	});

	test('a dropped connection on the 4th of 6 legacy sends: the error lists the contacts already texted', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', match: { method: 'POST', path: LEGACY_MESSAGES, nth: 4 } });
		const contacts = ctx.sandbox.state.legacy.contacts.slice(0, 6).map((c: any) => String(c.id));
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: rl('={{ $json.contact }}'), body: 'Hi' },
			credentials: legacy(),
			items: contacts.map((contact) => ({ contact })),
		});
		const error = describeError(result.error);
		expect(error.message).toMatch(/closed before an answer came/);
		const texted = sent(ctx.sandbox, LEGACY_MESSAGES).filter((r) => r.status === 200);
		const textedItems = texted.map((r) => contacts.indexOf(String((r.body as any).contact))).sort((a, b) => a - b);
		expect(doneItems(error.description)).toEqual(textedItems);
		// The 4th went out and no answer came: it may have been texted, and the error says so.
		expect(error.description).toMatch(/No answer came for item 3: the request went out, so SlickText may have done it/);
	});
});

describe('Return All never gives a partial list', () => {
	const getAllCurrent = { resource: 'contact', operation: 'getAll', returnAll: true };
	const getAllLegacy = { resource: 'contact', operation: 'getAll', returnAll: true };
	const record = (id: number) => ({ id, mobile_number: `+1617555${1000 + id}` });

	test.each([
		['no pagingData', { data: [record(1), record(2)] }, /"pagingData" is missing/],
		['hasMore as a string', { data: [record(1), record(2)], pagingData: { hasMore: 'true' } }, /"pagingData.hasMore" is the text "true"/],
		['pagingData a list', { data: [record(1)], pagingData: [] }, /"pagingData" is a list/],
	])('current API, %s: the item fails', async (_name, body, problem) => {
		ctx.sandbox.injectFault({ kind: 'body', body, match: { method: 'GET', path: CONTACTS } });
		const result = await runNode({ type: 'slickText', parameters: getAllCurrent, credentials: current() });
		const error = describeError(result.error);
		expect(error.message).toMatch(/^SlickText sent an unexpected answer: /);
		expect(error.message).toMatch(problem);
		expect(result.json).toEqual([]);
	});

	test('legacy API without meta: the item fails', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { contacts: [record(1), record(2)] }, match: { method: 'GET', path: '/legacy/v1/contacts' } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: getAllLegacy, credentials: legacy() });
		expect(describeError(result.error).message).toMatch(/^SlickText sent an unexpected answer: "meta" is missing/);
		expect(result.json).toEqual([]);
	});

	test('legacy total 6 with an empty page 2: the item fails', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { meta: { total: 6 }, contacts: [record(1), record(2)] }, match: { method: 'GET', path: '/legacy/v1/contacts' } });
		ctx.sandbox.injectFault({ kind: 'body', body: { meta: { total: 6 }, contacts: [] }, match: { method: 'GET', path: '/legacy/v1/contacts' } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: getAllLegacy, credentials: legacy() });
		expect(describeError(result.error).message).toMatch(/unexpected answer: an empty page at offset 2 although "meta.total" is 6/);
		expect(result.json).toEqual([]);
		// Once the total is known the remaining pages (offsets 2 and 4) go out together.
		expect(sent(ctx.sandbox, '/legacy/v1/contacts').map((r) => r.query.offset)).toEqual(['0', '2', '4']);
	});

	test.each([
		['text that is not a number', 'six', /"meta.total" is the text "six" at offset 0; it should be a whole number/],
		['a negative number', -1, /"meta.total" is number -1 at offset 0; it should be a whole number/],
		['a fraction', '6.5', /"meta.total" is the text "6.5" at offset 0; it should be a whole number/],
	])('legacy total given as %s: the item fails', async (_name, total, problem) => {
		ctx.sandbox.injectFault({ kind: 'body', body: { meta: { total }, contacts: [record(1)] }, match: { method: 'GET', path: '/legacy/v1/contacts' } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: getAllLegacy, credentials: legacy() });
		expect(describeError(result.error).message).toMatch(problem);
	});

	test('legacy total given as text ("2", as the legacy spec allows) is read as a number', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { meta: { total: '2', limit: '10000', offset: '0' }, contacts: [record(1), record(2)] }, match: { method: 'GET', path: '/legacy/v1/contacts' } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: getAllLegacy, credentials: legacy() });
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.id)).toEqual([1, 2]);
		expect(sent(ctx.sandbox, '/legacy/v1/contacts')).toHaveLength(1);
	});
});

describe('checked before sending', () => {
	test.each([
		['2.5', '={{ 2.5 }}'],
		['"abc"', '={{ "abc" }}'],
		['-5', -5],
		['0', 0],
		['null', '={{ null }}'],
	])('Limit %s is refused on both APIs', async (_name, limit) => {
		const a = await runNode({ type: 'slickText', parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit } as any, credentials: current() });
		const b = await runNode({ type: 'slickTextLegacy', parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit } as any, credentials: legacy() });
		for (const result of [a, b]) {
			expect(describeError(result.error).message).toMatch(/^'Limit': must be a whole number of at least 1, got .*\[item 0\]$/);
		}
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});

	test.each([
		['an international 00 prefix', expr('0016175551234'), /starts with the international prefix 00/],
		['more than 15 digits', expr('617-555-1234-5678-9999'), /has 18 digits; a phone number has at most 15/],
		['a number from a float', '={{ 1e10 }}', /no valid US area code/],
		['a float with a fraction', '={{ 6175551234.5 }}', /a number with a fraction or an exponent/],
	])('Mobile Number with %s is refused', async (_name, mobileNumber, problem) => {
		const a = await runNode({ type: 'slickText', parameters: { resource: 'contact', operation: 'create', mobileNumber }, credentials: current() });
		const b = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'send', sendTo: 'number', textwordId: rl('5401'), number: mobileNumber, body: 'Hi' },
			credentials: legacy(),
		});
		for (const result of [a, b]) expect(describeError(result.error).message).toMatch(problem);
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});

	test.each([
		['an object', '={{ { name: "Ann" } }}', /^'First Name': must be text, got an object \{"name":"Ann"\}/],
		['an array', '={{ ["Ann", "Bo"] }}', /^'First Name': must be text, got a list \["Ann","Bo"\]/],
	])('First Name given %s by expression is refused, naming the field', async (_name, firstName, problem) => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '+16175551234', additionalFields: { firstName } },
			credentials: current(),
		});
		expect(describeError(result.error).message).toMatch(problem);
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});
});

describe('secrets never leave in an error', () => {
	const API_KEY = 'sandbox-api-key';
	const PRIVATE_KEY = 'sandbox-private-key';
	const BASIC = Buffer.from(`pub_sandbox:${PRIVATE_KEY}`).toString('base64');

	/** A 5xx on a read is asked 3 times in all (docs/reliability.md); a refusal once. */
	const tries = (status: number) => (status >= 500 ? 3 : 1);

	function expectClean(value: unknown) {
		const text = JSON.stringify(value, Object.getOwnPropertyNames(value ?? {}));
		for (const secret of [API_KEY, PRIVATE_KEY, BASIC]) expect(text).not.toContain(secret);
	}

	test.each([401, 403, 422, 500])('current API %i echoing the Authorization header', async (status) => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status,
			times: tries(status),
			body: { message: `Bad key Bearer ${API_KEY} (raw ${API_KEY})`, headers: { authorization: `Bearer ${API_KEY}` } },
			match: { path: `${CONTACTS}/1` },
		});
		const parameters = { resource: 'contact', operation: 'get', contactId: rl('1') };
		const failed = await runNode({ type: 'slickText', parameters, credentials: current() });
		expect(describeError(failed.error).description).toContain('[redacted]');
		expectClean(failed.error);
		expectClean(describeError(failed.error));
		ctx.sandbox.injectFault({ kind: 'status', status, times: tries(status), body: { message: `echo ${API_KEY}` }, match: { path: `${CONTACTS}/1` } });
		const continued = await runNode({ type: 'slickText', parameters, credentials: current(), continueOnFail: true });
		expect(continued.items).toHaveLength(1);
		expect((continued.items[0] as any).error).toBeDefined();
		expectClean(continued.items);
		expectClean((continued.items[0] as any).error);
	});

	test.each([401, 403, 422, 500])('legacy API %i echoing the Basic value and the private key', async (status) => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status,
			times: tries(status),
			body: { error: { message: `Authorization: Basic ${BASIC} rejected; private key ${PRIVATE_KEY}` } },
			match: { path: '/legacy/v1/account' },
		});
		const failed = await runNode({ type: 'slickTextLegacy', parameters: { resource: 'account', operation: 'get' }, credentials: legacy() });
		expect(describeError(failed.error).description).toContain('[redacted]');
		expectClean(failed.error);
		ctx.sandbox.injectFault({ kind: 'status', status, times: tries(status), body: `plain text ${BASIC} ${PRIVATE_KEY}`, match: { path: '/legacy/v1/account' } });
		const continued = await runNode({ type: 'slickTextLegacy', parameters: { resource: 'account', operation: 'get' }, credentials: legacy(), continueOnFail: true });
		expect((continued.items[0] as any).error).toBeDefined();
		expectClean(continued.items);
		expectClean((continued.items[0] as any).error);
	});
});

describe('one time-zone rule for both nodes (the workflow is in America/New_York)', () => {
	// 2030-03-10 02:30 does not exist there (spring forward); 2030-11-03 01:30 happens twice (fall back).
	const campaign = (scheduledAt: string) => ({
		resource: 'campaign',
		operation: 'create',
		name: 'N',
		message: 'Hi',
		audience: 'all',
		delivery: 'schedule',
		scheduledAt,
	});
	const schedule = (scheduledFor: string) => ({
		resource: 'message',
		operation: 'schedule',
		sendTo: 'textword',
		textwordId: rl('5401'),
		body: 'Hi',
		scheduledFor,
	});

	test.each([
		['2030-03-10T02:30:00', /"2030-03-10T02:30:00" does not exist in America\/New_York/],
		['2030-11-03T01:30:00', /"2030-11-03T01:30:00" happens twice in America\/New_York/],
	])('%s fails the item in both nodes before any request', async (time, problem) => {
		const a = await runNode({ type: 'slickText', parameters: campaign(time), credentials: current() });
		const b = await runNode({ type: 'slickTextLegacy', parameters: schedule(time), credentials: legacy() });
		expect(describeError(a.error).message).toMatch(/^'Send At': /);
		expect(describeError(b.error).message).toMatch(/^'Scheduled For': /);
		for (const result of [a, b]) expect(describeError(result.error).message).toMatch(problem);
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});

	test('the same moment with its offset is taken as it is by both nodes', async () => {
		const a = await runNode({ type: 'slickText', parameters: campaign('2030-11-03T01:30:00-05:00'), credentials: current() });
		const b = await runNode({ type: 'slickTextLegacy', parameters: schedule('2030-11-03T01:30:00-05:00'), credentials: legacy() });
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		const [post] = sent(ctx.sandbox, '/campaigns').filter((r) => r.method === 'POST');
		expect((post.body as any).scheduled).toBe('2030-11-03 06:30:00');
	});
});
