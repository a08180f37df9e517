'use strict';
// Contacts: opt in (silently, with the auto reply, or with double opt-in), edit, opt out, delete,
// get, get many.

const { DOUBLE_OPT_IN_MAX } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { laNow, parseTimestamp } = require('./time');
const { normalizeNumber, requireNumber, customFieldValue, fieldKey, noQuery, given, required } = require('./validate');
const { stateFromNumber } = require('./seedData');
const { membershipKey, addContact, removeContacts, findTextword, findContact, outboxPush } = require('./store');
const { contactView, customKeys, contactFields } = require('./views');
const { collection, link, DATE_RANGES } = require('./paging');
const { dispatch } = require('./actions');

const CONTACT_EDITABLE = ['firstName', 'lastName', 'email', 'city', 'state', 'zipCode', 'country', 'birthDate'];

/**
 * Custom fields are passed by their key (the field name without spaces, e.g. FavoriteDrink) or by the
 * field name itself ("Favorite Drink"). Returns name -> field for the textword.
 */
function customParams(state, textwordId) {
	const names = new Map();
	for (const field of state.customFields) {
		// Unknown textword (a 404 follows): accept every field name so the 404 is what the caller sees.
		if (textwordId !== undefined && field.textword !== textwordId) continue;
		names.set(fieldKey(field.subscriberField), field);
		names.set(field.subscriberField, field);
	}
	return names;
}

/** The textword a contact POST is about, for knowing its custom fields; undefined when unknown yet. */
function contactTextword(state, body) {
	if (given(body, 'id')) return state.contactsById.get(String(body.id).trim())?.textword;
	if (!given(body, 'textword')) return undefined;
	const id = String(body.textword).trim();
	return state.textwords.some((t) => t.id === id) ? id : undefined;
}

/** Contact fields from a POST body: '' clears a field (null), absent leaves it alone. */
function contactChanges(state, body, textwordId) {
	const changes = {};
	for (const name of CONTACT_EDITABLE) {
		if (body[name] === undefined) continue;
		const value = String(body[name]).trim();
		if (value === '') {
			changes[name] = null;
			continue;
		}
		if (name === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) fail(400, MESSAGES.email);
		if (name === 'birthDate' && parseTimestamp(value) === undefined) fail(400, MESSAGES.dateFormat('birthDate'));
		changes[name] = value;
	}
	for (const [name, field] of customParams(state, textwordId)) {
		if (body[name] === undefined) continue;
		const key = fieldKey(field.subscriberField);
		changes[key] = customFieldValue(field, name, String(body[name]).trim());
	}
	return changes;
}

function newContact(state, textword, number, changes, optInMethod) {
	const contact = {
		id: String(state.nextContactId++),
		number,
		city: null,
		state: stateFromNumber(number),
		zipCode: null,
		country: 'US',
		textword: textword.id,
		subscribedDate: laNow(),
		firstName: null,
		lastName: null,
		birthDate: null,
		email: null,
		optInMethod,
	};
	for (const key of customKeys(state, textword.id)) contact[key] = null;
	return Object.assign(contact, changes);
}

/** The checks every way into a textword shares: not opted out, not subscribed already. */
function checkCanJoin(state, textword, number) {
	const key = membershipKey(textword.id, number);
	if (state.optOuts.has(key)) fail(400, MESSAGES.optedOut);
	if (state.contactsByMembership.has(key)) fail(400, MESSAGES.alreadySubscribed);
}

const defaultDoubleOptIn = (textword) =>
	`Reply YES to join ${textword.word} texts from Bluebird Coffee. Msg&data rates may apply. Reply STOP to cancel.`;

