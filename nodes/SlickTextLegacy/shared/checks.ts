import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError } from '../../shared/errors';
import { assertPhone, isBlank, phoneDigits } from '../../shared/validation';
import { asWritten, toMoment, wallClock } from './time';

/** Input checks and conversions of the legacy node; each names the field and the item. */

/** A number as the API stores it: + then digits, a 10-digit US number with its country code 1. */
export function normalizedPhone(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	assertPhone(ctx, label, value);
	const digits = phoneDigits(value);
	return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** A dateTime field as `YYYY-MM-DD HH:MM:SS` in America/Los_Angeles, as the date filters want it. */
export function filterTime(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const moment = toMoment(value, ctx.getTimezone());
	if (!moment) throw notADate(ctx, label, value);
	return wallClock(moment);
}

/** A calendar value (birth date) as `YYYY-MM-DD HH:MM:SS`, as written. */
export function calendarTime(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const text = asWritten(value);
	if (!text) throw notADate(ctx, label, value);
	return text;
}

export function notADate(ctx: IExecuteSingleFunctions, label: string, value: unknown) {
	return inputError(
		ctx,
		label,
		`"${String(value)}" is not a date and time`,
		'Use an ISO date such as 2026-03-10T12:00:00, with an offset such as Z or +02:00 if it is not in the workflow time zone.',
	);
}

export function assertEmail(ctx: IExecuteSingleFunctions, label: string, value: unknown): void {
	if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value).trim())) {
		throw inputError(ctx, label, `"${String(value)}" is not an e-mail address`);
	}
}

const MEDIA_TYPES = /\.(jpe?g|png|gif)$/i;

/** SlickText fetches the media itself: a public http(s) URL of a jpg, jpeg, png or gif file. */
export function assertMediaUrl(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const text = String(value ?? '').trim();
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol)) {
		throw inputError(ctx, label, `"${text}" is not an http(s) URL`, 'SlickText downloads the media from a public web address.');
	}
	if (!MEDIA_TYPES.test(url.pathname)) {
		throw inputError(
			ctx,
			label,
			`"${text}" is not a jpg, jpeg, png or gif file`,
			'SlickText accepts jpg, jpeg, png and gif images of 590 KB or less; the URL must end in the file extension.',
		);
	}
	return text;
}

/** A whole-number ID typed into a plain field (filters, segment). */
export function assertId(ctx: IExecuteSingleFunctions, label: string, value: unknown): string {
	const text = String(value ?? '').trim();
	if (isBlank(text)) throw inputError(ctx, label, 'is required');
	if (!/^\d+$/.test(text)) throw inputError(ctx, label, `must be a number, got "${String(value)}"`);
	return text;
}
