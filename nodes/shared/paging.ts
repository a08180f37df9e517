import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { malformedError } from './errors';
import { MAX_PAGE_SIZE } from './limits';
import { legacyRecord, wholeNumber } from './numbers';
import type { Execute, ItemRun } from './runner/types';

export { MAX_PAGE_SIZE };

/**
 * One way to page, for both APIs. Return All pages until the list ends; Limit pages until that many
 * records are in (a Limit above the API's 10,000 a request takes several pages), asking for no more
 * than still wanted. A list may change while it is read (a busy keyword adds contacts, a hygiene flow
 * removes them): each page after the first starts OVERLAP records before where the last one ended, and
 * records already output are dropped, so that up to OVERLAP records leaving or joining between two
 * pages neither hide a record nor output one twice. An answer no form of the contract allows fails the
 * item rather than return a partial list.
 */

/** A bound no real collection reaches; it only stops an API that keeps saying "more" forever. */
const MAX_PAGES = 10_000;

/** Legacy pages fetched at once once the first page told the total (each still through the limiter). */
export const PARALLEL_PAGES = 4;

/** Records each page re-reads of the one before: the most that may leave or join between two pages. */
export const OVERLAP = 100;

/**
 * What an operation keeps of each record, applied page by page as it arrives, so that records left out
 * or cut down are never all held at once (e.g. Simplify, or a filter the API cannot apply).
 * `keep` gives the item's JSON or undefined to leave the record out; `drops` says it may leave records
 * out, so pages are then asked for at full size whatever the Limit. Undefined: records as they come.
 */
export type RecordShape = (item: ItemRun) =>
	| { keep: (record: IDataObject) => IDataObject | undefined; drops: boolean }
	| undefined;

type Shape = ReturnType<RecordShape>;

function wanted(item: ItemRun): number {
	if (item.getNodeParameter('returnAll', false) as boolean) return Infinity;
	// Checked before any request of the run (runner/checks.ts): a whole number of at least 1.
	return Number(item.getNodeParameter('limit', 50));
}

function unexpected(item: ItemRun, problem: string): Error {
	return malformedError(item.getNode(), problem, item.getItemIndex());
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

/** The record's identity across pages: its ID field, or its whole content when it has none. */
const ID_FIELDS = ['contact_id', '_id', 'campaign_id', 'contact_list_id', 'keyword_id', 'workflow_id', 'custom_field_id', 'website_popup_id', 'segment_id', 'link_id', 'id'];

function identity(record: unknown): string {
	if (isRecord(record)) {
		for (const field of ID_FIELDS) {
			const value = record[field];
			if (value !== undefined && value !== null) return `${field}:${String(value)}`;
		}
	}
	return JSON.stringify(record);
}

/** The identities of the last records of a page: what the next page may repeat. */
function tailOf(records: unknown[]): Set<string> {
	return new Set(records.slice(Math.max(0, records.length - 2 * OVERLAP)).map(identity));
}

/** Appends without building intermediate arrays: memory grows with the records kept only. */
function collect(out: INodeExecutionData[], records: unknown[], max: number, shape: Shape, seen?: Set<string>): void {
	for (const record of records) {
		if (out.length >= max) return;
		if (seen?.has(identity(record))) continue;
		if (!shape) {
			out.push({ json: record as IDataObject });
			continue;
		}
		const json = shape.keep(record as IDataObject);
		if (json !== undefined) out.push({ json });
	}
}

/** The page size to ask for: no more than still wanted (plus the overlap), unless records may be left out. */
function pageSize(max: number, have: number, shape: Shape, overlap: number): number {
	return shape?.drops ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - have + overlap);
}

/**
 * Where the next page starts: OVERLAP records back (a tenth of the page at most, so that an API that
 * serves short pages is still read in few requests).
 */
function nextOffset(offset: number, length: number): number {
	return offset + length - Math.min(OVERLAP, Math.floor(length / 10));
}

function withPage(request: IHttpRequestOptions, limit: number, offset: number): IHttpRequestOptions {
	return { ...request, qs: { ...(request.qs ?? {}), limit, offset } };
}

/** Current API: `{data, pagingData: {hasMore}}` with limit/offset; ends when hasMore is false. */
export function currentPages(shapeOf?: RecordShape): Execute {
	return async (item, request) => {
		const max = wanted(item);
		const shape = shapeOf?.(item);
		const out: INodeExecutionData[] = [];
		let offset = 0;
		let seen: Set<string> | undefined;
		for (let page = 0; page < MAX_PAGES; page++) {
			const limit = pageSize(max, out.length, shape, page === 0 ? 0 : OVERLAP);
			const { body } = await item.send(withPage(request, limit, offset));
			const data = isRecord(body) ? body.data : undefined;
			if (!Array.isArray(data)) throw unexpected(item, 'the list has no "data" array');
			// Without a well-formed envelope there is no telling whether the list is complete. The page fields
			// beside hasMore may be null or numbers or text; only hasMore is read.
			const paging = (body as IDataObject).pagingData;
			if (!isRecord(paging)) {
				throw unexpected(item, `"pagingData" is ${typeOf(paging)} at offset ${offset}; it should be an object with "hasMore"`);
			}
			if (typeof paging.hasMore !== 'boolean') {
				throw unexpected(item, `"pagingData.hasMore" is ${typeOf(paging.hasMore)} at offset ${offset}; it should be true or false`);
			}
			collect(out, data, max, shape, seen);
			if (out.length >= max || !paging.hasMore) return out;
			if (data.length === 0) throw unexpected(item, `an empty page at offset ${offset} although "hasMore" was true`);
			seen = tailOf(data);
			offset = nextOffset(offset, data.length);
		}
		throw unexpected(item, `more than ${MAX_PAGES} pages`);
	};
}