function optIn(kind) {
	return {
		params: (state, body) => [
			'textword', 'number', ...CONTACT_EDITABLE, ...customParams(state, contactTextword(state, body)).keys(),
			...(kind === 'DOUBLEOPTIN' ? ['doubleOptInMessage'] : []),
		],
		run(ctx, state, body) {
			const textword = findTextword(state, required(body, 'textword'));
			const number = requireNumber(required(body, 'number'));
			const changes = contactChanges(state, body, textword.id);
			checkCanJoin(state, textword, number);
			if (kind === 'DOUBLEOPTIN') {
				const text = given(body, 'doubleOptInMessage') ? String(body.doubleOptInMessage) : defaultDoubleOptIn(textword);
				if (text.length > DOUBLE_OPT_IN_MAX) fail(400, MESSAGES.doubleOptInMessage);
				// Not a subscriber until the YES reply (see inboundText); a repeat replaces the pending one.
				const pending = newContact(state, textword, number, changes, 'api');
				pending.subscribedDate = null;
				state.pending.set(membershipKey(textword.id, number), pending);
				outboxPush(state, { kind: 'doubleOptIn', textword: textword.id, to: [number], body: text });
				return { body: { meta: { success: true }, pendingContact: contactView(pending) } };
			}
			const contact = newContact(state, textword, number, changes, 'api');
			addContact(state, contact);
			// OPTIN is silent; OPTINWITHAUTOREPLY sends the textword's auto reply.
			if (kind === 'OPTINWITHAUTOREPLY') {
				outboxPush(state, { kind: 'autoReply', textword: textword.id, to: [number], body: textword.autoReply });
			}
			return { body: { meta: { success: true }, contact: contactView(contact) } };
		},
	};
}

const CONTACT_ACTIONS = {
	OPTIN: optIn('OPTIN'),
	OPTINWITHAUTOREPLY: optIn('OPTINWITHAUTOREPLY'),
	DOUBLEOPTIN: optIn('DOUBLEOPTIN'),
	EDIT: {
		params: (state, body) => ['id', 'textword', 'number', ...CONTACT_EDITABLE, ...customParams(state, contactTextword(state, body)).keys()],
		run(ctx, state, body) {
			let contact;
			if (given(body, 'id')) {
				contact = findContact(state, body.id);
				const sameTextword = !given(body, 'textword') || String(body.textword).trim() === contact.textword;
				const sameNumber = !given(body, 'number') || normalizeNumber(body.number) === contact.number;
				if (!sameTextword || !sameNumber) fail(400, MESSAGES.editMismatch);
			} else {
				if (!given(body, 'textword') || !given(body, 'number')) fail(400, MESSAGES.editTarget);
				const textword = findTextword(state, body.textword);
				const number = requireNumber(body.number);
				contact = state.contactsByMembership.get(membershipKey(textword.id, number));
				if (!contact) fail(404, MESSAGES.missing('Contact'));
			}
			Object.assign(contact, contactChanges(state, body, contact.textword));
			return { body: { meta: { success: true }, contact: contactView(contact) } };
		},
	},
};

const ONE_CONTACT_ACTIONS = {
	// Recorded, so the number can come back only by texting in; no confirmation is sent.
	OPTOUT: {
		params: [],
		run(ctx, state) {
			const contact = findContact(state, ctx.params.id);
			removeContacts(state, [contact]);
			state.optOuts.set(membershipKey(contact.textword, contact.number), {
				id: contact.id, number: contact.number, textword: contact.textword, date: laNow(),
			});
			return { body: { meta: { success: true } } };
		},
	},
	// Gone without a trace: the API may opt the number in again.
	DELETE: {
		params: [],
		run(ctx, state) {
			removeContacts(state, [findContact(state, ctx.params.id)]);
			return { body: { meta: { success: true } } };
		},
	},
};

const ROUTES = [
	['GET', '/contacts', (ctx, state) =>
		collection(ctx, { key: 'contacts', records: state.contacts, fields: contactFields(state), range: DATE_RANGES.contacts, view: contactView })],
	['POST', '/contacts', dispatch(CONTACT_ACTIONS)],
	['GET', '/contacts/:id', (ctx, state) => {
		noQuery(ctx);
		const contact = findContact(state, ctx.params.id);
		return { body: { links: { self: link(ctx, `/contacts/${contact.id}`) }, contacts: [contactView(contact)] } };
	}],
	['POST', '/contacts/:id', dispatch(ONE_CONTACT_ACTIONS)],
];

module.exports = { ROUTES, newContact };
