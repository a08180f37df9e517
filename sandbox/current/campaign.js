'use strict';
// Campaigns: create (draft, send at once, or scheduled), update, get, get many, delete. A send
// writes one message per subscribed recipient; scheduled campaigns are sent when their time comes.

const { CAMPAIGN_STATUSES } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp, parseStamp } = require('./time');
const { checkKeys, requireFields, text, choice, webAddress, bodyId } = require('./validate');
const { RESOURCES, nextId, routeResource } = require('./resources');
const { buildMessage, outgoingStatus } = require('./message');

const CAMPAIGN_KEYS = ['name', 'body', 'media_url', 'status', 'audience', 'scheduled'];

function idList(value, field, exists, noun) {
	if (!Array.isArray(value) || value.length === 0) fail(400, MESSAGES.audienceShape());
	return value.map((raw) => {
		const id = bodyId(raw);
		if (id === undefined) fail(400, MESSAGES.mustBe(`audience.${field}`, 'an array of ids'));
		if (!exists(id)) fail(404, MESSAGES.notFoundId(noun, id));
		return id;
	});
}

/** {all: true}, or contact_lists and/or segments (several lists or segments may be combined). */
function checkAudience(b, audience) {
	if (!audience || typeof audience !== 'object' || Array.isArray(audience)) fail(400, MESSAGES.audienceShape());
	checkKeys(audience, ['all', 'contact_lists', 'segments']);
	if (audience.all !== undefined) {
		if (audience.all !== true || Object.keys(audience).length > 1) fail(400, MESSAGES.audienceShape());
		return { all: true };
	}
	const out = {};
	if (audience.contact_lists !== undefined) out.contact_lists = idList(audience.contact_lists, 'contact_lists', (id) => b.listMembers.has(id), 'List');
	if (audience.segments !== undefined) out.segments = idList(audience.segments, 'segments', (id) => b.segmentRules.has(id), 'Segment');
	if (!out.contact_lists && !out.segments) fail(400, MESSAGES.audienceShape());
	return out;
}

/** The whole campaign input, checked as one: the same rules for create and for the result of an update. */
function checkCampaign(b, input) {
	requireFields(input, ['name', 'status']);
	text(input.name, 'name', { nullable: false, nonEmpty: true });
	choice(input.status, 'status', CAMPAIGN_STATUSES);
	// A draft may be unfinished; what is sent needs a text and an audience.
	if (input.status !== 'draft') requireFields(input, ['body', 'audience']);
	text(input.body, 'body');
	if (input.media_url !== undefined && input.media_url !== null) webAddress(input.media_url, 'media_url');
	const audience = input.audience === undefined || input.audience === null ? null : checkAudience(b, input.audience);
	let scheduled = null;
	if (input.status === 'scheduled') {
		requireFields(input, ['scheduled']);
		const ms = parseStamp(input.scheduled);
		if (typeof input.scheduled !== 'string' || !/ \d{2}:/.test(input.scheduled) || Number.isNaN(ms)) {
			fail(400, MESSAGES.mustBe('scheduled', 'a timestamp formatted YYYY-MM-DD HH:MM:SS'));
		}
		if (ms <= Date.now()) fail(400, MESSAGES.scheduledPast());
		scheduled = input.scheduled;
	} else if (input.scheduled !== undefined && input.scheduled !== null) {
		fail(400, MESSAGES.scheduledOnly());
	}
	return { name: input.name, body: input.body ?? null, media_url: input.media_url ?? null, status: input.status, audience, scheduled };
}

/** Subscribed contacts of an audience entry (campaigns reach subscribed contacts only). */
function entryContacts(b, target) {
	const subscribed = (contact) => contact.opt_in_status === 'subscribed';
	if (target.all) return b.contacts.filter(subscribed);
	if (target.listId !== undefined) {
		const members = b.listMembers.get(target.listId) || new Set();
		return b.contacts.filter((contact) => subscribed(contact) && members.has(contact.contact_id));
	}
	const rule = b.segmentRules.get(target.segmentId) || (() => false);
	return b.contacts.filter((contact) => subscribed(contact) && rule(contact));
}

function audienceTargets(audience) {
	if (!audience) return [];
	if (audience.all) return [{ all: true }];
	return [
		...(audience.contact_lists || []).map((listId) => ({ listId })),
		...(audience.segments || []).map((segmentId) => ({ segmentId })),
	];
}

/** The recipients of an audience, each once, in contact order. */
function recipientsOf(b, audience) {
	const seen = new Set();
	for (const target of audienceTargets(audience)) for (const contact of entryContacts(b, target)) seen.add(contact);
	return b.contacts.filter((contact) => seen.has(contact));
}

function audienceRecords(b, campaignId, audience, created) {
	return audienceTargets(audience).map((target) => ({
		campaign_audience_id: nextId(b, 'audience'), _campaign_id: campaignId, all_contacts: target.all ? 1 : 0,
		_contact_list_id: target.listId ?? null, _segment_id: target.segmentId ?? null,
		size: entryContacts(b, target).length, created,
	}));
}

