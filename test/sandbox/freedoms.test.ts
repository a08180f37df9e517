// The sandbox's freedoms (sandbox/shared/freedoms.js): every form the specs allow besides the stored one
// is served, at random per answer from a seed, and each answer's choices are recorded on its log entry.
// The fields checked here are listed from the specs (docs/assumptions.md), not read from the sandbox's
// own descriptions, so a field the descriptions forget fails here.
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
import { freedomsFromEnvironment, freedomsServed, useSandbox } from '../helpers/sandbox';

const { startSandbox } = require('../../sandbox/server');
const { Freedoms, asNumber } = require('../../sandbox/shared/freedoms');

type Json = any;
const LEGACY_AUTH = `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}`;
const CURRENT_AUTH = 'Bearer sandbox-api-key';

// Legacy: "Numbers are sometimes returned as strings and sometimes as numbers." Every numeric field.
const LEGACY_NUMERIC = [
	'meta.limit', 'meta.offset', 'meta.total', 'contactsDeleted',
	'textwords[].id', 'textwords[].optOuts', 'textwords[].ageRequirement', 'textwords[].contactsCount',
	'textword.id', 'textword.optOuts', 'textword.ageRequirement', 'textword.contactsCount',
	'contacts[].id', 'contacts[].textword', 'contacts[].clickCount', 'contact.id', 'contact.textword',
	'pendingContact.id', 'pendingContact.textword',
	'messages[].id', 'messages[].textword', 'messages[].autoReply', 'messages[].count', 'messages[].deleted',
	'messages[].contact', 'messages[].shortlinks[].id', 'messages[].shortlinks[].clickCount', 'messages[].shortlinks[].isSmart',
	'message.id', 'message.textword', 'message.autoReply', 'message.count', 'message.deleted', 'message.contact',
	'message.contactID', 'message.shortlinks[].id',
	'shortlinks[].id', 'shortlinks[].clickCount', 'shortlinks[].isSmart', 'shortlink.id', 'shortlink.clickCount', 'shortlink.isSmart',
	'segments[].id', 'segments[].contacts_count', 'customFields[].textword', 'items[].contact',
	'account.id', 'account.rolloverMonths', 'account.maxCharacterLimit', 'plan.totalTexts', 'plan.textwords',
	'subscriptions[].addons[].quantity', 'rollovers[].totalAmount', 'rollovers[].amountAvailable', 'rollovers[].amountUsed',
	'usage.totalCredits', 'usage.totalUsedCredits', 'usage.totalTextwords', 'usage.activeTextwords', 'usage.totalSubscribers',
];
// Text that looks like a number but is not one (phone numbers, ZIP codes, prices, hashes): always text.
const LEGACY_TEXT = [
	'textwords[].textNumber', 'textword.textNumber', 'contacts[].number', 'contacts[].zipCode', 'account.zipCode',
	'account.mobileNumber', 'account.defaultTextNumber', 'plan.price', 'subscriptions[].price', 'items[].to', 'items[].from',
	'shortlinks[].hash',
];
const PAGING = ['pagingData.prevPage', 'pagingData.currentPage', 'pagingData.nextPage', 'pagingData.currentPageString'];

/** Every value at a path such as 'messages[].shortlinks[].id' (absent ones left out). */
function valuesAt(body: Json, path: string): Json[] {
	let values = [body];
	for (const part of path.split('.')) {
		const many = part.endsWith('[]');
		const key = many ? part.slice(0, -2) : part;
		const next: Json[] = [];
		for (const v of values) {
			if (v === null || typeof v !== 'object' || !(key in v)) continue;
			if (many) {
				if (Array.isArray(v[key])) next.push(...v[key]);
			} else next.push(v[key]);
		}
		values = next;
	}
	return values;
}

const formOf = (value: Json) => (value === null ? 'null' : typeof value);

