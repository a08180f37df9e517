'use strict';
// Messages: send or schedule (to a textword, a segment of it, a number or a contact), delete, get,
// get many, and the send log (messageLog.js).

const { MMS_LIMIT, SHORTLINK_DOMAIN } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { laNow, parseTimestamp } = require('./time');
const { requireNumber, checkMediaUrl, isShortCode, noQuery, given, required } = require('./validate');
const { membershipKey, addContact, findTextword, findContact, findMessage, outboxPush } = require('./store');
const { messageView, sentMessageView, MESSAGE_FIELDS } = require('./views');
const { collection, link, DATE_RANGES } = require('./paging');
const { dispatch } = require('./actions');
const { newContact } = require('./contact');
const { buildLog, sendLog } = require('./messageLog');

const MESSAGE_PARAMS = ['textword', 'contact', 'number', 'body', 'campaign', 'segment', 'mediaUrl'];

function sendOrSchedule(kind) {
	return {
		params: kind === 'SCHEDULE' ? [...MESSAGE_PARAMS, 'scheduled'] : MESSAGE_PARAMS,
		run(ctx, state, body) {
			// Every check comes before any change, so a refused request leaves nothing behind.
			const text = required(body, 'body');
			const hasTextword = given(body, 'textword');
			const hasContact = given(body, 'contact');
			if (hasTextword === hasContact) fail(400, MESSAGES.oneTarget);
			if (given(body, 'number') && !hasTextword) fail(400, MESSAGES.numberNeedsTextword);
			if (given(body, 'segment') && (!hasTextword || given(body, 'number'))) fail(400, MESSAGES.segmentNeedsTextword);

			let textword;
			let contact;
			let number;
			let segment;
			if (hasContact) {
				contact = findContact(state, body.contact);
				textword = findTextword(state, contact.textword);
			} else {
				textword = findTextword(state, body.textword);
				if (given(body, 'number')) {
					number = requireNumber(body.number);
					if (state.optOuts.has(membershipKey(textword.id, number))) fail(400, MESSAGES.optedOut);
					contact = state.contactsByMembership.get(membershipKey(textword.id, number));
				}
				if (given(body, 'segment')) {
					const id = String(body.segment).trim();
					segment = state.segments.find((s) => String(s.id) === id && s.textword === textword.id);
					if (!segment) fail(400, MESSAGES.segmentNotInTextword(id, textword.id));
				}
			}

			let scheduled = null;
			if (kind === 'SCHEDULE') {
				scheduled = required(body, 'scheduled');
				if (parseTimestamp(scheduled) === undefined) fail(400, MESSAGES.dateFormat('scheduled'));
				if (!/:(00|15|30|45):00$/.test(scheduled)) fail(400, MESSAGES.quarterHour);
				if (scheduled <= laNow()) fail(400, MESSAGES.scheduledPast);
			}

			const mediaUrl = given(body, 'mediaUrl') ? checkMediaUrl(String(body.mediaUrl).trim()) : null;
			const max = mediaUrl
				? isShortCode(textword.textNumber) ? MMS_LIMIT.shortCode : MMS_LIMIT.other
				: Number(state.account.account.maxCharacterLimit);
			if (text.length > max) fail(400, MESSAGES.bodyLength(max, mediaUrl ? 'MMS on this number' : 'SMS'));

			// textword + a new number: opted in silently (no auto reply), and only that contact is texted.
			if (number && !contact) {
				contact = newContact(state, textword, number, {}, 'api');
				addContact(state, contact);
			}
			const recipients = contact
				? [contact]
				: state.contacts.filter((c) => c.textword === textword.id && (!segment || segment.test(c)));

			const sentAt = kind === 'SEND' ? laNow() : null;
			const message = {
				id: String(state.nextMessageId++),
				campaign: given(body, 'campaign') ? String(body.campaign) : '',
				body: text,
				textword: Number(textword.id),
				autoReply: 0,
				count: kind === 'SEND' ? recipients.length : 0,
				deleted: 0,
				sent: sentAt,
				scheduled,
				contact: contact ? contact.id : null,
				source: 'API',
				mediaUrl,
				// shortlinks whose short URL appears in the body are tracked for this message
				shortlinks: state.shortlinks.filter((s) => text.includes(`${SHORTLINK_DOMAIN}/${s.hash}`)).map((s) => s.id),
				_status: kind === 'SEND' ? 'sent' : 'scheduled',
				_log: kind === 'SEND' ? buildLog(recipients, textword.textNumber, sentAt) : [],
			};
			state.messages.push(message);
			if (kind === 'SEND') {
				const to = recipients.map((r) => r.number);
				outboxPush(state, { kind: 'message', messageId: message.id, textword: textword.id, to, body: text, mediaUrl });
				state.account.usage.totalUsedCredits += recipients.length * (mediaUrl ? 3 : 1);
			}
			return { body: { meta: { success: true }, message: sentMessageView(state, message) } };
		},
	};
}

const MESSAGE_ACTIONS = { SEND: sendOrSchedule('SEND'), SCHEDULE: sendOrSchedule('SCHEDULE') };

const ONE_MESSAGE_ACTIONS = {
	DELETE: {
		params: [],
		run(ctx, state) {
			const message = findMessage(state, ctx.params.id);
			// Unsent, scheduled (cancelled by this) and failed messages may go; sent ones stay.
			if (message._status === 'sent') fail(400, MESSAGES.sentNotDeletable);
			state.messages = state.messages.filter((m) => m !== message);
			return { body: { meta: { success: true } } };
		},
	},
};

const ROUTES = [
	['GET', '/messages', (ctx, state) =>
		collection(ctx, { key: 'messages', records: state.messages, fields: MESSAGE_FIELDS, range: DATE_RANGES.messages, view: (m) => messageView(state, m) })],
	['POST', '/messages', dispatch(MESSAGE_ACTIONS)],
	['GET', '/messages/:id', (ctx, state) => {
		noQuery(ctx);
		const message = findMessage(state, ctx.params.id);
		return { body: { links: { self: link(ctx, `/messages/${message.id}`) }, message: messageView(state, message) } };
	}],
	['POST', '/messages/:id', dispatch(ONE_MESSAGE_ACTIONS)],
	['GET', '/messages/:id/log', sendLog],
];

module.exports = { ROUTES };
