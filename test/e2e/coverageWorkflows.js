'use strict';
// One workflow per node that touches every resource, each node running once; used by headless.js.

const assert = require('node:assert/strict');

const PKG = 'n8n-nodes-slicktext';

const CURRENT = [
	['Brand: Get', { resource: 'brand', operation: 'get' }, '/v1/brands'],
	['Contact: Get Many', { resource: 'contact', operation: 'getAll', limit: 3 }, '/contacts'],
	['Message: Get Many', { resource: 'message', operation: 'getAll', limit: 2 }, '/messages'],
	['Keyword: Get Many', { resource: 'keyword', operation: 'getAll', limit: 2 }, '/keywords'],
	['Campaign: Get Many', { resource: 'campaign', operation: 'getAll', limit: 2 }, '/campaigns'],
	['List: Get Many', { resource: 'list', operation: 'getAll', limit: 2 }, '/lists'],
	['Workflow: Get Many', { resource: 'workflow', operation: 'getAll', limit: 2 }, '/workflows'],
	['Custom Field: Get Many', { resource: 'customField', operation: 'getAll', limit: 2 }, '/custom-fields'],
	['Website Popup: Get Many', { resource: 'websitePopup', operation: 'getAll', limit: 2 }, '/website-popups'],
	['Segment: Get Many', { resource: 'segment', operation: 'getAll', limit: 2 }, '/segments'],
	['Link: Get Many', { resource: 'link', operation: 'getAll', limit: 2 }, '/links'],
	['Inbox Thread: Get Many', { resource: 'inboxThread', operation: 'getAll', limit: 2 }, '/inbox-threads'],
	['Analytics: Contacts', { resource: 'analytics', operation: 'contacts', group: 'opt_in_status' }, '/analytics/contacts'],
];

const LEGACY = [
	['Account: Get', { resource: 'account', operation: 'get' }, '/legacy/v1/account'],
	['Textword: Get Many', { resource: 'textword', operation: 'getAll', limit: 2 }, '/legacy/v1/textwords'],
	['Contact: Get Many', { resource: 'contact', operation: 'getAll', limit: 3 }, '/legacy/v1/contacts'],
	['Message: Get Many', { resource: 'message', operation: 'getAll', limit: 2 }, '/legacy/v1/messages'],
	['Shortlink: Get Many', { resource: 'shortlink', operation: 'getAll', limit: 2 }, '/legacy/v1/shortlinks'],
];

function chain(id, name, type, credentials, steps) {
	const nodes = [{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
	const connections = {};
	let previous = 'Start';
	steps.forEach(([label, parameters], i) => {
		nodes.push({ id: `n${i}`, name: label, type, typeVersion: 1, position: [220 * (i + 1), 0], parameters, credentials, executeOnce: true });
		connections[previous] = { main: [[{ node: label, type: 'main', index: 0 }]] };
		previous = label;
	});
	return { id, name, versionId: `${id}-v1`, active: false, nodes, connections, settings: {}, meta: { steps } };
}

function workflows() {
	return [
		chain('e2eEveryCurrent01', 'SlickText: one operation of every resource', `${PKG}.slickText`,
			{ slickTextApi: { id: 'slicktextCurrent1', name: 'SlickText sandbox (current API)' } }, CURRENT),
		chain('e2eEveryLegacy001', 'SlickText Legacy: one operation of every resource', `${PKG}.slickTextLegacy`,
			{ slickTextLegacyApi: { id: 'slicktextLegacy01', name: 'SlickText sandbox (legacy API)' } }, LEGACY),
	];
}

function verify(workflow, run, sandbox, outputOf) {
	for (const [label, parameters, path] of workflow.meta.steps) {
		const items = outputOf(run, label);
		assert.ok(items.length > 0, `${label} returned no items`);
		if (parameters.limit) assert.ok(items.length <= parameters.limit, `${label} returned more than its limit`);
		const request = sandbox.requests.find((r) => r.method === 'GET' && r.path.endsWith(path));
		assert.ok(request, `the sandbox got no GET ${path}`);
		if (parameters.limit) assert.equal(request.query.limit, String(parameters.limit), `${label} paged with the limit`);
		assert.ok(request.headers.authorization, `${label} was sent without credentials`);
	}
}

module.exports = { workflows, verify };
