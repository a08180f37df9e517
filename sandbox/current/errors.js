'use strict';
// Every message the current API answers with, and `fail`, which answers one of them.

const { HttpError } = require('../shared/httpError');
const { MAX_PAGE_SIZE } = require('./constants');

/** Every message the API answers with, in one place. */
const MESSAGES = {
	invalidKey: () => 'Invalid API key.',
	noAccess: (brandId) => `This API key has no access to brand ${brandId}.`,
	notFound: (noun) => `${noun} not found.`,
	notFoundId: (noun, id) => `${noun} ${id} not found.`,
	objectBody: () => 'The request body must be a JSON object.',
	membershipBody: () => 'The request body must be a non-empty JSON array of {"contact_id": <id>, "lists": [<list ids>]}.',
	required: (field) => `The ${field} field is required.`,
	atLeastOne: (fields) => `At least one of ${fields.join(', ')} is required.`,
	unknownField: (field) => `Unknown field: ${field}`,
	unknownFilter: (name) => `Unknown filter: ${name}`,
	unknownParam: (name) => `Unknown parameter: ${name}`,
	oneOf: (field, values) => `The ${field} field must be one of: ${values.join(', ')}.`,
	mustBe: (field, what) => `The ${field} field must be ${what}.`,
	paramOneOf: (name, values) => `The ${name} parameter must be one of: ${values.join(', ')}.`,
	paramMustBe: (name, what) => `The ${name} parameter must be ${what}.`,
	pageSize: (name) => `The ${name} parameter must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
	pageStart: (name) => `The ${name} parameter must be a whole number, 0 or more.`,
	mobileDigits: () => 'The mobile_number field must have at least 10 digits.',
	mobileUs: () => 'The mobile_number field must be a US number: 10 digits, or 11 digits starting with 1.',
	duplicateMobile: () => 'A contact with this mobile number already exists.',
	campaignSent: () => 'A campaign that has been sent cannot be changed.',
	scheduledOnly: () => 'The scheduled field is only used when status is scheduled.',
	scheduledPast: () => 'The scheduled field must be in the future.',
	audienceShape: () => 'The audience field must be {"all": true}, {"contact_lists": [ids]} or {"segments": [ids]}.',
	onceInTime: () => 'The entry_rule_time_value and entry_rule_time_unit fields are required when entry_rule is onceInTime.',
	internalName: () => 'The name field must contain letters or digits.',
	rangeOrder: () => 'The end parameter must not be before the start parameter.',
	rangeTooLong: (max) => `The range from start to end has more than ${max} steps at this frequency.`,
};

/** Throws an error the core (server.js) answers with this status and `{message}`. */
function fail(status, message) {
	throw new HttpError(status, message);
}

module.exports = { MESSAGES, fail };
