'use strict';
// Shortlinks: get (by id or hash), get many, and the contacts who clicked one.

const { noQuery } = require('./validate');
const { findShortlink } = require('./store');
const { shortlinkView, contactFields, SHORTLINK_FIELDS } = require('./views');
const { collection, link, DATE_RANGES } = require('./paging');

function shortlinkClickers(state, shortlink) {
	return shortlink._clicks.map(({ id, clicks }) => {
		const contact = state.contactsById.get(id);
		// No longer subscribed: only the id and the click count are known.
		if (!contact) return { id, clickCount: clicks.length };
		return { ...contact, clickCount: clicks.length, clicks: [...clicks] };
	});
}

const ROUTES = [
	['GET', '/shortlinks', (ctx, state) => {
		const records = state.shortlinks.map(shortlinkView);
		return collection(ctx, { key: 'shortlinks', records, fields: SHORTLINK_FIELDS, view: (r) => r });
	}],
	['GET', '/shortlinks/:ref', (ctx, state) => {
		noQuery(ctx);
		const shortlink = findShortlink(state, ctx.params.ref);
		return { body: { links: { self: link(ctx, `/shortlinks/${ctx.params.ref}`) }, shortlink: shortlinkView(shortlink) } };
	}],
	['GET', '/shortlinks/:ref/contacts', (ctx, state) => {
		const records = shortlinkClickers(state, findShortlink(state, ctx.params.ref));
		return collection(ctx, {
			key: 'contacts', records, fields: [...contactFields(state), 'clickCount'], range: DATE_RANGES.contacts, view: (r) => r,
		});
	}],
];

module.exports = { ROUTES };
