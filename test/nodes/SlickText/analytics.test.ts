import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

const brand = () => ctx.sandbox.state.current.brands.get(1001);
const countBy = (records: any[], field: string) => {
	const counts: Record<string, number> = {};
	for (const r of records) counts[r[field]] = (counts[r[field]] ?? 0) + 1;
	return counts;
};

async function run(parameters: Record<string, unknown>, items?: object[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'analytics', ...parameters }, credentials: creds(), items });
}

function onlyRequest() {
	expect(ctx.sandbox.requests).toHaveLength(1);
	const [request] = sent(ctx.sandbox);
	expect(request.method).toBe('GET');
	expect(request.headers.authorization).toBe(AUTH);
	return request;
}

describe('Analytics: Contacts', () => {
	test.each(['source', 'opt_in_status'])('Group By %s sends group= and outputs the totals as one item', async (group) => {
		const result = await run({ operation: 'contacts', group });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe(`${BRAND}/analytics/contacts`);
		expect(request.query).toEqual({ group });
		expect(result.json).toHaveLength(1);
		const [stats] = result.json as any[];
		expect(stats.totals).toEqual({ total: brand().contacts.length });
		const groups = Object.fromEntries(stats.groups.map((g: any) => [g.name, g.total]));
		expect(groups).toEqual(countBy(brand().contacts, group));
	});
});

describe('Analytics: Contact Growth', () => {
	test('sends start and end as YYYY-MM-DD with frequency, compare and group', async () => {
		const result = await run({
			operation: 'contactGrowth',
			startDate: '2025-01-05T13:45:00',
			endDate: '2025-03-31T00:00:00.000-04:00',
			frequency: 'month',
			options: { compare: 'YoY', group: 'opt_in_status' },
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe(`${BRAND}/analytics/contacts/growth`);
		expect(request.query).toEqual({ start: '2025-01-05', end: '2025-03-31', frequency: 'month', compare: 'YoY', group: 'opt_in_status' });
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({ start: '2025-01-05', end: '2025-03-31', frequency: 'month', compare: 'YoY', group: 'opt_in_status' });
		expect(result.json[0].totals).toMatchObject({ total: brand().contacts.length });
	});

	test('without options only the period and the frequency are sent', async () => {
		await run({ operation: 'contactGrowth', startDate: '2025-06-01', endDate: '2025-06-01', frequency: 'hour' });
		expect(onlyRequest().query).toEqual({ start: '2025-06-01', end: '2025-06-01', frequency: 'hour' });
	});

	test.each([
		[{ startDate: '={{ "2025-02-30" }}', endDate: '2025-03-01' }, '\'Start Date\': "2025-02-30" is not a date [item 0]'],
		[{ startDate: '2025-03-01', endDate: '={{ "" }}' }, '\'End Date\': is required [item 0]'],
		[{ startDate: '2025-03-02', endDate: '2025-03-01' }, '\'End Date\': 2025-03-01 is before the start date 2025-03-02 [item 0]'],
	])('dates %j fail before any request', async (dates, message) => {
		const result = await run({ operation: 'contactGrowth', frequency: 'day', ...dates });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('Analytics: Campaigns', () => {
	test('sends GET /analytics/campaigns and outputs the statistics as one item', async () => {
		const result = await run({ operation: 'campaigns' });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe(`${BRAND}/analytics/campaigns`);
		expect(request.query).toEqual({});
		expect(result.json).toHaveLength(1);
		const campaigns = brand().campaigns;
		expect(result.json[0].totals).toEqual({ campaigns: campaigns.length, sent: campaigns.filter((c: any) => c.status === 'sent').length });
		expect((result.json[0].campaigns as any[]).map((c) => c.campaign_id)).toEqual(campaigns.map((c: any) => c.campaign_id));
	});
});

describe('Analytics: Campaign', () => {
	test('sends GET /analytics/campaigns/{id} and outputs that campaign\'s statistics', async () => {
		const campaign = brand().campaigns[0];
		const result = await run({ operation: 'campaign', campaignId: { __rl: true, mode: 'list', value: String(campaign.campaign_id) } });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe(`${BRAND}/analytics/campaigns/${campaign.campaign_id}`);
		expect(result.json).toEqual([expect.objectContaining({ campaign_id: campaign.campaign_id, name: campaign.name, sent: campaign.audience_size })]);
	});

	test('a non-numeric campaign ID fails before any request', async () => {
		const result = await run({ operation: 'campaign', campaignId: { __rl: true, mode: 'id', value: '={{ "spring" }}' } });
		expect(result.error?.message).toBe('\'Campaign\': must be a number, got "spring" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an unknown campaign fails with a not-found error', async () => {
		const result = await run({ operation: 'campaign', campaignId: { __rl: true, mode: 'id', value: '9999' } });
		expect(result.error?.message).toMatch(/Campaign 9999 was not found/);
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});
});

describe('Analytics: Messages', () => {
	test('sends GET /analytics/messages and outputs the statistics as one item', async () => {
		const result = await run({ operation: 'messages' });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.path).toBe(`${BRAND}/analytics/messages`);
		expect(request.query).toEqual({});
		expect(result.json).toEqual([
			{
				totals: { total: brand().messages.length },
				direction: countBy(brand().messages, 'direction'),
				status: countBy(brand().messages, 'status'),
			},
		]);
	});
});
