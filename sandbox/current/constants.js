'use strict';
// Constants of the current API: its paths, page sizes and the values its enumerated fields accept.

const BRAND_PATH = '/v1/brands/:brandId';
const MAX_PAGE_SIZE = 10000;
const DEFAULT_PAGE_SIZE = 50;
const LARGE_PAGE_SIZE = 250; // keywords, links and inbox threads (public-api-notes.md)
const DEFAULT_CONTACTS = 250;
const OTHER_BRAND_CONTACTS = 25;

const OPT_IN_STATUSES = ['not subscribed', 'subscribed', 'unsubscribed', 'blocked'];
const TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const ENTRY_RULES = ['once', 'oneAtTime', 'onceInTime', 'multiple'];
const TIME_UNITS = ['second', 'minute', 'hour', 'day'];
const DATA_TYPES = ['string', 'boolean', 'date', 'number'];
const CAMPAIGN_STATUSES = ['send', 'draft', 'scheduled'];
const THREAD_STATUSES = ['open', 'pending', 'closed'];
const GROWTH_COMPARE = ['YoY', 'QoQ', 'MoM', 'WoW', 'DoD', 'PoP'];
const GROWTH_FREQUENCY = ['hour', 'day', 'month', 'year'];
const CONTACT_GROUPS = ['source', 'opt_in_status'];

module.exports = {
	BRAND_PATH, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, LARGE_PAGE_SIZE, DEFAULT_CONTACTS, OTHER_BRAND_CONTACTS,
	OPT_IN_STATUSES, TIMEZONES, ENTRY_RULES, TIME_UNITS, DATA_TYPES, CAMPAIGN_STATUSES, THREAD_STATUSES,
	GROWTH_COMPARE, GROWTH_FREQUENCY, CONTACT_GROUPS,
};
