import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Platform } from './platform';
import { lookup as get, wireFor } from './transport/request';

/**
 * The editor's look-ups: "From List" searches and dynamic options, through the one transport (the same
 * base URL rules, rate limiter and error mapping as the nodes' own requests).
 */

/** A GET of the API for the editor: the body of a 2xx answer (failures are the nodes' API errors). */
export async function lookupRequest(ctx: ILoadOptionsFunctions, platform: Platform, path: string, qs: IDataObject = {}): Promise<unknown> {
	return await get(await wireFor(ctx, platform), path, qs);
}

/** A record as the dropdown shows it, and the one text a search matches against. */
interface Listing {
	name: string;
	value: string;
}

/** The API filters a search text can be tried as, in order: exact-match query parameters. */
export type ExactQueries = (text: string) => IDataObject[];

/** One page of a collection, read through either API's envelope. */
type PageReader = (qs: IDataObject) => Promise<{ records: IDataObject[]; hasMore: boolean }>;

// A name search reads on until it has a screenful of matches, or has read this many records in one
// call; the next offset is handed to n8n as the pagination token, so scrolling down ("load more")
// continues the search where it stopped.
const ENOUGH_MATCHES = 20;
const SCAN_BUDGET = 5000;

/** Digits of a mobile number in the form both APIs store it: + and the digits, US numbers with 1. */
export function normalizedNumber(text: string): string | undefined {
	const trimmed = text.trim();
	if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
	const digits = trimmed.replace(/\D/g, '');
	if (digits.length < 10) return undefined;
	return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** A plain record ID: digits only, fewer than a phone number has. */
export function recordId(text: string): string | undefined {
	const trimmed = text.trim();
	return /^\d{1,9}$/.test(trimmed) ? trimmed : undefined;
}

/** A name as people write it in the dropdown: each word with a capital first letter. */
function capitalized(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * Exact queries for a contact search: a mobile number or a contact ID; otherwise a first and/or last
 * name as stored (capitalized). Each costs one request and finds the record wherever it is in the
 * brand, however many contacts come before it.
 */
export function contactQueries(fields: { id: string; number: string; firstName: string; lastName: string }): ExactQueries {
	return (text) => {
		const number = normalizedNumber(text);
		if (number) return [{ [fields.number]: number }];
		const id = recordId(text);
		if (id) return [{ [fields.id]: id }];
		const words = text.trim().split(/\s+/).filter(Boolean).map(capitalized);
		if (words.length === 1) return [{ [fields.firstName]: words[0] }, { [fields.lastName]: words[0] }];
		if (words.length === 2) return [{ [fields.firstName]: words[0], [fields.lastName]: words[1] }];
		return [];
	};
}

/** Exact queries for any other collection: an ID typed into the search box. */
export function idQueries(idField: string): ExactQueries {
	return (text) => {
		const id = recordId(text);
		return id ? [{ [idField]: id }] : [];
	};
}

/** What a "From List" search of a collection is given: where, how records are named, the user's text. */
interface SearchOptions {
	path: string;
	label: (record: IDataObject) => string;
	exact?: ExactQueries;
	filter?: string;
	paginationToken?: string;
	pageSize?: number;
}

async function search(
	readPage: PageReader,
	options: Omit<SearchOptions, 'path' | 'pageSize'> & { idField: string; pageSize: number; scanPageSize: number },
): Promise<INodeListSearchResult> {
	const text = (options.filter ?? '').trim();
	const needle = text.toLowerCase();
	const results: Listing[] = [];
	const seen = new Set<string>();
	const add = (record: IDataObject) => {
		const value = String(record[options.idField]);
		if (seen.has(value)) return;
		seen.add(value);
		results.push({ name: options.label(record), value });
	};

	// The first call of a search tries the API's exact-match filters: a number or an ID is found
	// wherever it is, a fresh contact included. These hits come first.
	if (text && !options.paginationToken && options.exact) {
		for (const query of options.exact(text)) {
			const { records } = await readPage({ limit: options.pageSize, offset: 0, ...query });
			records.forEach(add);
		}
	}

	// Then the collection is read page by page and matched here (the APIs have no substring search).
	const pageSize = text ? options.scanPageSize : options.pageSize;
	let offset = Number(options.paginationToken ?? 0) || 0;
	let read = 0;
	let more = true;
	while (more) {
		const page = await readPage({ limit: pageSize, offset });
		for (const record of page.records) {
			const name = options.label(record);
			const id = String(record[options.idField]);
			if (!needle || `${name} ${id}`.toLowerCase().includes(needle)) add(record);
		}
		offset += page.records.length;
		read += page.records.length;
		more = page.hasMore && page.records.length > 0;
		if (results.length >= ENOUGH_MATCHES || read >= SCAN_BUDGET) break;
	}
	return { results, paginationToken: more ? String(offset) : undefined };
}

/** A "From List" search over a collection of the current API (`{data, pagingData: {hasMore}}`). */
export async function searchCurrent(
	ctx: ILoadOptionsFunctions,
	options: SearchOptions & { idField: string },
): Promise<INodeListSearchResult> {
	const readPage: PageReader = async (qs) => {
		const body = (await lookupRequest(ctx, 'current', options.path, qs)) as IDataObject;
		const records = Array.isArray(body?.data) ? (body.data as IDataObject[]) : [];
		return { records, hasMore: (body?.pagingData as IDataObject | undefined)?.hasMore === true };
	};
	const pageSize = options.pageSize ?? 200;
	// The current API's largest page is not documented: name searches read the same 200 at a time.
	return await search(readPage, { ...options, exact: options.exact ?? idQueries(options.idField), pageSize, scanPageSize: pageSize });
}

/** The same for a legacy collection (`{meta: {total}, <key>: [...]}`; pages of up to 10,000). */
export async function searchLegacy(
	ctx: ILoadOptionsFunctions,
	options: SearchOptions & { key: string; idField?: string },
): Promise<INodeListSearchResult> {
	const readPage: PageReader = async (qs) => {
		const body = (await lookupRequest(ctx, 'legacy', options.path, qs)) as IDataObject;
		const records = Array.isArray(body?.[options.key]) ? (body[options.key] as IDataObject[]) : [];
		const total = Number((body?.meta as IDataObject | undefined)?.total ?? 0);
		return { records, hasMore: Number(qs.offset) + records.length < total };
	};
	const idField = options.idField ?? 'id';
	const pageSize = options.pageSize ?? 200;
	return await search(readPage, {
		...options,
		idField,
		exact: options.exact ?? idQueries(idField),
		pageSize,
		scanPageSize: 1000,
	});
}
