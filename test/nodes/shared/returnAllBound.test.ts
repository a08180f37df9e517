// n8n's routing node appends each item's result with push(...records), which overflows the stack past
// about 120,000 records. Return All and Limit stop at 100,000 with advice, as early as each API allows:
// before any request for a Limit, after the first page on legacy (its total), once past the bound on the
// current API (it tells no total).
import { runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();

const current = (parameters: Record<string, unknown>) =>
	runNode({
		type: 'slickText',
		parameters: { resource: 'contact', ...parameters },
		credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
	});

const legacy = (parameters: Record<string, unknown>) =>
	runNode({
		type: 'slickTextLegacy',
		parameters: { resource: 'contact', ...parameters },
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
	});

describe('Return All and Limit above 100,000 records', () => {
	test('a Limit above 100,000 fails before any request, naming the field (Limit stops at one page)', async () => {
		const result = await current({ operation: 'getAll', returnAll: false, limit: 100_001 });
		expect(result.error?.message).toMatch(/^Limit: must be a whole number from 1 to 10000, got 100001/);
		expect(sent(ctx.sandbox)).toHaveLength(0);
	});

	test('legacy Return All over 100,001 subscribers fails after the first page, which tells the total', async () => {
		ctx.sandbox.reset({ subscribers: 100_001 });
		const result = await legacy({ operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/^Return All: the list has 100001: more than 100,000 records/);
		expect((result.error as any)?.description).toMatch(/Filters/);
		expect(sent(ctx.sandbox)).toHaveLength(1);
	});

	test('current Return All over 100,001 contacts fails once past the bound, not after every page', async () => {
		ctx.sandbox.reset({ contacts: 100_001 });
		const result = await current({ operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/^Return All: the list has more: more than 100,000 records/);
		expect(sent(ctx.sandbox)).toHaveLength(10);
	});

	test('exactly 100,000 contacts still come out in full', async () => {
		ctx.sandbox.reset({ contacts: 100_000 });
		const result = await current({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(100_000);
	});
});
