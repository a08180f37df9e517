'use strict';
// The legacy, account-scoped SlickText API (../shared/spec/legacy-api.md), under /legacy/v1. HTTP Basic
// auth, form-encoded POSTs that carry an `action`, limit/offset paging and resource-named envelopes.

const { CREDENTIALS } = require('./credentials');

const P = '/legacy/v1';
const MAX_LIMIT = 10000;
const LOG_PAGE = 100;
const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

class ApiError extends Error {
	constructor(status, message) {
		super(message);
		this.httpStatus = status;
		this.body = { message };
	}
}
const fail = (status, message) => {
	throw new ApiError(status, message);
};

const pad = (n) => String(n).padStart(2, '0');
/** Local time in America/Los_Angeles (the legacy API's zone), as YYYY-MM-DD HH:MM:SS. */
function laStamp(date = new Date()) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit',
			hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
			.formatToParts(date)
			.map((p) => [p.type, p.value]),
	);
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
const hourStamp = (i) => {
	const d = new Date(Date.UTC(2025, 0, 1, 8) + i * 3600 * 1000);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:00:00`;
};

// Area codes the sandbox can place (state is derived from the area code when omitted).
const AREA_STATES = { 212: 'NY', 213: 'CA', 312: 'IL', 415: 'CA', 512: 'TX', 617: 'MA', 716: 'NY', 206: 'WA' };

function createState(seed = {}) {
	const count = seed.subscribers === undefined ? 300 : Number(seed.subscribers);
	const s = {
		account: {
			account: { id: 7001, email: 'owner@example.com', firstName: 'Sam', lastName: 'Owner', address: '1 Main St', city: 'Boston',
				state: 'MA', zipCode: '02108', DateJoined: '2019-04-01 09:00:00', nextBilling: '2026-12-01 00:00:00',
				lastLogin: '2026-11-20 08:00:00', mobileNumber: '+16175550100', rolloverMonths: 3, maxCharacterLimit: 160,
				timezone: 'America/Los_Angeles', defaultTextNumber: '+18885550100' },
			plan: { name: 'Pro', price: '99.00', totalTexts: 5000, textwords: 10 },
			subscriptions: [{ id: 1, type: 'plan', state: 'active', price: '99.00', pastDueSince: null, created: '2019-04-01 09:00:00',
				lastUpdated: '2026-11-01 00:00:00', periodStart: '2026-11-01 00:00:00', periodEnd: '2026-12-01 00:00:00', subtotal: '99.00',
				currency: 'USD', addons: [{ internalName: 'mms', name: 'MMS', quantity: 1, price: '10.00' }] }],
			rollovers: [{ totalAmount: 500, amountAvailable: 300, amountUsed: 200, expires: '2027-01-01 00:00:00' }],
			usage: { totalCredits: 5500, totalUsedCredits: 1200, totalTextwords: 3, activeTextwords: 3, totalSubscribers: count },
		},
		textwords: [],
		contacts: [],
		contactById: new Map(),
		optedOut: new Map(),
		pending: [],
		messages: [],
		logs: new Map(),
		segments: [],
		customFields: [],
		shortlinks: [],
		clicks: new Map(),
		outbox: [],
		next: { contact: 1, message: 1, pending: 1 },
	};
	['COFFEE', 'DEALS', 'VIP'].forEach((word, i) => {
		s.textwords.push({ id: String(101 + i), word, autoReply: `Thanks for joining ${word}! Reply STOP to opt out.`,
			added: hourStamp(i), optOuts: 3 * i, ageRequirement: 0, contactsCount: 0, textNumber: '+18885550100' });
		s.segments.push({ id: 201 + i, textword: 101 + i, name: `${word} regulars`, description: 'Bought twice', contacts_count: 5 });
		s.customFields.push({ textword: 101 + i, subscriberField: 'Favorite Drink', subscriberFieldAlias: 'FavoriteDrink', dataType: 'string' });
		s.customFields.push({ textword: 101 + i, subscriberField: 'Signup Date', subscriberFieldAlias: 'SignupDate', dataType: 'date' });
	});
	const first = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Omar'];
	for (let i = 0; i < count; i++) {
		addContact(s, {
			number: `+1716${String(5000000 + i).padStart(7, '0')}`, textword: s.textwords[i % 3].id, firstName: first[i % 6],
			lastName: i % 2 ? 'Smith' : 'Garcia', email: `sub${i}@example.com`, city: 'Buffalo', state: 'NY', zipCode: '14201',
			country: 'US', subscribedDate: hourStamp(i % 2000), FavoriteDrink: i % 2 ? 'latte' : 'tea',
		});
	}
	for (let i = 0; i < 30; i++) {
		const scheduled = i >= 25;
		s.messages.push({ id: s.next.message++, campaign: `Campaign ${i + 1}`, body: 'Happy hour today 3-5pm!', textword: Number(s.textwords[i % 3].id),
			autoReply: 0, count: scheduled ? 0 : 100, deleted: 0, sent: scheduled ? null : hourStamp(i * 24), scheduled: scheduled ? '2026-12-24 09:00:00' : null,
			contact: null, source: 'api', mediaUrl: null, shortlinks: [], status: scheduled ? 'scheduled' : 'sent' });
	}
	const logItems = [];
	const statuses = ['delivered', 'delivered', 'sent to carrier', 'undelivered', 'failed'];
	for (let i = 0; i < 250 && i < s.contacts.length; i++) {
		logItems.push({ contact: s.contacts[i].id, to: s.contacts[i].number, from: '+18885550100', status: statuses[i % 5],
			created: hourStamp(i), updated: hourStamp(i) });
	}
	s.logs.set(1, logItems);
	for (let i = 0; i < 3; i++) {
		const link = { id: 301 + i, name: `Menu ${i + 1}`, url: `https://example.com/menu/${i + 1}`, hash: `abc${i}x`, clickCount: 0,
			isSmart: i === 0 ? 1 : 0, created: hourStamp(i), shortUrl: `https://slk.tx/abc${i}x` };
		s.shortlinks.push(link);
		const clickers = [];
		for (let j = 0; j < 5 && j < s.contacts.length; j++) clickers.push({ id: s.contacts[j].id, clickCount: j + 1 });
		// Someone who clicked and has since opted out.
		clickers.push({ id: 999999, clickCount: 2 });
		s.clicks.set(link.id, clickers);
		link.clickCount = clickers.reduce((n, c) => n + c.clickCount, 0);
	}
	s.messages[0].shortlinks = [s.shortlinks[0]];
	return s;
}

