'use strict';
// The demo data of the current API: brand 1001 (sized by seed.contacts) and brand 2002, built
// deterministically. createState() is what Sandbox#reset() calls.

const { DEFAULT_CONTACTS, OTHER_BRAND_CONTACTS } = require('./constants');
const { DAY_MS, SEED_START, SEED_SPAN, pad, stamp, parseStamp } = require('./time');
const { objectId, nextId } = require('./resources');
const { FIRST_NAMES, LAST_NAMES, EMAIL_NAMES, STREETS, CITIES, CARRIERS, DRINKS, OPT_IN_BY_INDEX, BRAND_PROFILES, brandRecord } = require('./seedData');
const { addContact } = require('./contact');
const { buildMessage, outgoingStatus } = require('./message');
const { buildCampaign, sendCampaign } = require('./campaign');

function emptyBrand(profile) {
	const brandId = profile.brand_id;
	return {
		brand: brandRecord(profile),
		profile,
		// Credits of the current billing period: subscription, rollovers and purchased messages.
		credits: { subscription: 20000, rollover: 3500, purchased: 1500 },
		// Shared by the messages of this brand (read-only parts of the Message record).
		textNumber: { _brand_id: brandId, text_number_id: brandId * 10 + 1, type: 'tollFree', registration_status: 'registered' },
		brandRef: { brand_id: brandId },
		contacts: [], contactById: new Map(), contactByNumber: new Map(),
		customFields: [], lists: [], listMembers: new Map(), keywords: [], campaigns: [], workflows: [],
		websitePopups: [], messages: [], segments: [], segmentRules: new Map(), links: [], threads: [],
		threadContent: new Map(),
		nextId: {
			contact: 1, customField: 1, list: 1, keyword: 1, campaign: 1, audience: 1, workflow: 1, popup: 1,
			segment: 1, link: 1, message: 1, thread: 1,
		},
	};
}

function seedCustomFields(b) {
	const fields = [
		['Favorite Drink', 'favorite_drink', 'string', 'Usual order, asked at sign-up'],
		['Loyalty Points', 'loyalty_points', 'number', 'Points in the loyalty program'],
		['VIP', 'vip', 'boolean', 'Member of the VIP club'],
		['Signup Date', 'signup_date', 'date', 'Day the contact joined the loyalty program'],
	];
	for (const [name, internalName, dataType, description] of fields) {
		b.customFields.push({
			custom_field_id: nextId(b, 'customField'), _brand_id: b.brand.brand_id, name, internal_name: internalName,
			description, data_type: dataType, created: '2025-01-23 10:15:00', last_updated: '2025-01-23 10:15:00',
		});
	}
}

function seedKeywords(b) {
	b.profile.keywords.forEach((word, i) => {
		b.keywords.push({
			keyword_id: nextId(b, 'keyword'), _brand_id: b.brand.brand_id, word,
			description: `Text ${word} to join`, create_contacts: 1, use_alternate_responses: i === 1 ? 1 : 0,
			double_opt_in: word === 'VIP' ? 1 : 0,
			auto_response_message: `Thanks for texting ${word}! Show this text for 10% off your next order.`,
			auto_response_message_media_url: i === 0 ? 'https://cdn.example.com/mms/coffee.jpg' : null,
			opt_in_exists_message: 'You are already on the list!', re_opt_in_message: 'Welcome back!',
			double_opt_in_message: 'Reply Y to confirm.', active: i === 4 ? 0 : 1,
			created: stamp(SEED_START + i * 3 * DAY_MS), last_updated: stamp(SEED_START + i * 5 * DAY_MS), deleted: null,
		});
	});
}

function seedPopups(b) {
	const popups = [
		['Homepage signup', 'Join for 10% off, shown on every page', 1, 'load'],
		['Exit intent offer', 'Free pastry when leaving the menu page', 0, 'load'],
		['Mobile footer bar', 'Small bar on phones', 1, 'load'],
	];
	popups.forEach(([name, description, active, showEvent], i) => {
		const created = stamp(SEED_START + (10 + i * 20) * DAY_MS);
		b.websitePopups.push({
			website_popup_id: nextId(b, 'popup'), _brand_id: b.brand.brand_id, name, description, min_page_views: 1 + i,
			show_event: showEvent, show_delay_seconds: 5, show_inactivity_seconds: i === 1 ? 30 : 0,
			show_scroll_percent: i === 2 ? 40 : 0, show_scroll_text: i === 2 ? 'Get 10% off' : null,
			hide_from_known_contacts: 1, start_minimized: i === 2 ? 1 : 0, show_desktop: i === 2 ? 0 : 1, show_tablet: 1,
			show_mobile: 1, active, reopen_value: 7, reopen_unit: 'day',
			url_show_rules: i === 1 ? '/menu' : null, url_hide_rules: '/checkout', show_date: null, hide_date: null,
			website_preview_url: b.brand.website, opt_in_message_media_url: null,
			html_build: `<div class="popup"><h2>${name}</h2><input name="phone"></div>`,
			html_display: `<div class="popup"><h2>${name}</h2></div>`,
			double_opt_in_message: b.brand.double_opt_in_message, opt_in_message: b.brand.opt_in_message,
			created, last_updated: created, deleted: null,
		});
	});
}

