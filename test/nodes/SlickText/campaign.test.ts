import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const CAMPAIGNS = '/v1/brands/1001/campaigns';
const AUTH = 'Bearer sandbox-api-key';

const state = () => ctx.sandbox.state.current;
const campaigns = (): any[] => state().campaigns;
const stored = (id: number) => campaigns().find((c) => c.campaign_id === id);
const withStatus = (status: string) => campaigns().find((c) => c.status === status);
const locator = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: object[], continueOnFail = false) {
	return await runNode({
		type: 'slickText',
		parameters: { resource: 'campaign', ...parameters },
		credentials: creds(),
		items,
		continueOnFail,
	});
}

function onlyRequest() {
	expect(ctx.sandbox.requests).toHaveLength(1);
	const [request] = sent(ctx.sandbox);
	expect(request.headers.authorization).toBe(AUTH);
	return request;
}

describe('\'Campaign\': Create', () => {
	test('Send Now to all contacts: status "send", audience {all: true}; every subscribed contact gets the text', async () => {
		const before = state().messages.length;
		const subscribed = state().contacts.filter((c: any) => c.opt_in_status === 'subscribed').length;
		const result = await run({
			operation: 'create',
			name: 'Flash sale',
			message: 'Half price lattes today only!',
			delivery: 'now',
			audience: 'all',
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(CAMPAIGNS);
		expect(request.contentType).toBe('application/json');
		expect(request.body).toEqual({
			name: 'Flash sale',
			body: 'Half price lattes today only!',
			status: 'send',
			audience: { all: true },
		});
		const created = campaigns()[campaigns().length - 1];
		expect(created).toMatchObject({ name: 'Flash sale', status: 'sent', audience_size: subscribed });
		expect(state().messages.length).toBe(before + subscribed);
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({ campaign_id: created.campaign_id, name: 'Flash sale', status: 'queued' });
	});

	test('Schedule to lists: status "scheduled", the time in UTC, contact_lists and the media URL', async () => {
		const result = await run({
			operation: 'create',
			name: 'Holiday hours',
			message: 'Closed on the 25th.',
			delivery: 'schedule',
			// The date picker gives wall-clock time; the workflow's zone is America/New_York (UTC-5 in December).
			scheduledAt: '2030-12-20T10:00:00',
			audience: 'lists',
			listIds: [1, 3],
			additionalFields: { mediaUrl: 'https://cdn.example.com/holiday.jpg' },
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.body).toEqual({
			name: 'Holiday hours',
			body: 'Closed on the 25th.',
			media_url: 'https://cdn.example.com/holiday.jpg',
			status: 'scheduled',
			scheduled: '2030-12-20 15:00:00',
			audience: { contact_lists: [1, 3] },
		});
		const created = stored(result.json[0].campaign_id as number);
		expect(created).toMatchObject({ status: 'scheduled', scheduled: '2030-12-20 15:00:00', media_url: 'https://cdn.example.com/holiday.jpg' });
		expect(created.audience.map((a: any) => a._contact_list_id)).toEqual([1, 3]);
		expect(result.json).toEqual([created]);
	});

	test('a schedule in summer uses the summer offset; a time with an offset keeps its instant', async () => {
		await run({
			operation: 'create',
			name: 'Summer',
			message: 'Iced coffee is here',
			delivery: 'schedule',
			scheduledAt: '2030-07-01T12:00:00',
			audience: 'all',
		});
		expect(sent(ctx.sandbox)[0].body).toMatchObject({ scheduled: '2030-07-01 16:00:00' });

		ctx.sandbox.reset();
		await run({
			operation: 'create',
			name: 'Summer',
			message: 'Iced coffee is here',
			delivery: 'schedule',
			scheduledAt: '={{ "2030-07-01T12:00:00.000+02:00" }}',
			audience: 'all',
		});
		expect(sent(ctx.sandbox)[0].body).toMatchObject({ scheduled: '2030-07-01 10:00:00' });
	});

	test('Save as Draft to segments: status "draft", audience {segments: [ids]}', async () => {
		const result = await run({
			operation: 'create',
			name: 'VIP preview',
			message: 'Draft text',
			delivery: 'draft',
			audience: 'segments',
			segmentIds: [2],
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.body).toEqual({ name: 'VIP preview', body: 'Draft text', status: 'draft', audience: { segments: [2] } });
		const created = stored(result.json[0].campaign_id as number);
		expect(created).toMatchObject({ status: 'draft', name: 'VIP preview' });
		expect(created.audience[0]._segment_id).toBe(2);
	});

	test('list IDs can come from an expression', async () => {
		const result = await run({
			operation: 'create',
			name: 'From expression',
			message: 'Hi',
			delivery: 'draft',
			audience: 'lists',
			listIds: '={{ "2, 4" }}',
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toMatchObject({ audience: { contact_lists: [2, 4] } });
	});

	test('a schedule without a time fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'No time',
			message: 'Hi',
			delivery: 'schedule',
			// An expression gets past the editor's own required check, as a value from an earlier node does.
			scheduledAt: '={{ "" }}',
			audience: 'all',
		});
		expect(result.error?.message).toBe('\'Send At\': is required when \'Send\' is Schedule [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a schedule with a date but no time of day fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'No time',
			message: 'Hi',
			delivery: 'schedule',
			scheduledAt: '={{ "2030-12-20" }}',
			audience: 'all',
		});
		expect(result.error?.message).toBe('\'Send At\': "2030-12-20" has no time of day [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a schedule in the past fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'Late',
			message: 'Hi',
			delivery: 'schedule',
			scheduledAt: '={{ "2020-01-01T10:00:00Z" }}',
			audience: 'all',
		});
		expect(result.error?.message).toBe('\'Send At\': 2020-01-01T10:00:00Z is in the past [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an empty list selection for a Lists audience fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'Nobody',
			message: 'Hi',
			delivery: 'now',
			audience: 'lists',
			listIds: '={{ [] }}',
		});
		expect(result.error?.message).toBe('\'List Names or IDs\': needs at least one ID [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a list ID that is not a number fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'Bad',
			message: 'Hi',
			delivery: 'now',
			audience: 'lists',
			listIds: '={{ ["1", "news"] }}',
		});
		expect(result.error?.message).toBe('\'List Names or IDs\': "news" is not a numeric ID [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a media URL that is not a web address fails before any request', async () => {
		const result = await run({
			operation: 'create',
			name: 'Bad',
			message: 'Hi',
			audience: 'all',
			additionalFields: { mediaUrl: 'cdn/picture.jpg' },
		});
		expect(result.error?.message).toBe('\'Media URL\': "cdn/picture.jpg" is not a web address [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: a bad middle item fails alone and is never sent', async () => {
		const result = await run(
			{ operation: 'create', name: '={{ $json.name }}', message: 'Hi', delivery: 'draft', audience: 'all' },
			[{ name: 'One' }, { name: '' }, { name: 'Three' }],
			true,
		);
		expect(result.json).toHaveLength(3);
		expect(result.json[0]).toMatchObject({ name: 'One', status: 'draft' });
		expect(result.json[1].error).toBe('\'Name\': is required [item 1]');
		expect(result.json[2]).toMatchObject({ name: 'Three', status: 'draft' });
		expect(sent(ctx.sandbox)).toHaveLength(2);
	});
});

describe('\'Campaign\': Get', () => {
	test('sends GET /campaigns/{id} and outputs the campaign unwrapped', async () => {
		const campaign = withStatus('scheduled');
		const result = await run({ operation: 'get', campaignId: locator('list', String(campaign.campaign_id)) });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${CAMPAIGNS}/${campaign.campaign_id}`);
		expect(result.json).toEqual([campaign]);
	});

	test('a campaign that does not exist: a 404 naming the campaign', async () => {
		const result = await run({ operation: 'get', campaignId: locator('id', '321') });
		expect((result.error as any).httpCode).toBe('404');
		expect(result.error?.message).toBe('Campaign 321 was not found [item 0]');
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', campaignId: locator('id', '={{ "first" }}') });
		expect(result.error?.message).toBe('\'Campaign\': must be a number, got "first" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Campaign\': Get Many', () => {
	test('Return All asks for a page of 10000 and outputs every campaign', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(CAMPAIGNS);
		expect(request.query).toEqual({ limit: '10000', offset: '0' });
		expect(campaigns().length).toBeGreaterThan(2);
		expect(result.json).toEqual(campaigns());
	});

	test('Limit 2 asks for 2 and outputs the first 2', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json).toEqual(campaigns().slice(0, 2));
	});

	test('the Status and Name filters are exact-match query parameters', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { status: 'sent' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ status: 'sent', limit: '10000', offset: '0' });
		const sentOnes = campaigns().filter((c) => c.status === 'sent');
		expect(sentOnes.length).toBeGreaterThan(0);
		expect(sentOnes.length).toBeLessThan(campaigns().length);
		expect(result.json).toEqual(sentOnes);

		ctx.sandbox.reset();
		const draft = withStatus('draft');
		const named = await run({ operation: 'getAll', returnAll: true, filters: { name: draft.name } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ name: draft.name, limit: '10000', offset: '0' });
		expect(named.json).toEqual([draft]);
	});
});

describe('\'Campaign\': Update', () => {
	test('sends only the fields set: a draft renamed, scheduled and given segments', async () => {
		const draft = withStatus('draft');
		const result = await run({
			operation: 'update',
			campaignId: locator('id', String(draft.campaign_id)),
			updateFields: {
				name: 'Fall menu launch',
				delivery: 'schedule',
				scheduledAt: '2031-09-01T09:30:00',
				audience: 'segments',
				segmentIds: [1, 2],
			},
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${CAMPAIGNS}/${draft.campaign_id}`);
		expect(request.body).toEqual({
			name: 'Fall menu launch',
			status: 'scheduled',
			scheduled: '2031-09-01 13:30:00',
			audience: { segments: [1, 2] },
		});
		expect(stored(draft.campaign_id)).toMatchObject({ name: 'Fall menu launch', status: 'scheduled', scheduled: '2031-09-01 13:30:00' });
		expect(result.json).toEqual([stored(draft.campaign_id)]);
	});

	test('one field set sends one key; the rest of the campaign stays', async () => {
		const draft = withStatus('draft');
		const body = draft.body;
		const result = await run({
			operation: 'update',
			campaignId: locator('id', String(draft.campaign_id)),
			updateFields: { message: 'New text' },
		});
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ body: 'New text' });
		expect(stored(draft.campaign_id)).toMatchObject({ body: 'New text', name: draft.name, status: 'draft' });
		expect(body).not.toBe('New text');
		expect(result.json[0]).toMatchObject({ campaign_id: draft.campaign_id, body: 'New text' });
	});

	test('Send At alone moves a scheduled campaign', async () => {
		const scheduled = withStatus('scheduled');
		const result = await run({
			operation: 'update',
			campaignId: locator('id', String(scheduled.campaign_id)),
			updateFields: { scheduledAt: '={{ "2031-01-05T08:00:00Z" }}' },
		});
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ scheduled: '2031-01-05 08:00:00' });
		expect(stored(scheduled.campaign_id)).toMatchObject({ status: 'scheduled', scheduled: '2031-01-05 08:00:00' });
	});

	test('an update with nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', campaignId: locator('id', '2'), updateFields: {} });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one field [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a schedule without a time fails before any request', async () => {
		const result = await run({ operation: 'update', campaignId: locator('id', '2'), updateFields: { delivery: 'schedule' } });
		expect(result.error?.message).toBe('\'Send At\': is required when \'Send\' is Schedule [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an empty list selection for a Lists audience fails before any request', async () => {
		const result = await run({
			operation: 'update',
			campaignId: locator('id', '2'),
			updateFields: { audience: 'lists', listIds: [] },
		});
		expect(result.error?.message).toBe('\'List Names or IDs\': needs at least one ID [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('lists without the Lists audience fail before any request', async () => {
		const result = await run({ operation: 'update', campaignId: locator('id', '2'), updateFields: { listIds: [1] } });
		expect(result.error?.message).toBe('\'List Names or IDs\': are only used when \'Audience\' is Lists [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'update', campaignId: locator('id', '={{ "2x" }}'), updateFields: { name: 'X' } });
		expect(result.error?.message).toBe('\'Campaign\': must be a number, got "2x" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test("a sent campaign cannot be changed: SlickText's message comes through", async () => {
		const done = withStatus('sent');
		const result = await run({ operation: 'update', campaignId: locator('id', String(done.campaign_id)), updateFields: { name: 'X' } });
		expect((result.error as any).httpCode).toBe('400');
		expect(result.error?.message).toContain('A campaign that has been sent cannot be changed.');
		expect(onlyRequest().method).toBe('PUT');
		expect(stored(done.campaign_id).name).toBe(done.name);
	});
});

describe('\'Campaign\': Delete', () => {
	test('deleting a scheduled campaign cancels it: DELETE, {deleted, campaign_id}, gone from the sandbox', async () => {
		const scheduled = withStatus('scheduled');
		const result = await run({ operation: 'delete', campaignId: locator('list', String(scheduled.campaign_id)) });
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${CAMPAIGNS}/${scheduled.campaign_id}`);
		expect(result.json).toEqual([{ deleted: true, campaign_id: scheduled.campaign_id }]);
		expect(stored(scheduled.campaign_id)).toBeUndefined();
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', campaignId: locator('id', '={{ "all" }}') });
		expect(result.error?.message).toBe('\'Campaign\': must be a number, got "all" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