function addContact(s, fields) {
	const contact = { id: s.next.contact++, number: fields.number, city: '', state: '', zipCode: '', country: 'US', textword: Number(fields.textword),
		subscribedDate: fields.subscribedDate ?? laStamp(), firstName: '', lastName: '', birthDate: null, email: '', optInMethod: 'api' };
	Object.assign(contact, fields, { textword: Number(fields.textword) });
	delete contact.subscribedDate;
	contact.subscribedDate = fields.subscribedDate ?? laStamp();
	s.contacts.push(contact);
	s.contactById.set(contact.id, contact);
	return contact;
}

// ---------------------------------------------------------------------------------- shared handling

function checkAuth(headers) {
	const match = /^Basic\s+(.+)$/i.exec(headers.authorization || '');
	const [user, password] = match ? Buffer.from(match[1], 'base64').toString('utf8').split(':') : [];
	if (user !== CREDENTIALS.legacy.publicKey || password !== CREDENTIALS.legacy.privateKey) fail(401, 'Invalid API credentials.');
}

function links(ctx, extra = {}) {
	return { self: `${ctx.sandbox.legacyBaseUrl || ''}${ctx.entry.path.replace(/^\/legacy\/v1/, '')}${ctx.entry.rawQuery}`, ...extra };
}

/** limit/offset paging, exact-match filters and the date filters of contacts and messages. */
function collection(ctx, key, records, { dateField, after, before } = {}) {
	const q = { ...ctx.query };
	for (const name of ['limit', 'offset']) if (q[name] !== undefined && !/^\d+$/.test(q[name])) fail(400, `The ${name} parameter must be a whole number.`);
	const limit = q.limit === undefined ? 20 : Number(q.limit);
	const offset = Number(q.offset ?? 0);
	if (limit > MAX_LIMIT) fail(400, `The limit parameter may not be above ${MAX_LIMIT}.`);
	if (limit < 1) fail(400, 'The limit parameter must be at least 1.');
	delete q.limit;
	delete q.offset;
	const range = {};
	for (const [name, op] of [[after, 'after'], [before, 'before']]) {
		if (name && q[name] !== undefined) {
			if (!STAMP.test(q[name])) fail(400, `The ${name} parameter must be YYYY-MM-DD HH:MM:SS.`);
			range[op] = q[name];
			delete q[name];
		}
	}
	const sample = records[0];
	for (const name of Object.keys(q)) if (sample && !(name in sample)) fail(400, `Unknown filter: ${name}`);
	const selected = records.filter((r) => {
		for (const [name, value] of Object.entries(q)) if (r[name] === undefined || r[name] === null || String(r[name]) !== value) return false;
		if (range.after && !(String(r[dateField]) > range.after)) return false;
		if (range.before && !(String(r[dateField]) < range.before)) return false;
		return true;
	});
	const page = selected.slice(offset, offset + limit);
	const more = offset + page.length < selected.length;
	return {
		body: {
			meta: { limit, offset, total: selected.length },
			links: links(ctx, more ? { next: `${ctx.entry.path}?limit=${limit}&offset=${offset + limit}` } : {}),
			[key]: page,
		},
	};
}

