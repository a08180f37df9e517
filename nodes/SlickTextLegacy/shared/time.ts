import { DateTime } from 'luxon';

/**
 * Times of the legacy API are wall-clock strings `YYYY-MM-DD HH:MM:SS` without a zone: date filters
 * are read in America/Los_Angeles, schedules in the account's own zone. n8n gives a `dateTime` field
 * as an ISO string with or without an offset (without one it means the workflow's time zone), or as
 * a date object when an expression returns one.
 */

export const API_TIME_ZONE = 'America/Los_Angeles';

const WALL_CLOCK = 'yyyy-MM-dd HH:mm:ss';

type Parser = (text: string, options: { zone?: string; setZone?: boolean }) => DateTime;

// ISO (what the date picker gives) first, then the API's own `YYYY-MM-DD HH:MM:SS`.
const PARSERS: Parser[] = [
	(text, options) => DateTime.fromISO(text, options),
	(text, options) => DateTime.fromSQL(text, options),
];

/** The moment a dateTime value stands for; `zone` is the workflow's, for values without an offset. */
export function toMoment(value: unknown, zone: string): DateTime | undefined {
	if (DateTime.isDateTime(value)) return value.isValid ? value : undefined;
	if (value instanceof Date) {
		const moment = DateTime.fromJSDate(value);
		return moment.isValid ? moment : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '') return undefined;
	for (const parse of PARSERS) {
		const moment = parse(text, { zone });
		if (moment.isValid) return moment;
	}
	return undefined;
}

/** `YYYY-MM-DD HH:MM:SS` of a moment as a clock in `zone` shows it. */
export function wallClock(moment: DateTime, zone: string = API_TIME_ZONE): string {
	return moment.setZone(zone).toFormat(WALL_CLOCK);
}

/**
 * `YYYY-MM-DD HH:MM:SS` as written, for calendar values such as a birth date: no zone conversion,
 * so a date picked as 1990-05-17 stays that day.
 */
export function asWritten(value: unknown): string | undefined {
	if (DateTime.isDateTime(value) || value instanceof Date) {
		const moment = DateTime.isDateTime(value) ? value : DateTime.fromJSDate(value);
		return moment.isValid ? moment.toFormat(WALL_CLOCK) : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	for (const parse of PARSERS) {
		// setZone keeps the clock of the text, whatever its offset says.
		const moment = parse(text, { setZone: true });
		if (moment.isValid) return moment.toFormat(WALL_CLOCK);
	}
	return undefined;
}

/** Whether SlickText can schedule at this moment: minute 00, 15, 30 or 45 and zero seconds. */
export function onQuarterHour(moment: DateTime): boolean {
	// Every time zone in use is offset by whole quarter hours, so checking in UTC is the same as
	// checking in the account's zone, and can be done before the account is read.
	const utc = moment.toUTC();
	return utc.minute % 15 === 0 && utc.second === 0 && utc.millisecond === 0;
}
