/* eslint-disable @typescript-eslint/no-explicit-any */
import { loadOptions } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';
import { BASE, expectBasicAuth, legacyState, rl } from './legacy';

const ctx = useSandbox();
const creds = () => ({ slickTextLegacyApi: ctx.sandbox.legacyCredentials() });
const state = () => legacyState(ctx);

async function search(method: string, filter?: string, paginationToken?: string): Promise<any> {
	return await loadOptions({ type: 'slickTextLegacy', method, kind: 'listSearch', credentials: creds(), filter, paginationToken });
}

async function options(method: string, parameters: Record<string, unknown> = {}): Promise<any[]> {
	return (await loadOptions({ type: 'slickTextLegacy', method, kind: 'loadOptions', credentials: creds(), parameters })) as any[];
}

describe('From List searches', () => {
	test('textwords by word, matched in the node', async () => {
		const all = await search('searchTextwords');
		expect(all.results).toEqual(state().textwords.map((t: any) => ({ name: t.word, value: t.id })));
		expect(all.paginationToken).toBeUndefined();
		const some = await search('searchTextwords', 'cof');
		expect(some.results).toEqual([{ name: 'COFFEE', value: '5401' }]);
		const [request] = sent(ctx.sandbox, `${BASE}/textwords`);
		expect(request.query).toEqual({ limit: '200', offset: '0' });
		expectBasicAuth(sent(ctx.sandbox));
	});

	test('contacts by name or number, page by page', async () => {
		const first = await search('searchContacts');
		expect(first.results).toHaveLength(200);
		expect(first.paginationToken).toBe('200');
		const contact = state().contacts[0];
		expect(first.results[0]).toEqual({ name: `${contact.firstName} ${contact.lastName} (${contact.number})`, value: contact.id });
		const next = await search('searchContacts', undefined, first.paginationToken);
		expect(sent(ctx.sandbox, `${BASE}/contacts`)[1].query).toEqual({ limit: '200', offset: '200' });
		expect(next.results[0].value).toBe(state().contacts[200].id);
		const found = await search('searchContacts', contact.number.slice(-7));
		expect(found.results.map((r: any) => r.value)).toContain(contact.id);
	});

	test('messages by campaign or text, and shortlinks by name', async () => {
		const messages = await search('searchMessages', 'fall menu');
		expect(messages.results).toEqual([
			{ name: `Fall menu launch (${state().messages.find((m: any) => m.id === '90003').sent})`, value: '90003' },
		]);
		const shortlinks = await search('searchShortlinks', 'weekend');
		expect(shortlinks.results).toEqual([{ name: 'Weekend deal (https://slkt.io/Qz81x)', value: '62' }]);
	});
});

describe('Dynamic options', () => {
	test('textwords, by word', async () => {
		const list = await options('getTextwords');
		expect(list).toEqual([
			{ name: 'COFFEE', value: '5401' },
			{ name: 'DEALS', value: '5402' },
			{ name: 'JOBS', value: '5404' },
			{ name: 'VIP', value: '5403' },
		]);
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0' });
	});

	test('segments of the chosen textword', async () => {
		// As the editor asks while a Send is being set up.
		const list = await options('getSegments', { resource: 'message', operation: 'send', sendTo: 'textword', textwordId: rl('5401', 'list') });
		expect(sent(ctx.sandbox)[0].path).toBe(`${BASE}/textwords/5401/segments`);
		expect(list.map((o) => [o.name, o.value])).toEqual([
			['Latte lovers', '701'],
			['San Diego regulars', '702'],
		]);
		ctx.sandbox.requests.length = 0;
		expect(await options('getSegments')).toEqual([]);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('custom fields of the chosen textword, or of all textwords, keyed without spaces', async () => {
		const one = await options('getCustomFields', { resource: 'contact', operation: 'optIn', textwordId: rl('5401') });
		expect(one.map((o) => [o.name, o.value])).toEqual([
			['Favorite Drink', 'FavoriteDrink'],
			['Visits', 'Visits'],
		]);
		// An update by contact ID has no textword: every textword's fields are offered.
		const all = await options('getCustomFields', { resource: 'contact', operation: 'update', findBy: 'id' });
		expect(all.map((o) => o.value)).toEqual(['FavoriteDrink', 'MemberSince', 'PreferredStore', 'Visits']);
	});
});
