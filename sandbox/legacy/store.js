'use strict';
// Small helpers that keep the state's indexes in sync, the lookups that answer 404, and the outbox.

const { MESSAGES, fail } = require('./errors');
const { laNow } = require('./time');

const membershipKey = (textword, number) => `${textword}:${number}`;

function addContact(state, contact) {
	state.contacts.push(contact);
	state.contactsById.set(contact.id, contact);
	state.contactsByMembership.set(membershipKey(contact.textword, contact.number), contact);
}

/** Removes contacts (an array of records) in one O(n) pass over the list. */
function removeContacts(state, doomed) {
	const gone = new Set(doomed);
	for (const contact of doomed) {
		state.contactsById.delete(contact.id);
		state.contactsByMembership.delete(membershipKey(contact.textword, contact.number));
	}
	state.contacts = state.contacts.filter((c) => !gone.has(c));
}

const contactsOf = (state, textwordId) => state.contacts.filter((c) => c.textword === textwordId);

function findTextword(state, id) {
	const textword = state.textwords.find((t) => t.id === String(id).trim());
	if (!textword) fail(404, MESSAGES.missing('Textword'));
	return textword;
}

function findContact(state, id) {
	const contact = state.contactsById.get(String(id).trim());
	if (!contact) fail(404, MESSAGES.missing('Contact'));
	return contact;
}

function findMessage(state, id) {
	const message = state.messages.find((m) => m.id === String(id).trim());
	if (!message) fail(404, MESSAGES.missing('Message'));
	return message;
}

/** /shortlinks/{id} or /shortlinks/hash-{hash}: one router segment, told apart here. */
function findShortlink(state, ref) {
	const byHash = /^hash-(.+)$/.exec(ref);
	const shortlink = byHash
		? state.shortlinks.find((s) => s.hash === byHash[1])
		: /^\d+$/.test(ref)
			? state.shortlinks.find((s) => s.id === Number(ref))
			: undefined;
	if (!shortlink) fail(404, MESSAGES.missing('Shortlink'));
	return shortlink;
}

/** A text the account would have sent, kept so tests can check which opt-in sends what. */
function outboxPush(state, entry) {
	state.outbox.push({ at: laNow(), ...entry });
}

/** A new textword whose subscribers are `people` ({number, firstName?}), after the seeded ones; its ID. */
function addTextword(state, word, people) {
	const id = String(Math.max(...state.textwords.map((t) => Number(t.id))) + 1);
	state.textwords.push({ ...state.textwords[0], id, word, autoReply: `Thanks for joining ${word}.`, added: '2026-01-05 09:00:00' });
	for (const person of people) {
		const where = { city: null, state: null, zipCode: null, country: 'US' };
		const who = { firstName: person.firstName ?? null, lastName: null, birthDate: null, email: null };
		addContact(state, { id: String(state.nextContactId++), number: person.number, ...where, textword: id, subscribedDate: '2026-01-05 09:00:00', ...who, optInMethod: 'api' });
	}
	return id;
}

module.exports = {
	addTextword,
	membershipKey, addContact, removeContacts, contactsOf, findTextword, findContact, findMessage, findShortlink,
	outboxPush,
};
