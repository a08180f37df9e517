// The filters of the current API's Get Many operations, sent exactly as n8n's routing node sent them
// while it routed each filter field itself (`routing.send` with a `$value` expression): the same query
// names, values (trimmed text, 1/0 switches, numbers as given), encoding and order, the same headers.
// The expected queries were taken from a run of that code; the operations now run their filters
// through one shared preSend step (nodes/shared/queryFilters.ts), as the node's own list operations.
import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();

const PATHS: Record<string, string> = {
	campaign: '/campaigns',
	customField: '/custom-fields',
	inboxThread: '/inbox-threads',
	keyword: '/keywords',
	link: '/links',
	list: '/lists',
	message: '/messages',
	websitePopup: '/website-popups',
	workflow: '/workflows',
};

// [resource, filters, the query before limit and offset]
const CASES: Array<[string, Record<string, unknown>, string]> = [
	['campaign', { name: ' Spring & Sale/½ ', status: 'sent' }, '?name=Spring%20%26%20Sale%2F%C2%BD&status=sent'],
	['campaign', { status: '={{ "draft" }}', name: '={{ "  x y " }}' }, '?name=x%20y&status=draft'],
	['customField', { data_type: 'date' }, '?data_type=date'],
	['inboxThread', { status: 'pending', _contact_id: ' 12 ' }, '?_contact_id=12&status=pending'],
	['keyword', { active: false }, '?active=0'],
	['keyword', { word: ' VIP ', active: true }, '?active=1&word=VIP'],
	['keyword', { active: '={{ 0 }}' }, '?active=0'],
	['link', { active: false }, '?active=0'],
	['link', { active: true }, '?active=1'],
	['list', { name: ' VIP Club ' }, '?name=%20VIP%20Club%20'],
	['list', { name: '' }, '?name='],
	['campaign', { name: '={{ 12 }}' }, '?name=12'],
	['message', { status: ' delivered ', source: 'Campaign', sourceId: ' 4 ', direction: 'outgoing' }, '?direction=outgoing&source=Campaign&source_id=4&status=delivered'],
	['message', { sourceId: '={{ 4 }}' }, '?source_id=4'],
	['websitePopup', { active: 0 }, '?active=0'],
	['websitePopup', { active: 1 }, '?active=1'],
	['workflow', { active: 0 }, '?active=0'],
	['workflow', { active: '={{ 1 }}' }, '?active=1'],
];

describe('Current API Get Many filters: requests as the routing node sent them', () => {
	test.each(CASES)('%s %j', async (resource, filters, query) => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource, operation: 'getAll', returnAll: false, limit: 7, filters },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		if (process.env.PRINT_QUERIES) console.log(resource, JSON.stringify(filters), sent(ctx.sandbox).map((r) => r.rawQuery));
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect([request.method, request.path, request.rawQuery]).toEqual([
			'GET',
			`/v1/brands/1001${PATHS[resource]}`,
			`${query}&limit=7&offset=0`,
		]);
		const { host, ...headers } = request.headers;
		expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
		expect(headers).toEqual({
			accept: 'application/json',
			authorization: 'Bearer sandbox-api-key',
			'user-agent': 'n8n',
			'accept-encoding': 'gzip, compress, deflate, br',
			connection: 'close',
		});
		expect(request.rawBody).toBe('');
	});
});
