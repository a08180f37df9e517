'use strict';
// What subscribers do on their phones (no HTTP route on SlickText): for tests and demos.

const { laNow } = require('./time');
const { normalizeNumber } = require('./validate');
const { membershipKey, addContact, removeContacts, outboxPush } = require('./store');
const { newContact } = require('./contact');

/**
 * A text from `number` to the account: YES confirms a pending double opt-in, a textword's word joins
 * (or rejoins after an opt-out) with the auto reply, STOP opts out of every textword. Returns the
 * contacts affected.
 */
function inboundText(state, rawNumber, text) {
	const number = normalizeNumber(rawNumber);
	const word = String(text).trim().toUpperCase();
	if (word === 'YES') {
		const confirmed = [];
		for (const [key, pending] of state.pending) {
			if (pending.number !== number) continue;
			state.pending.delete(key);
			pending.subscribedDate = laNow();
			addContact(state, pending);
			const textword = state.textwords.find((t) => t.id === pending.textword);
			outboxPush(state, { kind: 'autoReply', textword: textword.id, to: [number], body: textword.autoReply });
			confirmed.push(pending);
		}
		return confirmed;
	}
	if (word === 'STOP') {
		const leaving = state.contacts.filter((c) => c.number === number);
		for (const c of leaving) {
			state.optOuts.set(membershipKey(c.textword, number), { id: c.id, number, textword: c.textword, date: laNow() });
		}
		removeContacts(state, leaving);
		return leaving;
	}
	const textword = state.textwords.find((t) => t.word === word);
	if (!textword) return [];
	const key = membershipKey(textword.id, number);
	state.optOuts.delete(key);
	if (state.contactsByMembership.has(key)) return [state.contactsByMembership.get(key)];
	const contact = newContact(state, textword, number, {}, 'keyword');
	addContact(state, contact);
	outboxPush(state, { kind: 'autoReply', textword: textword.id, to: [number], body: textword.autoReply });
	return [contact];
}

module.exports = { inboundText };
