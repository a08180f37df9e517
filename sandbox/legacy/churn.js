'use strict';
// The legacy API's contact collections for Sandbox#churn (see ../shared/churn.js): /contacts and
// /textwords/{id}/contacts, as a GET selected them (filters included), and how records leave (deleted)
// and join (a copy of a neighbour with a new id and number, in front of it or at the end).

const { BASE } = require('./constants');
const { select, DATE_RANGES } = require('./paging');
const { contactsOf, removeContacts, membershipKey } = require('./store');
const { contactFields } = require('./views');

const PATH = new RegExp(`^${BASE}/(?:contacts|textwords/([^/]+)/contacts)/?$`);

function freeNumber(state, textword) {
	for (let n = 9999999; n > 0; n--) {
		const number = `+1555${String(n).padStart(7, '0')}`;
		if (!state.contactsByMembership.has(membershipKey(textword, number))) return number;
	}
	throw new Error('no free mobile number');
}

function contactCollection(sandbox, entry) {
	const m = PATH.exec(entry.path);
	if (!m) return undefined;
	const state = sandbox.state.legacy;
	const textwordId = m[1];
	if (textwordId !== undefined && !state.textwords.some((t) => t.id === textwordId)) return undefined;
	const records = textwordId === undefined ? state.contacts : contactsOf(state, textwordId);
	const searchParams = new URLSearchParams(entry.rawQuery || '');
	const { limit, offset, matched } = select(searchParams, { records, fields: contactFields(state), range: DATE_RANGES.contacts });
	return {
		matched,
		nextOffset: offset + limit,
		idOf: (contact) => contact.id,
		remove(leaving) {
			removeContacts(state, leaving);
		},
		add(template, anchor) {
			const contact = { ...template, id: String(state.nextContactId++), number: freeNumber(state, template.textword) };
			const at = anchor ? state.contacts.indexOf(anchor) : -1;
			if (at < 0) state.contacts.push(contact);
			else state.contacts.splice(at, 0, contact);
			state.contactsById.set(contact.id, contact);
			state.contactsByMembership.set(membershipKey(contact.textword, contact.number), contact);
			return contact;
		},
	};
}

module.exports = { contactCollection };