/** Contact i of n: deterministic, varied, created in id order over the seeded history. */
function seedContact(b, i, n) {
	const id = nextId(b, 'contact');
	const areaCodes = b.profile.areaCodes;
	const [city, state, zip, timezone] = CITIES[i % CITIES.length];
	const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length];
	const last = LAST_NAMES[(i * 13 + 5) % LAST_NAMES.length];
	const createdMs = SEED_START + Math.floor((i * SEED_SPAN) / Math.max(n, 1)) + ((i * 7919) % 3600) * 1000;
	const status = OPT_IN_BY_INDEX[i % OPT_IN_BY_INDEX.length];
	const sourceKind = i % 10;
	const source = sourceKind < 4 ? 'Keyword' : sourceKind < 6 ? 'api' : sourceKind < 8 ? 'Website Popup' : 'Import';
	const sourceId =
		source === 'Keyword' ? String(1 + (i % b.keywords.length)) : source === 'Website Popup' ? String(1 + (i % 3)) : null;
	const local = String(2000000 + Math.floor(i / areaCodes.length)).padStart(7, '0');
	const created = stamp(createdMs);
	return {
		contact_id: id, _brand_id: b.brand.brand_id, first_name: first, last_name: last,
		mobile_number: `+1${areaCodes[i % areaCodes.length]}${local}`,
		mobile_number_carrier: CARRIERS[i % CARRIERS.length],
		email: i % 6 === 5 ? null : `${EMAIL_NAMES[(i * 7) % FIRST_NAMES.length]}.${id}@example.com`,
		birthdate: i % 3 === 2 ? null : `${1960 + ((i * 7) % 45)}-${pad(1 + ((i * 5) % 12))}-${pad(1 + ((i * 11) % 28))}`,
		address: `${100 + ((i * 37) % 900)} ${STREETS[i % STREETS.length]}`, city, state, zip, country: 'US',
		source, _source_id: sourceId, sub_source: source === 'Website Popup' ? (i % 2 ? 'mobile' : 'desktop') : null,
		_sub_source_id: null,
		custom_fields:
			i % 5 === 4
				? null
				: {
						favorite_drink: DRINKS[i % DRINKS.length],
						loyalty_points: (i * 37) % 500,
						vip: i % 10 === 1,
						signup_date: created.slice(0, 10),
					},
		timezone, language: i % 9 === 4 ? 'es' : 'en', opt_in_status: status,
		last_opt_in_status_change: status === 'subscribed' ? created : stamp(createdMs + 12 * DAY_MS),
		created, last_updated: i % 4 === 3 ? stamp(createdMs + 3 * DAY_MS) : null,
	};
}

function seedContacts(b, n) {
	for (let i = 0; i < n; i++) addContact(b, seedContact(b, i, n));
}

/** Lists with memberships that grow with the contacts; the last list is empty. */
function seedLists(b) {
	const lists = [
		['Newsletter', 'Monthly news and new drinks', (c, i) => i % 3 !== 2],
		['VIP Club', 'Loyalty members with VIP status', (c) => Boolean(c.custom_fields && c.custom_fields.vip)],
		['Downtown Store', 'Customers of the Boston store', (c) => c.city === 'Boston'],
		['Tasting Panel', 'Invited to taste new roasts', (c, i) => i % 25 === 3 && i < 1000],
		['Holiday Signups', 'Signed up for the holiday season; nobody yet', () => false],
	];
	lists.forEach(([name, description, member], k) => {
		const id = nextId(b, 'list');
		b.lists.push({ contact_list_id: id, _brand_id: b.brand.brand_id, name, description, created: stamp(SEED_START + (k + 1) * DAY_MS) });
		const members = new Set();
		b.contacts.forEach((contact, i) => {
			if (member(contact, i)) members.add(contact.contact_id);
		});
		b.listMembers.set(id, members);
	});
}

