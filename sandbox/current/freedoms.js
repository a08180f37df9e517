'use strict';
// Which fields of a current-API answer may come in which form (see ../shared/freedoms.js for the kinds).
// The spec gives record field types (integers stay integers), but leaves these open:
// - pagingData's prevPage, currentPage, nextPage, currentPageString: "Their types when non-null: not
//   shown", so a number or a string (null when everything fits in one page, which the paging serves);
// - zip: "string in responses on retrieval; numeric values also appear in request and update payloads",
//   so a number in the create and update answers;
// - the list contact count: a bare number (public-api-notes, [code]) or a "count object" (spec);
// - custom_fields: "object keyed by custom-field internal_name, or null", so an empty one is {} or null
//   on reads (the create and update answers include it as an object);
// - fields documented "or null", served null at random only with the option nulls: true.
// docs/assumptions.md lists each with the spec's words.

const { BRAND_PATH } = require('./constants');

const N = 'number';
const NULLABLE = 'nullable';

const PAGING = { prevPage: N, currentPage: N, nextPage: N, currentPageString: N };
const CONTACT_READ = {
	custom_fields: ['emptyOrNull', NULLABLE], mobile_number_carrier: NULLABLE, _source_id: NULLABLE, sub_source: NULLABLE,
	_sub_source_id: NULLABLE, last_updated: NULLABLE,
};
// Create and update answers: zip may be a number; custom_fields is an object there, last_updated is set.
const CONTACT_WRITTEN = {
	zip: 'zip', mobile_number_carrier: NULLABLE, _source_id: NULLABLE, sub_source: NULLABLE, _sub_source_id: NULLABLE,
};
const BRAND = { logo: NULLABLE, message_credit_limit: NULLABLE, opt_out_intel_action: NULLABLE, opt_out_intel_message: NULLABLE };
const USAGE = { message_credit_limit: NULLABLE };
// entry_rule_time_value and _unit are null exactly when the entry rule needs no window: left as stored.
const WORKFLOW = {
	created: NULLABLE, last_updated: NULLABLE, last_activated: NULLABLE, last_deactivated: NULLABLE, last_cleared: NULLABLE,
};
const POPUP = {
	show_scroll_text: NULLABLE, url_show_rules: NULLABLE, url_hide_rules: NULLABLE, show_date: NULLABLE, hide_date: NULLABLE,
	website_preview_url: NULLABLE, opt_in_message_media_url: NULLABLE, deleted: NULLABLE,
};

const page = (record) => ({ pagingData: PAGING, data: [record] });
const ENVELOPE = { pagingData: PAGING };

const BRAND_PREFIX = new RegExp(`^${BRAND_PATH.replace(':brandId', '[^/]+')}`);

// [method, path below /v1/brands/{id}, description]; the first match wins.
const ROUTES = [
	['GET', /^\/usage$/, USAGE],
	['GET', /^\/contacts$/, page(CONTACT_READ)],
	['GET', /^\/lists\/[^/]+\/contacts$/, page(CONTACT_READ)],
	['GET', /^\/lists\/[^/]+\/contacts\/count$/, 'count'],
	['GET', /^\/contacts\/[^/]+$/, CONTACT_READ],
	['POST', /^\/contacts$/, CONTACT_WRITTEN],
	['PUT', /^\/contacts\/[^/]+$/, CONTACT_WRITTEN],
	['GET', /^\/workflows$/, page(WORKFLOW)],
	['GET', /^\/workflows\/[^/]+$/, WORKFLOW],
	['PUT', /^\/workflows\/[^/]+$/, WORKFLOW],
	['GET', /^\/website-popups$/, page(POPUP)],
	['GET', /^\/website-popups\/[^/]+$/, POPUP],
	['PUT', /^\/website-popups\/[^/]+$/, POPUP],
	// Every other collection: the paging envelope only (single records have no pagingData to touch).
	['GET', /./, ENVELOPE],
];

/** The description for an answer, or undefined when nothing in it is free. */
function describeAnswer(method, path, status) {
	if (status !== 200) return undefined;
	if (method === 'GET' && /^\/v1\/brands\/?$/.test(path)) return BRAND;
	const prefix = BRAND_PREFIX.exec(path);
	if (!prefix) return undefined;
	const rest = path.slice(prefix[0].length).replace(/\/$/, '');
	for (const [m, pattern, description] of ROUTES) {
		if (m === method && pattern.test(rest)) return description;
	}
	return undefined;
}

module.exports = { describeAnswer, PAGING, CONTACT_READ, CONTACT_WRITTEN };
