'use strict';
// Paging and filters: every collection GET of the current API goes through pageOf, so paging and
// filters behave the same everywhere, as they do on SlickText.

const { MAX_PAGE_SIZE } = require('./constants');
const { MESSAGES, fail } = require('./errors');

function pageSizeParam(query, name) {
	const value = query[name];
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE_SIZE) fail(400, MESSAGES.pageSize(name));
	return Number(value);
}

function pageStartParam(query, name) {
	const value = query[name];
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value)) fail(400, MESSAGES.pageStart(name));
	return Number(value);
}

/**
 * limit/offset or page/pageSize (page is 0-based). limit wins over pageSize and offset over page when
 * both are given.
 */
function pagingOf(query, defaultSize) {
	const limit = pageSizeParam(query, 'limit');
	const pageSize = pageSizeParam(query, 'pageSize');
	const offset = pageStartParam(query, 'offset');
	const page = pageStartParam(query, 'page');
	const size = limit ?? pageSize ?? defaultSize;
	return { size, offset: offset ?? (page ?? 0) * size };
}

const PAGING_PARAMS = new Set(['limit', 'offset', 'page', 'pageSize']);

/** Every non-paging query parameter, as a predicate: exact, case-sensitive, compared as strings. */
function filterOf(query, resource, brand) {
	const tests = [];
	for (const [name, wanted] of Object.entries(query)) {
		if (PAGING_PARAMS.has(name)) continue;
		const read = resource.filterField(name, brand);
		if (!read) fail(400, MESSAGES.unknownFilter(name));
		tests.push((record) => {
			const value = read(record);
			return value !== undefined && value !== null && typeof value !== 'object' && String(value) === wanted;
		});
	}
	if (tests.length === 0) return undefined;
	return (record) => tests.every((test) => test(record));
}

/**
 * The paging envelope. When everything fits in one page the four page fields are null (as the spec
 * says); otherwise they are page numbers (0-based, like `page`) and currentPageString is the current
 * page number as a string, since the API reports no total.
 */
function envelope(data, { offset, size }, hasMore) {
	if (offset === 0 && !hasMore) {
		return { data, pagingData: { prevPage: null, currentPage: null, nextPage: null, currentPageString: null, hasMore } };
	}
	const currentPage = Math.floor(offset / size);
	return {
		data,
		pagingData: {
			prevPage: currentPage > 0 ? currentPage - 1 : null,
			currentPage,
			nextPage: hasMore ? currentPage + 1 : null,
			currentPageString: String(currentPage),
			hasMore,
		},
	};
}

/** One collection GET: filter, then slice. O(n) at worst, a plain slice without filters. */
function pageOf(ctx, brand, resource, records) {
	const paging = pagingOf(ctx.query, resource.pageSize);
	const keep = filterOf(ctx.query, resource, brand);
	const selected = keep ? records.filter(keep) : records;
	const data = selected.slice(paging.offset, paging.offset + paging.size);
	const hasMore = paging.offset + data.length < selected.length;
	return { body: envelope(data, paging, hasMore) };
}

module.exports = { pageOf, pagingOf, filterOf, PAGING_PARAMS };
