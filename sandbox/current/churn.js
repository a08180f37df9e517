'use strict';
// The current API's contact collections for Sandbox#churn (see ../shared/churn.js): /contacts and
// /lists/{id}/contacts of a brand, as a GET selected them (filters included), and how records leave
// (deleted from the brand, or taken off the list) and join (a copy of a neighbour with a new id and
// number, put in front of it or at the end; on a list also added to the list).

const { RESOURCES, nextId } = require('./resources');
const { pagingOf, filterOf } = require('./paging');
const { deleteContact } = require('./contact');

const PATH = /^\/v1\/brands\/(\d+)\/(?:contacts|lists\/(\d+)\/contacts)\/?$/;

/** A mobile number no contact of the brand has: 555 numbers, counted down from the top. */
function freeNumber(b) {
	for (let n = 9999999; n > 0; n--) {
		const number = `+1555${String(n).padStart(7, '0')}`;
		if (!b.contactByNumber.has(number)) return number;
	}
	throw new Error('no free mobile number');
}

function contactCollection(sandbox, entry) {
	const m = PATH.exec(entry.path);
	if (!m) return undefined;
	const b = sandbox.state.current.brands.get(Number(m[1]));
	if (!b) return undefined;
	const listId = m[2] === undefined ? undefined : Number(m[2]);
	const members = listId === undefined ? undefined : b.listMembers.get(listId);
	if (listId !== undefined && !members) return undefined;
	const contacts = RESOURCES.contacts;
	const base = members ? b.contacts.filter((c) => members.has(c.contact_id)) : b.contacts;
	const keep = filterOf(entry.query, contacts, b);
	const matched = keep ? base.filter(keep) : base;
	const { offset, size } = pagingOf(entry.query, contacts.pageSize);
	return {
		matched,
		nextOffset: offset + size,
		idOf: (contact) => contact.contact_id,
		remove(leaving) {
			for (const contact of leaving) {
				if (members) members.delete(contact.contact_id);
				else deleteContact(b, contact);
			}
		},
		add(template, anchor) {
			const contact = {
				...template,
				contact_id: nextId(b, 'contact'),
				mobile_number: freeNumber(b),
				custom_fields: template.custom_fields ? { ...template.custom_fields } : template.custom_fields,
			};
			const at = anchor ? b.contacts.indexOf(anchor) : -1;
			if (at < 0) b.contacts.push(contact);
			else b.contacts.splice(at, 0, contact);
			b.contactById.set(contact.contact_id, contact);
			b.contactByNumber.set(contact.mobile_number, contact);
			if (members) members.add(contact.contact_id);
			return contact;
		},
	};
}

module.exports = { contactCollection };
