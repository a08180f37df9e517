'use strict';
// Textwords: get, get many; a textword's contacts (and deleting them all), messages, segments and
// custom fields.

const { noQuery } = require('./validate');
const { findTextword, contactsOf, removeContacts } = require('./store');
const { countByTextword, textwordView, contactView, messageView, segmentView, customFieldView, contactFields, TEXTWORD_FIELDS, MESSAGE_FIELDS, SEGMENT_FIELDS, CUSTOM_FIELD_FIELDS } = require('./views');
const { collection, link, DATE_RANGES } = require('./paging');
const { dispatch } = require('./actions');

const TEXTWORD_CONTACT_ACTIONS = {
	DELETESUBSCRIBERS: {
		params: [],
		run(ctx, state) {
			const textword = findTextword(state, ctx.params.id);
			const doomed = contactsOf(state, textword.id);
			removeContacts(state, doomed);
			return { body: { meta: { success: true }, contactsDeleted: doomed.length } };
		},
	},
};

const ROUTES = [
	['GET', '/textwords', (ctx, state) => {
		const counts = countByTextword(state);
		const records = state.textwords.map((t) => textwordView(state, t, counts));
		return collection(ctx, { key: 'textwords', records, fields: TEXTWORD_FIELDS, view: (r) => r });
	}],
	['GET', '/textwords/:id', (ctx, state) => {
		noQuery(ctx);
		const textword = findTextword(state, ctx.params.id);
		return { body: { links: { self: link(ctx, `/textwords/${textword.id}`) }, textword: textwordView(state, textword) } };
	}],
	['GET', '/textwords/:id/contacts', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		return collection(ctx, {
			key: 'contacts', records: contactsOf(state, textword.id), fields: contactFields(state), range: DATE_RANGES.contacts, view: contactView,
		});
	}],
	['POST', '/textwords/:id/contacts', dispatch(TEXTWORD_CONTACT_ACTIONS)],
	['GET', '/textwords/:id/messages', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.messages.filter((m) => String(m.textword) === textword.id);
		return collection(ctx, { key: 'messages', records, fields: MESSAGE_FIELDS, range: DATE_RANGES.messages, view: (m) => messageView(state, m) });
	}],
	['GET', '/textwords/:id/segments', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.segments.filter((s) => s.textword === textword.id).map((s) => segmentView(state, s));
		return collection(ctx, { key: 'segments', records, fields: SEGMENT_FIELDS, view: (r) => r });
	}],
	['GET', '/textwords/:id/customfields', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.customFields.filter((f) => f.textword === textword.id);
		return collection(ctx, { key: 'customFields', records, fields: CUSTOM_FIELD_FIELDS, view: customFieldView });
	}],
];

module.exports = { ROUTES };
