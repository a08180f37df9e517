import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';
import { currentOutput } from '../../helpers/outputs';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

// The sandbox's contacts of brand 1001, as it holds them.
const contacts = (): any[] => ctx.sandbox.state.current.contacts;
const stored = (id: number) => ctx.sandbox.state.current.contactById.get(id);
const byNumber = (mobile: string) => contacts().filter((c) => c.mobile_number === mobile);
const locator = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: object[], continueOnFail = false) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'contact', ...parameters },
		credentials: creds(),
		items,
		continueOnFail,
	});
}

describe('\'Contact\': Create', () => {
	test('sends every field of the create body and outputs the new contact, which the sandbox now holds', async () => {
		const before = contacts().length;
		const result = await run({
			operation: 'create',
			mobileNumber: '(617) 555-0199',
			additionalFields: {
				firstName: 'Wren',
				lastName: 'Castellano',
				email: 'wren@example.com',
				birthdate: '1990-05-17T00:00:00',
				address: '1 Main St',
				city: 'Boston',
				state: 'MA',
				zip: '02108',
				country: 'US',
				timezone: 'America/Chicago',
				language: 'es',
				optInStatus: 'subscribed',
				forceDoubleOptIn: false,
				customFields: {
					field: [
						{ name: 'favorite_drink', value: 'chai' },
						{ name: 'loyalty_points', value: '12' },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${BRAND}/contacts`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		// Custom fields go as top-level keys; force_double_opt_in is off, so it is not sent.
		expect(request.body).toEqual({
			mobile_number: '+16175550199',
			first_name: 'Wren',
			last_name: 'Castellano',
			email: 'wren@example.com',
			birthdate: '1990-05-17',
			address: '1 Main St',
			city: 'Boston',
			state: 'MA',
			zip: '02108',
			country: 'US',
			timezone: 'America/Chicago',
			language: 'es',
			opt_in_status: 'subscribed',
			favorite_drink: 'chai',
			loyalty_points: '12',
		});
		expect(contacts()).toHaveLength(before + 1);
		const [created] = byNumber('+16175550199');
		expect(created).toMatchObject({
			first_name: 'Wren',
			birthdate: '1990-05-17',
			opt_in_status: 'subscribed',
			custom_fields: { favorite_drink: 'chai', loyalty_points: 12 },
		});
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({
			contact_id: created.contact_id,
			mobile_number: '+16175550199',
			created: created.created,
			custom_fields: { favorite_drink: 'chai', loyalty_points: 12 },
		});
	});

	test('Force Double Opt-In sends force_double_opt_in as the string "true"', async () => {
		const result = await run({
			operation: 'create',
			mobileNumber: '6175550188',
			additionalFields: { forceDoubleOptIn: true, optInStatus: 'subscribed' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({
			mobile_number: '+16175550188',
			opt_in_status: 'subscribed',
			force_double_opt_in: 'true',
		});
		// The contact waits for its confirmation reply.
		expect(byNumber('+16175550188')[0].opt_in_status).toBe('not subscribed');
		expect(result.json[0]).toMatchObject({ mobile_number: '+16175550188', opt_in_status: 'not subscribed' });
	});

	test('a mobile number with fewer than 10 digits fails before any request', async () => {
		const result = await run({ operation: 'create', mobileNumber: '={{ "555-1234" }}' });
		expect(result.error?.message).toBe('\'Mobile Number\': "555-1234" has fewer than 10 digits [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a malformed birthdate fails before any request', async () => {
		const result = await run({
			operation: 'create',
			mobileNumber: '6175550177',
			additionalFields: { birthdate: '={{ "1990-02-30" }}' },
		});
		expect(result.error?.message).toBe('\'Birthdate\': "1990-02-30" is not a date [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a custom field without a name fails before any request', async () => {
		const result = await run({
			operation: 'create',
			mobileNumber: '6175550177',
			additionalFields: { customFields: { field: [{ name: '', value: 'x' }] } },
		});
		expect(result.error?.message).toBe('\'Custom Fields\': choose a field for every value [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test("a duplicate number fails with SlickText's 422 message", async () => {
		const existing = contacts()[4];
		const result = await run({ operation: 'create', mobileNumber: existing.mobile_number });
		const error = result.error as any;
		expect(error.httpCode).toBe('422');
		expect(error.message).toContain('A contact with this mobile number already exists.');
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expect(sent(ctx.sandbox)[0].status).toBe(422);
		expect(byNumber(existing.mobile_number)).toHaveLength(1);
	});

	test('Continue On Fail: a bad middle item fails alone, in order, and is never sent', async () => {
		const result = await run(
			{ operation: 'create', mobileNumber: '={{ $json.phone }}' },
			[{ phone: '6175550101' }, { phone: '12345' }, { phone: '6175550103' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(3);
		expect(result.json[0]).toMatchObject({ mobile_number: '+16175550101' });
		expect(result.json[1].error).toBe('\'Mobile Number\': "12345" has fewer than 10 digits [item 1]');
		expect(result.json[2]).toMatchObject({ mobile_number: '+16175550103' });
		expect(sent(ctx.sandbox)).toHaveLength(2);
		expect(sent(ctx.sandbox).map((r) => r.body)).toEqual(
			expect.arrayContaining([{ mobile_number: '+16175550101' }, { mobile_number: '+16175550103' }]),
		);
	});
});

describe('\'Contact\': Get', () => {
	test('sends GET /contacts/{id} and outputs the contact unwrapped, timestamps as given', async () => {
		const contact = contacts()[10];
		const result = await run({ operation: 'get', contactId: locator('list', String(contact.contact_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/contacts/${contact.contact_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([currentOutput(contact)]);
	});

	test('a contact that does not exist: a 404 naming the contact', async () => {
		const result = await run({ operation: 'get', contactId: locator('id', '999999') });
		const error = result.error as any;
		expect(error.httpCode).toBe('404');
		expect(error.message).toBe('Contact 999999 was not found [item 0]');
		expect(error.description).toContain('Contact not found.');
		expect(sent(ctx.sandbox)[0].path).toBe(`${BRAND}/contacts/999999`);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', contactId: locator('id', '={{ "abc" }}') });
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "abc" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a wrong brand ID: 403 that says to check the API key and brand ID', async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'get', contactId: locator('id', '1') },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials({ brandId: '2002' }) },
		});
		const error = result.error as any;
		expect(error.httpCode).toBe('403');
		expect(error.message).toBe('Forbidden [item 0]');
		expect(error.description).toContain('This API key has no access to brand 2002.');
		expect(error.description).toContain("Check the 'API Key' and the 'Brand ID'");
		const [request] = sent(ctx.sandbox);
		expect(request.path).toBe('/v1/brands/2002/contacts/1');
		expect(request.headers.authorization).toBe(AUTH);
	});
});

describe('\'Contact\': Get Many', () => {
	test('Return All reads the 250 contacts in one page of 10000', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/contacts`);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(contacts()).toHaveLength(250);
		expect(result.json).toEqual(contacts().map(currentOutput));
	});

	test('Return All pages through 25,000 contacts at 10,000 a page, one item per contact', async () => {
		ctx.sandbox.reset({ contacts: 25000 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => r.query)).toEqual([
			{ limit: '10000', offset: '0' },
			// Each page starts 100 records into the one before (records that leave or join meanwhile are caught).
			{ limit: '10000', offset: '9900' },
			{ limit: '10000', offset: '19800' },
		]);
		expect(requests.every((r) => r.path === `${BRAND}/contacts` && r.headers.authorization === AUTH)).toBe(true);
		expect(result.json).toHaveLength(25000);
		const ids = result.json.map((c) => c.contact_id);
		expect(ids).toEqual(contacts().map((c) => c.contact_id));
		expect(new Set(ids).size).toBe(25000);
	});

	test('Return All over exactly 20,000 contacts takes 3 requests: pages overlap by 100, the third says it is the last', async () => {
		ctx.sandbox.reset({ contacts: 20000 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox).map((r) => r.query.offset)).toEqual(['0', '9900', '19800']);
		expect(result.json).toHaveLength(20000);
	});

	test('\'Return All\': when the page with the last records still says "more", one more request finds nothing new', async () => {
		ctx.sandbox.reset({ contacts: 20000 });
		// Some APIs only know there is no more when a page comes back short.
		ctx.sandbox.injectFault({
			kind: 'body',
			body: { data: contacts().slice(19800, 20000), pagingData: { hasMore: true } },
			match: { method: 'GET', path: `${BRAND}/contacts`, nth: 3 },
		});
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		// The 4th page starts a tenth of the short page back (20 records), and brings nothing new.
		expect(sent(ctx.sandbox).map((r) => r.query.offset)).toEqual(['0', '9900', '19800', '19980']);
		expect(result.json.map((c) => c.contact_id)).toEqual(contacts().map((c) => c.contact_id));
	});

	test('Limit 7 asks for 7 in one request and outputs the first 7', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 7 });
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ limit: '7', offset: '0' });
		expect(result.json).toEqual(contacts().slice(0, 7).map(currentOutput));
	});

	test('filters on contact fields and a custom field are exact-match query parameters', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				optInStatus: 'subscribed',
				city: 'Boston',
				customFields: { field: [{ name: 'favorite_drink', value: 'latte' }] },
			},
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].query).toEqual({
			opt_in_status: 'subscribed',
			city: 'Boston',
			favorite_drink: 'latte',
			limit: '10000',
			offset: '0',
		});
		const expected = contacts().filter(
			(c) => c.opt_in_status === 'subscribed' && c.city === 'Boston' && c.custom_fields?.favorite_drink === 'latte',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(contacts().length);
		expect(result.json).toEqual(expected);
	});

	test('the mobile number filter is sent normalized, so a number typed any way finds the contact', async () => {
		const contact = contacts()[12];
		const digits = contact.mobile_number.slice(2);
		const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
		const result = await run({ operation: 'getAll', returnAll: true, filters: { mobileNumber: typed } });
		const [request] = sent(ctx.sandbox);
		expect(request.query).toEqual({ mobile_number: contact.mobile_number, limit: '10000', offset: '0' });
		// The + is encoded, not sent as a space.
		expect(request.rawQuery).toContain(`mobile_number=%2B1${digits}`);
		expect(result.json).toEqual([currentOutput(contact)]);
	});

	test('every contact filter goes out under its API name', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				address: '1 Main St',
				birthdate: '1990-05-17T00:00:00',
				city: 'Boston',
				country: 'US',
				email: 'a@example.com',
				firstName: 'Ava',
				language: 'en',
				lastName: 'Smith',
				mobileNumber: '6175550100',
				optInStatus: 'blocked',
				source: 'Keyword',
				state: 'MA',
				timezone: 'America/New_York',
				zip: '02108',
			},
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].query).toEqual({
			address: '1 Main St',
			birthdate: '1990-05-17',
			city: 'Boston',
			country: 'US',
			email: 'a@example.com',
			first_name: 'Ava',
			language: 'en',
			last_name: 'Smith',
			mobile_number: '+16175550100',
			opt_in_status: 'blocked',
			source: 'Keyword',
			state: 'MA',
			timezone: 'America/New_York',
			zip: '02108',
			limit: '10000',
			offset: '0',
		});
		// No contact matches all of these, and none comes out.
		expect(result.json).toEqual([]);
	});

	test('a filter on source and language outputs only the matching contacts', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { source: 'Website Popup', language: 'es' } });
		const expected = contacts().filter((c) => c.source === 'Website Popup' && c.language === 'es');
		expect(expected.length).toBeGreaterThan(0);
		expect(sent(ctx.sandbox)[0].query).toEqual({ source: 'Website Popup', language: 'es', limit: '10000', offset: '0' });
		expect(result.json).toEqual(expected);
	});
});

