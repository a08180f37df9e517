'use strict';
// The legacy, account-scoped SlickText API (../shared/spec/legacy-api.md), served under /legacy/v1.
// In memory: createState() builds the demo account, register() adds the routes to the shared router.
//
// Layout of this file, top to bottom:
//   MESSAGES     every error text in one place, so tests and nodes can rely on them
//   time         timestamps are America/Los_Angeles wall-clock strings, compared lexically
//   validation   numbers, dates, media URLs, custom field values
//   state        the demo account (createState) and small helpers that keep its indexes in sync
//   views        what a stored record looks like on the wire (ids as strings here, numbers there)
//   collection   the one generic list handler: paging, exact-match filters, date ranges
//   actions      the one POST dispatcher and the action tables per endpoint
//   routes       register(): auth first, then the handler; catch-alls keep 401 ahead of 404/405

const BASE = '/legacy/v1';
const MAX_LIMIT = 10000;
const DEFAULT_LIMIT = 20;
const LOG_PAGE_SIZE = 100;
const DOUBLE_OPT_IN_MAX = 160;
// MMS body limits depend on the sending number type (spec: "600 to 1600"). Which type gets which is
// not published; the sandbox gives short codes 1600 and toll-free or long numbers 600.
const MMS_LIMIT = { shortCode: 1600, other: 600 };
const MEDIA_EXTENSIONS = /\.(jpe?g|png|gif)$/i;
// Send logs exist only for messages sent after this date and expire 12 months after creation.
const LOG_FIRST_DAY = '2021-03-15 00:00:00';

// ---------------------------------------------------------------------------------------------------
// MESSAGES

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

// Every error goes through here. HttpError is required at call time: server.js requires this file.
function fail(status, message) {
	const { HttpError } = require('./server');
	throw new HttpError(status, message);
}

// ---------------------------------------------------------------------------------------------------
// time: SlickText's legacy API speaks America/Los_Angeles wall-clock time as `YYYY-MM-DD HH:MM:SS`.
// Stored as such strings, they sort and compare lexically; arithmetic goes through a "naive" epoch
// (the wall-clock fields read as if they were UTC), which needs no zone rules.

const LA_FORMAT = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Los_Angeles',
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
});

function laNow(date = new Date()) {
	const p = Object.fromEntries(LA_FORMAT.formatToParts(date).map((part) => [part.type, part.value]));
	return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** Wall-clock string from a naive epoch (ms). */
function naiveString(ms) {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Naive epoch (ms) of a `YYYY-MM-DD HH:MM:SS` string, or undefined when it is not a real moment. */
function parseTimestamp(text) {
	const m = TIMESTAMP.exec(String(text));
	if (!m) return undefined;
	const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
	const ms = Date.UTC(year, month - 1, day, hour, minute, second);
	// Date.UTC rolls 2024-02-30 over to March; a round trip tells real dates from rolled ones.
	return naiveString(ms) === text ? ms : undefined;
}

const shift = (timestamp, seconds) => naiveString(parseTimestamp(timestamp) + seconds * 1000);
const SECONDS_PER_DAY = 86400;

// ---------------------------------------------------------------------------------------------------
// validation

/** + then digits; 10 digits get the US +1. Undefined when it is not a usable US number. */
function normalizeNumber(value) {
	const text = String(value ?? '').trim();
	if (!/^[0-9+\-(). ]+$/.test(text)) return undefined;
	let digits = text.replace(/\D/g, '');
	if (digits.length < 10 || digits.length > 15) return undefined;
	if (digits.length === 10) digits = `1${digits}`;
	return `+${digits}`;
}

function requireNumber(value) {
	const number = normalizeNumber(value);
	if (!number) fail(400, MESSAGES.number);
	return number;
}

function checkMediaUrl(value) {
	let url;
	try {
		url = new URL(value);
	} catch {
		fail(400, MESSAGES.mediaUrl);
	}
	if (!/^https?:$/.test(url.protocol) || !MEDIA_EXTENSIONS.test(url.pathname)) fail(400, MESSAGES.mediaUrl);
	return value;
}

/** A custom field value as SlickText keeps it: a string, checked against the field's data type. */
function customFieldValue(field, key, value) {
	if (value === '') return null;
	if (field.dataType === 'integer' && !/^-?\d+$/.test(value)) fail(400, MESSAGES.customField(key, 'integer'));
	if (field.dataType === 'date' && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value)) {
		fail(400, MESSAGES.customField(key, 'date'));
	}
	return value;
}

const isShortCode = (textNumber) => /^\d{5,6}$/.test(textNumber);
const fieldKey = (subscriberField) => subscriberField.replace(/\s+/g, '');

// ---------------------------------------------------------------------------------------------------
// state

// Area codes the sandbox knows, for the seed's addresses and for deriving state from a new number.
const AREAS = [
	{ area: '619', city: 'San Diego', state: 'CA', zipCode: '92101' },
	{ area: '213', city: 'Los Angeles', state: 'CA', zipCode: '90012' },
	{ area: '415', city: 'San Francisco', state: 'CA', zipCode: '94103' },
	{ area: '206', city: 'Seattle', state: 'WA', zipCode: '98101' },
	{ area: '503', city: 'Portland', state: 'OR', zipCode: '97204' },
	{ area: '702', city: 'Las Vegas', state: 'NV', zipCode: '89101' },
	{ area: '602', city: 'Phoenix', state: 'AZ', zipCode: '85004' },
	{ area: '720', city: 'Denver', state: 'CO', zipCode: '80202' },
	{ area: '512', city: 'Austin', state: 'TX', zipCode: '78701' },
	{ area: '312', city: 'Chicago', state: 'IL', zipCode: '60602' },
	{ area: '212', city: 'New York', state: 'NY', zipCode: '10007' },
	{ area: '716', city: 'Buffalo', state: 'NY', zipCode: '14202' },
	{ area: '617', city: 'Boston', state: 'MA', zipCode: '02108' },
	{ area: '305', city: 'Miami', state: 'FL', zipCode: '33130' },
	{ area: '404', city: 'Atlanta', state: 'GA', zipCode: '30303' },
	{ area: '808', city: 'Honolulu', state: 'HI', zipCode: '96813' },
];
const STATE_BY_AREA = new Map(AREAS.map((a) => [a.area, a.state]));
// A few more area codes that only derive a state (numbers opted in through the API).
for (const [area, state] of [
	['858', 'CA'], ['310', 'CA'], ['714', 'CA'], ['917', 'NY'], ['718', 'NY'], ['469', 'TX'],
	['214', 'TX'], ['713', 'TX'], ['202', 'DC'], ['215', 'PA'], ['612', 'MN'], ['801', 'UT'],
]) {
	STATE_BY_AREA.set(area, state);
}

const stateFromNumber = (number) => (number.startsWith('+1') ? STATE_BY_AREA.get(number.slice(2, 5)) ?? null : null);

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Lena', 'Omar', 'Priya', 'Mateo', 'Grace', 'Hiro',
	'Chloe', 'Diego', 'Nora', 'Sam', 'Ivy', 'Caleb', 'Rosa', 'Felix', 'June', 'Theo', 'Maya', 'Andre'];
