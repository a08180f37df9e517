// Retry On Fail never texts twice. n8n's Retry On Fail runs the whole node again, with every
// input item, after a failure. For every operation of both nodes that changes something at SlickText,
// three items run with Retry On Fail on (3 tries), and the request of item 1 fails: a 500 once, 429s
// until the credential's Rate Limit Wait is spent, or no answer in time (the sandbox answers after the
// node gave up, having done it). The sandbox's log says what it received per item: an item done in an
// earlier try is never sent again, and the run's outcome and error tell what happened.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sleep } from 'n8n-workflow';

import { runNode } from '../helpers/engine';
import { useSandbox, type SandboxRequest } from '../helpers/sandbox';
import { doneItems, itemNumbers } from '../helpers/runRecord';

const ctx = useSandbox();
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const B = '/v1/brands/1001';
const L = '/legacy/v1';

interface Case {
	type: 'slickText' | 'slickTextLegacy';
	parameters: Record<string, unknown>;
	items: Array<Record<string, unknown>>;
	/** The write requests of the operation (method and path). */
	method: string;
	path: RegExp;
	/** The item a write request belongs to, as the text that tells it apart (a path id, a body value). */
	keys: string[];
	by: 'path' | 'body';
	/** What a later try does with an item whose write got no answer: sent again, or reported. */
	unknown: 'resend' | 'report';
}

const ids = (values: Array<string | number>) => values.map((v) => ({ id: String(v) }));
const byId = (type: Case['type'], resource: string, operation: string, field: string, values: Array<string | number>, method: string, path: RegExp, extra: Record<string, unknown> = {}, unknown: Case['unknown'] = 'resend'): Case => ({
	type,
	parameters: { resource, operation, [field]: rl('={{ $json.id }}'), ...extra },
	items: ids(values),
	method,
	path,
	keys: values.map((v) => `/${v}`),
	by: 'path',
	unknown,
});
const numbers = ['+16175550101', '+16175550102', '+16175550103'];
const names = ['Retry A', 'Retry B', 'Retry C'];
const byName = (resource: string, extra: Record<string, unknown>, path: RegExp): Case => ({
	type: 'slickText',
	parameters: { resource, operation: 'create', name: '={{ $json.name }}', ...extra },
	items: names.map((name) => ({ name })),
	method: 'POST',
	path,
	keys: names.map((name) => `"${name}"`),
	by: 'body',
	unknown: 'report',
});

/** Contact Create or Upsert of one number per item (a POST to /contacts, told apart by the number). */
const contactByNumber = (operation: 'create' | 'upsert'): Case => ({
	type: 'slickText',
	parameters: { resource: 'contact', operation, mobileNumber: '={{ $json.n }}' },
	items: numbers.map((n) => ({ n })),
	method: 'POST',
	path: new RegExp(`^${B}/contacts$`),
	keys: numbers.map((n) => n.slice(1)),
	by: 'body',
	// Sent again: SlickText refuses a second contact with the number, and the node then finds the first.
	unknown: 'resend',
});

