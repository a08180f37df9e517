// Simplify (nodes/shared/simplify.ts) on every operation that offers it, through n8n's real engine.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';
import { asOutput } from '../SlickTextLegacy/legacy';

const ctx = useSandbox();
const brand = (): any => ctx.sandbox.state.current.brands.get(1001);

const CONTACT_FIELDS = [
	'contact_id',
	'mobile_number',
	'first_name',
	'last_name',
	'email',
	'opt_in_status',
	'last_opt_in_status_change',
	'created',
	'last_updated',
];
const SUBSCRIBER_FIELDS = ['id', 'number', 'textword', 'firstName', 'lastName', 'email', 'optInMethod', 'subscribedDate'];

async function current(parameters: Record<string, unknown>) {
	return await runNode({ type: 'slickText', parameters, credentials: { slickTextApi: ctx.sandbox.currentCredentials() } });
}

/** What the record looks like simplified: exactly these of its fields, with its values. */
function simplified(record: any, fields: string[]) {
	return Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
}

describe('Simplify', () => {
	test('List > Get Contacts: every member with only the simplified fields, the same requests as without', async () => {
		const members: Set<number> = brand().listMembers.get(1);
		const expected = brand().contacts.filter((c: any) => members.has(c.contact_id));
		const result = await current({ resource: 'list', operation: 'getContacts', listId: { __rl: true, mode: 'id', value: '1' }, returnAll: true, simplify: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(expected.map((c: any) => simplified(c, CONTACT_FIELDS)));
		expect(Object.keys(result.json[0]).sort()).toEqual([...CONTACT_FIELDS].sort());
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v1/brands/1001/lists/1/contacts', { limit: '10000', offset: '0' }],
		]);
	});

	test('List > Get Contacts without Simplify gives whole records (custom fields, address)', async () => {
		const result = await current({ resource: 'list', operation: 'getContacts', listId: { __rl: true, mode: 'id', value: '1' }, returnAll: false, limit: 3 });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(3);
		expect(Object.keys(result.json[0])).toEqual(expect.arrayContaining(['custom_fields', 'address', 'city', 'source']));
	});

	test('Contact > Get Many with Limit: simplified, and the Limit still asks for that many', async () => {
		const result = await current({ resource: 'contact', operation: 'getAll', returnAll: false, limit: 4, simplify: true, filters: { optInStatus: 'blocked' } });
		expect(result.error).toBeUndefined();
		const blocked = brand().contacts.filter((c: any) => c.opt_in_status === 'blocked').slice(0, 4);
		expect(result.json).toEqual(blocked.map((c: any) => simplified(c, CONTACT_FIELDS)));
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([{ opt_in_status: 'blocked', limit: '4', offset: '0' }]);
	});

	test('Message > Get Many: flat records, the contact given as contact_id', async () => {
		const result = await current({ resource: 'message', operation: 'getAll', returnAll: false, limit: 5, simplify: true });
		expect(result.error).toBeUndefined();
		const expected = ctx.sandbox.state.current.messages.slice(0, 5).map((m: any) => ({
			...simplified(m, ['_id', 'to', 'from', 'body', 'direction', 'status']),
			contact_id: m.contact.contact_id,
			created: m.created,
		}));
		expect(expected[0].contact_id).toEqual(expect.anything());
		expect(result.json).toEqual(expected);
		// Nothing nested is left, and at most 10 fields.
		for (const json of result.json) {
			expect(Object.values(json).every((v) => v === null || typeof v !== 'object')).toBe(true);
			expect(Object.keys(json).length).toBeLessThanOrEqual(10);
		}
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.query])).toEqual([['GET', '/v1/brands/1001/messages', { limit: '5', offset: '0' }]]);
	});

	test('Legacy Contact > Get Many: subscribers with only the simplified fields', async () => {
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true, simplify: true },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		});
		expect(result.error).toBeUndefined();
		const all = ctx.sandbox.state.legacy.contacts;
		expect(result.json).toHaveLength(all.length);
		expect(result.json).toEqual(all.map((c: any) => simplified(asOutput('contact', c), SUBSCRIBER_FIELDS)));
		expect(Object.keys(result.json[0]).sort()).toEqual([...SUBSCRIBER_FIELDS].sort());
	});

	test('Legacy Textword > Get Contacts with Limit: simplified, and the Limit still asks for that many', async () => {
		const textword = ctx.sandbox.state.legacy.contacts[0].textword;
		const result = await runNode({
			type: 'slickTextLegacy',
			parameters: { resource: 'textword', operation: 'getContacts', textwordId: { __rl: true, mode: 'id', value: String(textword) }, returnAll: false, limit: 2, simplify: true },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		});
		expect(result.error).toBeUndefined();
		const own = ctx.sandbox.state.legacy.contacts.filter((c: any) => c.textword === textword).slice(0, 2);
		expect(result.json).toEqual(own.map((c: any) => simplified(asOutput('contact', c), SUBSCRIBER_FIELDS)));
		expect(sent(ctx.sandbox).map((r) => r.query)).toEqual([{ limit: '2', offset: '0' }]);
	});
});
