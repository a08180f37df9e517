'use strict';
// A person's text to the legacy account, and the webhook events SlickText posts for it
// (public-api-notes.md, Webhooks): ChatMessageRecieved (sic) for the text, then an OptOut per textword
// the number left when the text was STOP. The names of the fields inside Subscriber, Textword, ChatThread
// and ChatMessage are not published in full [guess]: they follow the package's trigger fixtures
// (test/nodes/SlickTextTrigger/fixtures.ts) and live in the three small builders below, easy to change.

const { createHmac } = require('node:crypto');
const { laNow } = require('./time');
const { normalizeNumber } = require('./validate');
const { inboundText } = require('./inbound');

const textwordRef = (textword) => ({ TextwordId: Number(textword.id), Word: textword.word });

function subscriberRef(contact) {
	return {
		SubscriberId: Number(contact.id),
		FirstName: contact.firstName ?? null,
		LastName: contact.lastName ?? null,
		PhoneNumber: contact.number,
		Email: contact.email ?? null,
	};
}

const subscriptionsOf = (state, number) => state.contacts.filter((c) => c.number === number);

/** Whether the account knows the number: a subscriber, a pending or former one, or an earlier chat. */
function knowsNumber(state, number) {
	if (state.chatThreads.has(number) || subscriptionsOf(state, number).length > 0) return true;
	for (const pending of state.pending.values()) if (pending.number === number) return true;
	for (const former of state.optOuts.values()) if (former.number === number) return true;
	return false;
}

const isTextword = (state, text) => state.textwords.some((t) => t.word === String(text).trim().toUpperCase());

/**
 * Checks a reply before anything changes. Returns the normalized number, or a message saying what is
 * wrong (the caller answers 400 with it).
 */
function checkLegacyReply(state, { from, text }) {
	const number = normalizeNumber(from);
	if (!number) return { error: `"from" must be a phone number such as +16192000000 (got ${JSON.stringify(from ?? null)})` };
	if (!knowsNumber(state, number) && !isTextword(state, text)) {
		const example = state.contacts[0]?.number ?? '+16192000000';
		const words = state.textwords.map((t) => t.word).join(', ');
		return {
			error:
				`${number} is not a subscriber of the sandbox's legacy account: reply from a subscriber's number ` +
				`(e.g. ${example}, see GET /legacy/v1/contacts) or text a textword's word (${words}) to join`,
		};
	}
	return { number };
}

/**
 * The text arrives: the account's state changes as SlickText's would (inbound.js: STOP opts out, YES
 * confirms, a textword's word joins), the text is kept in the number's chat thread, and the events to
 * post are returned in the order SlickText posts them.
 */
function legacyReply(state, { number, text, mediaUrl }) {
	// The textwords the number belongs to when the text arrives (before a STOP takes it out of them).
	const before = subscriptionsOf(state, number);
	const received = laNow();
	let thread = state.chatThreads.get(number);
	if (!thread) {
		thread = { id: state.nextChatThreadId++, number, created: received, messages: [] };
		state.chatThreads.set(number, thread);
	}
	const message = { id: state.nextChatMessageId++, direction: 'incoming', from: number, body: text, mediaUrl: mediaUrl || '', received };
	thread.messages.push(message);

	const affected = inboundText(state, number, text);
	const optedOut = String(text).trim().toUpperCase() === 'STOP' ? affected : [];

	const textwordOf = (contact) => state.textwords.find((t) => t.id === contact.textword);
	const chatThread = { ChatThreadId: thread.id, WithNumber: number };
	if (before[0]) chatThread.Subscriber = subscriberRef(before[0]);
	const events = [
		{
			Event: 'ChatMessageRecieved',
			Timestamp: received,
			attemptNumber: 1,
			ChatThread: chatThread,
			ChatMessage: { ChatMessageId: message.id, FromNumber: number, Body: message.body, MediaUrl: message.mediaUrl, Received: received },
			Textwords: before.map((c) => textwordRef(textwordOf(c))),
		},
	];
	for (const contact of optedOut) {
		const date = state.optOuts.get(`${contact.textword}:${number}`)?.date ?? received;
		events.push({
			Event: 'OptOut',
			Timestamp: date,
			attemptNumber: 1,
			Subscriber: { ...subscriberRef(contact), DateOptedOut: date },
			Textword: textwordRef(textwordOf(contact)),
		});
	}
	return events;
}

/**
 * The request SlickText sends for one event: a form with the event as JSON text in `data`, signed with
 * the HMAC-MD5 (hex) of that text keyed with the webhook secret; unsigned without a secret.
 */
function legacyRequest(event, secret) {
	const data = JSON.stringify(event);
	const headers = { 'content-type': 'application/x-www-form-urlencoded' };
	if (secret) headers['x-slicktext-signature'] = createHmac('md5', secret).update(data, 'utf8').digest('hex');
	return { headers, body: new URLSearchParams({ data }).toString(), data };
}

module.exports = { checkLegacyReply, legacyReply, legacyRequest };
