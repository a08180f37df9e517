'use strict';
// SlickText's documented limit: 8 requests a second and 480 a minute per key, with x-RateLimit headers.
// Fixed windows per key; the minute window starts at the key's first request, as a 60-second window.

function createRateLimiter({ perSecond, perMinute }, now = () => Date.now()) {
	const keys = new Map();
	return {
		take(key) {
			const t = now();
			let s = keys.get(key);
			if (!s) {
				s = { secondStart: t, secondCount: 0, minuteStart: t, minuteCount: 0 };
				keys.set(key, s);
			}
			if (t - s.secondStart >= 1000) {
				s.secondStart = t;
				s.secondCount = 0;
			}
			if (t - s.minuteStart >= 60000) {
				s.minuteStart = t;
				s.minuteCount = 0;
			}
			const overSecond = perSecond && s.secondCount >= perSecond;
			const overMinute = perMinute && s.minuteCount >= perMinute;
			const allowed = !overSecond && !overMinute;
			if (allowed) {
				s.secondCount++;
				s.minuteCount++;
			}
			// Reset: seconds until the window that blocks (or the minute window) starts again.
			const resetMs = overMinute
				? 60000 - (t - s.minuteStart)
				: overSecond
					? 1000 - (t - s.secondStart)
					: 60000 - (t - s.minuteStart);
			const headers = {
				'x-ratelimit': perMinute || perSecond,
				'x-ratelimit-remaining': Math.max(0, (perMinute || Infinity) - s.minuteCount),
				'x-ratelimit-reset': Math.max(0, resetMs / 1000).toFixed(3).replace(/\.?0+$/, '') || '0',
			};
			if (!allowed) headers['retry-after'] = String(Math.max(1, Math.ceil(resetMs / 1000)));
			return { allowed, headers };
		},
	};
}

module.exports = { createRateLimiter };