function formBody(ctx, allowedActions) {
	if (ctx.contentType !== 'application/x-www-form-urlencoded') fail(400, 'Requests must be form-encoded.');
	const body = ctx.body || {};
	if (!body.action) fail(400, 'An action is required.');
	if (!allowedActions.includes(body.action)) fail(400, `Invalid action: ${body.action}`);
	return body;
}

function byId(list, id, noun) {
	const record = /^\d+$/.test(id) ? list.find((r) => String(r.id) === id) : undefined;
	if (!record) fail(404, `${noun} not found`);
	return record;
}

function normalizeNumber(value, field = 'number') {
	const digits = String(value ?? '').replace(/\D/g, '');
	if (digits.length < 10) fail(400, `The ${field} must be a US number with at least 10 digits.`);
	return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'city', 'state', 'zipCode', 'country', 'birthDate'];

function contactFields(s, body, textword) {
	const out = {};
	const custom = new Set(s.customFields.filter((f) => String(f.textword) === String(textword)).map((f) => f.subscriberFieldAlias));
	for (const [key, value] of Object.entries(body)) {
		if (['action', 'textword', 'number', 'id', 'doubleOptInMessage'].includes(key)) continue;
		if (!CONTACT_FIELDS.includes(key) && !custom.has(key)) fail(400, `Unknown parameter: ${key}`);
		out[key] = value;
	}
	if (out.birthDate !== undefined && !STAMP.test(out.birthDate)) fail(400, 'The birthDate must be YYYY-MM-DD HH:MM:SS.');
	return out;
}

// ------------------------------------------------------------------------------------------ actions

function optIn(ctx, s, body) {
	const textword = byId(s.textwords, String(body.textword ?? ''), 'Textword');
	const number = normalizeNumber(body.number);
	if (s.optedOut.has(`${textword.id}:${number}`)) fail(400, 'Contact opted out; they must text in to rejoin');
	const fields = contactFields(s, body, textword.id);
	if (!fields.state) fields.state = AREA_STATES[number.slice(2, 5)] || '';
	const existing = s.contacts.find((c) => c.number === number && String(c.textword) === textword.id);
	if (body.action === 'DOUBLEOPTIN') {
		const message = body.doubleOptInMessage ?? `Reply YES to join ${textword.word}.`;
		if (message.length > 160) fail(400, 'The doubleOptInMessage may have at most 160 characters.');
		const pendingContact = { id: s.next.pending++, number, textword: Number(textword.id), ...fields, status: 'pending' };
		s.pending.push(pendingContact);
		s.outbox.push({ to: number, kind: 'confirmation', body: message });
		return { body: { meta: { success: true }, pendingContact } };
	}
	const contact = existing ? Object.assign(existing, fields) : addContact(s, { number, textword: textword.id, ...fields });
	if (body.action === 'OPTINWITHAUTOREPLY') s.outbox.push({ to: number, kind: 'autoReply', body: textword.autoReply });
	return { body: { meta: { success: true }, contact } };
}

function edit(ctx, s, body) {
	let contact;
	if (body.id !== undefined) contact = byId(s.contacts, String(body.id), 'Contact');
	else if (body.textword !== undefined && body.number !== undefined) {
		const number = normalizeNumber(body.number);
		contact = s.contacts.find((c) => c.number === number && String(c.textword) === String(body.textword));
		if (!contact) fail(404, 'Contact not found');
	} else fail(400, 'EDIT needs the contact id, or textword and number.');
	Object.assign(contact, contactFields(s, body, contact.textword));
	return { body: { meta: { success: true }, contact } };
}

function removeContact(s, contact) {
	s.contacts.splice(s.contacts.indexOf(contact), 1);
	s.contactById.delete(contact.id);
}