/** Checks that every recorded choice of an answer is what its body shows. */
function expectChoicesMatch(body: Json, choices: string[]) {
	for (const choice of choices) {
		const [path, form] = choice.split(':');
		if (path === 'count') {
			if (form === 'object') expect(body).toEqual({ count: expect.any(Number) });
			else expect(typeof body).toBe('number');
			continue;
		}
		const values = valuesAt(body, path);
		const eligible = values.filter((v) => v !== null && typeof v !== 'object');
		if (form === 'number') expect({ choice, forms: eligible.map(formOf) }).toEqual({ choice, forms: eligible.map(() => 'number') });
		else if (form === 'string') expect({ choice, forms: eligible.map(formOf) }).toEqual({ choice, forms: eligible.map(() => 'string') });
		else if (form === 'mixed') for (const v of eligible) expect(['number', 'string']).toContain(typeof v);
		else if (form === 'object') {
			// Empty ones as {}; a null here can only come from the nulls option, recorded as nulled.
			if (!choices.includes(`${path}:nulled`)) expect({ choice, values }).not.toEqual({ choice, values: expect.arrayContaining([null]) });
		} else if (form === 'null') expect(values.filter((v) => v !== null && typeof v === 'object' && Object.keys(v).length === 0)).toEqual([]);
		else if (form === 'nulled') expect(values).toContain(null);
		else throw new Error(`unexpected form in ${choice}`);
		// A path is recorded only when the answer had a value there to choose a form for.
		expect({ choice, present: values.length > 0 }).toEqual({ choice, present: true });
	}
}

interface Served {
	method: string;
	path: string;
	body: Json;
	freedoms: string[] | undefined;
}

async function call(sandbox: any, method: string, url: string, init: { auth: string; form?: object; json?: object }): Promise<Served> {
	const headers: Record<string, string> = { authorization: init.auth };
	let body: string | undefined;
	if (init.form) {
		headers['content-type'] = 'application/x-www-form-urlencoded';
		body = new URLSearchParams(init.form as Record<string, string>).toString();
	} else if (init.json) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(init.json);
	}
	const res = await fetch(url, { method, headers, body });
	const text = await res.text();
	expect({ url, status: res.status }).toEqual({ url, status: 200 });
	const entry = sandbox.requests[sandbox.requests.length - 1];
	return { method, path: entry.path, body: text ? JSON.parse(text) : undefined, freedoms: entry.freedoms };
}

/** One answer of every legacy route that has numbers in it (reads and the writes that answer records). */
async function legacyTour(sandbox: any): Promise<Served[]> {
	const base = sandbox.legacyBaseUrl;
	const get = (path: string) => call(sandbox, 'GET', `${base}${path}`, { auth: LEGACY_AUTH });
	const post = (path: string, form: object) => call(sandbox, 'POST', `${base}${path}`, { auth: LEGACY_AUTH, form });
	return [
		await get('/account'),
		await get('/textwords'),
		await get('/textwords/5401'),
		await get('/textwords/5401/contacts?limit=5&offset=2'),
		await get('/textwords/5401/messages'),
		await get('/textwords/5401/segments'),
		await get('/textwords/5401/customfields'),
		await get('/contacts?limit=5'),
		await get('/contacts/3000001'),
		await get('/messages?limit=20'),
		await get('/messages/90003'),
		await get('/messages/90006'),
		await get('/messages/90003/log'),
		await get('/shortlinks'),
		await get('/shortlinks/61'),
		await get('/shortlinks/hash-Qz81x'),
		await get('/shortlinks/61/contacts'),
		await post('/contacts', { action: 'OPTIN', textword: '5402', number: '6195550111' }),
		await post('/contacts', { action: 'DOUBLEOPTIN', textword: '5402', number: '6195550112' }),
		await post('/messages', { action: 'SEND', contact: '3000001', body: 'Hello' }),
		await post('/textwords/5404/contacts', { action: 'DELETESUBSCRIBERS' }),
	];
}

