'use strict';
// Messages: the Message record (also built for campaigns, keyword replies and inbox threads) and
// GET /messages.

const { stamp } = require('./time');
const { objectId, nextId, RESOURCES, routeResource } = require('./resources');

/** A Message record; the nested text_number, brand and user objects are shared, never changed. */
function buildMessage(b, { contact, direction, body, source, sourceId = null, status, ms, userId = null }) {
	const counter = nextId(b, 'message');
	const outgoing = direction === 'outgoing';
	const created = stamp(ms);
	const gsm = /^[\x20-\x7E\n]*$/.test(body) ? 1 : 0;
	return {
		_id: objectId(ms, 'a0c1e2f3', counter), to: outgoing ? contact.mobile_number : b.profile.textNumber,
		from: outgoing ? b.profile.textNumber : contact.mobile_number, body, direction, channel: 'sms', source,
		_source_id: sourceId, is_gsm: gsm, message_credits: outgoing ? Math.ceil(body.length / (gsm ? 160 : 70)) : 0,
		campaign_completion_percentage: source === 'Campaign' ? 100 : 0, text_number: b.textNumber, brand: b.brandRef,
		contact: { contact_id: contact.contact_id }, user: { user_id: userId }, status, created,
		updated: stamp(ms + (outgoing ? 4000 : 0)), created_micro: ms / 1000 + (counter % 1000) / 1e6,
	};
}

function outgoingStatus(contact) {
	return contact.contact_id % 17 === 0 ? 'undelivered' : 'delivered';
}

function register(router) {
	routeResource(router, RESOURCES.messages, { get: false });
}

module.exports = { register, buildMessage, outgoingStatus };
