import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { inputError } from './errors';

/**
 * Input checks that run before the request is sent. Each names the field as the user sees it and the
 * item, and throws a NodeOperationError; nothing is sent for an item that fails one.
 */

type Check = (this: IExecuteSingleFunctions) => void | Promise<void>;

/** Turns a check into a preSend step that passes the request on unchanged. */
export function check(fn: Check): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		await fn.call(this);
		return requestOptions;
	};
}

/** Reads a parameter; resource locators give their value. */
export function param<T = unknown>(ctx: IExecuteSingleFunctions, name: string, fallback?: T): T {
	return ctx.getNodeParameter(name, fallback, { extractValue: true }) as T;
}

export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An ID field (resource locator or plain) must be a positive whole number. */
export function assertNumericId(ctx: IExecuteSingleFunctions, name: string, label: string): void {
	const value = param(ctx, name, '');
	if (isBlank(value)) throw inputError(ctx, label, 'is required');
	if (!/^\d+$/.test(String(value).trim())) {
		throw inputError(ctx, label, `must be a number, got "${String(value)}"`);
	}
}

/** The same check as a preSend step of an operation that takes the ID. */
export function requireNumericId(name: string, label: string): PreSendAction {
	return check(function () {
		assertNumericId(this, name, label);
	});
}

/** Digits of a phone number; SlickText wants a US number of at least 10 digits. */
export function phoneDigits(value: unknown): string {
	return String(value ?? '').replace(/\D/g, '');
}

/** What the Mobile Number fields say SlickText accepts (the checks below enforce it; the field descriptions repeat it as literals for the lint). */
export const MOBILE_NUMBER_RULE =
	'Mobile number with its area code: + and the country code, for example +447911123456 or +16175551234; a US number may also be written as 10 digits, or 11 starting with 1. 10 to 15 digits in all. Spaces, dots, dashes and brackets are ignored; an international 00 prefix is not accepted (use +)';

/**
 * A mobile number SlickText can store. Refused: anything but digits and separators, fewer than 10 or
 * more than 15 digits (the E.164 maximum), an international `00` prefix (it would become `+00…`), a US
 * area code starting with 0 or 1, and a JavaScript number that is not a whole number (1e21, 6.17e9…).
 */
export function assertPhone(ctx: IExecuteSingleFunctions, label: string, value: unknown): void {
	if (isBlank(value)) throw inputError(ctx, label, 'is required');
	if (typeof value === 'number' && !Number.isSafeInteger(value)) {
		throw inputError(ctx, label, `${String(value)} is a number with a fraction or an exponent, not a phone number`, 'Map the number as text, for example "+16175551234".');
	}
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw inputError(ctx, label, `must be text, got ${Array.isArray(value) ? 'a list' : typeof value}`, MOBILE_NUMBER_RULE);
	}
	const text = String(value).trim();
	if (!/^\+?[\d\s().-]+$/.test(text)) {
		throw inputError(ctx, label, `"${text}" is not a phone number`, 'Use digits, for example +16175551234.');
	}
	const digits = phoneDigits(text);
	if (digits.length < 10) {
		throw inputError(
			ctx,
			label,
			`"${text}" has fewer than 10 digits`,
			'Give the whole number with its area code, and + and the country code outside the US, for example +16175551234.',
		);
	}
	if (digits.length > 15) {
		throw inputError(ctx, label, `"${text}" has ${digits.length} digits; a phone number has at most 15`, MOBILE_NUMBER_RULE);
	}
	if (!text.startsWith('+') && digits.startsWith('00')) {
		throw inputError(ctx, label, `"${text}" starts with the international prefix 00`, 'Write + and the country code instead, for example +16175551234.');
	}
	// A US (NANP) number: the area code never starts with 0 or 1 (this refuses e.g. 1e10 -> +10000000000).
	const national = digits.length === 10 ? digits : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : undefined;
	if (national !== undefined && !/^[2-9]/.test(national)) {
		throw inputError(ctx, label, `"${text}" has no valid US area code (it cannot start with 0 or 1)`, MOBILE_NUMBER_RULE);
	}
}

/** Accepts a n8n date (ISO string or date-time) and checks it is a real calendar date. */
export function toDateParts(value: unknown): { y: number; m: number; d: number; rest: string } | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(String(value ?? '').trim());
	if (!match) return undefined;
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const date = new Date(Date.UTC(y, m - 1, d));
	if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
	return { y, m, d, rest: match[4] };
}

/** `YYYY-MM-DD` from a date field (the editor's date picker gives a full ISO date-time). */
export function toYmd(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const parts = toDateParts(value);
	if (!parts) throw inputError(ctx, label, `"${String(value)}" is not a date`, 'Use YYYY-MM-DD.');
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${parts.y}-${pad(parts.m)}-${pad(parts.d)}`;
}

/** Values from a list field, an array expression or a comma-separated string. */
export function toList(value: unknown): string[] {
	if (Array.isArray(value)) return value.flatMap((v) => toList(v));
	if (value === undefined || value === null) return [];
	if (typeof value === 'object') {
		const record = value as IDataObject;
		// A resource locator or a record picked from a list.
		if ('value' in record) return toList(record.value);
	}
	return String(value)
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

/** A list of IDs that must all be positive whole numbers. */
export function toIdList(ctx: IExecuteSingleFunctions, label: string, value: unknown): number[] {
	const list = toList(value);
	if (list.length === 0) throw inputError(ctx, label, 'needs at least one ID');
	return list.map((id) => {
		if (!/^\d+$/.test(id)) throw inputError(ctx, label, `"${id}" is not a numeric ID`);
		return Number(id);
	});
}

/** Fails when none of the given optional fields holds a value. */
export function requireOneOf(ctx: IExecuteSingleFunctions, label: string, values: IDataObject, names: string[]): void {
	if (!names.some((name) => !isBlank(values[name]))) {
		throw inputError(ctx, label, `set at least one of ${names.map((name) => `'${name}'`).join(', ')}`);
	}
}

/** An absolute http(s) address (link destinations, campaign media): SlickText fetches or redirects to it. */
export function assertUrl(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	if (isBlank(value)) throw inputError(ctx, label, 'is required');
	const text = String(value).trim();
	const hint = 'Use a full address, for example https://example.com/offer.';
	if (!/^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(text)) {
		throw inputError(ctx, label, `"${text}" is not a web address`, hint);
	}
	return text;
}