const CASES: Record<string, Case> = {
	'contact create': contactByNumber('create'),
	'contact upsert': contactByNumber('upsert'),
	'contact update': byId('slickText', 'contact', 'update', 'contactId', [1, 2, 3], 'PUT', /\/contacts\/\d+$/, { findBy: 'id', updateFields: { firstName: 'Retry' } }),
	'contact delete': byId('slickText', 'contact', 'delete', 'contactId', [1, 2, 3], 'DELETE', /\/contacts\/\d+$/),
	'campaign create': byName('campaign', { message: 'Hi', delivery: 'draft', audience: 'all' }, new RegExp(`^${B}/campaigns$`)),
	'campaign update': byId('slickText', 'campaign', 'update', 'campaignId', [2, 3], 'PUT', /\/campaigns\/\d+$/, { updateFields: { name: 'Retry' } }),
	'campaign delete': byId('slickText', 'campaign', 'delete', 'campaignId', [1, 2, 3], 'DELETE', /\/campaigns\/\d+$/),
	'list create': byName('list', {}, new RegExp(`^${B}/lists$`)),
	'list update': byId('slickText', 'list', 'update', 'listId', [1, 2, 3], 'PUT', /\/lists\/\d+$/, { updateFields: { name: 'Retry' } }),
	'list delete': byId('slickText', 'list', 'delete', 'listId', [3, 4, 5], 'DELETE', /\/lists\/\d+$/),
	'list add contacts': {
		type: 'slickText',
		parameters: { resource: 'list', operation: 'addContacts', contactIds: '={{ $json.id }}', listIds: [2] },
		items: ids([4, 5, 6]),
		method: 'POST',
		path: new RegExp(`^${B}/lists/contacts$`),
		keys: [4, 5, 6].map((id) => `"contact_id":${id},`),
		by: 'body',
		unknown: 'resend',
	},
	'list remove contacts': {
		type: 'slickText',
		parameters: { resource: 'list', operation: 'removeContacts', contactIds: '={{ $json.id }}', listIds: [1] },
		items: [],
		method: 'DELETE',
		path: new RegExp(`^${B}/lists/contacts$`),
		keys: [],
		by: 'body',
		unknown: 'resend',
	},
	'custom field create': byName('customField', { dataType: 'string' }, new RegExp(`^${B}/custom-fields$`)),
	'custom field update': byId('slickText', 'customField', 'update', 'customFieldId', [1, 2, 3], 'PUT', /\/custom-fields\/\d+$/, { updateFields: { description: 'Retry' } }),
	'custom field delete': byId('slickText', 'customField', 'delete', 'customFieldId', [2, 3, 4], 'DELETE', /\/custom-fields\/\d+$/),
	'keyword delete': byId('slickText', 'keyword', 'delete', 'keywordId', [1, 2, 3], 'DELETE', /\/keywords\/\d+$/),
	'link create': byName('link', { url: 'https://example.com/retry' }, new RegExp(`^${B}/links$`)),
	'link update': byId('slickText', 'link', 'update', 'linkId', [1, 2, 3], 'PUT', /\/links\/\d+$/, { updateFields: { name: 'Retry' } }),
	'link delete': byId('slickText', 'link', 'delete', 'linkId', [1, 2, 3], 'DELETE', /\/links\/\d+$/),
	'segment update': byId('slickText', 'segment', 'update', 'segmentId', [1, 2, 3], 'PUT', /\/segments\/\d+$/, { updateFields: { name: 'Retry' } }),
	'segment delete': byId('slickText', 'segment', 'delete', 'segmentId', [1, 2, 3], 'DELETE', /\/segments\/\d+$/),
	'workflow update': byId('slickText', 'workflow', 'update', 'workflowId', [1, 2, 3], 'PUT', /\/workflows\/\d+$/, { updateFields: { name: 'Retry' } }),
	'workflow activate': byId('slickText', 'workflow', 'activate', 'workflowId', [1, 2, 3], 'PUT', /\/workflows\/\d+$/),
	'workflow deactivate': byId('slickText', 'workflow', 'deactivate', 'workflowId', [1, 2, 3], 'PUT', /\/workflows\/\d+$/),
	'workflow delete': byId('slickText', 'workflow', 'delete', 'workflowId', [1, 2, 3], 'DELETE', /\/workflows\/\d+$/),
	'website popup update': byId('slickText', 'websitePopup', 'update', 'websitePopupId', [1, 2, 3], 'PUT', /\/website-popups\/\d+$/, { updateFields: { name: 'Retry' } }),
	'website popup activate': byId('slickText', 'websitePopup', 'activate', 'websitePopupId', [1, 2, 3], 'PUT', /\/website-popups\/\d+$/),
	'website popup deactivate': byId('slickText', 'websitePopup', 'deactivate', 'websitePopupId', [1, 2, 3], 'PUT', /\/website-popups\/\d+$/),
	'website popup delete': byId('slickText', 'websitePopup', 'delete', 'websitePopupId', [1, 2, 3], 'DELETE', /\/website-popups\/\d+$/),
	'inbox thread update': {
		type: 'slickText',
		parameters: { resource: 'inboxThread', operation: 'update', inboxThreadId: rl('={{ $json.id }}'), updateFields: { status: 'closed' } },
		items: [],
		method: 'PUT',
		path: /\/inbox-threads\/\w+$/,
		keys: [],
		by: 'path',
		unknown: 'resend',
	},
	'legacy contact opt in': {
		type: 'slickTextLegacy',
		parameters: { resource: 'contact', operation: 'optIn', textwordId: rl('5401'), number: '={{ $json.n }}', optInMethod: 'DOUBLEOPTIN' },
		items: numbers.map((n) => ({ n })),
		method: 'POST',
		path: new RegExp(`^${L}/contacts/$`),
		keys: numbers.map((n) => encodeURIComponent(n)),
		by: 'body',
		// An opt-in sent again would send the confirmation text again.
		unknown: 'report',
	},
	'legacy contact update': {
		type: 'slickTextLegacy',
		parameters: { resource: 'contact', operation: 'update', findBy: 'id', contactId: rl('={{ $json.id }}'), updateFields: { firstName: 'Retry' } },
		items: ids([3000001, 3000002, 3000003]),
		method: 'POST',
		path: new RegExp(`^${L}/contacts/$`),
		keys: [3000001, 3000002, 3000003].map((id) => `id=${id}`),
		by: 'body',
		unknown: 'resend',
	},
	'legacy contact opt out': byId('slickTextLegacy', 'contact', 'optOut', 'contactId', [3000001, 3000002, 3000003], 'POST', /\/contacts\/\d+$/),
	'legacy contact delete': byId('slickTextLegacy', 'contact', 'delete', 'contactId', [3000001, 3000002, 3000003], 'POST', /\/contacts\/\d+$/),
	'legacy message send': byId('slickTextLegacy', 'message', 'send', 'contactId', [3000001, 3000002, 3000003], 'POST', new RegExp(`^${L}/messages/$`), { sendTo: 'contact', body: 'Hi' }, 'report'),
	'legacy message schedule': byId('slickTextLegacy', 'message', 'schedule', 'contactId', [3000001, 3000002, 3000003], 'POST', new RegExp(`^${L}/messages/$`), { sendTo: 'contact', body: 'Hi', scheduledFor: '2030-01-02T10:15:00' }, 'report'),
	'legacy message delete': byId('slickTextLegacy', 'message', 'delete', 'messageId', [90008, 90009, 90010], 'POST', /\/messages\/\d+$/),
	'legacy textword delete subscribers': {
		...byId('slickTextLegacy', 'textword', 'deleteSubscribers', 'textwordId', [5401, 5402, 5403], 'POST', /\/textwords\/\d+\/contacts$/),
		keys: [5401, 5402, 5403].map((id) => `/${id}/contacts`),
	},
};
// Sends and schedules are told apart by the contact in their form body.
for (const name of ['legacy message send', 'legacy message schedule']) {
	CASES[name] = { ...CASES[name], by: 'body', keys: CASES[name].items.map((item) => `contact=${String(item.id)}`) };
}