const LAST_NAMES = ['Nguyen', 'Garcia', 'Smith', 'Patel', 'Johnson', 'Kim', 'Lopez', 'Brown', 'Chen', 'Davis', 'Okafor',
	'Miller', 'Rossi', 'Wilson', 'Sato', 'Moore', 'Khan', 'Taylor', 'Silva', 'Clark', 'Novak', 'Lee', 'Young', 'Hall'];
const DRINKS = ['Latte', 'Cold Brew', 'Cappuccino', 'Mocha', 'Chai', 'Americano'];
const STORES = ['Downtown', 'Harbor', 'North Park', 'Airport'];

const TEXTWORDS = [
	{
		id: '5401',
		word: 'COFFEE',
		autoReply: 'Thanks for joining Bluebird Coffee! Show this text for 10% off your next drink. Reply STOP to opt out.',
		added: '2019-04-02 10:30:12',
		ageRequirement: 0,
		textNumber: '31996',
	},
	{
		id: '5402',
		word: 'DEALS',
		autoReply: 'You are in! Bluebird deals land here about twice a month. Msg&data rates may apply. Reply STOP to cancel.',
		added: '2019-06-18 15:02:47',
		ageRequirement: 0,
		textNumber: '31996',
	},
	{
		id: '5403',
		word: 'VIP',
		autoReply: 'Welcome to Bluebird VIP: early menus, tasting nights and a free drink on your birthday. Reply STOP to leave.',
		added: '2020-11-09 09:41:05',
		ageRequirement: 21,
		textNumber: '+18885550199',
	},
	{
		id: '5404',
		word: 'JOBS',
		autoReply: 'Thanks for your interest in working at Bluebird Coffee! We text when a store is hiring.',
		added: '2023-02-27 13:15:00',
		ageRequirement: 16,
		textNumber: '+18885550199',
	},
];

// Which textword seed subscriber i joins: COFFEE half, DEALS 30%, VIP 20%, JOBS none (an empty list).
const SPREAD = ['5401', '5401', '5402', '5401', '5403', '5402', '5401', '5402', '5401', '5403'];

const CUSTOM_FIELDS = [
	{ textword: '5401', subscriberField: 'Favorite Drink', subscriberFieldAlias: 'Your usual order', dataType: 'string' },
	{ textword: '5401', subscriberField: 'Visits', subscriberFieldAlias: 'Visits this year', dataType: 'integer' },
	{ textword: '5402', subscriberField: 'Preferred Store', subscriberFieldAlias: 'Store', dataType: 'string' },
	{ textword: '5403', subscriberField: 'Member Since', subscriberFieldAlias: 'VIP since', dataType: 'date' },
];

// Segments are saved rules; contacts_count is counted when read, so it follows opt-ins and opt-outs.
const SEGMENTS = [
	{ id: 701, textword: '5401', name: 'Latte lovers', description: 'Favorite drink is Latte', test: (c) => c.FavoriteDrink === 'Latte' },
	{ id: 702, textword: '5401', name: 'San Diego regulars', description: 'City is San Diego', test: (c) => c.city === 'San Diego' },
	{ id: 703, textword: '5402', name: 'New York shoppers', description: 'State is NY', test: (c) => c.state === 'NY' },
	{ id: 704, textword: '5403', name: 'Reachable by e-mail', description: 'Has an e-mail address', test: (c) => c.email != null },
];

const SHORTLINK_DOMAIN = 'https://slkt.io';
const SHORTLINKS = [
	{ id: 61, name: 'Fall menu', url: 'https://bluebirdcoffee.example/menu/fall', hash: 'k3Fm9', isSmart: 0 },
	{ id: 62, name: 'Weekend deal', url: 'https://bluebirdcoffee.example/deals/weekend', hash: 'Qz81x', isSmart: 1 },
	{ id: 63, name: 'VIP tasting RSVP', url: 'https://bluebirdcoffee.example/vip/rsvp', hash: 'V1pRs', isSmart: 0 },
];

