// API faults through the real engine: every failure becomes a NodeApiError with the status and
// SlickText's own message, nothing loops forever, nothing is sent twice, no secret leaks.
import { runNode } from '../helpers/engine';
import { releases, watchLimiter } from '../helpers/limiter';
import { useSandbox, sent } from '../helpers/sandbox';

const SECRETS = ['sandbox-api-key', 'sandbox-private-key'];

function expectNoSecret(value: unknown) {
	const text = JSON.stringify(value, Object.getOwnPropertyNames(value ?? {}));
	for (const secret of SECRETS) expect(text).not.toContain(secret);
}

/** How often a read is asked in all when SlickText answers 5xx or not at all (docs/reliability.md). */
const READ_TRIES = 3;

function describeError(error: any) {
	return { message: error?.message, description: error?.description, httpCode: error?.httpCode, name: error?.name };
}

describe('API faults (current API)', () => {
	const ctx = useSandbox();
	const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
	const getContact = (id = '1') => ({
		resource: 'contact',
		operation: 'get',
		contactId: { __rl: true, mode: 'id', value: id },
	});
	const contactPath = '/v1/brands/1001/contacts/1';

	const statusCases: Array<[number, RegExp]> = [
		[400, /Bad request: The filter is wrong/],
		[401, /Authorization failed/],
		[403, /Forbidden/],
		[404, /Contact 1 was not found/],
		[409, /Conflict: The filter is wrong/],
		[422, /could not process the request: The filter is wrong/],
		[500, /could not complete the request \(500\)/],
	];

	it.each(statusCases)('answer %i becomes a NodeApiError with the status and the API message', async (status, headline) => {
		ctx.sandbox.injectFault({ kind: 'status', status, times: Infinity, body: { message: 'The filter is wrong' }, match: { path: contactPath } });
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: creds() });
		const error = describeError(result.error);
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toMatch(headline);
		expect(error.httpCode).toBe(String(status));
		expect(error.description).toContain('The filter is wrong');
		if (status === 401 || status === 403) expect(error.description).toMatch(/'API Key' and the 'Brand ID'/);
		// A refusal is sent once; a read answered 5xx is asked again (a 429: see below).
		expect(sent(ctx.sandbox, contactPath)).toHaveLength(status >= 500 ? READ_TRIES : 1);
		expectNoSecret(result.error);
		expect(result.json).toEqual([]);
	});

	it('shows the raw text when the error body is not JSON', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 502, times: Infinity, body: 'Bad Gateway from the proxy', match: { path: contactPath } });
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: creds() });
		expect(describeError(result.error).description).toContain('Bad Gateway from the proxy');
	});

	it('sends a request refused with 429 again after the reset, and succeeds', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 429,
			times: 2,
			body: { message: 'Too Many Attempts.' },
			headers: { 'x-ratelimit-reset': '0.05', 'x-ratelimit-remaining': '0' },
			match: { path: contactPath },
		});
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: creds() });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([expect.objectContaining({ contact_id: 1 })]);
		expect(sent(ctx.sandbox, contactPath).map((r) => r.status)).toEqual([429, 429, 200]);
	});

	it('fails with a rate-limit message once the retry bound is passed', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 429,
			times: Infinity,
			body: { message: 'Too Many Attempts.' },
			headers: { 'x-ratelimit-reset': '0.01' },
			match: { path: contactPath },
		});
		const credentials = ctx.sandbox.currentCredentials({ rateLimitWait: 1 });
		const limiter = watchLimiter('current', credentials);
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: { slickTextApi: credentials } });
		const error = describeError(result.error);
		expect(error.httpCode).toBe('429');
		expect(error.message).toMatch(/Rate limited/);
		expect(error.description).toContain('Too Many Attempts.');
		// Tried again and again (not just five more times) until the credential's Rate Limit Wait of a
		// second was used up, then it stops: judged on the limiter's clock, by when the tries were decided
		// (a try is decided when the answer before it comes), not by how many fit in a second.
		const tries = releases(limiter.decisions);
		expect(tries.length).toBe(sent(ctx.sandbox, contactPath).length);
		const answered = tries.map((b) => b.done! - tries[0].done!);
		// The last answer came once the second was (nearly: less the 10 ms reset) used up (five more tries
		// take about 150 ms)...
		expect(answered[answered.length - 1]).toBeGreaterThanOrEqual(900);
		// ...and every try was decided within it (the slack: synchronous code between the answer and the
		// decision, which only the operating system can hold up).
		expect(Math.max(...answered.slice(0, -1))).toBeLessThanOrEqual(1000 + 200);
	});

	it('reports a connection that keeps dropping, after asking the read again', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', times: Infinity, match: { path: contactPath } });
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: creds() });
		const error = describeError(result.error);
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toMatch(/connection to SlickText was closed|Could not reach SlickText/);
		expect(sent(ctx.sandbox, contactPath)).toHaveLength(READ_TRIES);
		expectNoSecret(result.error);
	});

	it('reports a slow answer past the timeout set in the request options, after asking the read again', async () => {
		ctx.sandbox.injectFault({ kind: 'slow', delayMs: 1500, times: Infinity, match: { path: contactPath } });
		const result = await runNode({
			type: 'slickText',
			parameters: { ...getContact(), requestOptions: { timeout: 200 } },
			credentials: creds(),
		});
		const error = describeError(result.error);
		expect(error.message).toMatch(/did not answer in time/);
		expect(sent(ctx.sandbox, contactPath)).toHaveLength(READ_TRIES);
	});

	it('refuses a success whose body is not JSON', async () => {
		ctx.sandbox.injectFault({ kind: 'malformed', text: '<html>maintenance</html>', match: { path: contactPath } });
		const result = await runNode({ type: 'slickText', parameters: getContact(), credentials: creds() });
		expect(describeError(result.error).message).toMatch(/unexpected answer: the body is not JSON/);
	});

	it('refuses a list envelope without data', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { items: [] }, match: { path: '/v1/brands/1001/contacts' } });
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials: creds(),
		});
		expect(describeError(result.error).message).toMatch(/no "data" array/);
	});

	it('stops when hasMore stays true with empty pages', async () => {
		ctx.sandbox.injectFault({
			kind: 'body',
			times: Infinity,
			body: { data: [], pagingData: { hasMore: true } },
			match: { path: '/v1/brands/1001/contacts' },
		});
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials: creds(),
		});
		expect(describeError(result.error).message).toMatch(/empty page/);
		expect(sent(ctx.sandbox, '/v1/brands/1001/contacts')).toHaveLength(1);
	});

	it('fails the item when page 2 of Return All fails, instead of returning a partial list', async () => {
		ctx.sandbox.reset({ contacts: 12000 });
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 500,
			times: Infinity,
			body: { message: 'Server Error' },
			match: { path: '/v1/brands/1001/contacts', nth: 2 },
		});
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials: creds(),
		});
		expect(describeError(result.error).httpCode).toBe('500');
		expect(result.json).toEqual([]);
		// Page 2 asked again on its 500s, then the item fails.
		expect(sent(ctx.sandbox, '/v1/brands/1001/contacts').map((r) => r.query.offset)).toEqual(['0', ...Array(READ_TRIES).fill('9900')]);
	});

	it('Continue On Fail: 10 items with 3 bad ones send the 7 good ones once and keep the order', async () => {
		const ids = ['1', '2', 'abc', '3', '4', '', '5', '6', '7x', '8'];
		const result = await runNode({
			type: 'slickText',
			parameters: {
				resource: 'contact',
				operation: 'get',
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			items: ids.map((id) => ({ id })),
			credentials: creds(),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		const shape = result.items.map((item) => (item.json.error ? 'error' : item.json.contact_id));
		expect(shape).toEqual([1, 2, 'error', 3, 4, 'error', 5, 6, 'error', 8]);
		expect(String(result.items[2].json.error)).toMatch(/'Contact': must be a number, got "abc" \[item 2\]/);
		expect(String(result.items[5].json.error)).toMatch(/'Contact': is required \[item 5\]/);
		const paths = sent(ctx.sandbox, '/contacts/').map((r) => r.path);
		expect(paths.sort()).toEqual(['1', '2', '3', '4', '5', '6', '8'].map((id) => `/v1/brands/1001/contacts/${id}`).sort());
	});
});

describe('API faults (legacy API)', () => {
	const ctx = useSandbox();
	const creds = () => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials() });
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	const getContact = { resource: 'contact', operation: 'get', contactId: rl('3000001') };
	const contactPath = '/legacy/v1/contacts/3000001';

	it.each([
		[401, /Authorization failed/, /'Public Key' and the 'Private Key'/],
		[403, /Forbidden/, /'Public Key' and the 'Private Key'/],
		[404, /Contact 3000001 was not found/, /Nope/],
		// 400 and 422 carry SlickText's words in the headline; the description adds what to do.
		[400, /Bad request: Nope/, /SlickText said: Nope\. SlickText found the request malformed or invalid: check this item's fields/],
		[422, /could not process the request: Nope/, /SlickText said: Nope\. SlickText understood the request but refused its values/],
		[500, /could not complete the request \(500\)/, /Nope/],
	])('answer %i becomes a NodeApiError with the status and the API message', async (status, headline, description) => {
		ctx.sandbox.injectFault({ kind: 'status', status, times: Infinity, body: { message: 'Nope' }, match: { path: contactPath } });
		const result = await runNode({ type: 'slickTextLegacy', parameters: getContact, credentials: creds() });
		const error = describeError(result.error);
		expect(error.httpCode).toBe(String(status));
		expect(error.message).toMatch(headline);
		expect(error.description).toMatch(description);
		expect(sent(ctx.sandbox, contactPath)).toHaveLength(status >= 500 ? READ_TRIES : 1);
		expectNoSecret(result.error);
	});

	it('a wrong private key is refused by SlickText and the key does not appear anywhere', async () => {
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: getContact,
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials({ privateKey: 'wrong-private-key' }) },
		});
		expect(describeError(result.error).httpCode).toBe('401');
		expect(JSON.stringify(result.error)).not.toContain('wrong-private-key');
	});

	it('a dropped connection on a Send is not sent again (no text sent twice)', async () => {
		ctx.sandbox.injectFault({ kind: 'drop', match: { path: '/legacy/v1/messages', method: 'POST' } });
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hello' },
			credentials: creds(),
		});
		expect(describeError(result.error).name).toBe('NodeApiError');
		expect(ctx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	it('refuses a list without its resource key', async () => {
		ctx.sandbox.injectFault({ kind: 'body', body: { meta: { total: 5 } }, match: { path: '/legacy/v1/contacts' } });
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials: creds(),
		});
		expect(describeError(result.error).message).toMatch(/no "contacts" array/);
	});

	it('stops a send log that keeps saying more pages follow with the same key', async () => {
		ctx.sandbox.injectFault({
			kind: 'body',
			times: Infinity,
			body: { meta: { success: true, isLastPage: false, nextPageKey: 'same' }, items: [{ to: '+17165550000' }] },
			match: { path: '/legacy/v1/messages/90003/log' },
		});
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'getSendLog', messageId: rl('90003'), returnAll: true },
			credentials: creds(),
		});
		expect(describeError(result.error).message).toMatch(/nextPageKey/);
		expect(sent(ctx.sandbox, '/log')).toHaveLength(2);
	});
});
