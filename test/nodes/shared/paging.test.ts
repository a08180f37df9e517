// What SlickText really sends: every list operation of both nodes reads every form the specs
// allow. The sandbox serves them at random per answer (test/helpers/sandbox.ts: freedoms, on in the
// whole suite); here each list operation runs under several fixed seeds, and the sandbox's own record
// of what it served proves that the other forms reached it (legacy numbers as text, current page
// numbers as text) and the node read them. The list of operations is taken from the nodes, so a new
// list operation without a case here fails the test.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { INodeProperties } from 'n8n-workflow';

import { nodeTypes, PACKAGE_NAME, runNode } from '../../helpers/engine';
import { freedomsServed, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox({ rateLimit: false, freedoms: 1 });
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

/** Every operation with Return All, by node: what makes it a list read. */
function listOperations(type: string): string[] {
	const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description;
	return properties
		.filter((p: INodeProperties) => p.name === 'returnAll')
		.flatMap((p: INodeProperties) =>
			(p.displayOptions!.show!.resource as string[]).flatMap((resource) =>
				(p.displayOptions!.show!.operation as string[]).map((operation) => `${resource}.${operation}`),
			),
		);
}

const legacyCases: Record<string, object> = {
	'contact.getAll': {},
	'message.getAll': {},
	'message.getSendLog': { messageId: rl('90003') },
	'shortlink.getAll': {},
	'shortlink.getClickers': { findBy: 'id', shortlinkId: rl('61') },
	'textword.getAll': {},
	'textword.getContacts': { textwordId: rl('5401') },
	'textword.getCustomFields': { textwordId: rl('5401') },
	'textword.getMessages': { textwordId: rl('5402') },
	'textword.getSegments': { textwordId: rl('5401') },
};

const currentCases: Record<string, (state: any) => object> = {
	'campaign.getAll': () => ({}),
	'contact.getAll': () => ({}),
	'customField.getAll': () => ({}),
	'inboxThread.getAll': () => ({}),
	'inboxThread.getMessages': (state) => ({ inboxThreadId: rl(String(state.brands.get(1001).threads[0]._id)) }),
	'keyword.getAll': () => ({}),
	'link.getAll': () => ({}),
	'list.getAll': () => ({}),
	'list.getContacts': () => ({ listId: rl('1') }),
	'message.getAll': () => ({}),
	'segment.getAll': () => ({}),
	'websitePopup.getAll': () => ({}),
	'workflow.getAll': () => ({}),
};

const SEEDS = [1, 2, 3, 4, 5, 6];

test('every list operation of both nodes has a case here', () => {
	expect(listOperations('slickTextLegacy').sort()).toEqual(Object.keys(legacyCases).sort());
	expect(listOperations('slickText').sort()).toEqual(Object.keys(currentCases).sort());
});

describe.each(Object.entries(legacyCases))('legacy %s', (operation, parameters) => {
	test('reads numbers sent as numbers and as text, and outputs numbers', async () => {
		const [resource, op] = operation.split('.');
		const served = new Set<string>();
		for (const seed of SEEDS) {
			ctx.sandbox.reset();
			(ctx.sandbox as any).setFreedoms(seed);
			// Two records a page where the operation pages by limit, so that several envelopes come back.
			const result = await runNode({
				type: 'slickTextLegacy',
				parameters: { resource, operation: op, returnAll: false, limit: 3, ...parameters },
				credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
			});
			expect([seed, result.error?.message]).toEqual([seed, undefined]);
			expect(result.json.length).toBeGreaterThan(0);
			for (const record of result.json) {
				for (const field of ['id', 'textword', 'contact', 'count', 'contactsCount', 'contacts_count', 'clickCount']) {
					if (record[field] !== undefined && record[field] !== null) expect([field, typeof record[field]]).toEqual([field, 'number']);
				}
			}
			for (const choice of freedomsServed(ctx.sandbox)) served.add(choice.replace(/^.*:/, ''));
		}
		// Over the seeds, numbers came both ways.
		expect([...served]).toEqual(expect.arrayContaining(['string', 'number']));
	});
});

describe.each(Object.entries(currentCases))('current %s', (operation, parametersOf) => {
	test('reads the page fields in every form (null on one page, numbers or text beyond)', async () => {
		const [resource, op] = operation.split('.');
		const served = new Set<string>();
		for (const seed of SEEDS) {
			ctx.sandbox.reset();
			(ctx.sandbox as any).setFreedoms(seed);
			for (const limit of [1, 10_000]) {
				const result = await runNode({
					type: 'slickText',
					parameters: { resource, operation: op, returnAll: false, limit, ...parametersOf(ctx.sandbox.state.current) },
					credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
				});
				expect([seed, limit, result.error?.message]).toEqual([seed, limit, undefined]);
				expect(result.json.length).toBeGreaterThan(0);
			}
			for (const choice of freedomsServed(ctx.sandbox)) served.add(choice);
		}
		// One page of one record says more follow: its page numbers came as text in some seed.
		expect([...served].some((choice) => /^pagingData\.\w+:string$/.test(choice))).toBe(true);
	});
});

describe('a list that changes while Return All reads it (up to 100 records leave or join between two pages)', () => {
	// 25,000 contacts: three pages. After the first page, `leave` contacts positioned before the next
	// page's start leave and `join` new ones join (at the end, or before the next page's start).
	const cases = [
		['2 leave, 1 joins at the end (a busy keyword)', { leave: 2, join: 1 }],
		['100 leave before the next page', { leave: 100, join: 0 }],
		['100 join before the next page', { leave: 0, join: 100, joinAt: 'before-offset' }],
		['60 leave and 40 join anywhere', { leave: 60, where: 'anywhere', join: 40, joinAt: 'anywhere' }],
	] as const;

	describe.each(['current', 'legacy'] as const)('%s API', (platform) => {
		test.each(cases)('%s: nothing missed that stayed, nothing twice, no failure', async (_name, change) => {
			ctx.sandbox.reset(platform === 'current' ? { contacts: 25_000 } : { subscribers: 25_000 });
			const idOf = (c: any) => Number(platform === 'current' ? c.contact_id : c.id);
			const before = (platform === 'current' ? ctx.sandbox.state.current.contacts : ctx.sandbox.state.legacy.contacts).map(idOf);
			const churn = (ctx.sandbox as any).churn({ platform, path: /\/contacts$/, after: 1, ...change });
			const result = await runNode(
				platform === 'current'
					? { type: 'slickText', parameters: { resource: 'contact', operation: 'getAll', returnAll: true }, credentials: { slickTextApi: ctx.sandbox.currentCredentials() } }
					: { type: 'slickTextLegacy', parameters: { resource: 'contact', operation: 'getAll', returnAll: true }, credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() } },
			);
			expect(result.error).toBeUndefined();
			expect(churn.applied).toBe(true);
			const output = result.json.map(idOf);
			const left = new Set(churn.left.map(Number));
			const stayed = before.filter((id: number) => !left.has(id));
			expect(new Set(output).size).toBe(output.length);
			const seen = new Set(output);
			expect(stayed.filter((id: number) => !seen.has(id))).toEqual([]);
			// What left is output only if it was read before it left; what joined only if read after.
			for (const id of output) expect(before.includes(id) || churn.joined.map(Number).includes(id)).toBe(true);
		});
	});
});