/** Items that need the sandbox's data: members of list 1, the brand's inbox threads. */
function prepare(c: Case): Case {
	const brand = ctx.sandbox.state.current.brands.get(1001);
	if (c === CASES['list remove contacts']) {
		const members = [...ctx.sandbox.state.current.listMembers.get(1)].slice(0, 3) as number[];
		return { ...c, items: ids(members), keys: members.map((id) => `"contact_id":${id},`) };
	}
	if (c === CASES['inbox thread update']) {
		const threads = brand.threads.slice(0, 3).map((t: any) => String(t._id));
		return { ...c, items: ids(threads), keys: threads.map((id: string) => `/${id}`) };
	}
	return c;
}

function writes(c: Case): SandboxRequest[] {
	return ctx.sandbox.requests.filter((r) => r.method === c.method && c.path.test(r.path));
}

function itemOf(c: Case, r: SandboxRequest): number {
	const text = c.by === 'path' ? r.path : String(r.rawBody ?? '');
	return c.keys.findIndex((key) => (c.by === 'path' ? text.endsWith(key) : text.includes(key)));
}

/** The slow answers finish after the node gave up: wait until every logged request has its status. */
async function settled(): Promise<void> {
	for (let i = 0; i < 100 && ctx.sandbox.requests.some((r) => r.status === undefined); i++) await sleep(50);
}