function sendMessage(ctx, s, body) {
	if (!body.body) fail(400, 'The body is required.');
	if (!body.textword && !body.contact) fail(400, 'A textword or a contact is required.');
	const media = body.mediaUrl;
	if (media !== undefined) {
		if (!/^https?:\/\/\S+\.(jpe?g|png|gif)(\?\S*)?$/i.test(media)) fail(400, 'The mediaUrl must be a public http(s) URL of a jpg, jpeg, png or gif file.');
		if (body.body.length > 1600) fail(400, 'An MMS body may have at most 1600 characters.');
	} else if (body.body.length > s.account.account.maxCharacterLimit) {
		fail(400, `The body may have at most ${s.account.account.maxCharacterLimit} characters.`);
	}
	let scheduled = null;
	if (body.action === 'SCHEDULE') {
		if (!STAMP.test(body.scheduled ?? '')) fail(400, 'The scheduled time must be YYYY-MM-DD HH:MM:SS.');
		const [, minute, second] = /(\d{2}):(\d{2})$/.exec(body.scheduled.slice(11));
		if (!['00', '15', '30', '45'].includes(body.scheduled.slice(14, 16)) || second !== '00' || !minute) {
			fail(400, 'Messages can only be scheduled on the quarter hour (:00, :15, :30, :45).');
		}
		scheduled = body.scheduled;
	}
	let contactId = null;
	let count;
	if (body.textword) {
		const textword = byId(s.textwords, String(body.textword), 'Textword');
		if (body.segment !== undefined && !s.segments.some((g) => String(g.id) === String(body.segment) && String(g.textword) === textword.id)) {
			fail(404, 'Segment not found');
		}
		if (body.contact) {
			const number = normalizeNumber(body.contact, 'contact');
			let contact = s.contacts.find((c) => c.number === number && String(c.textword) === textword.id);
			if (!contact) contact = addContact(s, { number, textword: textword.id, state: AREA_STATES[number.slice(2, 5)] || '' });
			contactId = contact.id;
			count = 1;
		} else {
			count = s.contacts.filter((c) => String(c.textword) === textword.id).length;
		}
	} else {
		contactId = byId(s.contacts, String(body.contact), 'Contact').id;
		count = 1;
	}
	const message = { id: s.next.message++, campaign: body.campaign ?? '', body: body.body, textword: body.textword ? Number(body.textword) : null,
		autoReply: 0, count, deleted: 0, sent: scheduled ? null : laStamp(), scheduled, contactID: contactId, source: 'api',
		mediaUrl: media ?? null, shortlinks: [], status: scheduled ? 'scheduled' : 'sent' };
	s.messages.push(message);
	s.outbox.push({ kind: 'message', messageId: message.id, count });
	return { body: { meta: { success: true }, message } };
}

// ------------------------------------------------------------------------------------------- routing

