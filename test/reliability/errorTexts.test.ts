// Errors that say what happened, as n8n's UX guidelines ask, through n8n's real engine against the sandbox:
// a read's error does not speak of items "done" or "sent"; a write's record never reads "done: 0" as
// "none"; the error's item is the one its text calls "this message"; a read SlickText answers 5xx (or
// does not answer) is asked again, a write never; a shared once-per-run read that failed for one item is
// read again for the next (Continue On Fail).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { runNode } from '../helpers/engine';
import { sent, useSandbox } from '../helpers/sandbox';

const ctx = useSandbox();
const current = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const legacy = () => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials() });
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const CONTACTS = '/v1/brands/1001/contacts';
const ACCOUNT = '/legacy/v1/account';
const MESSAGES = '/legacy/v1/messages/';
/** How often the transport asks a failing read in all (docs/reliability.md, "Reads asked again"). */
const READ_TRIES = 3;

function errorOf(result: { error?: unknown }) {
	const error = (result.error ?? {}) as any;
	return {
		name: String(error.name ?? ''),
		message: String(error.message ?? ''),
		description: String(error.description ?? ''),
		httpCode: error.httpCode as string | undefined,
		itemIndex: error.context?.itemIndex as number | undefined,
	};
}

const getContacts = (ids: string[], continueOnFail = false) =>
	runNode({
		type: 'slickText',
		parameters: { resource: 'contact', operation: 'get', contactId: rl('={{ $json.id }}') },
		credentials: current(),
		items: ids.map((id) => ({ id })),
		continueOnFail,
	});

const legacySendOptions = (contacts: string[]) => ({
	type: 'slickTextLegacy',
	parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: rl('={{ $json.contact }}'), body: 'Hi' },
	credentials: legacy(),
	items: contacts.map((contact) => ({ contact })),
});

function legacySend(contacts: string[], continueOnFail = false) {
	return runNode({ ...legacySendOptions(contacts), continueOnFail });
}

const legacyContacts = (n: number): string[] => ctx.sandbox.state.legacy.contacts.slice(0, n).map((c: any) => String(c.id));

describe('a read that fails says which item failed, not what was done or sent', () => {
	test('Contact Get of a missing contact (1 item)', async () => {
		const result = await getContacts(['999999']);
		const error = errorOf(result);
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '404', message: 'Contact 999999 was not found [item 0]', itemIndex: 0 });
		expect(error.description).toBe(
			'SlickText said: Contact not found.\n\nNot read: item 0 (this message). This operation only reads: nothing was changed in SlickText.',
		);
		expect(error.description).not.toMatch(/\bdone\b|\bsent\b|texted/i);
	});

	test('Contact Get of two contacts, the second missing', async () => {
		const result = await getContacts(['1', '999999']);
		const error = errorOf(result);
		expect(error).toMatchObject({ httpCode: '404', message: 'Contact 999999 was not found [item 1]', itemIndex: 1 });
		expect(error.description).toBe(
			'SlickText said: Contact not found.\n\nNot read: item 1 (this message). This operation only reads: nothing was changed in SlickText.',
		);
		expect(error.description).not.toMatch(/\bdone\b|\bsent\b|texted/i);
		expect(sent(ctx.sandbox, CONTACTS).map((r) => r.path).sort()).toEqual([`${CONTACTS}/1`, `${CONTACTS}/999999`]);
	});

	test('Contact Get of four contacts, the 2nd and 4th missing: both are named', async () => {
		const result = await getContacts(['1', '999998', '2', '999999']);
		const error = errorOf(result);
		// Items run side by side: both lookups went out before either failed.
		expect(sent(ctx.sandbox, CONTACTS)).toHaveLength(4);
		expect(error.itemIndex).toBe(1);
		expect(error.message).toBe('Contact 999998 was not found [item 1]');
		expect(error.description).toMatch(/Not read: item 1 \(this message\), also item 3\. This operation only reads/);
	});
});

