'use strict';
// Analytics: contacts (totals, groups), contact growth per period, campaigns, one campaign, messages.

const { CONTACT_GROUPS, GROWTH_COMPARE, GROWTH_FREQUENCY } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { DAY_MS, stamp, parseStamp } = require('./time');
const { checkParams, paramChoice, paramDate } = require('./validate');
const { RESOURCES, findRecord, routeBrandGet } = require('./resources');
const { settleCampaigns } = require('./campaign');

/** `{totals: {total}, groups: [{name, total}]}`: groups only when a group is asked for. */
function countBy(records, group) {
	if (!group) return [];
	const counts = new Map();
	for (const record of records) {
		const name = record[group] ?? 'unknown';
		counts.set(name, (counts.get(name) || 0) + 1);
	}
	return [...counts].map(([name, total]) => ({ name, total })).sort((x, y) => y.total - x.total);
}

/** Records created in [start, end] (whole days); the bounds are optional. */
function createdBetween(records, start, end) {
	const from = start ? `${start} 00:00:00` : '';
	const to = end ? `${end} 23:59:59` : '\uffff';
	return records.filter((record) => record.created >= from && record.created <= to);
}

function contactAnalytics(b, query) {
	checkParams(query, ['group', 'start', 'end']);
	const group = paramChoice(query, 'group', CONTACT_GROUPS);
	const contacts = createdBetween(b.contacts, paramDate(query, 'start'), paramDate(query, 'end'));
	return { totals: { total: contacts.length }, groups: countBy(contacts, group) };
}

const BUCKET_OF = {
	hour: (created) => `${created.slice(0, 13)}:00:00`,
	day: (created) => created.slice(0, 10),
	month: (created) => created.slice(0, 7),
	year: (created) => created.slice(0, 4),
};

function addPeriod(ms, frequency, n) {
	const d = new Date(ms);
	if (frequency === 'hour') return ms + n * 3600000;
	if (frequency === 'day') return ms + n * DAY_MS;
	if (frequency === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
	return Date.UTC(d.getUTCFullYear() + n, 0, 1);
}

/** Every bucket key from start to end, so that periods without contacts show a 0. */
function bucketKeys(start, end, frequency) {
	const MAX_STEPS = 10000;
	const keys = [];
	const last = parseStamp(`${end} 23:59:59`);
	let ms = parseStamp(start);
	if (frequency === 'month') ms = Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
	if (frequency === 'year') ms = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
	for (; ms <= last; ms = addPeriod(ms, frequency, 1)) {
		if (keys.length >= MAX_STEPS) fail(400, MESSAGES.rangeTooLong(MAX_STEPS));
		keys.push(BUCKET_OF[frequency](stamp(ms)));
	}
	return keys;
}

/** The earlier period `compare` names, as [start, end] dates. */
function previousRange(start, end, compare) {
	const from = parseStamp(start);
	const to = parseStamp(end);
	const shiftMonths = (ms, n) => {
		const d = new Date(ms);
		return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, d.getUTCDate());
	};
	const shift = {
		PoP: (ms) => ms - (to - from + DAY_MS),
		DoD: (ms) => ms - DAY_MS,
		WoW: (ms) => ms - 7 * DAY_MS,
		MoM: (ms) => shiftMonths(ms, 1),
		QoQ: (ms) => shiftMonths(ms, 3),
		YoY: (ms) => shiftMonths(ms, 12),
	}[compare];
	return [stamp(shift(from)).slice(0, 10), stamp(shift(to)).slice(0, 10)];
}

/**
 * New contacts per period from start to end. totals.total is every contact of the brand (as in
 * /analytics/contacts) and totals.new those created in the period; each series point has the new
 * contacts of its period and the running total at its end. compare adds the earlier period's numbers.
 */
function growthAnalytics(b, query) {
	checkParams(query, ['group', 'compare', 'start', 'end', 'frequency']);
	const group = paramChoice(query, 'group', CONTACT_GROUPS);
	const compare = paramChoice(query, 'compare', GROWTH_COMPARE);
	const frequency = paramChoice(query, 'frequency', GROWTH_FREQUENCY) ?? 'day';
	const start = paramDate(query, 'start', { required: true });
	const end = paramDate(query, 'end', { required: true });
	if (end < start) fail(400, MESSAGES.rangeOrder());
	const fresh = createdBetween(b.contacts, start, end);
	const byBucket = new Map(bucketKeys(start, end, frequency).map((key) => [key, []]));
	for (const contact of fresh) {
		const bucket = byBucket.get(BUCKET_OF[frequency](contact.created));
		if (bucket) bucket.push(contact);
	}
	let running = b.contacts.length - createdBetween(b.contacts, start, undefined).length;
	const series = [...byBucket].map(([period, members]) => {
		running += members.length;
		return { period, new: members.length, total: running, ...(group ? { groups: countBy(members, group) } : {}) };
	});
	const totals = { total: b.contacts.length, new: fresh.length };
	if (compare) {
		const [previousStart, previousEnd] = previousRange(start, end, compare);
		const previous = createdBetween(b.contacts, previousStart, previousEnd).length;
		Object.assign(totals, {
			previous_start: previousStart, previous_end: previousEnd, previous_new: previous, change: fresh.length - previous,
			change_percentage: previous ? Math.round(((fresh.length - previous) / previous) * 1000) / 10 : null,
		});
	}
	return {
		start, end, frequency, compare: compare ?? null, group: group ?? null, totals,
		...(group ? { groups: countBy(fresh, group) } : {}), series,
	};
}

