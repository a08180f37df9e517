'use strict';
// The demo account of the legacy API, built deterministically. createState() is what Sandbox#reset() calls.

const { SHORTLINK_DOMAIN } = require('./constants');
const { laNow, pad, naiveString, parseTimestamp, shift, SECONDS_PER_DAY } = require('./time');
const { fieldKey } = require('./validate');
const { AREAS, FIRST_NAMES, LAST_NAMES, DRINKS, STORES, TEXTWORDS, SPREAD, CUSTOM_FIELDS, SEGMENTS, SHORTLINKS, FORMER, FIRST_CONTACT_ID, DEFAULT_SUBSCRIBERS } = require('./seedData');
const { membershipKey, addContact } = require('./store');
const { buildLog } = require('./messageLog');

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
		// Texts people sent in (Sandbox#reply): number -> {id, number, created, messages[]}; no route reads them.
		chatThreads: new Map(),
		nextChatThreadId: 7001,
		nextChatMessageId: 880001,
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

module.exports = { createState };