/** Segments are saved rules; the rule stays out of the record, which has only the documented fields. */
function seedSegments(b) {
	const segments = [
		['Boston regulars', 'City is Boston', (c) => c.city === 'Boston'],
		['VIP members', 'Custom field VIP is true', (c) => Boolean(c.custom_fields && c.custom_fields.vip)],
		['Lapsed customers', 'Opt-in status is unsubscribed', (c) => c.opt_in_status === 'unsubscribed'],
	];
	segments.forEach(([name, description, rule], k) => {
		const id = nextId(b, 'segment');
		const at = stamp(SEED_START + (30 + k) * DAY_MS);
		b.segments.push({ segment_id: id, _brand_id: b.brand.brand_id, name, description, created: at, last_updated: at });
		b.segmentRules.set(id, rule);
	});
}

function seedWorkflows(b) {
	const workflows = [
		['Welcome series', 'Three texts over the first week', 'once', null, null, 1],
		['Birthday reward', 'Free drink on the birthday', 'onceInTime', 365, 'day', 1],
		['Win-back', 'Offer after 60 days without a visit', 'multiple', null, null, 0],
		['Order follow-up', 'Ask for a review after an order', 'oneAtTime', null, null, 0],
	];
	workflows.forEach(([name, description, rule, value, unit, active], k) => {
		const created = SEED_START + (5 + k * 9) * DAY_MS;
		b.workflows.push({
			workflow_id: nextId(b, 'workflow'), _brand_id: b.brand.brand_id, name, description, entry_rule: rule,
			entry_rule_time_value: value, entry_rule_time_unit: unit, active, created: stamp(created),
			last_updated: stamp(created + 2 * DAY_MS), last_activated: stamp(created + DAY_MS),
			last_deactivated: active ? null : stamp(created + 40 * DAY_MS), last_cleared: null,
		});
	});
}

function seedCampaigns(b) {
	const campaigns = [
		{
			name: 'Tasting panel invite', body: 'Join us Saturday 10am to taste our new Ethiopian roast. Reply YES!',
			status: 'send', audience: { contact_lists: [4] }, media_url: 'https://cdn.example.com/mms/roast.jpg',
		},
		{ name: 'Fall menu preview', body: 'Pumpkin spice is back Monday! Reply STOP to opt out.', status: 'draft', audience: { all: true } },
		{
			name: 'Holiday hours', body: 'We close at 2pm on Dec 24. Happy holidays!', status: 'scheduled',
			scheduled: '2030-12-20 15:00:00', audience: { contact_lists: [1] },
		},
		{ name: 'VIP double points', body: 'VIPs earn double points all weekend.', status: 'send', audience: { segments: [2] } },
	];
	campaigns.forEach((input, k) => {
		// After the last seeded contact joined, so that every recipient existed when it was sent.
		const at = SEED_START + SEED_SPAN + (1 + k * 2) * DAY_MS;
		const campaign = buildCampaign(b, input, at);
		b.campaigns.push(campaign);
		if (input.status === 'send') sendCampaign(b, campaign, at + 3600 * 1000);
	});
}

/** Keyword texts and their auto-responses, plus order texts sent through the API. */
function seedMessages(b) {
	const sample = b.contacts.slice(0, 200);
	for (const contact of sample) {
		const at = parseStamp(contact.created);
		if (contact.source === 'Keyword') {
			const keyword = b.keywords[Number(contact._source_id) - 1];
			b.messages.push(
				buildMessage(b, { contact, direction: 'incoming', body: keyword.word, source: 'Keyword', sourceId: keyword.keyword_id, status: 'processed', ms: at }),
				buildMessage(b, {
					contact, direction: 'outgoing', body: keyword.auto_response_message, source: 'Keyword',
					sourceId: keyword.keyword_id, status: outgoingStatus(contact), ms: at + 2000,
				}),
			);
		}
		if (contact.contact_id % 7 === 0) {
			b.messages.push(
				buildMessage(b, {
					contact, direction: 'outgoing', body: `Hi ${contact.first_name}, your order #${4000 + contact.contact_id} is ready for pickup.`,
					source: 'API', status: outgoingStatus(contact), ms: at + 5 * DAY_MS,
				}),
			);
		}
	}
}

