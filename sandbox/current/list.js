'use strict';
// Lists: create, update, get, get many, delete; contacts added to and removed from lists; a list's
// contacts and their count.

const { BRAND_PATH } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { checkKeys, requireFields, text, bodyId } = require('./validate');
const { brandOf } = require('./auth');
const { pageOf } = require('./paging');
const { RESOURCES, findRecord, removeRecord, nextId, routeResource, routeBrandGet } = require('./resources');

function listChanges(body, { create }) {
	checkKeys(body, ['name', 'description'], { atLeastOne: !create });
	if (create) requireFields(body, ['name']);
	const changes = { name: text(body.name, 'name', { nullable: false, nonEmpty: true }), description: text(body.description, 'description') };
	for (const key of Object.keys(changes)) if (changes[key] === undefined) delete changes[key];
	return changes;
}

function createList(b, body) {
	const changes = listChanges(body, { create: true });
	const list = {
		contact_list_id: nextId(b, 'list'), _brand_id: b.brand.brand_id, name: changes.name,
		description: changes.description ?? null, created: stamp(),
	};
	b.lists.push(list);
	b.listMembers.set(list.contact_list_id, new Set());
	return list;
}

/** `[{contact_id, lists: [ids]}]`, all checked before any change, so a bad element changes nothing. */
function membershipEntries(b, body) {
	if (!Array.isArray(body) || body.length === 0) fail(400, MESSAGES.membershipBody());
	return body.map((entry) => {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail(400, MESSAGES.membershipBody());
		checkKeys(entry, ['contact_id', 'lists']);
		const contactId = bodyId(entry.contact_id);
		if (contactId === undefined) fail(400, MESSAGES.mustBe('contact_id', 'a contact id'));
		if (!Array.isArray(entry.lists) || entry.lists.length === 0) fail(400, MESSAGES.mustBe('lists', 'a non-empty array of list ids'));
		const listIds = entry.lists.map((raw) => {
			const id = bodyId(raw);
			if (id === undefined) fail(400, MESSAGES.mustBe('lists', 'a non-empty array of list ids'));
			if (!b.listMembers.has(id)) fail(404, MESSAGES.notFoundId('List', id));
			return id;
		});
		if (!b.contactById.has(contactId)) fail(404, MESSAGES.notFoundId('Contact', contactId));
		return { contactId, listIds };
	});
}

function changeMemberships(b, body, add) {
	const entries = membershipEntries(b, body);
	let changed = 0;
	for (const { contactId, listIds } of entries) {
		for (const listId of listIds) {
			const members = b.listMembers.get(listId);
			if (members.has(contactId) === add) continue;
			if (add) members.add(contactId);
			else members.delete(contactId);
			changed++;
		}
	}
	return {
		success: true,
		message: add ? 'Contacts added to lists.' : 'Contacts removed from lists.',
		contacts: entries.length,
		[add ? 'added' : 'removed']: changed,
	};
}

function listContacts(b, list) {
	const members = b.listMembers.get(list.contact_list_id);
	return b.contacts.filter((contact) => members.has(contact.contact_id));
}

function register(router) {
	const contacts = RESOURCES.contacts;
	// Membership routes come before /lists/:id: DELETE /lists/contacts must not read "contacts" as an id.
	router.add('POST', `${BRAND_PATH}/lists/contacts`, (ctx) => ({ body: changeMemberships(brandOf(ctx), ctx.body, true) }));
	router.add('DELETE', `${BRAND_PATH}/lists/contacts`, (ctx) => ({ body: changeMemberships(brandOf(ctx), ctx.body, false) }));
	routeResource(router, RESOURCES.lists, {
		create: createList,
		update: (b, list, body) => Object.assign(list, listChanges(body, { create: false })),
		remove: (b, list) => {
			removeRecord(b, RESOURCES.lists, list);
			b.listMembers.delete(list.contact_list_id);
		},
	});
	// The count is a bare number (public-api-notes.md).
	routeBrandGet(router, '/lists/:id/contacts/count', (b, ctx) => {
		const list = findRecord(b, RESOURCES.lists, ctx.params.id);
		return b.listMembers.get(list.contact_list_id).size;
	});
	router.add('GET', `${BRAND_PATH}/lists/:id/contacts`, (ctx) => {
		const b = brandOf(ctx);
		const list = findRecord(b, RESOURCES.lists, ctx.params.id);
		return pageOf(ctx, b, contacts, listContacts(b, list));
	});
}

module.exports = { register };
