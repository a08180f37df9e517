'use strict';
// Timestamps of the current API: `YYYY-MM-DD HH:MM:SS` in UTC; the seeded history's span.

const DAY_MS = 86400000;
// Seeded history runs from the day the current platform opened (22 Jan 2025) for about 21 months.
const SEED_START = Date.UTC(2025, 0, 22, 9, 0, 0);
const SEED_SPAN = 640 * DAY_MS;

const pad = (n) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC, the format of every timestamp of the API. */
function stamp(ms = Date.now()) {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

/** Milliseconds of a `YYYY-MM-DD[ HH:MM:SS]` string taken as UTC, or NaN when it is not a real date. */
function parseStamp(text) {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(String(text));
	if (!m) return NaN;
	const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
	const ms = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(ms);
	// Date.UTC rolls 2025-02-30 over to March: a real date survives the round trip.
	const real = back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
	return real ? ms : NaN;
}

module.exports = { DAY_MS, SEED_START, SEED_SPAN, pad, stamp, parseStamp };
