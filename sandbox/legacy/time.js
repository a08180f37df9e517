'use strict';
// SlickText's legacy API speaks America/Los_Angeles wall-clock time as `YYYY-MM-DD HH:MM:SS`.
// Stored as such strings, they sort and compare lexically; arithmetic goes through a "naive" epoch
// (the wall-clock fields read as if they were UTC), which needs no zone rules.

const LA_FORMAT = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Los_Angeles',
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
});

function laNow(date = new Date()) {
	const p = Object.fromEntries(LA_FORMAT.formatToParts(date).map((part) => [part.type, part.value]));
	return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** Wall-clock string from a naive epoch (ms). */
function naiveString(ms) {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Naive epoch (ms) of a `YYYY-MM-DD HH:MM:SS` string, or undefined when it is not a real moment. */
function parseTimestamp(text) {
	const m = TIMESTAMP.exec(String(text));
	if (!m) return undefined;
	const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
	const ms = Date.UTC(year, month - 1, day, hour, minute, second);
	// Date.UTC rolls 2024-02-30 over to March; a round trip tells real dates from rolled ones.
	return naiveString(ms) === text ? ms : undefined;
}

const shift = (timestamp, seconds) => naiveString(parseTimestamp(timestamp) + seconds * 1000);
const SECONDS_PER_DAY = 86400;

module.exports = { laNow, pad, naiveString, parseTimestamp, shift, SECONDS_PER_DAY };