// Former subscribers: they opted out, so they are gone from the lists, yet still show up as clickers
// (reduced to id and clickCount) and in old send logs. Texting in is their only way back.
const FORMER = [
	{ id: '2999001', number: '+18585550101', textword: '5401' },
	{ id: '2999002', number: '+18585550102', textword: '5401' },
	{ id: '2999003', number: '+18585550103', textword: '5401' },
	{ id: '2999004', number: '+18585550104', textword: '5402' },
	{ id: '2999005', number: '+18585550105', textword: '5402' },
	{ id: '2999006', number: '+18585550106', textword: '5403' },
];

const FIRST_CONTACT_ID = 3000001;
const DEFAULT_SUBSCRIBERS = 400;

const membershipKey = (textword, number) => `${textword}:${number}`;

/**
 * A fresh legacy account. seed.subscribers sets the number of contacts (default 400); the build is a
 * single deterministic pass, so 100,000 take about half a second.
 */
function createState(seed = {}) {
	const subscribers = Number.isInteger(seed.subscribers) && seed.subscribers >= 0 ? seed.subscribers : DEFAULT_SUBSCRIBERS;
	const now = laNow();
	const today = now.slice(0, 10);
	const day = (offsetDays, time) => shift(`${today} ${time}`, offsetDays * SECONDS_PER_DAY);

	const state = {
		account: buildAccount(now, today),
		textwords: TEXTWORDS.map((t) => ({ ...t })),
		customFields: CUSTOM_FIELDS.map((f) => ({ ...f })),
		segments: SEGMENTS.map((s) => ({ ...s })),
		shortlinks: [],
		contacts: [], // subscribed contacts, in id order
		contactsById: new Map(),
		contactsByMembership: new Map(), // textword:number -> contact
		pending: new Map(), // textword:number -> pending contact (DOUBLEOPTIN not yet confirmed)
		optOuts: new Map(), // textword:number -> {id, number, textword, date}
		messages: [], // in id order; internal fields start with _
		outbox: [], // texts the account would have sent: {at, kind, textword, to[], body, ...}
		nextContactId: FIRST_CONTACT_ID + subscribers,
		nextMessageId: 90011,
	};

	buildContacts(state, subscribers);
	for (const former of FORMER) {
		state.optOuts.set(membershipKey(former.textword, former.number), { ...former, date: '2024-08-19 17:22:10' });
	}
	buildMessages(state, day);
	buildShortlinks(state);
	return state;
}

function buildAccount(now, today) {
	const [year, month] = today.split('-').map(Number);
	const firstOfMonth = `${year}-${pad(month)}-01`;
	const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
	return {
		account: {
			id: '48213',
			email: 'dana@bluebirdcoffee.example',
			firstName: 'Dana',
			lastName: 'Whitfield',
			address: '1200 Harbor Blvd',
			city: 'San Diego',
			state: 'CA',
			zipCode: '92101',
			DateJoined: '2019-04-02 10:14:55',
			nextBilling: firstOfNext,
			lastLogin: shift(now, -3 * 3600),
			mobileNumber: '+16195550142',
			rolloverMonths: 3,
			maxCharacterLimit: 160,
			timezone: 'America/Los_Angeles',
			defaultTextNumber: '31996',
		},
		plan: { name: 'Pro 5,000', price: '79.00', totalTexts: 5000, textwords: '5' },
		subscriptions: [
			{
				id: 'sub_7H2K9QX',
				type: 'plan',
				state: 'active',
				price: '79.00',
				pastDueSince: null,
				created: '2019-04-02 10:14:55',
				lastUpdated: `${firstOfMonth} 00:00:04`,
				periodStart: `${firstOfMonth} 00:00:00`,
				periodEnd: `${firstOfNext} 00:00:00`,
				subtotal: '94.00',
				currency: 'USD',
				addons: [{ internalName: 'extra_textword', name: 'Extra textword', quantity: 1, price: '15.00' }],
			},
		],
		rollovers: [
			{ totalAmount: 1200, amountAvailable: 800, amountUsed: 400, expires: `${firstOfNext} 00:00:00` },
		],
		// totals are counted when read; only the credits used are kept
		usage: { totalCredits: 6200, totalUsedCredits: 2113 },
	};
}