/** Conversations in the inbox; their messages are Message records with source InboxThread. */
function seedThreads(b) {
	const conversations = [
		['Is the Boston store open on Sunday?', 'Yes, 8am to 4pm!', 'Great, thanks'],
		['Can I still use my birthday reward?', 'Of course, it is valid all month.'],
		['Do you have oat milk?', 'We do, and almond too.', 'Perfect', 'See you soon!'],
		['My order is missing a muffin', 'So sorry! We will refund it today.'],
		['STOP sending me deals please', 'Done, you will only get order updates.'],
		['Do you cater events?', 'We do! What date?', 'June 12, about 40 people'],
		['What time do you close?', '6pm on weekdays.'],
		['Is the loyalty app down?', 'Fixed now, sorry about that.', 'Works, thanks'],
	];
	const statuses = ['open', 'pending', 'closed', 'open', 'closed', 'pending', 'open', 'closed'];
	conversations.forEach((lines, k) => {
		const contact = b.contacts[k * 5];
		if (!contact) return;
		const start = parseStamp(contact.created) + 20 * DAY_MS;
		const id = objectId(start, 'b4d5e6f7', nextId(b, 'thread'));
		const messages = lines.map((body, j) =>
			buildMessage(b, {
				contact, direction: j % 2 === 0 ? 'incoming' : 'outgoing', body, source: 'InboxThread',
				status: j % 2 === 0 ? 'processed' : 'delivered', ms: start + j * 600000, userId: j % 2 === 0 ? null : 301,
			}),
		);
		const last = messages[messages.length - 1];
		b.messages.push(...messages);
		b.threadContent.set(id, messages);
		b.threads.push({
			_id: id, _brand_id: b.brand.brand_id, _contact_id: contact.contact_id, status: statuses[k],
			_last_message_id: last._id, last_message: last.body, last_message_direction: last.direction,
			last_message_sent: last.created, _assigned_to_user_id: k % 3 === 0 ? 301 : null, created: messages[0].created,
			updated: last.created, _inbox_tag_ids: k % 2 === 0 ? ['6744a297616039e17200b0d3'] : [],
		});
	});
}

function seedLinks(b) {
	// Campaign links get clicks in proportion to the campaign's audience, so that click rates stay plausible.
	const campaignClicks = (id, share) => {
		const campaign = b.campaigns.find((c) => c.campaign_id === id);
		return Math.round((campaign ? campaign.audience_size : 0) * share);
	};
	const links = [
		['Tasting menu', 'https://example.com/menu/1', 'Campaign', 1, 1, campaignClicks(1, 0.8)],
		['VIP menu', 'https://example.com/menu/2', 'Campaign', 4, 1, campaignClicks(4, 0.3)],
		['Order online', `${b.brand.website}/order`, 'API', null, 1, 1290],
		['Store locator', `${b.brand.website}/stores`, 'Keyword', 1, 1, 233],
		['Loyalty program', `${b.brand.website}/loyalty`, 'Campaign', 4, 0, campaignClicks(4, 0.2)],
		['Tasting RSVP', `${b.brand.website}/rsvp`, 'Campaign', 1, 1, campaignClicks(1, 0.5)],
	];
	links.forEach(([name, url, source, sourceId, active, clicks], k) => {
		b.links.push({
			link_id: nextId(b, 'link'), _brand_id: b.brand.brand_id, _contact_id: null, name, url, type: 'shortlink',
			source, _source_id: sourceId === null ? null : String(sourceId), sub_source: null, _sub_source_id: null,
			clicks, unique_clicks: Math.floor(clicks * 0.6), bot_clicks: Math.floor(clicks * 0.05), active,
			created: stamp(SEED_START + (70 + k * 30) * DAY_MS), expires: k === 5 ? '2030-01-01 00:00:00' : null,
		});
	});
}

function seedBrand(profile, contactCount) {
	const b = emptyBrand(profile);
	seedCustomFields(b);
	seedKeywords(b);
	seedPopups(b);
	seedContacts(b, contactCount);
	seedLists(b);
	seedSegments(b);
	seedWorkflows(b);
	seedCampaigns(b);
	seedMessages(b);
	seedThreads(b);
	seedLinks(b);
	b.messages.sort((x, y) => x.created_micro - y.created_micro);
	return b;
}

/** Fresh demo data. seed.contacts sizes brand 1001 (default 250); brand 2002 always has 25. */
function createState(seed = {}) {
	const requested = seed && seed.contacts !== undefined ? Math.floor(Number(seed.contacts)) : DEFAULT_CONTACTS;
	const count = Number.isFinite(requested) && requested > 0 ? requested : 0;
	const main = seedBrand(BRAND_PROFILES[0], count);
	const other = seedBrand(BRAND_PROFILES[1], OTHER_BRAND_CONTACTS);
	const brands = new Map([
		[main.brand.brand_id, main],
		[other.brand.brand_id, other],
	]);
	// Not enumerable: state.current holds itself through this map.
	Object.defineProperty(main, 'brands', { value: brands, enumerable: false });
	return main;
}

module.exports = { createState };
