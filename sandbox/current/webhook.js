'use strict';
// A contact's text to a brand, and the inbox_message_received event SlickText posts for it
// (public-api-notes.md, Webhooks: a JSON envelope, unsigned). The text lands in the contact's inbox
// thread as its last, incoming message and as a Message record (GET /messages, the thread's content),
// which is what the trigger's Confirm Events lookup reads. A stop word unsubscribes the contact.

const { randomBytes } = require('node:crypto');
const { stamp } = require('./time');
const { buildMessage } = require('./message');
const { objectId, nextId } = require('./resources');

// Carrier stop words (CTIA); SlickText honours them on every number. Case and spaces are ignored.
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const isStopWord = (text) => STOP_WORDS.has(String(text).replace(/\s+/g, '').toUpperCase());

/** `+` and digits, 10 digits get +1; undefined when it is no phone number. */
function mobileOf(value) {
	const raw = String(value ?? '').trim();
	if (!/^[0-9+\-(). ]+$/.test(raw)) return undefined;
	const digits = raw.replace(/\D/g, '');
	if (digits.length === 10) return `+1${digits}`;
	return digits.length >= 11 && digits.length <= 15 ? `+${digits}` : undefined;
}

/** The brand a reply goes to (default: the main one), or a message saying it is none of the sandbox's. */
function replyBrand(state, brandId) {
	const main = state.current;
	const wantedBrand = brandId === undefined || brandId === null || brandId === '' ? main.brand.brand_id : String(brandId).trim().replace(/^b/i, '');
	const brand = /^\d+$/.test(String(wantedBrand)) ? main.brands.get(Number(wantedBrand)) : undefined;
	if (!brand) return { error: `brandId ${JSON.stringify(brandId)} is not a brand of the sandbox (${[...main.brands.keys()].join(', ')})` };
	return { brand };
}

/**
 * Checks a reply before anything changes: the brand (default: the main one), then the contact by
 * contactId or by the number `from`. Returns {brand, contact}, or a message saying what is wrong.
 */
function checkCurrentReply(state, { brandId, contactId, from }) {
	const { brand, error } = replyBrand(state, brandId);
	if (error) return { error };
	const id = brand.brand.brand_id;
	let number;
	if (from !== undefined && from !== null && from !== '') {
		number = mobileOf(from);
		if (!number) return { error: `"from" must be a phone number such as +16175550100 (got ${JSON.stringify(from)})` };
	}
	if (contactId !== undefined && contactId !== null && contactId !== '') {
		const contact = /^\d+$/.test(String(contactId).trim()) ? brand.contactById.get(Number(contactId)) : undefined;
		if (!contact) return { error: `contactId ${JSON.stringify(contactId)} is not a contact of brand ${id}` };
		if (number && contact.mobile_number !== number) {
			return { error: `contact ${contact.contact_id} has the number ${contact.mobile_number}, not ${number} ("from")` };
		}
		return { brand, contact };
	}
	if (!number) return { error: 'a reply on the current platform needs "contactId" or "from" (the contact\'s mobile number)' };
	const contact = brand.contactByNumber.get(number);
	if (!contact) {
		const example = brand.contacts[0]?.mobile_number ?? '+16175550100';
		return { error: `${number} is not a contact of brand ${id}: reply from a contact's number (e.g. ${example}, see GET /v1/brands/${id}/contacts)` };
	}
	return { brand, contact };
}

/** The contact's inbox thread, made when it has none yet. */
function threadOf(b, contact, ms) {
	const found = b.threads.find((t) => t._contact_id === contact.contact_id);
	if (found) return found;
	const created = stamp(ms);
	const thread = {
		_id: objectId(ms, 'b4d5e6f7', nextId(b, 'thread')), _brand_id: b.brand.brand_id, _contact_id: contact.contact_id,
		status: 'open', _last_message_id: null, last_message: null, last_message_direction: null, last_message_sent: null,
		_assigned_to_user_id: null, created, updated: created, _inbox_tag_ids: [],
	};
	b.threads.push(thread);
	b.threadContent.set(thread._id, []);
	return thread;
}

/** 24 hex digits like SlickText's event ids: the time, then random digits (unique across resets). */
function eventId(ms) {
	return Math.floor(ms / 1000).toString(16).padStart(8, '0') + randomBytes(8).toString('hex');
}

/** The text arrives: the brand's state changes, and the one event to post is returned. */
function currentReply({ brand: b, contact }, { text, to }) {
	const ms = Date.now();
	const thread = threadOf(b, contact, ms);
	const message = buildMessage(b, { contact, direction: 'incoming', body: text, source: 'InboxThread', status: 'processed', ms });
	b.messages.push(message);
	b.threadContent.get(thread._id).push(message);
	Object.assign(thread, {
		_last_message_id: message._id, last_message: message.body, last_message_direction: 'incoming',
		last_message_sent: message.created, updated: message.created,
	});
	if (isStopWord(text) && contact.opt_in_status !== 'unsubscribed') {
		contact.opt_in_status = 'unsubscribed';
		contact.last_opt_in_status_change = message.created;
		contact.last_updated = message.created;
	}
	const data = { contact_id: contact.contact_id, ...thread, _inbox_tag_ids: [...thread._inbox_tag_ids] };
	return [{ id: eventId(ms), name: 'inbox_message_received', url: to, attempts: 1, date: stamp(ms), data }];
}

/** The request SlickText sends for one event: JSON, no signature. */
function currentRequest(event) {
	return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) };
}

module.exports = { checkCurrentReply, replyBrand, currentReply, currentRequest, isStopWord, STOP_WORDS };