describe("a write's record never reads as if nothing was done", () => {
	test('two Contact Creates, the second refused with a 500: item 0 was done, said in words', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: CONTACTS, nth: 2 } });
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.phone }}' },
			credentials: current(),
			items: [{ phone: '+16175552000' }, { phone: '+16175552001' }],
		});
		const error = errorOf(result);
		const posts = sent(ctx.sandbox, CONTACTS).filter((r) => r.method === 'POST');
		// A POST is never asked again.
		expect(posts.map((r) => r.status)).toEqual([200, 500]);
		const done = posts[0].body as any;
		const doneItem = done.mobile_number === '+16175552000' ? 0 : 1;
		expect(error.itemIndex).toBe(1 - doneItem);
		expect(error.description).toContain(
			`Item ${doneItem} was already done: running it again would send it to SlickText a second time (texts sent again, records made again). Not done: item ${1 - doneItem} (this message).`,
		);
		expect(error.description).not.toMatch(/already done: \d/);
	});
});

describe("the error's item is the one its text calls \"this message\"", () => {
	test('legacy Send of 2 items, the shared account read failing: error and text name item 0; nobody texted', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, times: Infinity, body: { message: 'Database is down' }, match: { method: 'GET', path: ACCOUNT } });
		const result = await legacySend(legacyContacts(2));
		const error = errorOf(result);
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '500', message: 'SlickText could not complete the request (500) [item 0]' });
		const named = /Not done: item (\d+) \(this message\)/.exec(error.description);
		expect(named).not.toBeNull();
		expect(error.itemIndex).toBe(Number(named![1]));
		expect(error.itemIndex).toBe(0);
		expect(error.description).toContain('No item of this run was done. Not done: item 0 (this message) and 1.');
		expect(sent(ctx.sandbox, MESSAGES)).toHaveLength(0);
		// The one read of the run, asked again on the 500s; item 1 does not read it a second time.
		expect(sent(ctx.sandbox, ACCOUNT)).toHaveLength(READ_TRIES);
	});

	test('the same with Continue On Fail: each item carries SlickText\'s answer of its own, nobody texted', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, times: Infinity, body: { message: 'Database is down' }, match: { method: 'GET', path: ACCOUNT } });
		const result = await legacySend(legacyContacts(2), true);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => String(item.json.error))).toEqual([
			'SlickText could not complete the request (500) [item 0]',
			'SlickText could not complete the request (500) [item 1]',
		]);
		expect(sent(ctx.sandbox, MESSAGES)).toHaveLength(0);
		// Items go on their own with Continue On Fail: item 1 asks for the account itself after item 0's failed.
		expect(sent(ctx.sandbox, ACCOUNT)).toHaveLength(2 * READ_TRIES);
	});
});

test('with On Error "continue (using error output)" the error output\'s items name their item, as those of the main output do', async () => {
	const [good] = legacyContacts(1);
	const badInput = await runNode({ ...legacySendOptions([good, 'not-an-id']), onError: 'continueErrorOutput' });
	expect(badInput.items).toHaveLength(1);
	expect(badInput.errorItems.map((item) => item.json)).toEqual([{ error: '\'Contact\': must be a number, got "not-an-id" [item 1]' }]);
	// A new account (the process kept the first one's settings, which the next run would not read again).
	ctx.sandbox.reset();
	ctx.sandbox.injectFault({ kind: 'status', status: 500, times: Infinity, body: { message: 'Database is down' }, match: { method: 'GET', path: ACCOUNT } });
	const result = await runNode({ ...legacySendOptions(legacyContacts(2)), onError: 'continueErrorOutput' });
	expect(result.items).toEqual([]);
	expect(result.errorItems.map((item) => String(item.json.error))).toEqual([
		'SlickText could not complete the request (500) [item 0]',
		'SlickText could not complete the request (500) [item 1]',
	]);
});

