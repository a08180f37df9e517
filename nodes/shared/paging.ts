import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkLimit } from './allItems';
import { malformedError } from './errors';
import { MAX_PAGE_SIZE } from './limits';
import { send, withQuery, type RequestData } from './transport/request';

export { MAX_PAGE_SIZE };

/**
 * One way to page, for both APIs. Each strategy reads Return All and Limit, asks for pages at the
 * API's maximum size (10,000 on both), and fails the item rather than return a partial list.
 */

/** A bound no real collection reaches; it only stops an API that keeps saying "more" forever. */
const MAX_PAGES = 10_000;

/** Legacy pages fetched at once once the first page told the total (each still through the limiter). */
export const PARALLEL_PAGES = 4;

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

interface LegacyPage {
	records: unknown[];
	total: number;
}

/** One legacy list page, its envelope checked: `{meta: {total}, <key>: [...]}`. */
async function legacyPage(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
	key: string,
	offset: number,
	limit: number,
): Promise<LegacyPage> {
	const [answer] = await send(ctx, 'legacy', withQuery(requestData, { limit, offset }));
	const body = answer?.json as IDataObject | undefined;
	const records = body?.[key];
	if (!Array.isArray(records)) {
		throw malformedError(ctx.getNode(), `the list has no "${key}" array`, ctx.getItemIndex());
	}
	const meta = body?.meta;
	if (!isRecord(meta)) {
		throw unexpected(ctx, `"meta" is ${typeOf(meta)} at offset ${offset}; it should be an object with "total"`);
	}
	const total = meta.total;
	if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) {
		throw unexpected(ctx, `"meta.total" is ${typeOf(total)} at offset ${offset}; it should be a whole number`);
	}
	return { records, total };
}

/**
 * Runs `task` for each offset with at most `width` in flight; results in offset order. The first failure
 * stops new tasks, waits for those in flight (no request outlives the item) and is thrown: nothing partial.
 */
async function inParallel<T>(offsets: number[], width: number, task: (offset: number) => Promise<T>): Promise<T[]> {
	const results: T[] = new Array(offsets.length);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (failure === undefined && next < offsets.length) {
			const index = next++;
			try {
				results[index] = await task(offsets[index]);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(width, offsets.length) }, worker));
	if (failure) throw failure.error;
	return results;
}

/**
 * Legacy API: `{meta: {total}, <key>: [...]}` with limit/offset. The first page tells the total; Return
 * All then asks for the remaining pages PARALLEL_PAGES at a time (same requests as one by one: full
 * pages at offsets of the first page's length), output in order. A Limit pages one by one (it may stop early).
 */
export function legacyPages(key: string, shapeOf?: RecordShape): Pager {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const max = wanted(this);
		const shape = shapeOf?.(this);
		const out: INodeExecutionData[] = [];
		const first = await legacyPage(this, requestData, key, 0, pageSize(max, 0, shape));
		collect(out, first.records, max, shape);
		if (out.length >= max || first.records.length >= first.total) return out;
		// The total says more records exist, but the page brought none: the list cannot be completed.
		if (first.records.length === 0) {
			throw unexpected(this, `an empty page at offset 0 although "meta.total" is ${first.total}`);
		}
		if (max === Infinity) return await legacyRest.call(this, requestData, key, first, out, shape);
		let offset = first.records.length;
		for (let page = 1; page < MAX_PAGES; page++) {
			const { records, total } = await legacyPage(this, requestData, key, offset, pageSize(max, out.length, shape));
			collect(out, records, max, shape);
			offset += records.length;
			if (out.length >= max || offset >= total) return out;
			if (records.length === 0) {
				throw unexpected(this, `an empty page at offset ${offset} although "meta.total" is ${total}`);
			}
		}
		throw tooManyPages(this);
	};
}

/** Return All after the first page: the rest of the total, in parallel, each page checked to be whole. */
async function legacyRest(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
	key: string,
	first: LegacyPage,
	out: INodeExecutionData[],
	shape: ReturnType<RecordShape>,
): Promise<INodeExecutionData[]> {
	const step = first.records.length;
	const offsets: number[] = [];
	for (let offset = step; offset < first.total; offset += step) offsets.push(offset);
	if (offsets.length >= MAX_PAGES) throw tooManyPages(this);
	const pages = await inParallel(offsets, PARALLEL_PAGES, async (offset) => {
		const { records } = await legacyPage(this, requestData, key, offset, MAX_PAGE_SIZE);
		// Pages are asked for by position: a short one would leave a gap (the list shrank while read).
		const expected = Math.min(step, first.total - offset);
		if (records.length === 0) {
			throw unexpected(this, `an empty page at offset ${offset} although "meta.total" is ${first.total}`);
		}
		if (records.length < expected) {
			throw unexpected(
				this,
				`the page at offset ${offset} has ${records.length} records where "meta.total" ${first.total} promised ${expected}; the list changed while it was read, run it again`,
			);
		}
		// Shaped as it arrives, so that only what is kept is held until the pages before it are in.
		const kept: INodeExecutionData[] = [];
		collect(kept, records.slice(0, expected), Infinity, shape);
		return kept;
	});
	for (const page of pages) for (const item of page) out.push(item);
	return out;
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

