import type { RecordFields } from '../../shared/descriptions';
import { SIMPLE_SUBSCRIBER_FIELDS } from '../../shared/simplify';

/**
 * The fields of each kind of record: `keep`, what Simplify keeps (what a person or an AI agent needs to
 * tell records apart and act on them, at most 10, flat); `all`, every field SlickText's API documentation
 * gives the record, which the AI tool's Selected Fields offers (the first, the record's ID, always comes).
 */

// A shortlink's clickers also carry their click count. Custom fields, named by the account, come only raw.
export const CONTACT_SUMMARY: RecordFields = {
	keep: [...SIMPLE_SUBSCRIBER_FIELDS, 'clickCount'],
	all: [
		'id', 'number', 'firstName', 'lastName', 'email', 'birthDate', 'city', 'state', 'zipCode', 'country', 'textword', 'subscribedDate',
		'optInMethod', 'clickCount',
	],
};

export const MESSAGE_SUMMARY: RecordFields = {
	keep: ['id', 'campaign', 'body', 'textword', 'contact', 'count', 'sent', 'scheduled'],
	all: ['id', 'campaign', 'body', 'textword', 'autoReply', 'count', 'deleted', 'sent', 'scheduled', 'contact', 'source', 'mediaUrl', 'shortlinks'],
};

// The account's own settings and its usage, flat; the plan, subscriptions and rollovers stay out. Selected
// Fields offers the answer's parts, the account first.
export const ACCOUNT_SUMMARY: RecordFields = {
	keep: [
		'account.id',
		'account.email',
		'account.timezone',
		'account.maxCharacterLimit',
		'account.defaultTextNumber',
		'account.nextBilling',
		'usage.totalCredits',
		'usage.totalUsedCredits',
		'usage.totalSubscribers',
		'usage.activeTextwords',
	],
	all: ['account', 'plan', 'subscriptions', 'rollovers', 'usage'],
};
