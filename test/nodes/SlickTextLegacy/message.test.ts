/* eslint-disable @typescript-eslint/no-explicit-any */
import { DateTime } from 'luxon';

import { sent, useSandbox } from '../../helpers/sandbox';
import { AUTH, BASE, describeError, expectBasicAuth, expectForm, legacyRunner, legacyState, rl } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'message');
const state = () => legacyState(ctx);
const message = (id: string): any => state().messages.find((m: any) => m.id === id);

describe('\'Message\': Get', () => {
	test('sends GET /messages/{id} and outputs the message with its shortlinks', async () => {
		const result = await run({ operation: 'get', messageId: rl('90003', 'list') });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/messages/90003`, query: {} });
		expectBasicAuth(requests);
		const stored = message('90003');
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({ id: 90003, campaign: stored.campaign, body: stored.body, sent: stored.sent, textword: 5401 });
		expect(result.json[0].shortlinks).toEqual([expect.objectContaining({ id: 61, hash: 'k3Fm9' })]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', messageId: rl('={{ "latest" }}') });
		expect(result.error?.message).toBe('\'Message\': must be a number, got "latest" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Message\': Get Many', () => {
	test('Return All outputs every message of the account', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `${BASE}/messages`, query: { limit: '10000', offset: '0' } });
		expectBasicAuth(requests);
		expect(result.json.map((m) => m.id)).toEqual(state().messages.map((m: any) => Number(m.id)));
	});

	test('textword and campaign filters are exact matches in the query', async () => {
		const result = await run({ operation: 'getAll', limit: 10, filters: { textword: '5403', campaign: 'New year tasting' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ textword: '5403', campaign: 'New year tasting', limit: '10', offset: '0' });
		expect(result.json).toEqual([expect.objectContaining({ id: 90009, scheduled: message('90009').scheduled })]);
	});

	test.each([
		['picked with the resource locator (By ID)', { __rl: true, mode: 'id', value: ' 3000001 ' }],
		['picked From List', { __rl: true, mode: 'list', value: '3000001', cachedResultName: '+16192000000' }],
		['saved as text, when the filter was a text field', ' 3000001 '],
	])('the Contact filter %s sends contact= and outputs that contact\'s messages', async (_how, contact) => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { contact } });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].query).toEqual({ contact: '3000001', limit: '10000', offset: '0' });
		expect(result.json.map((m) => m.id)).toEqual(state().messages.filter((m: any) => m.contact === '3000001').map((m: any) => Number(m.id)));
		expect(result.json.length).toBeGreaterThan(0);
	});

	test.each([['text', 'abc'], ['resource locator', { __rl: true, mode: 'id', value: 'abc' }]])('a non-numeric Contact filter (%s) fails before any request', async (_how, contact) => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { contact } });
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "abc" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('an added Contact filter left empty filters nothing', async () => {
		const result = await run({ operation: 'getAll', limit: 3, filters: { contact: { __rl: true, mode: 'list', value: '' } } });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '3', offset: '0' });
	});

	test('Sent After / Before are sent in Los Angeles time whatever the zone of the value', async () => {
		// Sent After: the moment 90002 went out, written with a +02:00 offset; Sent Before: a UTC value.
		const after = DateTime.fromSQL(message('90002').sent, { zone: 'America/Los_Angeles' }).setZone('UTC+2').toISO();
		const beforeLa = message('90005').sent;
		const before = DateTime.fromSQL(beforeLa, { zone: 'America/Los_Angeles' }).toUTC().toISO();
		expect(after).toMatch(/\+02:00$/);
		expect(before).toMatch(/Z$/);
		const result = await run({ operation: 'getAll', returnAll: true, filters: { sentAfter: after, sentBefore: before } });
		expect(sent(ctx.sandbox)[0].query).toEqual({
			sentAfter: message('90002').sent,
			sentBefore: beforeLa,
			limit: '10000',
			offset: '0',
		});
		// Both ends exclusive: 90003 and 90004 were sent in between.
		expect(result.json.map((m) => m.id)).toEqual([90003, 90004]);
	});

	test('2026-03-10T12:00:00Z is sent as 2026-03-10 05:00:00 (Pacific daylight time)', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { sentBefore: '2026-03-10T12:00:00Z' } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ sentBefore: '2026-03-10 05:00:00', limit: '10000', offset: '0' });
		expect(result.json.map((m) => m.id)).toEqual(
			state().messages.filter((m: any) => m.sent && m.sent < '2026-03-10 05:00:00').map((m: any) => Number(m.id)),
		);
	});

	test('a Sent After that is not a date fails before any request', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { sentAfter: '={{ "yesterday" }}' } });
		expect(result.error?.message).toBe('\'Sent After\': "yesterday" is not a date and time [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Message\': Delete', () => {
	test.each([
		['unsent', '90010'],
		['scheduled', '90008'],
		['failed', '90007'],
	])('a message that is %s: posts DELETE to /messages/{id} and outputs {success, id}', async (_kind, id) => {
		const result = await run({ operation: 'delete', messageId: rl(id) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expectForm(sent(ctx.sandbox)[0], `/messages/${id}`, { action: 'DELETE' });
		expect(result.json).toEqual([{ deleted: true, id: Number(id) }]);
		expect(message(id)).toBeUndefined();
	});

	test('a sent message: SlickText refuses and the item fails with its message', async () => {
		const result = await run({ operation: 'delete', messageId: rl('90003') });
		expect(describeError(result.error)).toMatchObject({
			name: 'NodeApiError',
			httpCode: '400',
			message: 'Bad request: Sent messages cannot be deleted. [item 0]',
		});
		expectForm(sent(ctx.sandbox)[0], '/messages/90003', { action: 'DELETE' });
		expect(message('90003')).toBeDefined();
	});
});

describe('\'Message\': Delete, item by item', () => {
	test('Continue On Fail: the sent message fails alone, the unsent one is deleted', async () => {
		const result = await run(
			{ operation: 'delete', messageId: rl('={{ $json.id }}') },
			{ items: [{ id: '90003' }, { id: '90010' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].error?.message).toBe('Bad request: Sent messages cannot be deleted. [item 0]');
		expect(result.items[1].json).toEqual({ deleted: true, id: 90010 });
		expect(sent(ctx.sandbox).map((r) => r.path).sort()).toEqual([`${BASE}/messages/90003`, `${BASE}/messages/90010`]);
		expect(message('90003')).toBeDefined();
		expect(message('90010')).toBeUndefined();
	});
});

describe('\'Message\': Get Send Log', () => {
	test('Return All follows nextPageKey until the last page and outputs every delivery', async () => {
		const log = message('90003')._log;
		expect(log).toHaveLength(250);
		const result = await run({ operation: 'getSendLog', messageId: rl('90003'), returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(3);
		for (const request of requests) expect(request).toMatchObject({ method: 'GET', path: `${BASE}/messages/90003/log` });
		expectBasicAuth(requests);
		expect(requests[0].query).toEqual({});
		// Each later page asks for the key the previous answer gave (read again here, straight from the API).
		const keys: string[] = [];
		let key: string | undefined;
		do {
			const url = `${ctx.sandbox.legacyBaseUrl}/messages/90003/log${key ? `?pageKey=${encodeURIComponent(key)}` : ''}`;
			const page = await (await fetch(url, { headers: { authorization: AUTH } })).json();
			key = page.meta.isLastPage ? undefined : page.meta.nextPageKey;
			if (key) keys.push(key);
		} while (key);
		expect(keys).toHaveLength(2);
		expect(requests.slice(1).map((r) => r.query)).toEqual(keys.map((pageKey) => ({ pageKey })));
		expect(result.json).toEqual(log);
	});

	test('Limit stops paging once enough deliveries came', async () => {
		const result = await run({ operation: 'getSendLog', messageId: rl('90003'), returnAll: false, limit: 150 });
		expect(sent(ctx.sandbox)).toHaveLength(2);
		expect(result.json).toEqual(message('90003')._log.slice(0, 150));
	});

	test('the To filter is sent as + and digits and outputs that number\'s delivery', async () => {
		const entry = message('90003')._log[120];
		const digits = entry.to.slice(2);
		const result = await run({ operation: 'getSendLog', messageId: rl('90003'), returnAll: true, filters: { to: digits } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ to: entry.to });
		expect(result.json).toEqual(message('90003')._log.filter((e: any) => e.to === entry.to));
		expect(result.json.length).toBeGreaterThan(0);
	});

	test('a To number with fewer than 10 digits fails before any request', async () => {
		const result = await run({ operation: 'getSendLog', messageId: rl('90003'), returnAll: true, filters: { to: '={{ "5551234" }}' } });
		expect(result.error?.message).toBe('\'To\': "5551234" has fewer than 10 digits [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