/** The audience input back from a record's audience array (for updates that leave it alone). */
function audienceOfRecord(campaign) {
	if (campaign.audience.length === 0) return null;
	if (campaign.audience.some((entry) => entry.all_contacts)) return { all: true };
	const lists = campaign.audience.filter((e) => e._contact_list_id !== null).map((e) => e._contact_list_id);
	const segments = campaign.audience.filter((e) => e._segment_id !== null).map((e) => e._segment_id);
	return { ...(lists.length ? { contact_lists: lists } : {}), ...(segments.length ? { segments } : {}) };
}

function setAudience(b, campaign, audience, at) {
	campaign.audience = audienceRecords(b, campaign.campaign_id, audience, at);
	campaign.audience_size = audience ? recipientsOf(b, audience).length : 0;
}

function buildCampaign(b, input, ms = Date.now()) {
	const checked = checkCampaign(b, input);
	const at = stamp(ms);
	const campaign = {
		campaign_id: nextId(b, 'campaign'), _brand_id: b.brand.brand_id, _created_by_user_id: 301, name: checked.name,
		body: checked.body, media_url: checked.media_url, audience_size: 0,
		status: checked.status === 'send' ? 'queued' : checked.status, status_detail: null, status_date: at,
		completion_percentage: 0, created: at, scheduled: checked.scheduled, started: null, finished: null,
		last_updated: at, audience: [],
	};
	setAudience(b, campaign, checked.audience, at);
	return campaign;
}

/** Sends at once: one outgoing message per recipient, then the campaign is sent. */
function sendCampaign(b, campaign, ms = Date.now()) {
	const recipients = recipientsOf(b, audienceOfRecord(campaign));
	const body = campaign.media_url ? `${campaign.body} ${campaign.media_url}` : campaign.body;
	recipients.forEach((contact, i) => {
		b.messages.push(
			buildMessage(b, {
				contact, direction: 'outgoing', body, source: 'Campaign', sourceId: campaign.campaign_id,
				status: outgoingStatus(contact), ms: ms + i * 10, userId: campaign._created_by_user_id,
			}),
		);
	});
	const at = stamp(ms);
	Object.assign(campaign, {
		status: 'sent', status_detail: `Sent to ${recipients.length} contacts`, status_date: at,
		completion_percentage: 100, audience_size: recipients.length, started: at,
		finished: stamp(ms + recipients.length * 10), last_updated: at,
	});
}

/** Scheduled campaigns whose time has come are sent before anyone reads campaigns. */
function settleCampaigns(b) {
	const now = Date.now();
	for (const campaign of b.campaigns) {
		if (campaign.status === 'scheduled' && parseStamp(campaign.scheduled) <= now) sendCampaign(b, campaign, now);
	}
}

/** A send answers "queued" (SlickText queues, then sends); the stored campaign is sent already. */
function asQueued(campaign) {
	return {
		...campaign, status: 'queued', status_detail: 'Queued for sending', completion_percentage: 0,
		started: null, finished: null,
	};
}

function createCampaign(b, body) {
	checkKeys(body, CAMPAIGN_KEYS);
	const campaign = buildCampaign(b, body);
	b.campaigns.push(campaign);
	if (body.status !== 'send') return campaign;
	sendCampaign(b, campaign);
	return asQueued(campaign);
}

function updateCampaign(b, campaign, body) {
	checkKeys(body, CAMPAIGN_KEYS, { atLeastOne: true });
	if (campaign.status === 'sent' || campaign.status === 'queued') fail(400, MESSAGES.campaignSent());
	const status = body.status ?? campaign.status;
	const merged = {
		name: body.name ?? campaign.name, body: body.body !== undefined ? body.body : campaign.body,
		media_url: body.media_url !== undefined ? body.media_url : campaign.media_url, status,
		audience: body.audience !== undefined ? body.audience : audienceOfRecord(campaign),
		// Moving away from "scheduled" drops the time; staying keeps it unless a new one is given.
		scheduled: status === 'scheduled' ? (body.scheduled ?? campaign.scheduled ?? undefined) : body.scheduled,
	};
	const checked = checkCampaign(b, merged);
	const at = stamp();
	Object.assign(campaign, {
		name: checked.name, body: checked.body, media_url: checked.media_url, scheduled: checked.scheduled,
		status: checked.status === 'send' ? 'queued' : checked.status, status_date: at, last_updated: at,
	});
	setAudience(b, campaign, checked.audience, at);
	if (checked.status !== 'send') return campaign;
	sendCampaign(b, campaign);
	return asQueued(campaign);
}

function register(router) {
	routeResource(router, RESOURCES.campaigns, {
		create: createCampaign, update: updateCampaign, remove: true, beforeRead: settleCampaigns,
	});
}

module.exports = { register, buildCampaign, sendCampaign, settleCampaigns };