/** One answer of every current route with a free form: paging on and off, zip, count, empty custom fields. */
async function currentTour(sandbox: any): Promise<Served[]> {
	const base = `${sandbox.currentBaseUrl}/brands/1001`;
	const get = (path: string) => call(sandbox, 'GET', `${base}${path}`, { auth: CURRENT_AUTH });
	return [
		await get('/contacts?limit=3&offset=3'),
		await get('/contacts?limit=10000'),
		// Contact 5 has no custom field values (stored as null).
		await get('/contacts/5'),
		await get('/lists/1/contacts?limit=2'),
		await get('/lists/1/contacts/count'),
		await get('/keywords?limit=2&offset=2'),
		await call(sandbox, 'POST', `${base}/contacts`, { auth: CURRENT_AUTH, json: { mobile_number: '6175550123', zip: 90210 } }),
		await call(sandbox, 'PUT', `${base}/contacts/1`, { auth: CURRENT_AUTH, json: { zip: '10001' } }),
		await call(sandbox, 'PUT', `${base}/contacts/2`, { auth: CURRENT_AUTH, json: { zip: '02108' } }),
		await call(sandbox, 'GET', `${sandbox.currentBaseUrl}/brands`, { auth: CURRENT_AUTH }),
		await get('/usage'),
		await get('/workflows'),
		await get('/website-popups'),
	];
}

/** Forms seen per path over many answers. */
function formsByPath(answers: Served[], paths: string[]): Map<string, Set<string>> {
	const seen = new Map(paths.map((p) => [p, new Set<string>()]));
	for (const { body } of answers) {
		for (const path of paths) for (const v of valuesAt(body, path)) seen.get(path)!.add(formOf(v));
	}
	return seen;
}

