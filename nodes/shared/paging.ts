import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkLimit } from './allItems';
import { inputError, malformedError } from './errors';
import { MAX_PAGE_SIZE } from './limits';
import { send, withQuery, type RequestData } from './transport/request';

export { MAX_PAGE_SIZE };

/**
 * One way to page, for both APIs. Each strategy reads Return All and Limit, asks for pages at the
 * API's maximum size (10,000 on both), and fails the item rather than return a partial list.
 */

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

/**
 * What an operation keeps of each record, applied page by page as it arrives, so that records left out
 * or cut down are never all held at once (e.g. Simplify, or a filter the API cannot apply).
 * `keep` gives the item's JSON or undefined to leave the record out; `drops` says it may leave records
 * out, so pages are then asked for at full size whatever the Limit. Undefined: records as they come.
 */
export type RecordShape = (ctx: IExecutePaginationFunctions) =>
	| { keep: (record: IDataObject) => IDataObject | undefined; drops: boolean }
	| undefined;

function wanted(ctx: IExecutePaginationFunctions): number {
	if (ctx.getNodeParameter('returnAll', false) as boolean) return Infinity;
	// Checked before any request of the run (allItems); this only guards a caller that skipped it.
	checkLimit(ctx);
	return Number(ctx.getNodeParameter('limit', 50));
}

function unexpected(ctx: IExecutePaginationFunctions, problem: string): Error {
	return malformedError(ctx.getNode(), problem, ctx.getItemIndex());
}

function typeOf(value: unknown): string {
	if (value === undefined) return 'missing';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'string' ? `the text ${JSON.stringify(value)}` : `${typeof value} ${JSON.stringify(value)}`;
}

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tooManyPages(ctx: IExecutePaginationFunctions): Error {
	return malformedError(ctx.getNode(), `more than ${MAX_PAGES} pages`, ctx.getItemIndex());
}

/** Appends without building intermediate arrays: memory grows with the records kept only. */
function collect(out: INodeExecutionData[], records: unknown[], max: number, shape?: ReturnType<RecordShape>): void {
	for (const record of records) {
		if (out.length >= max) return;
		if (!shape) {
			out.push({ json: record as IDataObject });
			continue;
		}
		const json = shape.keep(record as IDataObject);
		if (json !== undefined) out.push({ json });
	}
}

/** The page size to ask for: no more than still wanted, unless records may be left out. */
function pageSize(max: number, have: number, shape: ReturnType<RecordShape>): number {
	return shape?.drops ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - have);
}

/** Current API: `{data, pagingData: {hasMore}}` with limit/offset; stops when hasMore is false. */
export function currentPages(shapeOf?: RecordShape): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const shape = shapeOf?.(this);
		const out: INodeExecutionData[] = [];
		let offset = 0;
		for (let page = 0; page < MAX_PAGES; page++) {
			const limit = pageSize(max, out.length, shape);
			const [answer] = await send(this, 'current', withQuery(requestData, { limit, offset }));
			const body = answer?.json as IDataObject | undefined;
			const data = body?.data;
			if (!Array.isArray(data)) {
				throw malformedError(this.getNode(), 'the list has no "data" array', this.getItemIndex());
			}
			// Without a well-formed envelope there is no telling whether the list is complete.
			const paging = body?.pagingData;
			if (!isRecord(paging)) {
				throw unexpected(this, `"pagingData" is ${typeOf(paging)} at offset ${offset}; it should be an object with "hasMore"`);
			}
			if (typeof paging.hasMore !== 'boolean') {
				throw unexpected(this, `"pagingData.hasMore" is ${typeOf(paging.hasMore)} at offset ${offset}; it should be true or false`);
			}
			const hasMore = paging.hasMore;
			collect(out, data, max, shape);
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
export function legacyPages(key: string, shapeOf?: RecordShape): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const shape = shapeOf?.(this);
		const out: INodeExecutionData[] = [];
		let offset = 0;
		for (let page = 0; page < MAX_PAGES; page++) {
			const limit = pageSize(max, out.length, shape);
			const [answer] = await send(this, 'legacy', withQuery(requestData, { limit, offset }));
			const body = answer?.json as IDataObject | undefined;
			const records = body?.[key];
			if (!Array.isArray(records)) {
				throw malformedError(this.getNode(), `the list has no "${key}" array`, this.getItemIndex());
			}
			const meta = body?.meta;
			if (!isRecord(meta)) {
				throw unexpected(this, `"meta" is ${typeOf(meta)} at offset ${offset}; it should be an object with "total"`);
			}
			const total = meta.total;
			if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) {
				throw unexpected(this, `"meta.total" is ${typeOf(total)} at offset ${offset}; it should be a whole number`);
			}
			// The legacy API tells its total on the first page: stop before fetching the rest (unless the
			// node leaves records out, when only what it keeps counts).
			if (max === Infinity && total > MAX_RESULT_ITEMS && !shape?.drops) throw tooMany(this, `the list has ${total}`);
			collect(out, records, max, shape);
			if (out.length > MAX_RESULT_ITEMS) throw tooMany(this, 'the records kept');
			offset += records.length;
			if (out.length >= max || offset >= total) return out;
			// The total says more records exist, but the page brought none: the list cannot be completed.
			if (records.length === 0) {
				throw unexpected(this, `an empty page at offset ${offset - records.length} although "meta.total" is ${total}`);
			}
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
			const meta = body?.meta;
			if (!isRecord(meta)) {
				throw unexpected(this, `"meta" of the send log is ${typeOf(meta)}; it should be an object with "isLastPage"`);
			}
			if (typeof meta.isLastPage !== 'boolean') {
				throw unexpected(this, `"meta.isLastPage" is ${typeOf(meta.isLastPage)}; it should be true or false`);
			}
			collect(out, items, max);
			if (out.length > MAX_RESULT_ITEMS || (out.length === MAX_RESULT_ITEMS && !meta.isLastPage)) {
				throw tooMany(this, 'the send log has more');
			}
			if (out.length >= max || meta.isLastPage) return out;
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

