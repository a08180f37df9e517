'use strict';
// Which fields of a legacy answer may come in which form (see ../shared/freedoms.js for the kinds).
// The spec: "Numbers are sometimes returned as strings and sometimes as numbers." So every numeric field
// of every record and envelope may be a number or its decimal string: counts, ids and id references,
// 0/1 flags and the account's numbers. Phone numbers, ZIP codes, hashes, words, prices and timestamps
// are text and stay text. docs/assumptions.md lists each field with the spec's words.
//
// Legacy answers name their records by top-level key (textwords, contact, pendingContact, items...),
// so one description covers every answer of the API.

const N = 'number';
// "null or value" / "or null" fields; served null at random only with the option nulls: true.
const NULLABLE = 'nullable';

const SHORTLINK = { id: N, clickCount: N, isSmart: N };
const TEXTWORD = { id: N, optOuts: N, ageRequirement: N, contactsCount: N };
// clickCount: contacts in a shortlink's click list. birthDate: "null or value".
const CONTACT = { id: N, textword: N, clickCount: N, birthDate: NULLABLE };
// contact: "null or id"; contactID replaces it in the send and schedule answers. scheduled: "timestamp or null".
const MESSAGE = {
	id: N, textword: N, autoReply: N, count: N, deleted: N, contact: [N, NULLABLE], contactID: [N, NULLABLE],
	scheduled: NULLABLE, shortlinks: [SHORTLINK],
};
const SEGMENT = { id: N, contacts_count: N };
const CUSTOM_FIELD = { textword: N };
const LOG_ITEM = { contact: N };

const ANSWER = {
	meta: { limit: N, offset: N, total: N },
	contactsDeleted: N,
	textwords: [TEXTWORD],
	textword: TEXTWORD,
	contacts: [CONTACT],
	contact: CONTACT,
	pendingContact: CONTACT,
	messages: [MESSAGE],
	message: MESSAGE,
	shortlinks: [SHORTLINK],
	shortlink: SHORTLINK,
	segments: [SEGMENT],
	customFields: [CUSTOM_FIELD],
	items: [LOG_ITEM],
	account: { id: N, rolloverMonths: N, maxCharacterLimit: N },
	plan: { totalTexts: N, textwords: N },
	subscriptions: [{ addons: [{ quantity: N }] }],
	rollovers: [{ totalAmount: N, amountAvailable: N, amountUsed: N }],
	usage: { totalCredits: N, totalUsedCredits: N, totalTextwords: N, activeTextwords: N, totalSubscribers: N },
};

/** The description for an answer: every successful answer of the legacy API. */
function describeAnswer(method, path, status) {
	return status === 200 ? ANSWER : undefined;
}

module.exports = { describeAnswer, ANSWER };