function buildContacts(state, count) {
	const start = parseTimestamp('2021-01-04 08:00:00');
	const step = (parseTimestamp('2025-12-31 20:00:00') - start) / Math.max(count, 1);
	const customByTextword = new Map();
	for (const field of state.customFields) {
		if (!customByTextword.has(field.textword)) customByTextword.set(field.textword, []);
		customByTextword.get(field.textword).push(fieldKey(field.subscriberField));
	}
	for (let i = 0; i < count; i++) {
		const place = AREAS[i % AREAS.length];
		const textword = SPREAD[i % SPREAD.length];
		const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
		const lastName = LAST_NAMES[(i * 7) % LAST_NAMES.length];
		// 7919 is prime to 8,000,000, so the local part is unique for the first 8 million contacts.
		const local = 2000000 + ((i * 7919) % 8000000);
		const contact = {
			id: String(FIRST_CONTACT_ID + i),
			number: `+1${place.area}${local}`,
			city: place.city,
			state: place.state,
			zipCode: place.zipCode,
			country: 'US',
			textword,
			subscribedDate: naiveString(start + Math.floor((i * step) / 1000) * 1000),
			firstName: i % 11 === 10 ? null : firstName,
			lastName: i % 11 === 10 ? null : lastName,
			birthDate: i % 4 === 0 ? null : `${1960 + (i % 45)}-${pad((i % 12) + 1)}-${pad((i % 28) + 1)} 00:00:00`,
			email: i % 3 === 2 ? null : `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
			optInMethod: i % 5 === 0 ? 'api' : 'keyword',
		};
		for (const key of customByTextword.get(textword) || []) {
			if (key === 'FavoriteDrink') contact[key] = i % 7 === 6 ? null : DRINKS[i % DRINKS.length];
			else if (key === 'Visits') contact[key] = String(i % 40);
			else if (key === 'PreferredStore') contact[key] = STORES[i % STORES.length];
			else if (key === 'MemberSince') contact[key] = contact.subscribedDate.slice(0, 10);
		}
		addContact(state, contact);
	}
}

function addContact(state, contact) {
	state.contacts.push(contact);
	state.contactsById.set(contact.id, contact);
	state.contactsByMembership.set(membershipKey(contact.textword, contact.number), contact);
}

/** Removes contacts (an array of records) in one O(n) pass over the list. */
function removeContacts(state, doomed) {
	const gone = new Set(doomed);
	for (const contact of doomed) {
		state.contactsById.delete(contact.id);
		state.contactsByMembership.delete(membershipKey(contact.textword, contact.number));
	}
	state.contacts = state.contacts.filter((c) => !gone.has(c));
}

const contactsOf = (state, textwordId) => state.contacts.filter((c) => c.textword === textwordId);

// Delivery statuses spread deterministically over a log: mostly delivered, some of each other kind.
function logStatus(k) {
	if (k % 25 === 7) return 'failed';
	if (k % 10 === 3) return 'undelivered';
	if (k % 8 === 5) return 'sent to carrier';
	return 'delivered';
}

function buildLog(recipients, from, sent) {
	return recipients.map((r, k) => {
		const status = logStatus(k);
		const created = shift(sent, Math.floor(k / 50));
		// "sent to carrier" never heard back; failed never left; the others got a report seconds later.
		const updated = status === 'delivered' || status === 'undelivered' ? shift(created, 3 + (k % 17)) : created;
		return { contact: Number(r.id), to: r.number, from, status, created, updated };
	});
}

/** Recipients for a seeded log: the textword's contacts, topped up with former subscribers' numbers. */
function seedRecipients(state, textwordId, wanted) {
	const recipients = [];
	for (const c of state.contacts) {
		if (recipients.length >= wanted) break;
		if (c.textword === textwordId) recipients.push(c);
	}
	for (let k = 0; recipients.length < wanted; k++) {
		recipients.push({ id: String(2990001 + k), number: `+1858556${pad(k, 4)}` });
	}
	return recipients;
}

function buildMessages(state, day) {
	const textNumber = (id) => state.textwords.find((t) => t.id === id).textNumber;
	const firstOf = (textwordId, n = 0) => state.contacts.filter((c) => c.textword === textwordId)[n];
	const add = (fields, recipients = [], status = 'sent') => {
		const message = {
			id: String(fields.id),
			campaign: '',
			body: '',
			textword: Number(fields.textword),
			autoReply: 0,
			count: recipients.length,
			deleted: 0,
			sent: null,
			scheduled: null,
			contact: null,
			source: 'Dashboard',
			mediaUrl: null,
			shortlinks: [],
			...fields,
		};
		message.id = String(fields.id);
		message.textword = Number(fields.textword);
		message._status = status;
		message._log = message.sent ? buildLog(recipients, textNumber(fields.textword), message.sent) : [];
		state.messages.push(message);
		return message;
	};

	// An old message: its log predates 2021-03-15, so the log is empty.
	add({ id: 90001, textword: '5401', campaign: 'Spring hours', body: 'Bluebird Coffee now opens at 6am on weekdays! Reply STOP to opt out.', sent: '2021-02-10 08:00:00' }, seedRecipients(state, '5401', 120));
	// Sent 14 months ago: its log has expired.
	add({ id: 90002, textword: '5402', campaign: 'Summer sale', body: 'Summer sale: all cold drinks $2 this Friday. Reply STOP to cancel.', sent: day(-425, '11:30:00') }, seedRecipients(state, '5402', 60));
	// The big one: a 250-item log, three pageKey pages.
	add({ id: 90003, textword: '5401', campaign: 'Fall menu launch', body: `Fall menu is here! Pumpkin spice lattes are back: ${SHORTLINK_DOMAIN}/k3Fm9 Reply STOP to end`, sent: day(-6, '09:00:00'), shortlinks: [61] }, seedRecipients(state, '5401', 250));
	add({ id: 90004, textword: '5402', campaign: 'Weekend deal', body: `Weekend deal: 2-for-1 pastries Sat & Sun: ${SHORTLINK_DOMAIN}/Qz81x Reply STOP to cancel`, sent: day(-3, '12:00:00'), shortlinks: [62] }, seedRecipients(state, '5402', 40));
	add({ id: 90005, textword: '5403', campaign: 'VIP tasting night', body: 'VIP tasting night Thursday 7pm, bring a friend! Reply STOP to leave.', sent: day(-2, '16:45:00'), mediaUrl: 'https://bluebirdcoffee.example/img/vip-night.jpg' }, seedRecipients(state, '5403', 12));
	const regular = firstOf('5401');
	if (regular) {
		add({ id: 90006, textword: '5401', body: 'Your order is ready at the Harbor store!', sent: day(-1, '08:12:33'), contact: regular.id, source: 'API' }, [regular]);
	}
	const unlucky = firstOf('5401', 1);
	if (unlucky) {
		// A message the carrier refused: it may still be deleted.
		const failed = add({ id: 90007, textword: '5401', body: 'Thanks for visiting today! Rate us: reply 1-5.', sent: day(-1, '14:03:10'), contact: unlucky.id, source: 'API' }, [unlucky], 'failed');
		for (const item of failed._log) {
			item.status = 'failed';
			item.updated = item.created;
		}
	}
	add({ id: 90008, textword: '5402', campaign: 'Holiday hours', body: 'Holiday hours: we close at 2pm on the 24th and reopen on the 26th.', scheduled: day(3, '10:30:00'), count: 0 }, [], 'scheduled');
	add({ id: 90009, textword: '5403', campaign: 'New year tasting', body: 'VIPs: the new year tasting menu drops tonight at 6pm.', scheduled: day(10, '18:00:00'), count: 0, mediaUrl: 'https://bluebirdcoffee.example/img/tasting.png' }, [], 'scheduled');
	// Queued but never sent (neither sent nor scheduled): deletable.
	add({ id: 90010, textword: '5401', campaign: 'Winter menu (draft)', body: 'Winter menu teaser', count: 0 }, [], 'unsent');
}

function buildShortlinks(state) {
	const sent = (id) => state.messages.find((m) => m.id === id)?.sent;
	const clickers = (textwordId, howMany, former, from) => {
		const list = [];
		for (const c of state.contacts) {
			if (list.length >= howMany) break;
			if (c.textword === textwordId) list.push(c.id);
		}
		return [...list, ...former].map((id, k) => {
			const clicks = [];
			for (let n = 0; n <= k % 3; n++) clicks.push(shift(from, 60 * (k + 1) + 3600 * n));
			return { id, clicks };
		});
	};
	const clicks = {
		61: clickers('5401', 12, ['2999001', '2999002'], sent('90003')),
		62: clickers('5402', 5, ['2999004'], sent('90004')),
		63: [],
	};
	const created = { 61: shift(sent('90003'), -86400), 62: shift(sent('90004'), -7200), 63: '2024-09-30 11:00:00' };
	state.shortlinks = SHORTLINKS.map((s) => ({ ...s, created: created[s.id], _clicks: clicks[s.id] }));
}

// ---------------------------------------------------------------------------------------------------
// views: the wire shape of each record. Ids: textword and contact ids are strings, message.textword,
// shortlink and segment ids are numbers, send-response contactID is a number: the spec warns that
// numbers come back both ways, and clients must cope.

const stripInternal = (record) => {
	const out = {};
	for (const key in record) if (key[0] !== '_') out[key] = record[key];
	return out;
};

const contactView = (contact) => ({ ...contact });

function countByTextword(state) {
	const counts = new Map();
	for (const c of state.contacts) counts.set(c.textword, (counts.get(c.textword) || 0) + 1);
	return counts;
}

function optOutCount(state, textwordId) {
	let n = 0;
	for (const o of state.optOuts.values()) if (o.textword === textwordId) n++;
	return n;
}

function textwordView(state, textword, counts = countByTextword(state)) {
	return {
		id: textword.id,
		word: textword.word,
		autoReply: textword.autoReply,
		added: textword.added,
		optOuts: String(optOutCount(state, textword.id)),
		ageRequirement: textword.ageRequirement,
		contactsCount: String(counts.get(textword.id) || 0),
		textNumber: textword.textNumber,
	};
}

const clickCount = (shortlink) => shortlink._clicks.reduce((sum, c) => sum + c.clicks.length, 0);

function shortlinkView(shortlink) {
	return {
		id: shortlink.id,
		name: shortlink.name,
		url: shortlink.url,
		hash: shortlink.hash,
		clickCount: clickCount(shortlink),
		isSmart: shortlink.isSmart,
		created: shortlink.created,
		shortUrl: `${SHORTLINK_DOMAIN}/${shortlink.hash}`,
	};
}

function messageView(state, message) {
	const out = stripInternal(message);
	out.shortlinks = message.shortlinks.map((id) => shortlinkView(state.shortlinks.find((s) => s.id === id)));
	return out;
}

/** The send and schedule answers name the contact contactID (a number) instead of contact. */
function sentMessageView(state, message) {
	const out = {};
	for (const [key, value] of Object.entries(messageView(state, message))) {
		if (key === 'contact') out.contactID = value === null ? null : Number(value);
		else out[key] = value;
	}
	return out;
}

function segmentView(state, segment) {
	let count = 0;
	for (const c of state.contacts) if (c.textword === segment.textword && segment.test(c)) count++;
	return { id: segment.id, name: segment.name, description: segment.description, contacts_count: String(count) };
}

const customFieldView = (field) => ({ ...field });

const CONTACT_FIELDS = ['id', 'number', 'city', 'state', 'zipCode', 'country', 'textword', 'subscribedDate',
	'firstName', 'lastName', 'birthDate', 'email', 'optInMethod'];
const TEXTWORD_FIELDS = ['id', 'word', 'autoReply', 'added', 'optOuts', 'ageRequirement', 'contactsCount', 'textNumber'];
// shortlinks is an array of records: no exact match is possible on it, so it is no filter.
const MESSAGE_FIELDS = ['id', 'campaign', 'body', 'textword', 'autoReply', 'count', 'deleted', 'sent', 'scheduled',
	'contact', 'source', 'mediaUrl'];
const SHORTLINK_FIELDS = ['id', 'name', 'url', 'hash', 'clickCount', 'isSmart', 'created', 'shortUrl'];
const SEGMENT_FIELDS = ['id', 'name', 'description', 'contacts_count'];
const CUSTOM_FIELD_FIELDS = ['textword', 'subscriberField', 'subscriberFieldAlias', 'dataType'];

const customKeys = (state, textwordId) =>
	state.customFields.filter((f) => textwordId === undefined || f.textword === textwordId).map((f) => fieldKey(f.subscriberField));
const contactFields = (state) => [...CONTACT_FIELDS, ...new Set(customKeys(state))];

// ---------------------------------------------------------------------------------------------------
// collection: the one list handler. Filters run on the stored records (cheap, O(n)); only the page is
// turned into wire records, so a 10,000-record page out of 100,000 stays fast.

const origin = (ctx) => (ctx.headers.host ? `http://${ctx.headers.host}` : ctx.sandbox.origin);
const link = (ctx, path) => `${origin(ctx)}${BASE}${path}`;
const selfLink = (ctx) => `${origin(ctx)}${ctx.entry.path}${ctx.entry.rawQuery || ''}`;

const DATE_RANGES = {
	contacts: { field: 'subscribedDate', after: 'subscribedAfter', before: 'subscribedBefore' },
	messages: { field: 'sent', after: 'sentAfter', before: 'sentBefore' },
};

const asFilterText = (value) => (value === null || value === undefined ? '' : String(value));

/**
 * GET of a collection. records: stored records; fields: filterable names; range: a DATE_RANGES entry
 * or undefined; view: stored record -> wire record (applied to the page only).
 */
function collection(ctx, { key, records, fields, range, view }) {
	let limit = DEFAULT_LIMIT;
	let offset = 0;
	const filters = [];
	let after;
	let before;
	for (const [name, value] of ctx.searchParams) {
		if (name === 'limit') {
			if (!/^\d+$/.test(value) || Number(value) > MAX_LIMIT || Number(value) < 1) fail(400, MESSAGES.limit);
			limit = Number(value);
		} else if (name === 'offset') {
			if (!/^\d+$/.test(value)) fail(400, MESSAGES.offset);
			offset = Number(value);
		} else if (range && (name === range.after || name === range.before)) {
			if (parseTimestamp(value) === undefined) fail(400, MESSAGES.dateFormat(name));
			if (name === range.after) after = value;
			else before = value;
		} else if (fields.includes(name)) {
			filters.push([name, value]);
		} else {
			fail(400, MESSAGES.unknownParameter(name));
		}
	}

	let matched = records;
	if (filters.length || after || before) {
		matched = records.filter((record) => {
			for (const [name, value] of filters) if (asFilterText(record[name]) !== value) return false;
			if (after || before) {
				// Timestamps are LA wall-clock strings: lexical order is time order. Both ends exclusive.
				const when = record[range.field];
				if (!when) return false;
				if (after && !(when > after)) return false;
				if (before && !(when < before)) return false;
			}
			return true;
		});
	}

	const page = matched.slice(offset, offset + limit).map(view);
	const links = { self: selfLink(ctx) };
	if (offset + limit < matched.length) {
		const next = new URLSearchParams(ctx.searchParams);
		next.set('limit', String(limit));
		next.set('offset', String(offset + limit));
		links.next = `${origin(ctx)}${ctx.entry.path}?${next}`;
	}
	return { body: { meta: { limit, offset, total: matched.length }, links, [key]: page } };
}

/** Single-record GETs take no query parameters. */
function noQuery(ctx) {
	for (const name of ctx.searchParams.keys()) fail(400, MESSAGES.unknownParameter(name));
}

// ---------------------------------------------------------------------------------------------------
// lookups

function findTextword(state, id) {
	const textword = state.textwords.find((t) => t.id === String(id).trim());
	if (!textword) fail(404, MESSAGES.missing('Textword'));
	return textword;
}

function findContact(state, id) {
	const contact = state.contactsById.get(String(id).trim());
	if (!contact) fail(404, MESSAGES.missing('Contact'));
	return contact;
}

function findMessage(state, id) {
	const message = state.messages.find((m) => m.id === String(id).trim());
	if (!message) fail(404, MESSAGES.missing('Message'));
	return message;
}

/** /shortlinks/{id} or /shortlinks/hash-{hash}: one router segment, told apart here. */
function findShortlink(state, ref) {
	const byHash = /^hash-(.+)$/.exec(ref);
	const shortlink = byHash
		? state.shortlinks.find((s) => s.hash === byHash[1])
		: /^\d+$/.test(ref)
			? state.shortlinks.find((s) => s.id === Number(ref))
			: undefined;
	if (!shortlink) fail(404, MESSAGES.missing('Shortlink'));
	return shortlink;
}

// ---------------------------------------------------------------------------------------------------
// actions: the one POST dispatcher. Each endpoint has a table action -> {params, run}; params lists
// what the action accepts besides `action` (a function when it depends on the request).

/** The form body of a POST. SlickText's legacy POSTs are form-encoded; JSON is refused. */
function formBody(ctx) {
	if (ctx.contentType === 'application/json') fail(400, MESSAGES.formEncoded);
	if (ctx.rawBody && ctx.contentType !== 'application/x-www-form-urlencoded') fail(400, MESSAGES.formEncoded);
	return ctx.body && typeof ctx.body === 'object' ? ctx.body : {};
}

function dispatch(table) {
	return (ctx, state) => {
		const body = formBody(ctx);
		noQuery(ctx);
		if (body.action === undefined || body.action === '') fail(400, MESSAGES.actionRequired);
		if (!Object.hasOwn(table, body.action)) fail(400, MESSAGES.invalidAction(body.action));
		const action = table[body.action];
		const allowed = typeof action.params === 'function' ? action.params(state, body, ctx) : action.params;
		for (const name of Object.keys(body)) {
			if (name !== 'action' && !allowed.includes(name)) fail(400, MESSAGES.unknownParameter(name));
		}
		return action.run(ctx, state, body);
	};
}

/** A parameter that counts as given: present and not empty. */
const given = (body, name) => body[name] !== undefined && String(body[name]).trim() !== '';

function required(body, name) {
	if (!given(body, name)) fail(400, MESSAGES.required(name));
	return String(body[name]).trim();
}

/** A text the account would have sent, kept so tests can check which opt-in sends what. */
function outboxPush(state, entry) {
	state.outbox.push({ at: laNow(), ...entry });
}

// --- contacts

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

const TEXTWORD_CONTACT_ACTIONS = {
	DELETESUBSCRIBERS: {
		params: [],
		run(ctx, state) {
			const textword = findTextword(state, ctx.params.id);
			const doomed = contactsOf(state, textword.id);
			removeContacts(state, doomed);
			return { body: { meta: { success: true }, contactsDeleted: doomed.length } };
		},
	},
};

// --- messages

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

// --- send log

const encodePageKey = (messageId, index) => Buffer.from(`log:${messageId}:${index}`).toString('base64url');

function decodePageKey(key, message) {
	const m = /^log:(\d+):(\d+)$/.exec(Buffer.from(String(key), 'base64url').toString('utf8'));
	if (!m || m[1] !== message.id) fail(400, MESSAGES.pageKey);
	const index = Number(m[2]);
	if (index <= 0 || index >= message._log.length) fail(400, MESSAGES.pageKey);
	return index;
}

function logAvailable(message) {
	if (!message.sent || message.sent < LOG_FIRST_DAY) return false;
	const now = laNow();
	const yearAgo = `${Number(now.slice(0, 4)) - 1}${now.slice(4)}`;
	return message.sent >= yearAgo;
}

function sendLog(ctx, state) {
	const message = findMessage(state, ctx.params.id);
	let start = 0;
	let to;
	for (const [name, value] of ctx.searchParams) {
		if (name === 'pageKey') start = decodePageKey(value, message);
		else if (name === 'to') {
			// `+` in an unencoded query turns into a space: compare normalized numbers, not raw text.
			to = normalizeNumber(value);
			if (!to) fail(400, MESSAGES.toFilter);
		} else fail(400, MESSAGES.unknownParameter(name));
	}
	const log = logAvailable(message) ? message._log : [];
	const items = [];
	let i = start;
	for (; i < log.length && items.length < LOG_PAGE_SIZE; i++) {
		if (!to || log[i].to === to) items.push({ ...log[i] });
	}
	// The key points at the next matching item, so a last page never promises an empty one.
	let next = null;
	for (; i < log.length; i++) {
		if (!to || log[i].to === to) {
			next = i;
			break;
		}
	}
	return {
		body: {
			meta: { success: true, isLastPage: next === null, nextPageKey: next === null ? null : encodePageKey(message.id, next) },
			links: { self: selfLink(ctx), message: link(ctx, `/messages/${message.id}`) },
			items,
		},
	};
}

// ---------------------------------------------------------------------------------------------------
// routes

function accountView(state) {
	const { account } = state;
	const counts = countByTextword(state);
	return {
		account: { ...account.account },
		plan: { ...account.plan },
		subscriptions: account.subscriptions.map((s) => ({ ...s, addons: s.addons.map((a) => ({ ...a })) })),
		rollovers: account.rollovers.map((r) => ({ ...r })),
		usage: {
			totalCredits: account.usage.totalCredits,
			totalUsedCredits: account.usage.totalUsedCredits,
			totalTextwords: state.textwords.length,
			activeTextwords: state.textwords.filter((t) => counts.get(t.id)).length,
			totalSubscribers: state.contacts.length,
		},
	};
}

function shortlinkClickers(state, shortlink) {
	return shortlink._clicks.map(({ id, clicks }) => {
		const contact = state.contactsById.get(id);
		// No longer subscribed: only the id and the click count are known.
		if (!contact) return { id, clickCount: clicks.length };
		return { ...contact, clickCount: clicks.length, clicks: [...clicks] };
	});
}

const ROUTES = [
	['GET', '/account', (ctx, state) => {
		noQuery(ctx);
		return { body: accountView(state) };
	}],
	['GET', '/textwords', (ctx, state) => {
		const counts = countByTextword(state);
		const records = state.textwords.map((t) => textwordView(state, t, counts));
		return collection(ctx, { key: 'textwords', records, fields: TEXTWORD_FIELDS, view: (r) => r });
	}],
	['GET', '/textwords/:id', (ctx, state) => {
		noQuery(ctx);
		const textword = findTextword(state, ctx.params.id);
		return { body: { links: { self: link(ctx, `/textwords/${textword.id}`) }, textword: textwordView(state, textword) } };
	}],
	['GET', '/textwords/:id/contacts', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		return collection(ctx, {
			key: 'contacts', records: contactsOf(state, textword.id), fields: contactFields(state), range: DATE_RANGES.contacts, view: contactView,
		});
	}],
	['POST', '/textwords/:id/contacts', dispatch(TEXTWORD_CONTACT_ACTIONS)],
	['GET', '/textwords/:id/messages', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.messages.filter((m) => String(m.textword) === textword.id);
		return collection(ctx, { key: 'messages', records, fields: MESSAGE_FIELDS, range: DATE_RANGES.messages, view: (m) => messageView(state, m) });
	}],
	['GET', '/textwords/:id/segments', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.segments.filter((s) => s.textword === textword.id).map((s) => segmentView(state, s));
		return collection(ctx, { key: 'segments', records, fields: SEGMENT_FIELDS, view: (r) => r });
	}],
	['GET', '/textwords/:id/customfields', (ctx, state) => {
		const textword = findTextword(state, ctx.params.id);
		const records = state.customFields.filter((f) => f.textword === textword.id);
		return collection(ctx, { key: 'customFields', records, fields: CUSTOM_FIELD_FIELDS, view: customFieldView });
	}],
	['GET', '/contacts', (ctx, state) =>
		collection(ctx, { key: 'contacts', records: state.contacts, fields: contactFields(state), range: DATE_RANGES.contacts, view: contactView })],
	['POST', '/contacts', dispatch(CONTACT_ACTIONS)],
	['GET', '/contacts/:id', (ctx, state) => {
		noQuery(ctx);
		const contact = findContact(state, ctx.params.id);
		return { body: { links: { self: link(ctx, `/contacts/${contact.id}`) }, contacts: [contactView(contact)] } };
	}],
	['POST', '/contacts/:id', dispatch(ONE_CONTACT_ACTIONS)],
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
	['GET', '/shortlinks', (ctx, state) => {
		const records = state.shortlinks.map(shortlinkView);
		return collection(ctx, { key: 'shortlinks', records, fields: SHORTLINK_FIELDS, view: (r) => r });
	}],
	['GET', '/shortlinks/:ref', (ctx, state) => {
		noQuery(ctx);
		const shortlink = findShortlink(state, ctx.params.ref);
		return { body: { links: { self: link(ctx, `/shortlinks/${ctx.params.ref}`) }, shortlink: shortlinkView(shortlink) } };
	}],
	['GET', '/shortlinks/:ref/contacts', (ctx, state) => {
		const records = shortlinkClickers(state, findShortlink(state, ctx.params.ref));
		return collection(ctx, {
			key: 'contacts', records, fields: [...contactFields(state), 'clickCount'], range: DATE_RANGES.contacts, view: (r) => r,
		});
	}],
];

