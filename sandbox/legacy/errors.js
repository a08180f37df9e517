'use strict';
// Every error text of the legacy API in one place, so tests and nodes can rely on them; `fail` answers one.

const { HttpError } = require('../shared/httpError');
const { MAX_LIMIT, DOUBLE_OPT_IN_MAX } = require('./constants');

const MESSAGES = {
	auth: 'Invalid API credentials.',
	notFound: 'Not Found',
	methodNotAllowed: (method) => `The ${method} method is not supported for this route.`,
	formEncoded: 'Requests must be form-encoded.',
	actionRequired: 'An action is required.',
	invalidAction: (action) => `Invalid action: ${action}`,
	unknownParameter: (name) => `Unknown parameter: ${name}`,
	limit: `limit must be an integer from 1 to ${MAX_LIMIT}.`,
	offset: 'offset must be an integer of 0 or more.',
	dateFormat: (name) => `${name} must be formatted YYYY-MM-DD HH:MM:SS (America/Los_Angeles time).`,
	required: (name) => `${name} is required.`,
	missing: (what) => `${what} not found`,
	number: 'number must be a US phone number of at least 10 digits.',
	email: 'email is not a valid e-mail address.',
	customField: (name, type) => `${name} must be ${type === 'integer' ? 'an integer' : 'a date (YYYY-MM-DD)'}.`,
	doubleOptInMessage: `doubleOptInMessage must be ${DOUBLE_OPT_IN_MAX} characters or less.`,
	optedOut: 'Contact opted out; they must text in to rejoin',
	alreadySubscribed: 'Number is already subscribed to this textword.',
	editTarget: 'EDIT needs id, or textword and number.',
	editMismatch: 'id does not match the textword and number given.',
	oneTarget: 'Give one of textword or contact.',
	numberNeedsTextword: 'number needs textword.',
	segmentNeedsTextword: 'segment can only be used when sending to a whole textword.',
	segmentNotInTextword: (segment, textword) => `Segment ${segment} does not belong to textword ${textword}.`,
	bodyLength: (max, kind) => `body must be ${max} characters or less for ${kind}.`,
	mediaUrl: 'mediaUrl must be an http(s) URL of a jpg, jpeg, png or gif file.',
	quarterHour: 'scheduled minute must be 00, 15, 30 or 45 (seconds 00).',
	scheduledPast: 'scheduled must be in the future.',
	sentNotDeletable: 'Sent messages cannot be deleted.',
	pageKey: 'pageKey is not valid for this send log.',
	toFilter: 'to must be a phone number.',
};

/** Every error goes through here; the core (server.js) answers the status with `{message}`. */
function fail(status, message) {
	throw new HttpError(status, message);
}

module.exports = { MESSAGES, fail };