async function runWithRetry(c: Case, requestOptions: object = {}, credentials: object = {}) {
	const creds =
		c.type === 'slickText'
			? { slickTextApi: ctx.sandbox.currentCredentials(credentials) }
			: { slickTextLegacyApi: ctx.sandbox.legacyCredentials(credentials) };
	return await runNode({
		type: c.type,
		parameters: { ...c.parameters, requestOptions },
		credentials: creds,
		items: c.items,
		// n8n takes 0 as its default of 1,000 ms (`waitBetweenTries || 1000`): 1 ms.
		retryOnFail: { maxTries: 3, waitBetweenTries: 1 },
	});
}

const FAILING = 1;

function fault(c: Case, kind: object, times = 1) {
	const key = c.keys[FAILING];
	const match = c.by === 'path' ? { method: c.method, path: new RegExp(`${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) } : { method: c.method, path: c.path, body: key };
	ctx.sandbox.injectFault({ ...kind, match, times });
}

/** Per item: [write requests answered 2xx, write requests in all]. */
function perItem(c: Case): Array<[number, number]> {
	const counts = c.items.map((): [number, number] => [0, 0]);
	for (const r of writes(c)) {
		const index = itemOf(c, r);
		expect(index).toBeGreaterThanOrEqual(0);
		counts[index][1]++;
		if (r.status !== undefined && r.status >= 200 && r.status < 300) counts[index][0]++;
	}
	return counts;
}

describe.each(Object.keys(CASES))('%s with Retry On Fail', (name) => {
	test('a 500 on item 1: each item is done once, and the run succeeds', async () => {
		const c = prepare(CASES[name]);
		fault(c, { kind: 'status', status: 500, body: { message: 'Boom' } });
		const result = await runWithRetry(c);
		expect(result.error?.message).toBeUndefined();
		expect(result.items.filter((item) => item.error === undefined)).toHaveLength(c.items.length);
		const counts = perItem(c);
		expect(counts.map(([ok]) => ok)).toEqual(c.items.map(() => 1));
		// Item 1 twice (the 500, then its retry); the others once, never again in the second try.
		expect(counts.map(([, all]) => all)).toEqual(c.items.map((_, i) => (i === FAILING ? 2 : 1)));
	});

	test('429s on item 1 until the Rate Limit Wait is spent: each item is done once, and the run succeeds', async () => {
		const c = prepare(CASES[name]);
		// Two refusals: one wait of 0.3 s within the credential's 0.5 s, then the item fails that try.
		fault(c, { kind: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'x-ratelimit-reset': '0.3' } }, 2);
		const result = await runWithRetry(c, {}, { rateLimitWait: 0.5 });
		expect(result.error?.message).toBeUndefined();
		const counts = perItem(c);
		expect(counts.map(([ok]) => ok)).toEqual(c.items.map(() => 1));
		expect(counts.map(([, all]) => all)).toEqual(c.items.map((_, i) => (i === FAILING ? 3 : 1)));
	});

	test('no answer in time for item 1 (SlickText did it): never done twice where that could text someone', async () => {
		const c = prepare(CASES[name]);
		fault(c, { kind: 'slow', delayMs: 1000 });
		const result = await runWithRetry(c, { timeout: 600 });
		await settled();
		const counts = perItem(c);
		// The other items: done once, in the first try.
		counts.forEach(([ok, all], i) => {
			if (i !== FAILING) expect([i, ok, all]).toEqual([i, 1, 1]);
		});
		if (c.unknown === 'report') {
			// Not sent again: the run ends with an error that names the item and says it may be done.
			expect(counts[FAILING]).toEqual([1, 1]);
			const error = result.error as any;
			expect(error?.message).toBe(`Not sent again: no answer came in try 1 [item ${FAILING}]`);
			expect(doneItems(error.description)).toEqual(c.items.map((_, i) => i).filter((i) => i !== FAILING));
			expect(error.description).toMatch(/No answer came for item 1 \(try 1\): the request went out, so SlickText may have done it/);
		} else {
			// Sent again where a second one changes nothing; the run succeeds.
			expect(result.error?.message).toBeUndefined();
			expect(counts[FAILING][1]).toBe(2);
			expect(result.items.filter((item) => item.error === undefined)).toHaveLength(c.items.length);
		}
	});
});

describe("the two cases reported against version 0.1.0, and an error that tells the truth across tries", () => {
	const NUMBERS = Array.from({ length: 10 }, (_, i) => `+1617555${String(3000 + i)}`);

	test('Contact Create for 10 numbers, the 6th request answered 500 once: every contact created once, the run succeeds', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: `${B}/contacts`, nth: 6 } });
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.n }}' },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			items: NUMBERS.map((n) => ({ n })),
			retryOnFail: { maxTries: 3, waitBetweenTries: 1 },
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((c) => c.mobile_number)).toEqual(NUMBERS);
		const created = ctx.sandbox.requests.filter((r) => r.method === 'POST' && r.status === 200).map((r) => (r.body as any).mobile_number);
		expect(created.sort()).toEqual([...NUMBERS].sort());
		expect(ctx.sandbox.state.current.contacts.filter((c: any) => NUMBERS.includes(c.mobile_number))).toHaveLength(10);
		// No 422 "exists": nothing created in the first try was sent again.
		expect(ctx.sandbox.requests.filter((r) => r.status === 422)).toHaveLength(0);
	});

	test('Legacy Message Send to 5 contacts, the 3rd send answered 500 once: everybody is texted once', async () => {
		const contacts = ctx.sandbox.state.legacy.contacts.slice(0, 5).map((c: any) => String(c.id));
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', path: `${L}/messages/`, nth: 3 } });
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'message', operation: 'send', sendTo: 'contact', contactId: rl('={{ $json.id }}'), body: 'Hi' },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
			items: contacts.map((id: string) => ({ id })),
			retryOnFail: { maxTries: 3, waitBetweenTries: 1 },
		});
		expect(result.error).toBeUndefined();
		const texted = ctx.sandbox.requests.filter((r) => r.path === `${L}/messages/` && r.status === 200).map((r) => String((r.body as any).contact));
		expect(texted.sort()).toEqual([...contacts].sort());
		expect(result.json.map((m) => m.contactID)).toEqual(contacts.map(Number));
	});

	test('an item SlickText refuses every time: after the last try the error lists what was done (in which try) and what was not', async () => {
		// Item 4's number is refused in every try; item 2 gets a 500 in the first try only. The run stops at
		// the first failure of each try, so items after 4 that had not left yet are never sent.
		const numbers = [...NUMBERS];
		numbers[4] = '+16175550142';
		ctx.sandbox.injectFault({ kind: 'status', status: 422, body: { message: 'The mobile number is on a do-not-text list.' }, match: { method: 'POST', body: '6175550142' }, times: 10 });
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'Boom' }, match: { method: 'POST', body: NUMBERS[2].slice(1) } });
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.n }}' },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ requestsPerSecond: 2, requestsPerMinute: 120 }) },
			items: numbers.map((n) => ({ n })),
			retryOnFail: { maxTries: 3, waitBetweenTries: 1 },
		});
		const error = result.error as any;
		expect(error?.message).toMatch(/^SlickText could not process the request: The mobile number is on a do-not-text list/);
		const posts = ctx.sandbox.requests.filter((r) => r.method === 'POST');
		const done = numbers.map((n, i) => [i, posts.filter((r) => r.status === 200 && (r.body as any).mobile_number === n).length]);
		// Nothing was done twice; the error lists exactly the items SlickText did.
		for (const [, count] of done) expect(count).toBeLessThanOrEqual(1);
		const doneIndexes = done.filter(([, count]) => count === 1).map(([i]) => i);
		expect(doneIndexes).toEqual(expect.arrayContaining([0, 1, 2, 3]));
		expect(doneItems(error.description)).toEqual(doneIndexes);
		// Item 2 was done in the second try, after its 500 in the first.
		expect(error.description).toMatch(/Items [^.:]*2[^.:]*\(try 2\)[^.:]* were already done \(over 3 tries of Retry On Fail\): running them again would send them/);
		const notDone = numbers.map((_, i) => i).filter((i) => i !== 4 && !doneIndexes.includes(i));
		const listed = /Not done: item 4 \(this message\)(?: and ([^.]*))?\./.exec(error.description);
		expect(listed).not.toBeNull();
		expect(itemNumbers(listed![1] ?? '')).toEqual(notDone);
		// Item 4 is sent at most once a try (try 1 may stop at item 2's 500 before item 4 leaves).
		const sentOf4 = posts.filter((r) => String(r.rawBody).includes('6175550142')).length;
		expect(sentOf4).toBeGreaterThanOrEqual(2);
		expect(sentOf4).toBeLessThanOrEqual(3);
	});
});