/** HTTP Basic: public key as user name, private key as password. Checked before anything else. */
function authenticate(ctx) {
	const { publicKey, privateKey } = ctx.sandbox.credentials.legacy;
	const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(ctx.headers.authorization || '');
	if (!m) fail(401, MESSAGES.auth);
	const decoded = Buffer.from(m[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0 || decoded.slice(0, colon) !== publicKey || decoded.slice(colon + 1) !== privateKey) {
		fail(401, MESSAGES.auth);
	}
}

function register(router) {
	const own = [];
	for (const [method, path, handler] of ROUTES) {
		router.add(method, `${BASE}${path}`, (ctx) => {
			authenticate(ctx);
			return handler(ctx, ctx.state.legacy);
		});
		own.push(router.routes[router.routes.length - 1].regex);
	}
	// Catch-alls, added last: an unknown path or method under /legacy/v1 answers 401 without valid
	// credentials (as the auth check comes first on SlickText), and 404 or 405 with them.
	for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
		for (let depth = 0; depth <= 6; depth++) {
			const pattern = BASE + Array.from({ length: depth }, (_, i) => `/:p${i}`).join('');
			router.add(method, pattern, (ctx) => {
				authenticate(ctx);
				if (own.some((regex) => regex.test(ctx.entry.path))) fail(405, MESSAGES.methodNotAllowed(method));
				fail(404, MESSAGES.notFound);
			});
		}
	}
}

