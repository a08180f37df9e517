/**
 * Who a waiting operation waits for, from its fields: a contact (looked up once for its number or ID)
 * or a mobile number. Checked before anything is sent or waited for.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { Platform } from '../platform';
import { lookup, wireFor } from '../transport/request';
import { numberKey, personKey } from './protocol';

export interface Person {
	/** The registry's key (protocol.ts personKey). */
	person: string;
	/** The number, + and digits. */
	number: string;
	contactId: string;
}

function fieldError(ctx: IExecuteFunctions, field: string, problem: string, hint: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `'${field}': ${problem} [item 0]`, { description: hint, itemIndex: 0 });
}

function checkedNumber(ctx: IExecuteFunctions, parameter: string): string {
	const raw = ctx.getNodeParameter(parameter, 0, '') as unknown;
	const text = String(raw ?? '').trim();
	const digits = text.replace(/\D/g, '');
	if (text === '') throw fieldError(ctx, 'Mobile Number', 'is required', 'The number whose reply the workflow waits for, for example +16175551234.');
	if (!/^\+?[\d\s().-]+$/.test(text) || digits.length < 10 || digits.length > 15) {
		throw fieldError(ctx, 'Mobile Number', `"${text}" is not a mobile number`, 'Use + and the country code, or 10 digits for a US number, for example +16175551234.');
	}
	return numberKey(text);
}

function checkedContactId(ctx: IExecuteFunctions, parameter: string): string {
	const raw = ctx.getNodeParameter(parameter, 0, '', { extractValue: true }) as unknown;
	const id = String(raw ?? '').trim();
	if (id === '') throw fieldError(ctx, 'Contact', 'is required', 'Choose the contact from the list, or give its ID.');
	if (!/^\d+$/.test(id)) throw fieldError(ctx, 'Contact', `"${id}" is not a contact ID`, 'A contact ID is a whole number.');
	return id;
}

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first record of an answer: legacy `{contacts: [..]}`, current `{data: ..}` or the record itself. */
function firstRecord(body: unknown): IDataObject | undefined {
	if (!isRecord(body)) return undefined;
	const inner = body.contacts ?? body.contact ?? body.data ?? body;
	const record = Array.isArray(inner) ? inner[0] : inner;
	return isRecord(record) ? record : undefined;
}

/**
 * The person of the operation: `via` is 'contact' (the contact field, looked up) or 'number' (the
 * Mobile Number field; on the current platform the contact with that number is looked up, since its
 * replies name the contact, not the number).
 */
export async function personOf(ctx: IExecuteFunctions, platform: Platform, via: string, credentials: IDataObject): Promise<Person> {
	const wire = await wireFor(ctx, platform);
	if (platform === 'legacy') {
		if (via === 'number') {
			const number = checkedNumber(ctx, 'number');
			return { person: personKey('legacy', { number }), number, contactId: '' };
		}
		const contactId = checkedContactId(ctx, 'contactId');
		const contact = firstRecord(await lookup(wire, `/contacts/${contactId}`));
		const number = numberKey(contact?.number);
		if (number === '') throw fieldError(ctx, 'Contact', `contact ${contactId} has no mobile number`, 'Choose a contact with a mobile number.');
		return { person: personKey('legacy', { number }), number, contactId };
	}
	const brandId = credentials.brandId;
	if (via === 'number') {
		const number = checkedNumber(ctx, 'number');
		const contact = firstRecord(await lookup(wire, '/contacts', { mobile_number: number, limit: 1 }));
		if (!contact || contact.contact_id === undefined) {
			throw fieldError(ctx, 'Mobile Number', `no contact of the brand has the number ${number}`, 'Replies come from contacts: add the number as a contact first.');
		}
		const contactId = String(contact.contact_id);
		return { person: personKey('current', { brandId, contactId }), number, contactId };
	}
	const contactId = checkedContactId(ctx, 'contactId');
	const contact = firstRecord(await lookup(wire, `/contacts/${contactId}`));
	return { person: personKey('current', { brandId, contactId }), number: numberKey(contact?.mobile_number), contactId };
}
