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

// ------------------------------------------------------------------ Return All of a large list in real n8n

const CURRENT_CREDENTIALS = { slickTextApi: { id: 'slicktextCurrent1', name: 'SlickText sandbox (current API)' } };
const LEGACY_CREDENTIALS = { slickTextLegacyApi: { id: 'slicktextLegacy01', name: 'SlickText sandbox (legacy API)' } };

/** Positions of the records a summary reports (besides count, first and last); -1 is the last. Inside the
 * 25,000 a landing reads as well as the 130,000 of `npm run test:scale`, and across a page boundary. */
const SAMPLE_AT = [0, 9999, 10000, 21234, -1];

/** A Code node that reduces the list before it to a few numbers (plus what `extra` adds). */
function summaryNode(id, name, x, idField, extra = '') {
	const code = [
		'const all = $input.all();',
		`const idOf = (i) => all[i < 0 ? all.length + i : i]?.json.${idField};`,
		'let errors = 0;',
		'for (const item of all) if (item.error || item.json.error) errors++;',
		'return [{ json: {',
		'\tcount: all.length, errors,',
		`\tsample: ${JSON.stringify(SAMPLE_AT)}.map(idOf),`,
		'\tfirst: all[0]?.json, last: all[all.length - 1]?.json,',
		extra,
		'} }];',
	].join('\n');
	return { id, name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [x, 0], parameters: { mode: 'runOnceForAllItems', jsCode: code } };
}

const BIG = { parent: 'e2eReturnAllBig01', child: 'e2eReturnAllSub01' };

/**
 * Return All of every contact and every subscriber (130,000 each under npm run test:scale) in a sub-workflow that hands back only a
 * summary of each, so that `n8n execute --rawOutput` prints kilobytes rather than both lists (it prints
 * the caller's run data only; the sub-workflow's is not saved). n8n 2.41 runs a sub-workflow from its
 * database only once published (outside manual runs), so headless.js publishes it before the run.
 */
function returnAllWorkflows() {
	const child = {
		id: BIG.child, name: 'Return All: every contact and every subscriber', versionId: `${BIG.child}-v1`, active: false,
		nodes: [
			{ id: 'in', name: 'When Called', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'cur', name: 'All Contacts', type: `${PKG}.slickText`, typeVersion: 1, position: [220, 0],
				parameters: { resource: 'contact', operation: 'getAll', returnAll: true }, credentials: CURRENT_CREDENTIALS, executeOnce: true,
			},
			summaryNode('sumCur', 'Contacts Summary', 440, 'contact_id'),
			{
				id: 'leg', name: 'All Subscribers', type: `${PKG}.slickTextLegacy`, typeVersion: 1, position: [660, 0],
				parameters: { resource: 'contact', operation: 'getAll', returnAll: true }, credentials: LEGACY_CREDENTIALS, executeOnce: true,
			},
			summaryNode('sumLeg', 'Summary', 880, 'id', "\tcontacts: $('Contacts Summary').first().json,"),
		],
		connections: {
			'When Called': { main: [[{ node: 'All Contacts', type: 'main', index: 0 }]] },
			'All Contacts': { main: [[{ node: 'Contacts Summary', type: 'main', index: 0 }]] },
			'Contacts Summary': { main: [[{ node: 'All Subscribers', type: 'main', index: 0 }]] },
			'All Subscribers': { main: [[{ node: 'Summary', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1', callerPolicy: 'any', saveDataSuccessExecution: 'none', saveDataErrorExecution: 'none' },
	};
	const parent = {
		id: BIG.parent, name: 'Return All of large lists, and a filtered list', versionId: `${BIG.parent}-v1`, active: false,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'sub', name: 'Return All Lists', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, position: [220, 0],
				parameters: { source: 'database', workflowId: BIG.child }, executeOnce: true,
			},
			{
				id: 'msg', name: 'Incoming Keyword Texts', type: `${PKG}.slickText`, typeVersion: 1, position: [440, 0],
				parameters: { resource: 'message', operation: 'getAll', returnAll: true, filters: { direction: 'incoming', source: ' Keyword ' } },
				credentials: CURRENT_CREDENTIALS, executeOnce: true,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Return All Lists', type: 'main', index: 0 }]] },
			'Return All Lists': { main: [[{ node: 'Incoming Keyword Texts', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
	return [child, parent];
}

module.exports = { workflows, verify, returnAllWorkflows, BIG, SAMPLE_AT };