interface LegacyPage {
	offset: number;
	records: unknown[];
	total: number;
}

/** One legacy list page, its envelope checked: `{meta: {total}, <key>: [...]}`, numbers in either form. */
async function legacyPage(item: ItemRun, request: IHttpRequestOptions, key: string, offset: number, limit: number): Promise<LegacyPage> {
	const { body } = await item.send(withPage(request, limit, offset));
	const records = isRecord(body) ? body[key] : undefined;
	if (!Array.isArray(records)) throw unexpected(item, `the list has no "${key}" array`);
	const meta = (body as IDataObject).meta;
	if (!isRecord(meta)) {
		throw unexpected(item, `"meta" is ${typeOf(meta)} at offset ${offset}; it should be an object with "total"`);
	}
	const total = wholeNumber(meta.total);
	if (total === undefined || total < 0) {
		throw unexpected(item, `"meta.total" is ${typeOf(meta.total)} at offset ${offset}; it should be a whole number`);
	}
	return { offset, records: records.map((record) => legacyRecord(key, record)), total };
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

/** The answer contradicts itself: its total says records follow this offset, but it brought none. */
function emptyButMore(item: ItemRun, page: LegacyPage): Error | undefined {
	if (page.records.length > 0 || page.total <= page.offset) return undefined;
	return unexpected(item, `an empty page at offset ${page.offset} although "meta.total" is ${page.total}`);
}

/**
 * Legacy API: `{meta: {total}, <key>: [...]}` with limit/offset. The first page tells the total: Return
 * All then asks for the pages up to it PARALLEL_PAGES at a time (output in order), and goes on one by one
 * while a page's own total says more follow (the list grew). A page shorter than asked is where the list
 * ends at that moment (it shrank while read), not an error. A Limit pages one by one.
 */
export function legacyPages(key: string, shapeOf?: RecordShape): Execute {
	return async (item, request) => {
		const max = wanted(item);
		const shape = shapeOf?.(item);
		const out: INodeExecutionData[] = [];
		let page = await legacyPage(item, request, key, 0, pageSize(max, 0, shape, 0));
		collect(out, page.records, max, shape);
		if (max === Infinity && page.records.length > 0 && page.records.length < page.total) {
			// The pages the first total promises, each starting OVERLAP records into the one before.
			const step = nextOffset(0, page.records.length);
			const offsets: number[] = [];
			for (let offset = step; offset < page.total; offset += step) offsets.push(offset);
			if (offsets.length >= MAX_PAGES) throw unexpected(item, `more than ${MAX_PAGES} pages`);
			const pages = await inParallel(offsets, PARALLEL_PAGES, async (offset) => {
				const next = await legacyPage(item, request, key, offset, MAX_PAGE_SIZE);
				const contradiction = emptyButMore(item, next);
				if (contradiction) throw contradiction;
				return next;
			});
			for (const next of pages) {
				collect(out, next.records, max, shape, tailOf(page.records));
				page = next;
			}
		}
		for (let count = 0; count < MAX_PAGES; count++) {
			if (out.length >= max || page.offset + page.records.length >= page.total) return out;
			const contradiction = emptyButMore(item, page);
			if (contradiction) throw contradiction;
			const next = await legacyPage(item, request, key, nextOffset(page.offset, page.records.length), pageSize(max, out.length, shape, OVERLAP));
			collect(out, next.records, max, shape, tailOf(page.records));
			page = next;
		}
		throw unexpected(item, `more than ${MAX_PAGES} pages`);
	};
}

/** Legacy send log: `{meta: {isLastPage, nextPageKey}, items}` paged with `pageKey`. */
export function sendLogPages(): Execute {
	return async (item, request) => {
		const max = wanted(item);
		const out: INodeExecutionData[] = [];
		const seenKeys = new Set<string>();
		let pageKey: string | undefined;
		for (let page = 0; page < MAX_PAGES; page++) {
			const pageRequest = pageKey === undefined ? request : { ...request, qs: { ...(request.qs ?? {}), pageKey } };
			const { body } = await item.send(pageRequest);
			const items = isRecord(body) ? body.items : undefined;
			if (!Array.isArray(items)) throw unexpected(item, 'the send log has no "items" array');
			const meta = (body as IDataObject).meta;
			if (!isRecord(meta)) {
				throw unexpected(item, `"meta" of the send log is ${typeOf(meta)}; it should be an object with "isLastPage"`);
			}
			const isLastPage = typeof meta.isLastPage === 'boolean' ? meta.isLastPage : booleanText(meta.isLastPage);
			if (isLastPage === undefined) {
				throw unexpected(item, `"meta.isLastPage" is ${typeOf(meta.isLastPage)}; it should be true or false`);
			}
			collect(out, items.map((record) => legacyRecord('items', record)), max, undefined);
			if (out.length >= max || isLastPage) return out;
			const next = meta.nextPageKey;
			const nextKey = typeof next === 'number' ? String(next) : next;
			if (typeof nextKey !== 'string' || nextKey === '' || seenKeys.has(nextKey)) {
				throw unexpected(item, 'the send log said more pages follow but gave no new "nextPageKey"');
			}
			seenKeys.add(nextKey);
			pageKey = nextKey;
		}
		throw unexpected(item, `more than ${MAX_PAGES} pages`);
	};
}

/** The legacy API may send a flag as a number or text ("1", "0", "true"): read every such form. */
function booleanText(value: unknown): boolean | undefined {
	if (value === 1 || value === '1' || value === 'true') return true;
	if (value === 0 || value === '0' || value === 'false') return false;
	return undefined;
}
