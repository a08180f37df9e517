import { DateTime } from 'luxon';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError } from './errors';

/**
 * One rule for a wall-clock time without an offset, in both nodes (luxon, which n8n-workflow ships):
 * a time that does not exist in the zone (skipped when clocks spring forward) and a time that exists
 * twice (clocks fall back) both fail the item before any request, naming the zone; a value with an
 * offset or Z is an exact moment and is taken as it is.
 */

export interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const STAMP = 'yyyy-MM-dd HH:mm:ss';

/** The moments at which a clock in `zone` shows this time: none, one, or two. */
export function momentsOf(wall: WallClock, zone: string): DateTime[] {
	const asUtc = DateTime.fromObject(wall, { zone: 'utc' });
	const found = new Map<number, DateTime>();
	// The offsets in force a day before and a day after cover both sides of any change that day.
	for (const probe of [asUtc.minus({ days: 1 }), asUtc, asUtc.plus({ days: 1 })]) {
		const offset = probe.setZone(zone).offset;
		const moment = asUtc.minus({ minutes: offset }).setZone(zone);
		if (moment.toFormat(STAMP) === asUtc.toFormat(STAMP)) found.set(moment.toMillis(), moment);
	}
	return [...found.values()].sort((a, b) => a.toMillis() - b.toMillis());
}

/** The one moment of a local time in `zone`, or an input error naming the field and the rule. */
export function resolveLocal(
	ctx: Pick<IExecuteSingleFunctions, 'getNode' | 'getItemIndex'>,
	label: string,
	text: string,
	wall: WallClock,
	zone: string,
): DateTime {
	const moments = momentsOf(wall, zone);
	if (moments.length === 1) return moments[0];
	if (moments.length === 0) {
		throw inputError(
			ctx,
			label,
			`"${text}" does not exist in ${zone}: the clocks skip that hour when daylight saving time starts`,
			'Choose a time outside the skipped hour, or give the time with its offset (for example 2030-03-10T03:30:00-04:00).',
		);
	}
	const [first, second] = moments.map((m) => m.toISO({ suppressMilliseconds: true }));
	throw inputError(
		ctx,
		label,
		`"${text}" happens twice in ${zone}: the clocks go back that night`,
		`Give the time with its offset: ${first} for the first time, ${second} for the second.`,
	);
}

/** A date-time text without an offset, as wall-clock parts; undefined when it has an offset or no time. */
export function wallClockOf(text: string): WallClock | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/i.exec(text.trim());
	if (!match) return undefined;
	const [year, month, day, hour, minute, second] = match.slice(1, 7).map((v) => Number(v ?? 0));
	return { year, month, day, hour, minute, second };
}

/**
 * A `YYYY-MM-DD HH:MM:SS` timestamp of SlickText's, read in the zone SlickText writes it in, as ISO 8601
 * with its offset (as n8n's own nodes put out times); anything else is kept as it came. In the hour that
 * happens twice the earlier moment is taken.
 */
export function isoInZone(text: string, zone: string): string {
	const wall = wallClockOf(text);
	if (!wall) return text;
	const [moment] = momentsOf(wall, zone);
	return moment?.toISO({ suppressMilliseconds: true }) ?? text;
}

/**
 * An ISO moment in the workflow's time zone, as n8n shows its own dates (a deadline, $now): SlickText
 * writes legacy times in Pacific time and current ones in UTC. A text that is no moment stays as it is.
 */
export function inZone(iso: string, zone: string): string {
	const moment = DateTime.fromISO(iso, { setZone: true });
	if (!moment.isValid) return iso;
	const shown = moment.setZone(zone);
	return (shown.isValid ? shown : moment).toISO({ suppressMilliseconds: true }) ?? iso;
}
