import type { IDataObject } from 'n8n-workflow';

/**
 * The forms numbers come in. The legacy API says "Numbers are sometimes returned as strings and
 * sometimes as numbers", so every number it sends is read in either form; the nodes output one form:
 * a number (docs/assumptions.md lists the fields).
 */

/** A whole number given as a number or as its decimal text ("3", " 3 "); undefined for anything else. */
export function wholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return undefined;
	const number = Number(value);
	return Number.isSafeInteger(number) ? number : undefined;
}

/** A number given as a number or as decimal text (prices, amounts); undefined for anything else. */
function anyNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined;
	return Number(value);
}

/**
 * The numeric fields of each legacy record, by the key the record comes under in an answer (spec:
 * legacy-api.md "Resources and their fields"). Phone numbers, zip codes, words, hashes and timestamps are
 * text and stay text.
 */
const LEGACY_NUMBERS: Record<string, string[]> = {
	textwords: ['id', 'optOuts', 'ageRequirement', 'contactsCount'],
	contacts: ['id', 'textword', 'clickCount'],
	messages: ['id', 'textword', 'autoReply', 'count', 'deleted', 'contact', 'contactID'],
	shortlinks: ['id', 'clickCount', 'isSmart'],
	segments: ['id', 'contacts_count'],
	customFields: ['textword'],
	items: ['contact'],
	account: ['id', 'maxCharacterLimit', 'rolloverMonths'],
};
// Single records come under the singular key.
LEGACY_NUMBERS.textword = LEGACY_NUMBERS.textwords;
LEGACY_NUMBERS.contact = LEGACY_NUMBERS.contacts;
LEGACY_NUMBERS.pendingContact = LEGACY_NUMBERS.contacts;
LEGACY_NUMBERS.message = LEGACY_NUMBERS.messages;
LEGACY_NUMBERS.shortlink = LEGACY_NUMBERS.shortlinks;

/** Nested numbers of the account record: its usage, plan and rollovers. */
const ACCOUNT_PARTS: Record<string, string[]> = {
	usage: ['totalCredits', 'totalUsedCredits', 'totalTextwords', 'activeTextwords', 'totalSubscribers'],
	plan: ['price', 'totalTexts', 'textwords'],
};

function withNumbers(record: IDataObject, fields: string[], read: (value: unknown) => number | undefined): IDataObject {
	let out: IDataObject | undefined;
	for (const field of fields) {
		const value = record[field];
		if (typeof value !== 'string') continue;
		const number = read(value);
		if (number === undefined) continue;
		out ??= { ...record };
		out[field] = number;
	}
	return out ?? record;
}

/** A legacy record with its numbers as numbers (the same object when nothing needed converting). */
export function legacyRecord(key: string, record: unknown): IDataObject {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) return record as IDataObject;
	const fields = LEGACY_NUMBERS[key];
	if (!fields) return record as IDataObject;
	let out = withNumbers(record as IDataObject, fields, wholeNumber);
	if (key === 'messages' || key === 'message') {
		const links = out.shortlinks;
		if (Array.isArray(links)) out = { ...out, shortlinks: links.map((link) => legacyRecord('shortlinks', link)) };
	}
	if (key === 'account') {
		for (const [part, partFields] of Object.entries(ACCOUNT_PARTS)) {
			const value = out[part];
			if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
				const converted = withNumbers(value as IDataObject, partFields, anyNumber);
				if (converted !== value) out = { ...out, [part]: converted };
			}
		}
		const rollovers = out.rollovers;
		if (Array.isArray(rollovers)) {
			out = {
				...out,
				rollovers: rollovers.map((r) =>
					typeof r === 'object' && r !== null ? withNumbers(r as IDataObject, ['totalAmount', 'amountAvailable', 'amountUsed'], anyNumber) : r,
				),
			};
		}
	}
	return out;
}