function register(router) {
	const add = (method, path, handler) =>
		router.add(method, `${P}${path}`, (ctx) => {
			checkAuth(ctx.headers);
			return handler(ctx, ctx.state.legacy);
		});

	add('GET', '/account', (ctx, s) => ({ body: { links: links(ctx), ...s.account } }));

	add('GET', '/textwords', (ctx, s) => {
		for (const t of s.textwords) t.contactsCount = s.contacts.filter((c) => String(c.textword) === t.id).length;
		return collection(ctx, 'textwords', s.textwords);
	});
	add('GET', '/textwords/:id', (ctx, s) => ({ body: { links: links(ctx), textword: byId(s.textwords, ctx.params.id, 'Textword') } }));
	add('GET', '/textwords/:id/contacts', (ctx, s) => {
		const t = byId(s.textwords, ctx.params.id, 'Textword');
		return collection(ctx, 'contacts', s.contacts.filter((c) => String(c.textword) === t.id), { dateField: 'subscribedDate', after: 'subscribedAfter', before: 'subscribedBefore' });
	});
	add('POST', '/textwords/:id/contacts', (ctx, s) => {
		const t = byId(s.textwords, ctx.params.id, 'Textword');
		formBody(ctx, ['DELETESUBSCRIBERS']);
		const removed = s.contacts.filter((c) => String(c.textword) === t.id);
		for (const c of removed) removeContact(s, c);
		return { body: { meta: { success: true }, contactsDeleted: removed.length } };
	});
	add('GET', '/textwords/:id/messages', (ctx, s) => {
		const t = byId(s.textwords, ctx.params.id, 'Textword');
		return collection(ctx, 'messages', s.messages.filter((m) => String(m.textword) === t.id && !m.deleted), { dateField: 'sent', after: 'sentAfter', before: 'sentBefore' });
	});
	add('GET', '/textwords/:id/segments', (ctx, s) => {
		const t = byId(s.textwords, ctx.params.id, 'Textword');
		return collection(ctx, 'segments', s.segments.filter((g) => String(g.textword) === t.id));
	});
	add('GET', '/textwords/:id/customfields', (ctx, s) => {
		const t = byId(s.textwords, ctx.params.id, 'Textword');
		return collection(ctx, 'customFields', s.customFields.filter((f) => String(f.textword) === t.id));
	});

	add('GET', '/contacts', (ctx, s) => collection(ctx, 'contacts', s.contacts, { dateField: 'subscribedDate', after: 'subscribedAfter', before: 'subscribedBefore' }));
	add('GET', '/contacts/:id', (ctx, s) => ({ body: { links: links(ctx), contacts: [byId(s.contacts, ctx.params.id, 'Contact')] } }));
	add('POST', '/contacts', (ctx, s) => {
		const body = formBody(ctx, ['OPTIN', 'OPTINWITHAUTOREPLY', 'DOUBLEOPTIN', 'EDIT']);
		return body.action === 'EDIT' ? edit(ctx, s, body) : optIn(ctx, s, body);
	});
	add('POST', '/contacts/:id', (ctx, s) => {
		const body = formBody(ctx, ['OPTOUT', 'DELETE']);
		const contact = byId(s.contacts, ctx.params.id, 'Contact');
		if (body.action === 'OPTOUT') s.optedOut.set(`${contact.textword}:${contact.number}`, laStamp());
		removeContact(s, contact);
		return { body: { meta: { success: true } } };
	});

	add('GET', '/messages', (ctx, s) => collection(ctx, 'messages', s.messages.filter((m) => !m.deleted), { dateField: 'sent', after: 'sentAfter', before: 'sentBefore' }));
	add('GET', '/messages/:id', (ctx, s) => ({ body: { links: links(ctx), message: byId(s.messages.filter((m) => !m.deleted), ctx.params.id, 'Message') } }));
	add('POST', '/messages', (ctx, s) => sendMessage(ctx, s, formBody(ctx, ['SEND', 'SCHEDULE'])));
	add('POST', '/messages/:id', (ctx, s) => {
		formBody(ctx, ['DELETE']);
		const message = byId(s.messages.filter((m) => !m.deleted), ctx.params.id, 'Message');
		if (message.status === 'sent') fail(400, 'Sent messages cannot be deleted.');
		message.deleted = 1;
		return { body: { meta: { success: true } } };
	});
	add('GET', '/messages/:id/log', (ctx, s) => {
		const message = byId(s.messages, ctx.params.id, 'Message');
		let items = s.logs.get(message.id) || [];
		if (ctx.query.to !== undefined) items = items.filter((i) => i.to === ctx.query.to);
		let start = 0;
		if (ctx.query.pageKey !== undefined) {
			const decoded = /^p(\d+)$/.exec(Buffer.from(ctx.query.pageKey, 'base64').toString('utf8'));
			if (!decoded) fail(400, 'Invalid pageKey');
			start = Number(decoded[1]);
		}
		const page = items.slice(start, start + LOG_PAGE);
		const isLastPage = start + page.length >= items.length;
		return { body: { meta: { success: true, isLastPage, nextPageKey: isLastPage ? null : Buffer.from(`p${start + LOG_PAGE}`).toString('base64') },
			links: links(ctx, { message: `/messages/${message.id}` }), items: page } };
	});

	const shortlink = (s, ref) => {
		const link = ref.startsWith('hash-') ? s.shortlinks.find((l) => l.hash === ref.slice(5)) : byId(s.shortlinks, ref, 'Shortlink');
		if (!link) fail(404, 'Shortlink not found');
		return link;
	};
	add('GET', '/shortlinks', (ctx, s) => collection(ctx, 'shortlinks', s.shortlinks));
	add('GET', '/shortlinks/:ref', (ctx, s) => ({ body: { links: links(ctx), shortlink: shortlink(s, ctx.params.ref) } }));
	add('GET', '/shortlinks/:ref/contacts', (ctx, s) => {
		const link = shortlink(s, ctx.params.ref);
		const clickers = (s.clicks.get(link.id) || []).map((click) => {
			const contact = s.contactById.get(click.id);
			// A clicker no longer subscribed is reduced to the id and the click count.
			return contact ? { ...contact, clickCount: click.clickCount, clicks: [hourStamp(1)] } : { id: click.id, clickCount: click.clickCount };
		});
		return collection(ctx, 'contacts', clickers);
	});
}

module.exports = { createState, register, laStamp };