describe('\'Contact\': Update', () => {
	test('by ID: sends PUT /contacts/{id} with only the fields set, custom fields as top-level keys', async () => {
		const contact = contacts()[3];
		const result = await run({
			operation: 'update',
			findBy: 'id',
			contactId: locator('id', String(contact.contact_id)),
			updateFields: {
				firstName: 'Ada',
				birthdate: '1985-12-01T00:00:00',
				optInStatus: 'unsubscribed',
				timezone: 'America/Denver',
				customFields: { field: [{ name: 'vip', value: 'true' }] },
			},
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/contacts/${contact.contact_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({
			first_name: 'Ada',
			birthdate: '1985-12-01',
			opt_in_status: 'unsubscribed',
			timezone: 'America/Denver',
			vip: 'true',
		});
		expect(stored(contact.contact_id)).toMatchObject({
			first_name: 'Ada',
			birthdate: '1985-12-01',
			opt_in_status: 'unsubscribed',
			timezone: 'America/Denver',
		});
		expect(stored(contact.contact_id).custom_fields.vip).toBe(true);
		expect(result.json).toEqual([{ ...stored(contact.contact_id) }]);
	});

	test('by mobile number: looks the contact up by its normalized number, then PUTs to its ID', async () => {
		const contact = contacts()[20];
		const digits = contact.mobile_number.slice(2);
		const result = await run({
			operation: 'update',
			findBy: 'mobileNumber',
			mobileNumber: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
			updateFields: { lastName: 'Lovelace', email: 'ada@example.com' },
		});
		expect(result.error).toBeUndefined();
		const [lookup, put] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(2);
		expect(lookup.method).toBe('GET');
		expect(lookup.path).toBe(`${BRAND}/contacts`);
		expect(lookup.query).toEqual({ mobile_number: contact.mobile_number });
		expect(lookup.headers.authorization).toBe(AUTH);
		expect(put.method).toBe('PUT');
		expect(put.path).toBe(`${BRAND}/contacts/${contact.contact_id}`);
		expect(put.body).toEqual({ last_name: 'Lovelace', email: 'ada@example.com' });
		expect(put.headers.authorization).toBe(AUTH);
		expect(stored(contact.contact_id)).toMatchObject({ last_name: 'Lovelace', email: 'ada@example.com' });
		expect(result.json).toEqual([expect.objectContaining({ contact_id: contact.contact_id, last_name: 'Lovelace' })]);
	});

	test('by mobile number: no such contact fails naming the number, and nothing is updated', async () => {
		const result = await run({
			operation: 'update',
			findBy: 'mobileNumber',
			mobileNumber: '+1 (617) 555-0000',
			updateFields: { firstName: 'Nobody' },
		});
		expect(result.error?.message).toBe('\'Mobile Number\': no contact has the number +16175550000 [item 0]');
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].query).toEqual({ mobile_number: '+16175550000' });
	});

	test('a new mobile number in Update Fields is sent normalized', async () => {
		const contact = contacts()[5];
		const result = await run({
			operation: 'update',
			contactId: locator('id', String(contact.contact_id)),
			updateFields: { mobileNumber: '617 555 0123' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({ mobile_number: '+16175550123' });
		expect(stored(contact.contact_id).mobile_number).toBe('+16175550123');
		expect(result.json[0].mobile_number).toBe('+16175550123');
	});

	test('an update with nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', contactId: locator('id', '3'), updateFields: {} });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one field [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a short mobile number to look up by fails before any request', async () => {
		const result = await run({
			operation: 'update',
			findBy: 'mobileNumber',
			mobileNumber: '={{ "617555" }}',
			updateFields: { firstName: 'X' },
		});
		expect(result.error?.message).toBe('\'Mobile Number\': "617555" has fewer than 10 digits [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({
			operation: 'update',
			contactId: locator('id', '={{ "12a" }}'),
			updateFields: { firstName: 'X' },
		});
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "12a" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a contact ID that does not exist: a 404 naming the contact', async () => {
		const result = await run({ operation: 'update', contactId: locator('id', '777777'), updateFields: { city: 'Austin' } });
		const error = result.error as any;
		expect(error.httpCode).toBe('404');
		expect(error.message).toBe('Contact 777777 was not found [item 0]');
		expect(sent(ctx.sandbox)).toHaveLength(1);
		expect(sent(ctx.sandbox)[0].method).toBe('PUT');
	});
});

describe('\'Contact\': Delete', () => {
	test('sends DELETE, outputs {deleted, contact_id} and removes the contact', async () => {
		const contact = contacts()[8];
		const before = contacts().length;
		const result = await run({ operation: 'delete', contactId: locator('list', String(contact.contact_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/contacts/${contact.contact_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, contact_id: contact.contact_id }]);
		expect(stored(contact.contact_id)).toBeUndefined();
		expect(contacts()).toHaveLength(before - 1);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', contactId: locator('id', '={{ "x" }}') });
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "x" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('Custom field names', () => {
	test('the Field Name dropdown offers the brand\'s custom fields by internal name', async () => {
		const options = (await loadOptions({ type: 'slickText', method: 'getCustomFields', kind: 'loadOptions', credentials: creds() })) as any[];
		const fields = ctx.sandbox.state.current.customFields;
		expect(options.map((o) => o.value).sort()).toEqual(fields.map((f: any) => f.internal_name).sort());
		expect(options.find((o) => o.value === 'favorite_drink').name).toBe('Favorite Drink');
		expect(sent(ctx.sandbox)[0].headers.authorization).toBe(AUTH);
	});

	test('a custom field named like a standard field fails before any request', async () => {
		const result = await run({
			operation: 'create',
			mobileNumber: '6175550177',
			additionalFields: { customFields: { field: [{ name: 'email', value: 'x@example.com' }] } },
		});
		expect(result.error?.message).toBe('\'Custom Fields\': "email" is a standard contact field [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