describe('sandbox freedoms', () => {
	let sandbox: any;
	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false, freedoms: { seed: 1 } });
	});
	beforeEach(() => sandbox.reset());
	afterAll(async () => sandbox?.stop());

	it('records, for a fixed seed, choices that match every body served, on both APIs', async () => {
		const answers = [...(await legacyTour(sandbox)), ...(await currentTour(sandbox))];
		for (const answer of answers) {
			expect(answer.freedoms).toBeDefined();
			expectChoicesMatch(answer.body, answer.freedoms!);
		}
		// Every listed numeric field present in an answer has a recorded choice (nothing is changed unrecorded).
		for (const { body, freedoms } of answers) {
			for (const path of [...LEGACY_NUMERIC, ...PAGING]) {
				const present = valuesAt(body, path).some((v) => v !== null);
				if (present) expect({ path, recorded: freedoms!.some((c) => c.startsWith(`${path}:`)) }).toEqual({ path, recorded: true });
			}
		}
	});

	it('serves every listed field in both forms across seeds, and keeps text as text', async () => {
		const legacy: Served[] = [];
		const current: Served[] = [];
		for (let seed = 1; seed <= 16; seed++) {
			sandbox.reset();
			sandbox.setFreedoms({ seed });
			legacy.push(...(await legacyTour(sandbox)));
			current.push(...(await currentTour(sandbox)));
		}
		const legacyForms = formsByPath(legacy, [...LEGACY_NUMERIC, ...LEGACY_TEXT]);
		for (const path of LEGACY_NUMERIC) {
			const forms = [...legacyForms.get(path)!].filter((f) => f !== 'null').sort();
			expect({ path, forms }).toEqual({ path, forms: ['number', 'string'] });
		}
		for (const path of LEGACY_TEXT) {
			const forms = [...legacyForms.get(path)!].filter((f) => f !== 'null');
			expect({ path, forms }).toEqual({ path, forms: ['string'] });
		}
		const pagingForms = formsByPath(current, [...PAGING, 'pagingData.hasMore']);
		for (const path of PAGING) expect({ path, forms: [...pagingForms.get(path)!].sort() }).toEqual({ path, forms: ['null', 'number', 'string'] });
		expect([...pagingForms.get('pagingData.hasMore')!]).toEqual(['boolean']);
		// A single page has null page fields whatever the seed.
		for (const answer of current.filter((a) => a.path.endsWith('/contacts') && a.method === 'GET' && a.body.data.length > 100)) {
			for (const path of PAGING) expect(valuesAt(answer.body, path)).toEqual([null]);
		}
		// zip: a number or a string in create and update answers; 02108 would lose its 0, so it stays text.
		const written = current.filter((a) => a.method !== 'GET');
		const zips = written.map((a) => a.body.zip);
		expect(new Set(zips.filter((z) => z !== '02108').map(formOf))).toEqual(new Set(['number', 'string']));
		expect(zips.filter((z) => String(z) === '2108')).toEqual([]);
		expect(current.filter((a) => a.method === 'GET').every((a) => valuesAt(a.body, 'data[].zip').every((z) => typeof z === 'string'))).toBe(true);
		// The list count: a bare number or a count object, with the same count.
		const counts = current.filter((a) => a.path.endsWith('/count')).map((a) => a.body);
		expect(new Set(counts.map(formOf))).toEqual(new Set(['number', 'object']));
		expect(new Set(counts.map((c) => (typeof c === 'number' ? c : c.count))).size).toBe(1);
		// An empty custom_fields is {} or null on reads; the create answer always has an object.
		const empties = current
			.filter((a) => a.method === 'GET' && /\/contacts(\/5)?$/.test(a.path))
			.flatMap((a) => valuesAt(a.body, 'data[].custom_fields').concat(valuesAt(a.body, 'custom_fields')))
			.filter((v) => v === null || (typeof v === 'object' && Object.keys(v).length === 0));
		expect(new Set(empties.map(formOf))).toEqual(new Set(['null', 'object']));
		expect(written.every((a) => a.body.custom_fields !== null && typeof a.body.custom_fields === 'object')).toBe(true);
	});

	it('repeats the same forms for the same seed after a reset, and other forms for another seed', async () => {
		const first = await legacyTour(sandbox);
		sandbox.reset();
		const again = await legacyTour(sandbox);
		// Bodies hold times (sent, subscribedDate of a new contact); the choices must be the same.
		expect(again.map((a) => a.freedoms)).toEqual(first.map((a) => a.freedoms));
		sandbox.reset();
		sandbox.setFreedoms({ seed: 2 });
		const other = await legacyTour(sandbox);
		expect(other.map((a) => a.freedoms)).not.toEqual(first.map((a) => a.freedoms));
		// reset() goes back to the configured seed.
		sandbox.reset();
		expect(sandbox.freedoms.seed).toBe(1);
	});

	it('leaves the stored records canonical and serves them unchanged with freedoms off', async () => {
		for (let i = 0; i < 4; i++) {
			sandbox.reset();
			sandbox.setFreedoms({ seed: i + 1 });
			await legacyTour(sandbox);
		}
		const { legacy } = sandbox.state;
		expect(legacy.textwords[0].id).toBe('5401');
		expect(legacy.account.account.id).toBe('48213');
		expect(legacy.shortlinks[0].id).toBe(61);
		sandbox.setFreedoms(false);
		const res = await fetch(`${sandbox.legacyBaseUrl}/textwords?limit=2`, { headers: { authorization: LEGACY_AUTH } });
		const body = await res.json();
		expect(body.meta).toEqual({ limit: 2, offset: 0, total: 4 });
		expect(body.textwords[0]).toMatchObject({ id: '5401', ageRequirement: 0, optOuts: '3', contactsCount: '200' });
		expect(sandbox.requests.at(-1).freedoms).toBeUndefined();
		// Error answers and deletes are never touched.
		sandbox.setFreedoms({ seed: 1 });
		const missing = await fetch(`${sandbox.legacyBaseUrl}/textwords/1`, { headers: { authorization: LEGACY_AUTH } });
		expect(missing.status).toBe(404);
		expect(sandbox.requests.at(-1).freedoms).toBeUndefined();
		const deleted = await fetch(`${sandbox.currentBaseUrl}/brands/1001/lists/5`, { method: 'DELETE', headers: { authorization: CURRENT_AUTH } });
		expect(await deleted.json()).toEqual([]);
	});

	it('serves "or null" fields as null only when asked to (nulls: true), and records it', async () => {
		const nulled = new Set<string>();
		for (let seed = 1; seed <= 6; seed++) {
			sandbox.reset();
			sandbox.setFreedoms({ seed, nulls: true });
			for (const answer of [...(await currentTour(sandbox)), ...(await legacyTour(sandbox))]) {
				expectChoicesMatch(answer.body, answer.freedoms!);
				for (const choice of answer.freedoms!) if (choice.endsWith(':nulled')) nulled.add(choice.slice(0, -':nulled'.length));
			}
		}
		for (const path of [
			'data[].mobile_number_carrier', 'data[].last_updated', 'data[].custom_fields', 'opt_out_intel_action', 'opt_out_intel_message',
			'data[].show_scroll_text', 'data[].last_activated', 'messages[].scheduled', 'contacts[].birthDate',
		]) {
			expect({ path, nulled: nulled.has(path) }).toEqual({ path, nulled: true });
		}
		// Without nulls, no value is ever nulled.
		sandbox.reset();
		const plain = [...(await currentTour(sandbox)), ...(await legacyTour(sandbox))];
		expect(plain.flatMap((a) => a.freedoms!).filter((c) => c.endsWith(':nulled'))).toEqual([]);
	});

	it('converts only numbers whose two forms say the same', () => {
		expect(asNumber('42')).toBe(42);
		expect(asNumber(7)).toBe(7);
		expect(asNumber('12.5')).toBe(12.5);
		for (const text of ['0042', '1e3', '79.00', '+16195550142', '', ' 1', 'abc']) expect(asNumber(text)).toBeUndefined();
		// A drawn seed is kept and reported; a text seed is hashed to a number.
		expect(new Freedoms({}).seed).toEqual(expect.any(Number));
		expect(new Freedoms({ seed: 'abc' }).seed).toBe(new Freedoms({ seed: 'abc' }).seed);
	});
});