/** Per campaign: its messages, clicks on its links, and how many recipients have opted out since. */
function campaignStatsIndex(b) {
	const stats = new Map();
	for (const campaign of b.campaigns) {
		stats.set(campaign.campaign_id, { sent: 0, delivered: 0, undelivered: 0, credits: 0, clicks: 0, unique_clicks: 0, optOuts: new Set() });
	}
	for (const message of b.messages) {
		const s = message.source === 'Campaign' ? stats.get(message._source_id) : undefined;
		if (!s) continue;
		s.sent++;
		if (message.status === 'delivered') s.delivered++;
		if (message.status === 'undelivered') s.undelivered++;
		s.credits += message.message_credits;
		const contact = b.contactById.get(message.contact.contact_id);
		if (contact && contact.opt_in_status === 'unsubscribed') s.optOuts.add(contact.contact_id);
	}
	for (const link of b.links) {
		const s = link.source === 'Campaign' ? stats.get(Number(link._source_id)) : undefined;
		if (!s) continue;
		s.clicks += link.clicks;
		s.unique_clicks += link.unique_clicks;
	}
	return stats;
}

function campaignStats(campaign, s) {
	return {
		campaign_id: campaign.campaign_id, name: campaign.name, status: campaign.status,
		audience_size: campaign.audience_size, sent: s.sent, delivered: s.delivered, undelivered: s.undelivered,
		delivery_rate: s.sent ? Math.round((s.delivered / s.sent) * 1000) / 10 : null, message_credits: s.credits,
		clicks: s.clicks, unique_clicks: s.unique_clicks,
		click_rate: s.delivered ? Math.round((s.unique_clicks / s.delivered) * 1000) / 10 : null,
		opt_outs: s.optOuts.size, started: campaign.started, finished: campaign.finished,
	};
}

/** totals: how many campaigns and how many sent; then the statistics of each campaign. */
function campaignsAnalytics(b, query) {
	checkParams(query, ['start', 'end']);
	const campaigns = createdBetween(b.campaigns, paramDate(query, 'start'), paramDate(query, 'end'));
	const index = campaignStatsIndex(b);
	return {
		totals: { campaigns: campaigns.length, sent: campaigns.filter((campaign) => campaign.status === 'sent').length },
		campaigns: campaigns.map((campaign) => campaignStats(campaign, index.get(campaign.campaign_id))),
	};
}

/** A count per value of a field: {delivered: 12, undelivered: 1}. */
function tally(records, field) {
	const counts = {};
	for (const record of records) {
		const name = record[field] ?? 'unknown';
		counts[name] = (counts[name] || 0) + 1;
	}
	return counts;
}

/** Messages counted in total, by direction and by status; start and end narrow the period. */
function messageAnalytics(b, query) {
	checkParams(query, ['start', 'end']);
	const messages = createdBetween(b.messages, paramDate(query, 'start'), paramDate(query, 'end'));
	return { totals: { total: messages.length }, direction: tally(messages, 'direction'), status: tally(messages, 'status') };
}

function register(router) {
	routeBrandGet(router, '/analytics/contacts', (b, ctx) => contactAnalytics(b, ctx.query));
	routeBrandGet(router, '/analytics/contacts/growth', (b, ctx) => growthAnalytics(b, ctx.query));
	routeBrandGet(router, '/analytics/campaigns', (b, ctx) => {
		settleCampaigns(b);
		return campaignsAnalytics(b, ctx.query);
	});
	routeBrandGet(router, '/analytics/campaigns/:id', (b, ctx) => {
		checkParams(ctx.query, []);
		settleCampaigns(b);
		const campaign = findRecord(b, RESOURCES.campaigns, ctx.params.id);
		return campaignStats(campaign, campaignStatsIndex(b).get(campaign.campaign_id));
	});
	routeBrandGet(router, '/analytics/messages', (b, ctx) => messageAnalytics(b, ctx.query));
}

module.exports = { register };
