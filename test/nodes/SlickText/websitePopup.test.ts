import type { IDataObject } from 'n8n-workflow';

import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

const popups = (): any[] => ctx.sandbox.state.current.brands.get(1001).websitePopups;
const stored = (id: number) => popups().find((p) => p.website_popup_id === id);
const withActive = (active: number) => popups().find((p) => p.active === active);
const rl = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'websitePopup', ...parameters }, credentials: creds(), items });
}

describe('\'Website Popup\': Get', () => {
	test('sends GET /website-popups/{id} and outputs the popup', async () => {
		const popup = popups()[0];
		const result = await run({ operation: 'get', websitePopupId: rl('list', String(popup.website_popup_id)) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/website-popups/${popup.website_popup_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([popup]);
	});

	test('an unknown popup fails with a not-found error that names it', async () => {
		const result = await run({ operation: 'get', websitePopupId: rl('id', '404') });
		expect(result.error?.message).toBe('Website popup 404 was not found [item 0]');
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', websitePopupId: rl('id', '={{ "home" }}') });
		expect(result.error?.message).toBe('\'Website Popup\': must be a number, got "home" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Website Popup\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every popup', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/website-popups`);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(popups());
	});

	test('Limit asks for that many and outputs no more', async () => {
		const result = await run({ operation: 'getAll', limit: 2 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '2', offset: '0' });
		expect(result.json).toEqual(popups().slice(0, 2));
	});

	test.each([
		['Active', 1],
		['Inactive', 0],
	])('the %s filter sends active=%d', async (_name, active) => {
		const expected = popups().filter((p) => p.active === active);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(popups().length);
		const result = await run({ operation: 'getAll', returnAll: true, filters: { active } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0', active: String(active) });
		expect(result.json).toEqual(expected);
	});
});

describe('\'Website Popup\': Update', () => {
	test('sends PUT with the fields set and outputs the updated popup', async () => {
		const popup = popups()[1];
		const { active, html_build } = popup;
		const result = await run({
			operation: 'update',
			websitePopupId: rl('id', String(popup.website_popup_id)),
			updateFields: { name: 'Exit offer', description: 'Free pastry' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/website-popups/${popup.website_popup_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Exit offer', description: 'Free pastry' });
		expect(stored(popup.website_popup_id)).toMatchObject({ name: 'Exit offer', description: 'Free pastry', active, html_build });
		expect(result.json).toEqual([stored(popup.website_popup_id)]);
	});

	test('sends the name alone', async () => {
		const popup = popups()[0];
		const { description } = popup;
		await run({ operation: 'update', websitePopupId: rl('id', String(popup.website_popup_id)), updateFields: { name: 'Join' } });
		expect(sent(ctx.sandbox)[0].body).toEqual({ name: 'Join' });
		expect(stored(popup.website_popup_id)).toMatchObject({ name: 'Join', description });
	});

	test('nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', websitePopupId: rl('id', '1'), updateFields: {} });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one of \'Name\', \'Description\' [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe.each([
	['activate', 1, 0],
	['deactivate', 0, 1],
])('\'Website Popup\': %s', (operation, active, from) => {
	test(`sends PUT {active: ${active}} and the popup becomes ${active ? 'active' : 'inactive'}`, async () => {
		const popup = withActive(from);
		const { name } = popup;
		const result = await run({ operation, websitePopupId: rl('id', String(popup.website_popup_id)) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/website-popups/${popup.website_popup_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ active });
		expect(stored(popup.website_popup_id)).toMatchObject({ active, name });
		expect(result.json).toEqual([stored(popup.website_popup_id)]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation, websitePopupId: rl('id', '={{ "2x" }}') });
		expect(result.error?.message).toBe('\'Website Popup\': must be a number, got "2x" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Website Popup\': Delete', () => {
	test('sends DELETE, outputs {deleted, website_popup_id} and removes the popup', async () => {
		const popup = popups()[2];
		const before = popups().length;
		const result = await run({ operation: 'delete', websitePopupId: rl('id', String(popup.website_popup_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/website-popups/${popup.website_popup_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, website_popup_id: popup.website_popup_id }]);
		expect(popups()).toHaveLength(before - 1);
		expect(stored(popup.website_popup_id)).toBeUndefined();
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', websitePopupId: rl('id', '={{ "all" }}') });
		expect(result.error?.message).toBe('\'Website Popup\': must be a number, got "all" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Website Popup\': From List', () => {
	test('searchWebsitePopups offers the popups by name and id', async () => {
		const found = (await loadOptions({ type: 'slickText', method: 'searchWebsitePopups', kind: 'listSearch', credentials: creds() })) as any;
		expect(found.results).toEqual(popups().map((p) => ({ name: p.name, value: String(p.website_popup_id) })));
	});
});