describe('useSandbox and freedomsServed', () => {
	const fixed = useSandbox({ rateLimit: false, freedoms: { seed: 5 } });

	it('passes a fixed seed to the sandbox and lists the forms served per path', async () => {
		const { sandbox } = fixed;
		expect(sandbox.freedoms).toEqual(expect.objectContaining({ seed: 5 }));
		for (let i = 0; i < 6; i++) {
			await fetch(`${sandbox.legacyBaseUrl}/textwords?offset=${i}`, { headers: { authorization: LEGACY_AUTH } });
		}
		await fetch(`${sandbox.currentBaseUrl}/brands/1001/usage`, { headers: { authorization: CURRENT_AUTH } });
		const served = freedomsServed(sandbox, '/textwords');
		expect(served).toEqual(sandbox.requests.filter((r) => r.path.includes('/textwords')).flatMap((r) => r.freedoms!));
		expect(served.filter((c) => c.startsWith('meta.total:'))).toHaveLength(6);
		expect(new Set(served.filter((c) => c.startsWith('meta.total:')))).toEqual(new Set(['meta.total:number', 'meta.total:string']));
		expect(freedomsServed(sandbox, '/usage')).toEqual([]);
	});

	it('reads the switch and the seed from the environment (on by default in the test suite)', () => {
		expect(freedomsFromEnvironment({})).toEqual({ seed: expect.any(Number) });
		expect(freedomsFromEnvironment({ SLICKTEXT_SANDBOX_FREEDOMS: '1', SLICKTEXT_SANDBOX_SEED: '77' })).toEqual({ seed: 77 });
		expect(freedomsFromEnvironment({ SLICKTEXT_SANDBOX_FREEDOMS: '1' })).toEqual({ seed: expect.any(Number) });
		expect(freedomsFromEnvironment({ SLICKTEXT_SANDBOX_SEED: '9' })).toEqual({ seed: 9 });
		expect(freedomsFromEnvironment({ SLICKTEXT_SANDBOX_FREEDOMS: '0', SLICKTEXT_SANDBOX_SEED: '9' })).toBe(false);
	});
});
