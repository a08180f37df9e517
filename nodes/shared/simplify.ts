import type { IDataObject } from 'n8n-workflow';

import type { RecordShape } from './paging';
import type { ItemRun } from './runner/types';

/**
 * Simplify: the few fields of a record that a hygiene or sync flow needs (ids, number, opt-in status,
 * dates), in place of the whole record. A list of 100,000 full contacts is hundreds of megabytes in n8n
 * (every item is kept, and saved with the execution); the simplified one is a small part of it.
 *
 * One function per kind of record, so every operation and node (also their AI tool variants) gives the
 * same shape. A field the record lacks is left out rather than set to null.
 */

/**
 * The given fields of a record, leaving out those it lacks. A dotted field (`contact.contact_id`) is read
 * from the nested object and given flat under its last name (`contact_id`): simplified records are flat.
 */
export function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const field of fields) {
		const dot = field.indexOf('.');
		if (dot === -1) {
			if (record[field] !== undefined) out[field] = record[field];
			continue;
		}
		const parent = record[field.slice(0, dot)];
		const value = parent !== null && typeof parent === 'object' ? (parent as IDataObject)[field.slice(dot + 1)] : undefined;
		if (value !== undefined) out[field.slice(dot + 1)] = value;
	}
	return out;
}

/** Current API contact (also a list's member): id, number, names, email, opt-in status, dates. */
export const SIMPLE_CONTACT_FIELDS = [
	'contact_id',
	'mobile_number',
	'first_name',
	'last_name',
	'email',
	'opt_in_status',
	'last_opt_in_status_change',
	'created',
	'last_updated',
] as const;

export function simplifyContact(record: IDataObject): IDataObject {
	return pick(record, SIMPLE_CONTACT_FIELDS);
}

/** Legacy API subscriber: id, number, textword, names, email, how and when they subscribed. */
export const SIMPLE_SUBSCRIBER_FIELDS = [
	'id',
	'number',
	'textword',
	'firstName',
	'lastName',
	'email',
	'optInMethod',
	'subscribedDate',
] as const;

export function simplifySubscriber(record: IDataObject): IDataObject {
	return pick(record, SIMPLE_SUBSCRIBER_FIELDS);
}

/** The kinds of record that have a simplified form, by name. */
export const simplifiers = {
	contact: simplifyContact,
	subscriber: simplifySubscriber,
} as const;

export type SimplifyKind = keyof typeof simplifiers;

/** Whether the item asked for Simplify (false where the operation has no such option). */
export function simplifyOn(ctx: Pick<ItemRun, 'getNodeParameter'>): boolean {
	try {
		return ctx.getNodeParameter('simplify', false) === true;
	} catch {
		return false;
	}
}

/** For a pager: each record simplified while paging, when the item asked for it. */
export function simplifyShape(kind: SimplifyKind): RecordShape {
	return (ctx) => (simplifyOn(ctx) ? { keep: simplifiers[kind], drops: false } : undefined);
}
