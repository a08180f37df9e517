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

// Records of more than 10 fields that had no Simplify, which n8n's UX guidelines ask for: each read once whole and once
// simplified, with the same requests; the simplified record is the whole one cut to at most 10 fields.
describe('Simplify on every record of more than 10 fields', () => {
	const CASES: Array<[string, string, Record<string, unknown>, string[]]> = [
		['slickText', 'campaign getAll', { resource: 'campaign', operation: 'getAll', limit: 3 }, ['campaign_id', 'name', 'status', 'body', 'audience_size', 'scheduled', 'started', 'finished', 'created', 'last_updated']],
		['slickText', 'campaign get', { resource: 'campaign', operation: 'get', campaignId: { __rl: true, mode: 'id', value: '1' } }, ['campaign_id', 'name', 'status', 'body', 'audience_size', 'scheduled', 'started', 'finished', 'created', 'last_updated']],
		['slickText', 'keyword getAll', { resource: 'keyword', operation: 'getAll', limit: 3 }, ['keyword_id', 'word', 'description', 'active', 'auto_response_message', 'double_opt_in', 'create_contacts', 'created', 'last_updated']],
		['slickText', 'keyword get', { resource: 'keyword', operation: 'get', keywordId: { __rl: true, mode: 'id', value: '1' } }, ['keyword_id', 'word', 'description', 'active', 'auto_response_message', 'double_opt_in', 'create_contacts', 'created', 'last_updated']],
		['slickText', 'link getAll', { resource: 'link', operation: 'getAll', limit: 3 }, ['link_id', 'name', 'url', 'type', 'clicks', 'unique_clicks', 'active', 'created', 'expires']],
		['slickText', 'link get', { resource: 'link', operation: 'get', linkId: { __rl: true, mode: 'id', value: '1' } }, ['link_id', 'name', 'url', 'type', 'clicks', 'unique_clicks', 'active', 'created', 'expires']],
		['slickText', 'websitePopup getAll', { resource: 'websitePopup', operation: 'getAll', limit: 3 }, ['website_popup_id', 'name', 'description', 'active', 'show_event', 'show_delay_seconds', 'opt_in_message', 'created', 'last_updated']],
		['slickText', 'websitePopup get', { resource: 'websitePopup', operation: 'get', websitePopupId: { __rl: true, mode: 'id', value: '1' } }, ['website_popup_id', 'name', 'description', 'active', 'show_event', 'show_delay_seconds', 'opt_in_message', 'created', 'last_updated']],
		['slickText', 'workflow getAll', { resource: 'workflow', operation: 'getAll', limit: 3 }, ['workflow_id', 'name', 'description', 'active', 'entry_rule', 'last_activated', 'last_deactivated', 'created', 'last_updated']],
		['slickText', 'workflow get', { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'id', value: '1' } }, ['workflow_id', 'name', 'description', 'active', 'entry_rule', 'last_activated', 'last_deactivated', 'created', 'last_updated']],
		['slickText', 'inboxThread getAll', { resource: 'inboxThread', operation: 'getAll', limit: 3 }, ['_id', '_contact_id', 'status', 'last_message', 'last_message_direction', 'last_message_sent', '_assigned_to_user_id', 'created', 'updated']],
		['slickText', 'brand get', { resource: 'brand', operation: 'get' }, ['brand_id', 'name', 'website', 'contact_email', 'contact_phone', 'message_credit_limit', 'message_credit_limit_percentage', 'force_double_opt_in', 'created', 'last_updated']],
	];

	test.each(CASES)('%s %s: at most 10 fields, in that order, the values of the whole record', async (type, _name, parameters, fields) => {
		const credentials = { slickTextApi: ctx.sandbox.currentCredentials(), slickTextLegacyApi: ctx.sandbox.legacyCredentials() };
		const whole = await runNode({ type, parameters, credentials });
		const requests = sent(ctx.sandbox).map((r) => [r.method, r.path, r.query]);
		ctx.sandbox.reset();
		const simple = await runNode({ type, parameters: { ...parameters, simplify: true }, credentials });
		expect([whole.error, simple.error]).toEqual([undefined, undefined]);
		expect(sent(ctx.sandbox).map((r) => [r.method, r.path, r.query])).toEqual(requests);
		expect(whole.json.length).toBeGreaterThanOrEqual(1);
		expect(simple.json).toHaveLength(whole.json.length);
		expect(Object.keys(whole.json[0]).length).toBeGreaterThan(10);
		whole.json.forEach((record: any, i: number) => {
			expect(Object.keys(simple.json[i])).toEqual(fields.filter((f) => record[f] !== undefined));
			expect(simple.json[i]).toEqual(simplified(record, fields));
		});
	});

	test('legacy Account > Get: the account and its usage, flat, at most 10 fields', async () => {
		const credentials = { slickTextLegacyApi: ctx.sandbox.legacyCredentials() };
		const whole = await runNode({ type: 'slickTextLegacy', parameters: { resource: 'account', operation: 'get' }, credentials });
		const simple = await runNode({ type: 'slickTextLegacy', parameters: { resource: 'account', operation: 'get', simplify: true }, credentials });
		const { account, usage } = whole.json[0];
		expect(simple.json).toEqual([
			{
				id: account.id,
				email: account.email,
				timezone: account.timezone,
				maxCharacterLimit: account.maxCharacterLimit,
				defaultTextNumber: account.defaultTextNumber,
				nextBilling: account.nextBilling,
				totalCredits: usage.totalCredits,
				totalUsedCredits: usage.totalUsedCredits,
				totalSubscribers: usage.totalSubscribers,
				activeTextwords: usage.activeTextwords,
			},
		]);
		expect(Object.values(simple.json[0]).every((v) => v !== undefined && (v === null || typeof v !== 'object'))).toBe(true);
	});
});
