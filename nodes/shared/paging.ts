import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import { inputError, malformedError } from './errors';
import { send, withQuery, type RequestData } from './transport/request';

/**
 * One way to page, for both APIs. Each strategy reads Return All and Limit, asks for pages at the
 * API's maximum size (10,000 on both), and fails the item rather than return a partial list.
 */

export const MAX_PAGE_SIZE = 10_000;

/** A bound no real collection reaches; it only stops an API that keeps saying "more" forever. */
const MAX_PAGES = 10_000;

/**
 * The most records one input item may return. n8n's routing node appends each item's result with
 * `push(...records)`, which overflows the call stack between 120,000 and 125,000 records (after every
 * page was fetched). Stopping here, early and with advice, is better than that.
 */
export const MAX_RESULT_ITEMS = 100_000;

const TOO_MANY_HINT =
	`n8n cannot take more than about 120,000 records from one request of a node. Narrow the list with ` +
	`Filters and run one item per part (for example by list or by date), each under ${MAX_RESULT_ITEMS.toLocaleString('en-US')}.`;

function tooMany(ctx: IExecutePaginationFunctions, what: string): Error {
	return inputError(ctx, 'Return All', `${what}: more than ${MAX_RESULT_ITEMS.toLocaleString('en-US')} records`, TOO_MANY_HINT);
}

type Pager = (this: IExecutePaginationFunctions, requestData: RequestData) => Promise<INodeExecutionData[]>;

function wanted(ctx: IExecutePaginationFunctions): number {
	if (ctx.getNodeParameter('returnAll', false) as boolean) return Infinity;
	const limit = Math.max(1, Number(ctx.getNodeParameter('limit', 50)));
	// Checked before any request: such a Limit could never be delivered.
	if (limit > MAX_RESULT_ITEMS) {
		throw inputError(ctx, 'Limit', `${limit} is more than ${MAX_RESULT_ITEMS.toLocaleString('en-US')}`, TOO_MANY_HINT);
	}
	return limit;
}

function tooManyPages(ctx: IExecutePaginationFunctions): Error {
	return malformedError(ctx.getNode(), `more than ${MAX_PAGES} pages`, ctx.getItemIndex());
}

/** Appends without building intermediate arrays: memory grows with the records only. */
function collect(out: INodeExecutionData[], records: unknown[], max: number): void {
	for (const record of records) {
		if (out.length >= max) return;
		out.push({ json: record as IDataObject });
	}
}

/** Current API: `{data, pagingData: {hasMore}}` with limit/offset; stops when hasMore is false. */
export function currentPages(): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const out: INodeExecutionData[] = [];
		let offset = 0;
		for (let page = 0; page < MAX_PAGES; page++) {
			const limit = Math.min(MAX_PAGE_SIZE, max - out.length);
			const [answer] = await send(this, 'current', withQuery(requestData, { limit, offset }));
			const body = answer?.json as IDataObject | undefined;
			const data = body?.data;
			if (!Array.isArray(data)) {
				throw malformedError(this.getNode(), 'the list has no "data" array', this.getItemIndex());
			}
			collect(out, data, max);
			const hasMore = (body?.pagingData as IDataObject | undefined)?.hasMore === true;
			// The current API tells no total: stop as soon as the bound is passed (about 10 pages in).
			if (out.length > MAX_RESULT_ITEMS || (out.length === MAX_RESULT_ITEMS && hasMore)) {
				throw tooMany(this, 'the list has more');
			}
			if (out.length >= max || !hasMore) return out;
			if (data.length === 0) {
				throw malformedError(
					this.getNode(),
					`an empty page at offset ${offset} although "hasMore" was true`,
					this.getItemIndex(),
				);
			}
			offset += data.length;
		}
		throw tooManyPages(this);
	};
}

/** Legacy API: `{meta: {total}, <key>: [...]}` with limit/offset; stops when total is reached. */
export function legacyPages(key: string): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const out: INodeExecutionData[] = [];
		let offset = 0;
		for (let page = 0; page < MAX_PAGES; page++) {
			const limit = Math.min(MAX_PAGE_SIZE, max - out.length);
			const [answer] = await send(this, 'legacy', withQuery(requestData, { limit, offset }));
			const body = answer?.json as IDataObject | undefined;
			const records = body?.[key];
			if (!Array.isArray(records)) {
				throw malformedError(this.getNode(), `the list has no "${key}" array`, this.getItemIndex());
			}
			const total = Number((body?.meta as IDataObject | undefined)?.total);
			// The legacy API tells its total on the first page: stop before fetching the rest.
			if (max === Infinity && total > MAX_RESULT_ITEMS) throw tooMany(this, `the list has ${total}`);
			collect(out, records, max);
			offset += records.length;
			// An empty page ends the list even when the total (counted earlier) promised more.
			if (out.length >= max || records.length === 0 || !(offset < total)) return out;
		}
		throw tooManyPages(this);
	};
}

/** Legacy send log: `{meta: {isLastPage, nextPageKey}, items}` paged with `pageKey`. */
export function sendLogPages(): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const out: INodeExecutionData[] = [];
		const seenKeys = new Set<string>();
		let pageKey: string | undefined;
		for (let page = 0; page < MAX_PAGES; page++) {
			const request = pageKey === undefined ? requestData : withQuery(requestData, { pageKey });
			const [answer] = await send(this, 'legacy', request);
			const body = answer?.json as IDataObject | undefined;
			const items = body?.items;
			if (!Array.isArray(items)) {
				throw malformedError(this.getNode(), 'the send log has no "items" array', this.getItemIndex());
			}
			collect(out, items, max);
			const meta = (body?.meta ?? {}) as IDataObject;
			if (out.length > MAX_RESULT_ITEMS || (out.length === MAX_RESULT_ITEMS && meta.isLastPage === false)) {
				throw tooMany(this, 'the send log has more');
			}
			if (out.length >= max || meta.isLastPage !== false) return out;
			const next = meta.nextPageKey;
			if (typeof next !== 'string' || next === '' || seenKeys.has(next)) {
				throw malformedError(
					this.getNode(),
					'the send log said more pages follow but gave no new "nextPageKey"',
					this.getItemIndex(),
				);
			}
			seenKeys.add(next);
			pageKey = next;
		}
		throw tooManyPages(this);
	};
}