describe('a read SlickText answers 5xx, or does not answer, is asked again; a write never', () => {
	test('Contact Get answered 500 once: asked again, and the item succeeds', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'GET', path: `${CONTACTS}/1` } });
		const result = await getContacts(['1']);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([expect.objectContaining({ contact_id: 1 })]);
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', `${CONTACTS}/1`, 500],
			['GET', `${CONTACTS}/1`, 200],
		]);
	});

	test('Contact Get whose connection drops once: asked again, and the item succeeds', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', match: { method: 'GET', path: `${CONTACTS}/1` } });
		const result = await getContacts(['1']);
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${CONTACTS}/1`)).toHaveLength(2);
	});

	test(`Contact Get answered 503 every time: asked ${READ_TRIES} times in all, then SlickText's status and message`, async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: Infinity, body: { message: 'Down for maintenance' }, match: { path: `${CONTACTS}/1` } });
		const result = await getContacts(['1']);
		const error = errorOf(result);
		expect(error).toMatchObject({ httpCode: '503', message: 'SlickText could not complete the request (503) [item 0]' });
		expect(error.description).toContain('SlickText said: Down for maintenance.');
		expect(sent(ctx.sandbox, `${CONTACTS}/1`)).toHaveLength(READ_TRIES);
	});

	test('a refusal (4xx) is not asked again', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 403, body: { message: 'No' }, match: { path: `${CONTACTS}/1` } });
		const result = await getContacts(['1']);
		expect(errorOf(result).httpCode).toBe('403');
		expect(sent(ctx.sandbox, `${CONTACTS}/1`)).toHaveLength(1);
	});

	test('Contact Create answered 500: the POST is not sent again', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: CONTACTS } });
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '+16175552000' },
			credentials: current(),
		});
		expect(errorOf(result).httpCode).toBe('500');
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.status])).toEqual([['POST', CONTACTS, 500]]);
	});

	test('legacy Send whose POST is answered 500: not sent again', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: MESSAGES } });
		const result = await legacySend(legacyContacts(1));
		expect(errorOf(result).httpCode).toBe('500');
		expect(sent(ctx.sandbox, MESSAGES).map((r) => [r.method, r.status])).toEqual([['POST', 500]]);
	});
});

describe('Continue On Fail: a shared once-per-run read that failed is read again for the next item', () => {
	const texted = () =>
		sent(ctx.sandbox, MESSAGES)
			.filter((r) => r.status === 200)
			.map((r) => [r.method, r.path, (r.body as any).action, String((r.body as any).contact)]);

	test('one 500 on the account read: both items are texted, each once', async () => {
		const contacts = legacyContacts(2);
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Blip' }, match: { method: 'GET', path: ACCOUNT } });
		const result = await legacySend(contacts, true);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined]);
		expect(texted().sort()).toEqual(contacts.map((contact) => ['POST', MESSAGES, 'SEND', contact]).sort());
		expect(sent(ctx.sandbox, MESSAGES)).toHaveLength(2);
		expect(sent(ctx.sandbox, ACCOUNT).map((r) => [r.method, r.status])).toEqual([
			['GET', 500],
			['GET', 200],
		]);
	});

	test("the account read failing on every try of item 0's read: item 0 fails, item 1 reads it again and is texted once", async () => {
		const contacts = legacyContacts(2);
		ctx.sandbox.injectFault({ kind: 'status', status: 500, times: READ_TRIES, body: { message: 'Down' }, match: { method: 'GET', path: ACCOUNT } });
		const result = await legacySend(contacts, true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(String(result.items[0].json.error)).toMatch(/could not complete the request \(500\)/);
		expect(((result.items[0] as any).error ?? {}).context?.itemIndex).toBe(0);
		expect(result.items[1].json.error).toBeUndefined();
		expect(result.items[1].json).toEqual(expect.objectContaining({ contactID: Number(contacts[1]) }));
		expect(texted()).toEqual([['POST', MESSAGES, 'SEND', contacts[1]]]);
		expect(sent(ctx.sandbox, MESSAGES)).toHaveLength(1);
		expect(sent(ctx.sandbox, ACCOUNT).map((r) => r.status)).toEqual([...Array(READ_TRIES).fill(500), 200]);
	});

	test('the account read down for good: every item fails with its own index, after two reads, and nobody is texted', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 503, times: Infinity, body: { message: 'Down' }, match: { method: 'GET', path: ACCOUNT } });
		const result = await legacySend(legacyContacts(4), true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(4);
		result.items.forEach((item, index) => {
			expect(String(item.json.error)).toMatch(/could not complete the request \(503\)/);
			expect(((item as any).error ?? {}).context?.itemIndex).toBe(index);
		});
		expect(sent(ctx.sandbox, MESSAGES)).toHaveLength(0);
		// Item 0's read, and one more that the other items share: not one read per item.
		expect(sent(ctx.sandbox, ACCOUNT)).toHaveLength(2 * READ_TRIES);
	});
});
