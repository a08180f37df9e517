'use strict';
// The wire shape of each record. Ids: textword and contact ids are strings, message.textword,
// shortlink and segment ids are numbers, send-response contactID is a number: the spec warns that
// numbers come back both ways, and clients must cope.

const { SHORTLINK_DOMAIN } = require('./constants');
const { fieldKey } = require('./validate');

const stripInternal = (record) => {
	const out = {};
	for (const key in record) if (key[0] !== '_') out[key] = record[key];
	return out;
};

const contactView = (contact) => ({ ...contact });

function countByTextword(state) {
	const counts = new Map();
	for (const c of state.contacts) counts.set(c.textword, (counts.get(c.textword) || 0) + 1);
	return counts;
}

function optOutCount(state, textwordId) {
	let n = 0;
	for (const o of state.optOuts.values()) if (o.textword === textwordId) n++;
	return n;
}

function textwordView(state, textword, counts = countByTextword(state)) {
	return {
		id: textword.id,
		word: textword.word,
		autoReply: textword.autoReply,
		added: textword.added,
		optOuts: String(optOutCount(state, textword.id)),
		ageRequirement: textword.ageRequirement,
		contactsCount: String(counts.get(textword.id) || 0),
		textNumber: textword.textNumber,
	};
}

const clickCount = (shortlink) => shortlink._clicks.reduce((sum, c) => sum + c.clicks.length, 0);

function shortlinkView(shortlink) {
	return {
		id: shortlink.id,
		name: shortlink.name,
		url: shortlink.url,
		hash: shortlink.hash,
		clickCount: clickCount(shortlink),
		isSmart: shortlink.isSmart,
		created: shortlink.created,
		shortUrl: `${SHORTLINK_DOMAIN}/${shortlink.hash}`,
	};
}

function messageView(state, message) {
	const out = stripInternal(message);
	out.shortlinks = message.shortlinks.map((id) => shortlinkView(state.shortlinks.find((s) => s.id === id)));
	return out;
}

/** The send and schedule answers name the contact contactID (a number) instead of contact. */
function sentMessageView(state, message) {
	const out = {};
	for (const [key, value] of Object.entries(messageView(state, message))) {
		if (key === 'contact') out.contactID = value === null ? null : Number(value);
		else out[key] = value;
	}
	return out;
}

function segmentView(state, segment) {
	let count = 0;
	for (const c of state.contacts) if (c.textword === segment.textword && segment.test(c)) count++;
	return { id: segment.id, name: segment.name, description: segment.description, contacts_count: String(count) };
}

const customFieldView = (field) => ({ ...field });

const CONTACT_FIELDS = ['id', 'number', 'city', 'state', 'zipCode', 'country', 'textword', 'subscribedDate',
	'firstName', 'lastName', 'birthDate', 'email', 'optInMethod'];
const TEXTWORD_FIELDS = ['id', 'word', 'autoReply', 'added', 'optOuts', 'ageRequirement', 'contactsCount', 'textNumber'];
// shortlinks is an array of records: no exact match is possible on it, so it is no filter.
const MESSAGE_FIELDS = ['id', 'campaign', 'body', 'textword', 'autoReply', 'count', 'deleted', 'sent', 'scheduled',
	'contact', 'source', 'mediaUrl'];
const SHORTLINK_FIELDS = ['id', 'name', 'url', 'hash', 'clickCount', 'isSmart', 'created', 'shortUrl'];
const SEGMENT_FIELDS = ['id', 'name', 'description', 'contacts_count'];
const CUSTOM_FIELD_FIELDS = ['textword', 'subscriberField', 'subscriberFieldAlias', 'dataType'];

const customKeys = (state, textwordId) =>
	state.customFields.filter((f) => textwordId === undefined || f.textword === textwordId).map((f) => fieldKey(f.subscriberField));
const contactFields = (state) => [...CONTACT_FIELDS, ...new Set(customKeys(state))];

module.exports = {
	stripInternal, contactView, countByTextword, textwordView, shortlinkView, messageView, sentMessageView, segmentView,
	customFieldView, TEXTWORD_FIELDS, MESSAGE_FIELDS, SHORTLINK_FIELDS, SEGMENT_FIELDS, CUSTOM_FIELD_FIELDS, customKeys,
	contactFields,
};
