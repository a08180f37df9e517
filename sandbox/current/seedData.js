'use strict';
// The raw material of the demo data: names, places and the two brands' profiles.

const FIRST_NAMES = [
	'Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Omar', 'Zoe', 'Ivan', 'Lena', 'Raj', 'Chloe', 'Mateo', 'Grace', 'Kenji',
	'Sofia', 'Elijah', 'Priya', 'Lucas', 'Hana', 'Diego',
];
const LAST_NAMES = [
	'Smith', 'Garcia', 'Chen', 'Patel', 'Nguyen', 'Brown', 'Khan', 'Rossi', 'Johnson', 'Kim', 'Lopez', "O'Brien",
	'Müller', 'Williams', 'Sato', 'Davis',
];
const EMAIL_NAMES = FIRST_NAMES.map((name) => name.toLowerCase());
const STREETS = ['Elm St', 'Maple Ave', 'Harbor Rd', 'Main St', 'Oak Ln', 'Cedar Ct', 'Beacon St', 'Pine Dr'];
// City, state, zip, time zone: consistent with each other.
const CITIES = [
	['Boston', 'MA', '02108', 'America/New_York'],
	['Chicago', 'IL', '60601', 'America/Chicago'],
	['Denver', 'CO', '80202', 'America/Denver'],
	['Seattle', 'WA', '98101', 'America/Los_Angeles'],
	['Austin', 'TX', '78701', 'America/Chicago'],
	['Brooklyn', 'NY', '11201', 'America/New_York'],
	['Portland', 'OR', '97205', 'America/Los_Angeles'],
];
const CARRIERS = ['Verizon', 'AT&T', 'T-Mobile', null];
const DRINKS = ['latte', 'espresso', 'cold brew', 'cappuccino', 'chai', 'flat white'];
// 60% subscribed, 15% unsubscribed, 15% not subscribed, 10% blocked, by contact index modulo 20.
const OPT_IN_BY_INDEX = [
	...Array(12).fill('subscribed'), ...Array(3).fill('unsubscribed'), ...Array(3).fill('not subscribed'),
	...Array(2).fill('blocked'),
];

const BRAND_PROFILES = [
	{
		brand_id: 1001, _account_id: 70001, tax_id: 824513907, name: 'Sandbox Coffee Co.',
		legal_name: 'Sandbox Coffee Company LLC', short_name: 'SandboxCoffee', website: 'https://sandboxcoffee.example',
		address: '12 Roaster Way', city: 'Boston', state: 'MA', zip: '02110', country: 'US',
		contact_first_name: 'Dana', contact_last_name: 'Whitfield', contact_email: 'dana@sandboxcoffee.example',
		contact_phone: '+16175550142', industry: 'Food & Beverage', use_case: 'Marketing',
		textNumber: '+18885550123', areaCodes: ['617', '312', '720', '206', '512', '718', '503'],
		keywords: ['COFFEE', 'LATTE', 'VIP', 'DEALS', 'JOIN'],
	},
	{
		brand_id: 2002, _account_id: 70002, tax_id: 913377520, name: 'Harbor Books',
		legal_name: 'Harbor Books Inc.', short_name: 'HarborBooks', website: 'https://harborbooks.example',
		address: '4 Wharf St', city: 'Portland', state: 'ME', zip: '04101', country: 'US',
		contact_first_name: 'Sam', contact_last_name: 'Okafor', contact_email: 'sam@harborbooks.example',
		contact_phone: '+12075550188', industry: 'Retail', use_case: 'Marketing',
		textNumber: '+18445550177', areaCodes: ['207', '603'],
		keywords: ['BOOKS', 'READ'],
	},
];

/** The full Brand record of the spec. */
function brandRecord(p) {
	return {
		brand_id: p.brand_id, _account_id: p._account_id, tax_id: p.tax_id, legal_name: p.legal_name, name: p.name,
		short_name: p.short_name, website: p.website, logo: null, address: p.address, city: p.city, state: p.state,
		zip: p.zip, country: p.country, contact_first_name: p.contact_first_name,
		contact_last_name: p.contact_last_name, contact_email: p.contact_email, contact_phone: p.contact_phone,
		industry: p.industry, use_case: p.use_case, prohibited_content: 0, age_requirement: 0, force_double_opt_in: 0,
		inbox_enabled: 1, opt_out_intel_enabled: 1, delete_bad_numbers: 1, message_credit_limit: null,
		message_credit_limit_percentage: 90,
		age_requirement_message: `Reply YES to confirm you are 18 or older to join ${p.name} texts.`,
		age_requirement_ineligible_message: 'Sorry, you must be 18 or older to join.',
		double_opt_in_message: `Reply Y to confirm you want recurring texts from ${p.name}. Msg&data rates may apply.`,
		opt_in_message: `Welcome to ${p.name} texts! Up to 4 msgs/mo. Reply HELP for help, STOP to cancel.`,
		opt_in_exists_message: `You are already subscribed to ${p.name} texts.`,
		re_opt_in_message: `Welcome back to ${p.name} texts! Reply STOP to cancel.`,
		terms_link: `${p.website}/sms-terms`, opt_out_intel_action: 'unsubscribe',
		opt_out_intel_message: 'You have been unsubscribed. Reply START to rejoin.',
		time_to_cart_abandonment_value: 1, time_to_cart_abandonment_unit: 'hour', attribution_model: 'last_touch',
		message_view_attribution_value: 24, message_view_attribution_unit: 'hour',
		message_click_attribution_value: 5, message_click_attribution_unit: 'day', delete_bad_numbers_failures: 3,
		created: '2025-01-22 14:03:11', last_updated: '2026-03-02 09:41:27',
	};
}

module.exports = {
	FIRST_NAMES, LAST_NAMES, EMAIL_NAMES, STREETS, CITIES, CARRIERS, DRINKS, OPT_IN_BY_INDEX, BRAND_PROFILES, brandRecord,
};
