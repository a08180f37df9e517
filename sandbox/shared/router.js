'use strict';
// A tiny path router: patterns like /v1/brands/:brandId/contacts/:id, matched segment by segment.

function compile(pattern) {
	const names = [];
	const source = pattern
		.split('/')
		.map((segment) => {
			if (segment.startsWith(':')) {
				names.push(segment.slice(1));
				return '([^/]+)';
			}
			return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		})
		.join('/');
	// A trailing slash is optional, as on SlickText (the legacy docs write POST /contacts/).
	return { regex: new RegExp(`^${source}/?$`), names };
}

function createRouter() {
	const routes = [];
	return {
		add(method, pattern, handler) {
			routes.push({ method, pattern, handler, ...compile(pattern) });
		},
		match(method, path) {
			for (const route of routes) {
				if (route.method !== method) continue;
				const m = route.regex.exec(path);
				if (!m) continue;
				const params = {};
				route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
				return { handler: route.handler, params };
			}
			return undefined;
		},
		/** True when some method serves this path (so the answer is 405, not 404). */
		knownPath(path) {
			return routes.some((route) => route.regex.test(path));
		},
		routes,
	};
}

module.exports = { createRouter };
