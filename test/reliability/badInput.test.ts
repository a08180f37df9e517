// Bad input on both nodes, table-driven: each case fails with a NodeOperationError that names the field
// and the item, and the sandbox receives no request at all. Values come by expression where the editor's
// own checks would otherwise stop them first (as they do when mapped from an earlier node).
import { runNode } from '../helpers/engine';
import { useSandbox } from '../helpers/sandbox';

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const expr = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;
const long = (n: number) => 'x'.repeat(n);

type Case = [string, 'slickText' | 'slickTextLegacy', Record<string, unknown>, RegExp];

const current: Case[] = [
	['contact get: empty ID', 'slickText', { resource: 'contact', operation: 'get', contactId: rl(expr('')) }, /^'Contact': is required/],
	['contact get: ID not a number', 'slickText', { resource: 'contact', operation: 'get', contactId: rl(expr('abc')) }, /^'Contact': must be a number/],
	['contact delete: ID with a letter', 'slickText', { resource: 'contact', operation: 'delete', contactId: rl(expr('12a')) }, /^'Contact': must be a number/],
	['contact create: empty mobile number', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: expr('') }, /^'Mobile Number': is required/],
	['contact create: 9 digits', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: expr('617555123') }, /^'Mobile Number': .*fewer than 10 digits/],
	['contact create: letters in the number', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: expr('call me maybe') }, /^'Mobile Number': .*not a phone number/],
	['contact create: malformed birthdate', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: '+16175551234', additionalFields: { birthdate: expr('31/12/1990') } }, /^'Birthdate': /],
	['contact create: impossible birthdate', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: '+16175551234', additionalFields: { birthdate: expr('1990-02-30') } }, /^'Birthdate': /],
	['contact create: unknown opt-in status by expression', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: '+16175551234', additionalFields: { optInStatus: expr('maybe') } }, /^'Opt-In Status': /],
	['contact create: unknown time zone by expression', 'slickText', { resource: 'contact', operation: 'create', mobileNumber: '+16175551234', additionalFields: { timezone: expr('Mars/Olympus') } }, /^'Timezone': /],
	['contact upsert: short number', 'slickText', { resource: 'contact', operation: 'upsert', mobileNumber: expr('12345') }, /^'Mobile Number': .*fewer than 10 digits/],
	['contact update: nothing to change', 'slickText', { resource: 'contact', operation: 'update', findBy: 'id', contactId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['contact update by number: short number', 'slickText', { resource: 'contact', operation: 'update', findBy: 'mobileNumber', mobileNumber: expr('555'), updateFields: { city: 'Boston' } }, /^'Mobile Number': /],
	['campaign create: schedule without a time', 'slickText', { resource: 'campaign', operation: 'create', name: 'N', message: 'Hi', delivery: 'schedule', scheduledAt: expr(''), audience: 'all' }, /^'Send At': /],
	['campaign create: lists audience without lists', 'slickText', { resource: 'campaign', operation: 'create', name: 'N', message: 'Hi', delivery: 'draft', audience: 'lists', listIds: expr([]) }, /^'List Names or IDs': /],
	['campaign create: a list ID that is not a number', 'slickText', { resource: 'campaign', operation: 'create', name: 'N', message: 'Hi', delivery: 'draft', audience: 'lists', listIds: expr(['two']) }, /^'List Names or IDs': /],
	['campaign update: nothing to change', 'slickText', { resource: 'campaign', operation: 'update', campaignId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['list add contacts: no contact IDs', 'slickText', { resource: 'list', operation: 'addContacts', contactIds: expr(''), listIds: expr([1]) }, /^'Contact IDs': /],
	['list add contacts: a contact ID that is not a number', 'slickText', { resource: 'list', operation: 'addContacts', contactIds: expr('1, two, 3'), listIds: expr([1]) }, /^'Contact IDs': .*"two"/],
	['list remove contacts: no list', 'slickText', { resource: 'list', operation: 'removeContacts', contactIds: expr([1, 2]), listIds: expr([]) }, /^'List Names or IDs': /],
	['list create: blank name', 'slickText', { resource: 'list', operation: 'create', name: expr('  ') }, /^'Name': /],
	['list update: nothing to change', 'slickText', { resource: 'list', operation: 'update', listId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['list count: ID not a number', 'slickText', { resource: 'list', operation: 'countContacts', listId: rl(expr('first')) }, /^'List': must be a number/],
	['workflow update: onceInTime without value', 'slickText', { resource: 'workflow', operation: 'update', workflowId: rl('1'), updateFields: { entry_rule: 'onceInTime', entry_rule_time_unit: 'day' } }, /^'Entry Rule Time Value': /],
	['workflow update: onceInTime without unit', 'slickText', { resource: 'workflow', operation: 'update', workflowId: rl('1'), updateFields: { entry_rule: 'onceInTime', entry_rule_time_value: 2 } }, /^'Entry Rule Time Unit': /],
	['workflow update: unknown entry rule by expression', 'slickText', { resource: 'workflow', operation: 'update', workflowId: rl('1'), updateFields: { entry_rule: expr('sometimes') } }, /^'Entry Rule': /],
	['workflow activate: ID not a number', 'slickText', { resource: 'workflow', operation: 'activate', workflowId: rl(expr('w1')) }, /^'Workflow': must be a number/],
	['custom field update: nothing to change', 'slickText', { resource: 'customField', operation: 'update', customFieldId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['website popup update: nothing to change', 'slickText', { resource: 'websitePopup', operation: 'update', websitePopupId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['segment update: nothing to change', 'slickText', { resource: 'segment', operation: 'update', segmentId: rl('1'), updateFields: {} }, /^'Update Fields': /],
	['link create: not a URL', 'slickText', { resource: 'link', operation: 'create', name: 'Menu', url: expr('menu page') }, /^'URL': /],
	['inbox thread update: ID with spaces', 'slickText', { resource: 'inboxThread', operation: 'update', inboxThreadId: rl(expr('a b')), updateFields: { status: 'closed' } }, /^'Inbox Thread': /],
	['analytics growth: end before start', 'slickText', { resource: 'analytics', operation: 'contactGrowth', startDate: '2026-03-10', endDate: '2026-03-01' }, /^'End Date': /],
];

const legacy: Case[] = [
	['legacy opt-in: short number', 'slickTextLegacy', { resource: 'contact', operation: 'optIn', textwordId: rl('5401'), number: expr('716555') }, /^'Mobile Number': .*fewer than 10 digits/],
	['legacy opt-in: double opt-in message over 160 characters', 'slickTextLegacy', { resource: 'contact', operation: 'optIn', optInMethod: 'DOUBLEOPTIN', textwordId: rl('5401'), number: '+17165551234', doubleOptInMessage: expr(long(161)) }, /^'Double Opt-In Message': /],
	['legacy opt-in: textword ID not a number', 'slickTextLegacy', { resource: 'contact', operation: 'optIn', textwordId: rl(expr('COFFEE')), number: '+17165551234' }, /^'Textword': /],
	['legacy opt-in: malformed birth date', 'slickTextLegacy', { resource: 'contact', operation: 'optIn', textwordId: rl('5401'), number: '+17165551234', additionalFields: { birthDate: expr('yesterday') } }, /^'Birth Date': /],
	['legacy contact get: ID not a number', 'slickTextLegacy', { resource: 'contact', operation: 'get', contactId: rl(expr('x1')) }, /^'Contact': /],
	['legacy send: body over 320 characters without media', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: expr(long(321)) }, /^'Message': /],
	['legacy send: MMS body over 1600 characters', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: expr(long(1601)), additionalFields: { mediaUrl: 'https://example.com/a.png' } }, /^'Message': /],
	['legacy send: media URL not http(s)', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hi', additionalFields: { mediaUrl: expr('ftp://example.com/a.png') } }, /^'Media URL': /],
	['legacy send: media of a type SlickText refuses', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: 'Hi', additionalFields: { mediaUrl: expr('https://example.com/a.pdf') } }, /^'Media URL': /],
	['legacy send: empty body', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401'), body: expr('') }, /^'Message': /],
	['legacy send: neither textword nor contact', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl(expr('')), body: 'Hi' }, /^'Textword': /],
	['legacy send to a number: short number', 'slickTextLegacy', { resource: 'message', operation: 'send', sendTo: 'number', textwordId: rl('5401'), number: expr('12'), body: 'Hi' }, /^'Mobile Number': /],
	['legacy schedule: off the quarter hour', 'slickTextLegacy', { resource: 'message', operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Hi', scheduledFor: '2030-01-01T10:07:00-08:00' }, /^'Scheduled For': .*quarter/],
	['legacy schedule: seconds on the quarter hour', 'slickTextLegacy', { resource: 'message', operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Hi', scheduledFor: '2030-01-01T10:15:30-08:00' }, /^'Scheduled For': /],
	['legacy schedule: not a date', 'slickTextLegacy', { resource: 'message', operation: 'schedule', sendTo: 'textword', textwordId: rl('5401'), body: 'Hi', scheduledFor: expr('soon') }, /^'Scheduled For': /],
	['legacy message delete: ID not a number', 'slickTextLegacy', { resource: 'message', operation: 'delete', messageId: rl(expr('m-1')) }, /^'Message': /],
	['legacy update: nothing to change', 'slickTextLegacy', { resource: 'contact', operation: 'update', findBy: 'id', contactId: rl('1'), updateFields: {} }, /Update Fields/],
	['legacy contacts: subscribed-after not a date', 'slickTextLegacy', { resource: 'contact', operation: 'getAll', filters: { subscribedAfter: expr('last week') } }, /^'Subscribed After': /],
	['legacy shortlink: ID not a number', 'slickTextLegacy', { resource: 'shortlink', operation: 'get', findBy: 'id', shortlinkId: rl(expr('abc')) }, /^'Shortlink': /],
];

describe('bad input is refused before any request', () => {
	const ctx = useSandbox();
	const credentials = () => ({
		slickTextApi: ctx.sandbox.currentCredentials(),
		slickTextLegacyApi: ctx.sandbox.legacyCredentials(),
	});

	it('has at least 40 cases over both nodes', () => {
		expect(current.length + legacy.length).toBeGreaterThanOrEqual(40);
	});

	it.each([...current, ...legacy])('%s', async (_name, type, parameters, field) => {
		// Stopping the run: n8n's declarative engine reports any error of an item's request step as a
		// NodeApiError without HTTP status ("none"), with our message unchanged.
		const result = await runNode({ type, parameters: parameters as never, credentials: credentials(), items: [{ n: 1 }] });
		const error = result.error as { message?: string; httpCode?: string | null } | undefined;
		expect(error?.message).toMatch(field);
		expect(error?.message).toMatch(/\[item 0\]$/);
		expect(error?.httpCode ?? 'none').toBe('none');
		// With Continue On Fail the item carries the NodeOperationError itself.
		const continued = await runNode({
			type,
			parameters: parameters as never,
			credentials: credentials(),
			items: [{ n: 1 }],
			continueOnFail: true,
		});
		const itemError = continued.items[0]?.error as { name?: string; message?: string } | undefined;
		expect(itemError?.name).toBe('NodeOperationError');
		expect(itemError?.message).toBe(error?.message);
		expect(ctx.sandbox.requests).toHaveLength(0);
		for (const secret of ['sandbox-api-key', 'sandbox-private-key']) {
			expect(JSON.stringify(result.error)).not.toContain(secret);
			expect(JSON.stringify(continued.items)).not.toContain(secret);
		}
	});
});
