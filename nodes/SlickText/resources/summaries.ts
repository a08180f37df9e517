/** The fields Simplify keeps: what a person or an AI agent needs to tell records apart and act on them. */

export const CONTACT_SUMMARY = [
	'contact_id',
	'first_name',
	'last_name',
	'mobile_number',
	'email',
	'opt_in_status',
	'created',
	'last_updated',
];

export const MESSAGE_SUMMARY = ['_id', 'to', 'from', 'body', 'direction', 'status', 'contact', 'created'];