// ---------------------------------------------------------------------------------------------------
// what subscribers do on their phones (no HTTP route on SlickText): for tests and demos.

/**
 * A text from `number` to the account: YES confirms a pending double opt-in, a textword's word joins
 * (or rejoins after an opt-out) with the auto reply, STOP opts out of every textword. Returns the
 * contacts affected.
 */
function inboundText(state, rawNumber, text) {
	const number = normalizeNumber(rawNumber);
	const word = String(text).trim().toUpperCase();
	if (word === 'YES') {
		const confirmed = [];
		for (const [key, pending] of state.pending) {
			if (pending.number !== number) continue;
			state.pending.delete(key);
			pending.subscribedDate = laNow();
			addContact(state, pending);
			const textword = state.textwords.find((t) => t.id === pending.textword);
			outboxPush(state, { kind: 'autoReply', textword: textword.id, to: [number], body: textword.autoReply });
			confirmed.push(pending);
		}
		return confirmed;
	}
	if (word === 'STOP') {
		const leaving = state.contacts.filter((c) => c.number === number);
		for (const c of leaving) {
			state.optOuts.set(membershipKey(c.textword, number), { id: c.id, number, textword: c.textword, date: laNow() });
		}
		removeContacts(state, leaving);
		return leaving;
	}
	const textword = state.textwords.find((t) => t.word === word);
	if (!textword) return [];
	const key = membershipKey(textword.id, number);
	state.optOuts.delete(key);
	if (state.contactsByMembership.has(key)) return [state.contactsByMembership.get(key)];
	const contact = newContact(state, textword, number, {}, 'keyword');
	addContact(state, contact);
	outboxPush(state, { kind: 'autoReply', textword: textword.id, to: [number], body: textword.autoReply });
	return [contact];
}

module.exports = {
	createState,
	register,
	inboundText,
	MESSAGES,
	laNow,
	normalizeNumber,
	LOG_PAGE_SIZE,
	MAX_LIMIT,
	MMS_LIMIT,
};
