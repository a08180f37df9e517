import type { IDataObject } from 'n8n-workflow';

/**
 * The forms numbers come in. The legacy API says "Numbers are sometimes returned as strings and
 * sometimes as numbers", so every number it sends is read in either form, and the nodes output one
 * form: a number. Written out below, field by field from the spec (docs/assumptions.md lists them).
 * Phone numbers, ZIP codes, words, hashes, prices and timestamps are text and stay as sent.
 */

/** A whole number given as a number or as its decimal text ("3", " 3 "); undefined for anything else. */
export function wholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return undefined;
	const number = Number(value);
	return Number.isSafeInteger(number) ? number : undefined;
}

/** A field that is a whole number; an object of such fields; a list of one shape. */
type Shape = 'number' | { [field: string]: Shape } | [Shape];

const N = 'number';
const SHORTLINK: Shape = { id: N, clickCount: N, isSmart: N };
const TEXTWORD: Shape = { id: N, optOuts: N, ageRequirement: N, contactsCount: N };
// clickCount: a contact in a shortlink's click list.
const CONTACT: Shape = { id: N, textword: N, clickCount: N };
// contactID replaces contact in the send and schedule answers.
const MESSAGE: Shape = { id: N, textword: N, autoReply: N, count: N, deleted: N, contact: N, contactID: N, shortlinks: [SHORTLINK] };

/** Every legacy answer, by the key its records come under. */
const ANSWER: Record<string, Shape> = {
	meta: { limit: N, offset: N, total: N },
	contactsDeleted: N,
	textwords: [TEXTWORD],
	textword: TEXTWORD,
	contacts: [CONTACT],
	contact: CONTACT,
	pendingContact: CONTACT,
	messages: [MESSAGE],
	message: MESSAGE,
	shortlinks: [SHORTLINK],
	shortlink: SHORTLINK,
	segments: [{ id: N, contacts_count: N }],
	customFields: [{ textword: N }],
	items: [{ contact: N }],
	account: { id: N, rolloverMonths: N, maxCharacterLimit: N },
	plan: { totalTexts: N, textwords: N },
	subscriptions: [{ addons: [{ quantity: N }] }],
	rollovers: [{ totalAmount: N, amountAvailable: N, amountUsed: N }],
	usage: { totalCredits: N, totalUsedCredits: N, totalTextwords: N, activeTextwords: N, totalSubscribers: N },
};

/** The value with the numbers its shape names as numbers; the same object when nothing changed. */
function converted(value: unknown, shape: Shape): unknown {
	if (shape === N) return typeof value === 'string' ? (wholeNumber(value) ?? value) : value;
	if (Array.isArray(shape)) {
		if (!Array.isArray(value)) return value;
		let out: unknown[] | undefined;
		value.forEach((element, index) => {
			const next = converted(element, shape[0]);
			if (next !== element) (out ??= [...value])[index] = next;
		});
		return out ?? value;
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
	let out: IDataObject | undefined;
	for (const [field, fieldShape] of Object.entries(shape)) {
		const before = (value as IDataObject)[field];
		if (before === undefined) continue;
		const after = converted(before, fieldShape);
		if (after !== before) (out ??= { ...(value as IDataObject) })[field] = after as IDataObject[string];
	}
	return out ?? value;
}

/** A record that came under `key` in a legacy answer, its numbers as numbers. */
export function legacyRecord(key: string, record: unknown): IDataObject {
	const shape = ANSWER[key];
	if (!shape) return record as IDataObject;
	return converted(record, Array.isArray(shape) ? shape[0] : shape) as IDataObject;
}

/** A whole legacy answer (the account, say), its numbers as numbers. */
export function legacyAnswer(body: unknown): IDataObject {
	return converted(body, ANSWER) as IDataObject;
}

/**
 * A current-API record in the one form the nodes output: `custom_fields` as an object ({} where SlickText
 * sent null, which the spec allows) and `zip` as text (a number in some answers); the same object when
 * nothing changed.
 */
export function currentRecord(record: IDataObject): IDataObject {
	const nullFields = 'custom_fields' in record && record.custom_fields === null;
	const numericZip = typeof record.zip === 'number';
	if (!nullFields && !numericZip) return record;
	return { ...record, ...(nullFields ? { custom_fields: {} } : {}), ...(numericZip ? { zip: String(record.zip) } : {}) };
}
