import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';
const CONTACTS = `${BRAND}/contacts`;

const contacts = (): any[] => ctx.sandbox.state.current.contacts;
const byNumber = (mobile: string) => contacts().filter((c) => c.mobile_number === mobile);
const emptyPage = { data: [], pagingData: { prevPage: null, currentPage: null, nextPage: null, currentPageString: null, hasMore: false } };

async function upsert(mobileNumber: string, additionalFields: object = {}) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'contact', operation: 'upsert', mobileNumber, additionalFields },
		credentials: creds(),
	});
}

describe('\'Contact\': Create or Update', () => {
	test('a new number: looks it up, finds nothing, creates the contact', async () => {
		const before = contacts().length;
		const result = await upsert('617-555-0142', { firstName: 'Dana', forceDoubleOptIn: true });
		expect(result.error).toBeUndefined();
		const [lookup, post] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(2);
		expect(lookup).toMatchObject({ method: 'GET', path: CONTACTS, query: { mobile_number: '+16175550142' } });
		expect(lookup.headers.authorization).toBe(AUTH);
		expect(post).toMatchObject({ method: 'POST', path: CONTACTS, status: 200 });
		expect(post.headers.authorization).toBe(AUTH);
		expect(post.body).toEqual({ mobile_number: '+16175550142', first_name: 'Dana', force_double_opt_in: 'true' });
		expect(contacts()).toHaveLength(before + 1);
		const [created] = byNumber('+16175550142');
		expect(result.json).toEqual([expect.objectContaining({ contact_id: created.contact_id, first_name: 'Dana' })]);
	});

	test('run twice: the second run updates the contact the first created, no duplicate', async () => {
		const before = contacts().length;
		const first = await upsert('6175550142', { firstName: 'Dana', forceDoubleOptIn: true });
		expect(first.error).toBeUndefined();
		const [created] = byNumber('+16175550142');
		ctx.sandbox.requests.length = 0;

		const second = await upsert('6175550142', { firstName: 'Dana', lastName: 'Scully', forceDoubleOptIn: true });
		expect(second.error).toBeUndefined();
		expect(byNumber('+16175550142')).toHaveLength(1);
		expect(contacts()).toHaveLength(before + 1);
		const [lookup, put] = sent(ctx.sandbox);
		expect(ctx.sandbox.requests).toHaveLength(2);
		expect(lookup).toMatchObject({ method: 'GET', path: CONTACTS, query: { mobile_number: '+16175550142' } });
		expect(put.method).toBe('PUT');
		expect(put.path).toBe(`${CONTACTS}/${created.contact_id}`);
		expect(put.headers.authorization).toBe(AUTH);
		// force_double_opt_in exists on create only.
		expect(put.body).toEqual({ mobile_number: '+16175550142', first_name: 'Dana', last_name: 'Scully' });
		expect(second.json).toEqual([
			expect.objectContaining({ contact_id: created.contact_id, last_name: 'Scully', mobile_number: '+16175550142' }),
		]);
	});

	test('an existing seeded contact is updated by its number', async () => {
		const contact = contacts()[30];
		const result = await upsert(contact.mobile_number, {
			optInStatus: 'unsubscribed',
			customFields: { field: [{ name: 'loyalty_points', value: '99' }] },
		});
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${CONTACTS}`, `PUT ${CONTACTS}/${contact.contact_id}`]);
		expect(requests[1].body).toEqual({
			mobile_number: contact.mobile_number,
			opt_in_status: 'unsubscribed',
			loyalty_points: '99',
		});
		expect(contact.opt_in_status).toBe('unsubscribed');
		expect(contact.custom_fields.loyalty_points).toBe(99);
		expect(result.json).toEqual([expect.objectContaining({ contact_id: contact.contact_id, opt_in_status: 'unsubscribed' })]);
	});

	test('a 422 because the number appeared meanwhile: looks up once more and updates', async () => {
		const contact = contacts()[40];
		// The first lookup misses the contact, as if it was created between the lookup and the POST.
		ctx.sandbox.injectFault({ kind: 'body', body: emptyPage, match: { path: CONTACTS, method: 'GET', nth: 1 } });
		const result = await upsert(contact.mobile_number, { city: 'Austin' });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET ${CONTACTS} 200`,
			`POST ${CONTACTS} 422`,
			`GET ${CONTACTS} 200`,
			`PUT ${CONTACTS}/${contact.contact_id} 200`,
		]);
		expect(requests[3].body).toEqual({ mobile_number: contact.mobile_number, city: 'Austin' });
		expect(byNumber(contact.mobile_number)).toHaveLength(1);
		expect(contact.city).toBe('Austin');
		expect(result.json).toEqual([expect.objectContaining({ contact_id: contact.contact_id, city: 'Austin' })]);
	});

	test("a 422 while the number is still unknown fails with SlickText's message, after one more look", async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 422,
			body: { message: 'The mobile_number is on the do-not-contact list.' },
			match: { path: CONTACTS, method: 'POST' },
		});
		const result = await upsert('6175550155');
		const error = result.error as any;
		expect(error.httpCode).toBe('422');
		expect(error.message).toContain('The mobile_number is on the do-not-contact list.');
		expect(sent(ctx.sandbox).map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
		expect(byNumber('+16175550155')).toHaveLength(0);
	});

	test('another failure of the POST is not retried', async () => {
		ctx.sandbox.injectFault({ kind: 'status', status: 500, body: { message: 'boom' }, match: { path: CONTACTS, method: 'POST' } });
		const result = await upsert('6175550156');
		expect((result.error as any).httpCode).toBe('500');
		expect(sent(ctx.sandbox).map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test('a mobile number with fewer than 10 digits fails before any request', async () => {
		const result = await upsert('={{ "617 555" }}');
		expect(result.error?.message).toBe('\'Mobile Number\': "617 555" has fewer than 10 digits [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
