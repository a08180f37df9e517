'use strict';
// Inbox threads: get many, update (status, assignee, tags), and a thread's messages.

const { BRAND_PATH, THREAD_STATUSES } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { checkKeys, choice, bodyId } = require('./validate');
const { brandOf } = require('./auth');
const { pageOf } = require('./paging');
const { RESOURCES, findRecord, routeResource } = require('./resources');

function updateThread(b, thread, body) {
	checkKeys(body, ['status', '_assigned_to_user_id', '_inbox_tag_ids'], { atLeastOne: true });
	const status = choice(body.status, 'status', THREAD_STATUSES);
	const user = body._assigned_to_user_id;
	if (user !== undefined && user !== null && bodyId(user) === undefined) fail(400, MESSAGES.mustBe('_assigned_to_user_id', 'a user id'));
	const tags = body._inbox_tag_ids;
	if (tags !== undefined && (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || !/^\w+$/.test(tag)))) {
		fail(400, MESSAGES.mustBe('_inbox_tag_ids', 'an array of tag ids'));
	}
	if (status !== undefined) thread.status = status;
	if (user !== undefined) thread._assigned_to_user_id = user === null ? null : bodyId(user);
	if (tags !== undefined) thread._inbox_tag_ids = [...tags];
	thread.updated = stamp();
	return thread;
}

function register(router) {
	const threads = RESOURCES.threads;
	routeResource(router, threads, { get: false, update: updateThread });
	// A thread's messages: Message records, paged and filtered like /messages.
	router.add('GET', `${BRAND_PATH}/inbox-threads/:id/content`, (ctx) => {
		const b = brandOf(ctx);
		const thread = findRecord(b, threads, ctx.params.id);
		return pageOf(ctx, b, RESOURCES.messages, b.threadContent.get(thread._id) || []);
	});
}

module.exports = { register };
