'use strict';
// The current, brand-scoped SlickText API (../shared/spec/current-api.md, plus the groups that
// public-api-notes.md documents: segments, links, inbox threads, analytics), served under /v1.
// One file per resource, as in nodes/SlickText/resources/; shared pieces: constants, errors (every
// message the API answers with), time, validate, auth, paging, resources (the generic routes), seed.
//
// In memory and stateful. State layout: `state.current` is brand 1001 itself (contacts, lists,
// segments... at the top level, which is what tests read), and `state.current.brands` (not
// enumerable) maps every brand id to its data, brand 1001 included.

const { MAX_PAGE_SIZE } = require('./constants');
const { MESSAGES } = require('./errors');
const { createState } = require('./seed');

// Registration order matters where patterns overlap (list membership routes before /lists/:id).
const RESOURCE_MODULES = [
	require('./brand'),
	require('./contact'),
	require('./message'),
	require('./keyword'),
	require('./campaign'),
	require('./list'),
	require('./workflow'),
	require('./customField'),
	require('./websitePopup'),
	require('./segment'),
	require('./link'),
	require('./inboxThread'),
	require('./analytics'),
];

function register(router) {
	for (const resource of RESOURCE_MODULES) resource.register(router);
}

module.exports = { createState, register, MESSAGES, MAX_PAGE_SIZE };
