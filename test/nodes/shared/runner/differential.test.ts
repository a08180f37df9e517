// The runner against n8n's own routing node. Every operation of both nodes runs each parameter
// set twice against the sandbox: as shipped (the node's custom operations, nodes/shared/runner/run.ts) and
// with the custom operations removed, so that n8n-core's RoutingNode runs the same routes from the
// description's declarative routing (nodes/shared/runner/routingNode.ts). The requests SlickText gets
// (method, path, query, body, encoding, auth header) and what comes out (items, error items, the run's
// error) are compared. A difference is either one of INTENDED below, each with its reason and a check
// that it is exactly that difference, or it fails the test. So an n8n upgrade that changes what the
// routing node does shows here, next to what the runner copied of it.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { loadPackage, nodeTypes, PACKAGE_NAME, runNode, type RunResult } from '../../../helpers/engine';
import { useSandbox, type SandboxRequest } from '../../../helpers/sandbox';

const ctx = useSandbox({ rateLimit: false, freedoms: 7 });
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const V = '={{ $json.v }}';
const OTHER = '={{ $input.all()[0].json.v }}';

type NodeName = 'slickText' | 'slickTextLegacy';

/**
 * One operation: its parameters with V where an item's value goes, three values (the third invalid, or
 * undefined where no value can be), and an optional collection the operation has.
 */
interface Op {
	parameters: Record<string, unknown>;
	values: [unknown, unknown, unknown?];
	optional?: string;
	/** Read from the sandbox when the values depend on its data. */
	prepare?: (state: any) => [unknown, unknown, unknown?];
}

const id = (field: string, a: string | number, b: string | number, extra: Record<string, unknown> = {}): Op => ({
	parameters: { [field]: rl(V), ...extra },
	values: [String(a), String(b), 'x1'],
});
const many = (extra: Record<string, unknown> = {}, optional = 'filters'): Op => ({
	parameters: { returnAll: false, limit: V, ...extra },
	values: [2, 3, 0],
	optional,
});

const CURRENT: Record<string, Op> = {
	'analytics.campaign': id('campaignId', 1, 4),
	'analytics.campaigns': { parameters: {}, values: [1, 2] },
	'analytics.contactGrowth': { parameters: { startDate: V, endDate: '2026-02-01' }, values: ['2026-01-01', '2026-01-15', 'soon'], optional: 'options' },
	'analytics.contacts': { parameters: { group: V }, values: ['source', 'opt_in_status', 'city'] },
	'analytics.messages': { parameters: {}, values: [1, 2] },
	'brand.get': { parameters: {}, values: [1, 2] },
	'brand.getUsage': { parameters: {}, values: [1, 2] },
	'campaign.create': { parameters: { name: V, message: 'Hi', delivery: 'draft', audience: 'all' }, values: ['Draft A', 'Draft B', ''], optional: 'additionalFields' },
	'campaign.delete': id('campaignId', 1, 4),
	'campaign.get': id('campaignId', 1, 2),
	'campaign.getAll': many(),
	'campaign.update': { ...id('campaignId', 2, 3, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'contact.create': { parameters: { mobileNumber: V }, values: ['+16175550101', '+16175550102', '555'], optional: 'additionalFields' },
	'contact.upsert': { parameters: { mobileNumber: V }, values: ['+16175550101', '+16175550102', '555'], optional: 'additionalFields' },
	'contact.delete': id('contactId', 1, 2),
	'contact.get': id('contactId', 1, 2),
	'contact.getAll': many(),
	'contact.update': { ...id('contactId', 1, 2, { findBy: 'id', updateFields: { firstName: 'Renamed' } }), optional: 'updateFields' },
	'customField.create': { parameters: { name: V, dataType: 'string' }, values: ['Field A', 'Field B', ''], optional: 'additionalFields' },
	'customField.delete': id('customFieldId', 1, 2),
	'customField.get': id('customFieldId', 1, 2),
	'customField.getAll': many(),
	'customField.update': { ...id('customFieldId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'inboxThread.getAll': many(),
	'inboxThread.getMessages': { parameters: { inboxThreadId: rl(V), returnAll: true }, values: ['', '', 'a b'], prepare: (s) => [s.brands.get(1001).threads[0]._id, s.brands.get(1001).threads[1]._id, 'a b'] },
	'inboxThread.update': { parameters: { inboxThreadId: rl(V), updateFields: { status: 'closed' } }, values: ['', '', 'a b'], optional: 'updateFields', prepare: (s) => [s.brands.get(1001).threads[0]._id, s.brands.get(1001).threads[1]._id, 'a b'] },
	'keyword.delete': id('keywordId', 1, 2),
	'keyword.get': id('keywordId', 1, 2),
	'keyword.getAll': many(),
	'link.create': { parameters: { name: V, url: 'https://example.com/a' }, values: ['Link A', 'Link B', ''] },
	'link.delete': id('linkId', 1, 2),
	'link.get': id('linkId', 1, 2),
	'link.getAll': many(),
	'link.update': { ...id('linkId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'list.addContacts': { parameters: { contactIds: V, listIds: [2] }, values: ['4', '5, 6', 'x'] },
	'list.countContacts': id('listId', 1, 2),
	'list.create': { parameters: { name: V }, values: ['List A', 'List B', ' '], optional: 'additionalFields' },
	'list.delete': id('listId', 3, 4),
	'list.get': id('listId', 1, 2),
	'list.getContacts': { ...many({ listId: rl('1') }) },
	'list.getAll': many(),
	'list.removeContacts': { parameters: { contactIds: V, listIds: [1] }, values: ['', '', 'x'], prepare: (s) => { const m = [...s.listMembers.get(1)]; return [String(m[0]), String(m[1]), 'x']; } },
	'list.update': { ...id('listId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'message.getAll': many(),
	'segment.delete': id('segmentId', 1, 2),
	'segment.get': id('segmentId', 1, 2),
	'segment.getAll': many(),
	'segment.update': { ...id('segmentId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'websitePopup.activate': id('websitePopupId', 1, 2),
	'websitePopup.deactivate': id('websitePopupId', 1, 2),
	'websitePopup.delete': id('websitePopupId', 1, 2),
	'websitePopup.get': id('websitePopupId', 1, 2),
	'websitePopup.getAll': many(),
	'websitePopup.update': { ...id('websitePopupId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
	'workflow.activate': id('workflowId', 1, 2),
	'workflow.deactivate': id('workflowId', 1, 2),
	'workflow.delete': id('workflowId', 1, 2),
	'workflow.get': id('workflowId', 1, 2),
	'workflow.getAll': many(),
	'workflow.update': { ...id('workflowId', 1, 2, { updateFields: { name: 'Renamed' } }), optional: 'updateFields' },
};

const LEGACY: Record<string, Op> = {
	'account.get': { parameters: {}, values: [1, 2] },
	'contact.delete': id('contactId', 3000001, 3000002),
	'contact.get': id('contactId', 3000001, 3000002),
	'contact.getAll': many(),
	'contact.optIn': { parameters: { textwordId: rl('5401'), number: V, optInMethod: 'OPTIN' }, values: ['+16195550101', '+16195550102', '555'], optional: 'additionalFields' },
	'contact.optOut': id('contactId', 3000001, 3000002),
	'contact.update': { ...id('contactId', 3000001, 3000002, { findBy: 'id', updateFields: { firstName: 'Renamed' } }), optional: 'updateFields' },
	'message.delete': id('messageId', 90008, 90009),
	'message.get': id('messageId', 90001, 90003),
	'message.getAll': many(),
	'message.getSendLog': { ...id('messageId', 90003, 90004, { returnAll: true }) },
	'message.schedule': { ...id('contactId', 3000001, 3000002, { sendTo: 'contact', body: 'Hi', scheduledFor: '2030-01-02T10:15:00' }), optional: 'additionalFields' },
	'message.send': { ...id('contactId', 3000001, 3000002, { sendTo: 'contact', body: 'Hi' }), optional: 'additionalFields' },
	'shortlink.get': id('shortlinkId', 61, 62, { findBy: 'id' }),
	'shortlink.getClickers': id('shortlinkId', 61, 62, { findBy: 'id', returnAll: true }),
	'shortlink.getAll': many(),
	'textword.deleteSubscribers': id('textwordId', 5403, 5404),
	'textword.get': id('textwordId', 5401, 5402),
	'textword.getContacts': { ...id('textwordId', 5401, 5402, { returnAll: false, limit: 3 }), optional: 'filters' },
	'textword.getCustomFields': id('textwordId', 5401, 5402, { returnAll: true }),
	'textword.getAll': many(),
	'textword.getMessages': id('textwordId', 5401, 5402, { returnAll: true }),
	'textword.getSegments': id('textwordId', 5401, 5402, { returnAll: true }),
};

const NODES: Record<NodeName, Record<string, Op>> = { slickText: CURRENT, slickTextLegacy: LEGACY };

function operationsOf(type: NodeName): string[] {
	const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description;
	return properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p: INodeProperties) => (p.options as any[]).map((o) => `${p.displayOptions!.show!.resource![0]}.${o.value}`));
}

// ------------------------------------------------------------------------------ running both ways

interface Outcome {
	requests: string[];
	items: string[];
	error?: { name?: string; message?: string; httpCode?: string };
}

/** A time the sandbox stamped at the moment of the run (records created or changed): not compared. */
const NOW = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g;

function requestOf(r: SandboxRequest): string {
	return JSON.stringify([r.method, r.path, r.query, r.contentType, r.rawBody ?? '', r.headers.authorization]);
}

function outcomeOf(result: RunResult, requests: SandboxRequest[]): Outcome {
	const mask = (text: string) => text.replace(NOW, '<time>');
	return {
		// Items run side by side in both: compared as a set, each request whole.
		requests: requests.map(requestOf).sort(),
		items: result.items.map((item) =>
			mask(JSON.stringify(item.error ? { error: (item.error as any).message } : item.json)),
		),
		error: result.error
			? { name: result.error.name, message: mask(String(result.error.message)), httpCode: (result.error as any).httpCode }
			: undefined,
	};
}

interface RunSpec {
	parameters: Record<string, unknown>;
	items: object[];
	continueOnFail?: boolean;
	credentials?: object;
	/** Sizes of the sandbox's demo data. */
	seed?: object;
}

async function runBothWays(type: NodeName, options: RunSpec) {
	const outcomes: Outcome[] = [];
	for (const shipped of [true, false]) {
		ctx.sandbox.reset(options.seed);
		const node = loadPackage().nodes[type] as INodeType;
		const custom = node.customOperations;
		if (!shipped) node.customOperations = undefined;
		try {
			const result = await runNode({
				type,
				parameters: options.parameters as any,
				credentials:
					type === 'slickText'
						? { slickTextApi: ctx.sandbox.currentCredentials(options.credentials) }
						: { slickTextLegacyApi: ctx.sandbox.legacyCredentials(options.credentials) },
				items: options.items as any,
				continueOnFail: options.continueOnFail,
			});
			outcomes.push(outcomeOf(result, [...ctx.sandbox.requests]));
		} finally {
			node.customOperations = custom;
		}
	}
	return { shipped: outcomes[0], routing: outcomes[1] };
}

// ------------------------------------------------------------------------------ intended differences

interface Intended {
	reason: string;
	/** Whether this is exactly the difference described (shipped: the runner; routing: n8n's routing node). */
	is: (shipped: Outcome, routing: Outcome, context: { set: string; operation: string }) => boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ACCOUNT = /"GET","\/legacy\/v1\/account"/;

const INTENDED: Intended[] = [
	{
		reason:
			"Bad input is a NodeOperationError naming the field and the item; n8n's routing node wraps it in a NodeApiError " +
			'without an HTTP code (same message, same requests).',
		is: (shipped, routing) =>
			same(shipped.requests, routing.requests) &&
			same(shipped.items, routing.items) &&
			shipped.error?.name === 'NodeOperationError' &&
			routing.error?.name === 'NodeApiError' &&
			routing.error?.httpCode === 'none' &&
			shipped.error?.message === routing.error?.message,
	},
	{
		reason:
			'All or nothing: one item with bad input stops the runner before any request (a NodeOperationError naming the item); ' +
			"n8n's routing node sends the other items and reports the bad one as a NodeApiError without an HTTP code.",
		is: (shipped, routing, { set }) =>
			set === 'bad middle item' &&
			shipped.requests.length === 0 &&
			routing.requests.length > 0 &&
			shipped.error?.name === 'NodeOperationError' &&
			/^.*\[item 1\]\. Nothing was sent: 1 of 3 items has invalid input \(item 1\)$/.test(String(shipped.error?.message)) &&
			routing.error?.name === 'NodeApiError' &&
			routing.error?.httpCode === 'none' &&
			String(shipped.error?.message).startsWith(String(routing.error?.message).replace(/ \[item 1\]$/, '')),
	},
	{
		reason:
			"The legacy account (message length limit, time zone) is read once per run and shared by the run's items; " +
			"n8n's routing node has no run to share it in, so each item reads it.",
		is: (shipped, routing) =>
			same(shipped.items, routing.items) &&
			same(shipped.requests.filter((r) => !ACCOUNT.test(r)), routing.requests.filter((r) => !ACCOUNT.test(r))) &&
			shipped.requests.filter((r) => ACCOUNT.test(r)).length === 1 &&
			routing.requests.filter((r) => ACCOUNT.test(r)).length > 1,
	},
	{
		reason:
			"A credential restricted to specific domains still reaches the node's own base URL: the runner names it as the " +
			"node's endpoint, as n8n does for a declarative node with its base URL in its request defaults; here the base URL " +
			"comes from the credential per operation, so n8n's routing node refuses it.",
		is: (shipped, routing, { set }) =>
			set === 'restricted credential' && shipped.error === undefined && routing.requests.length === 0 && /domain/i.test(JSON.stringify(routing)),
	},
	{
		reason:
			"An item's error message ends with its item ('[item 1]'), SlickText's refusals too, as n8n's UX guidelines ask; " +
			"n8n's routing node gives SlickText's refusal without it (same requests, same items and errors otherwise).",
		is: (shipped, routing) =>
			same(shipped.requests, routing.requests) &&
			!same(shipped, routing) &&
			JSON.stringify(shipped).replace(/ \[item \d+\]"/g, '"') === JSON.stringify(routing),
	},
];

// ------------------------------------------------------------------------------ the parameter sets

interface ParameterSet {
	set: string;
	run: (type: NodeName, op: Op, values: [unknown, unknown, unknown?], operation: string) => RunSpec | undefined;
}

/** The lists the sandbox can make longer than a page (10,000): contacts and subscribers. */
const LONG_LISTS = ['slickText.contact.getAll', 'slickText.list.getContacts', 'slickTextLegacy.contact.getAll', 'slickTextLegacy.textword.getContacts'];

const withValue = (parameters: Record<string, unknown>, value: string): Record<string, unknown> =>
	JSON.parse(JSON.stringify(parameters).split(JSON.stringify(V).slice(1, -1)).join(value.replace(/"/g, '\\"')));

const SETS: ParameterSet[] = [
	{ set: 'two items', run: (_t, op, [a, b]) => ({ parameters: op.parameters, items: [{ v: a }, { v: b }] }) },
	{
		set: 'an expression that reads another item',
		run: (_t, op, [a, b]) => (JSON.stringify(op.parameters).includes('$json.v') ? { parameters: withValue(op.parameters, OTHER), items: [{ v: a }, { v: b }] } : undefined),
	},
	{
		set: 'an empty optional collection',
		run: (_t, op, [a]) => (op.optional ? { parameters: { ...op.parameters, [op.optional]: {} }, items: [{ v: a }] } : undefined),
	},
	{
		set: 'Continue On Fail, the middle item failing',
		run: (_t, op, [a, b, bad]) =>
			bad === undefined ? undefined : { parameters: op.parameters, items: [{ v: a }, { v: bad }, { v: b }], continueOnFail: true },
	},
	{
		set: 'bad middle item',
		run: (_t, op, [a, b, bad]) => (bad === undefined ? undefined : { parameters: op.parameters, items: [{ v: a }, { v: bad }, { v: b }] }),
	},
	{
		set: 'Return All over two pages',
		run: (type, op, [a], operation) =>
			LONG_LISTS.includes(`${type}.${operation}`)
				? { parameters: { ...op.parameters, returnAll: true }, items: [{ v: a }], seed: { contacts: 12_000, subscribers: 12_000 } }
				: undefined,
	},
	{
		set: 'restricted credential',
		run: (_t, op, [a]) => ({ parameters: op.parameters, items: [{ v: a }], credentials: { allowedHttpRequestDomains: 'domains', allowedDomains: '' } }),
	},
];

/**
 * The operations that wait for a reply pause the execution, which n8n's routing node cannot do, and Start
 * Each Person's Run and Poll > Get Answers ask the SlickText Trigger, not SlickText: they have no twin to
 * compare (their own tests: test/nodes/shared/replies/). Send and Wait for Reply's text and each text of
 * a legacy poll go out through the same route as Send, compared above.
 */
const WAITING: Record<NodeName, string[]> = {
	slickText: ['message.waitForReply', 'message.startPersonRuns', 'poll.askAndWait', 'poll.getAnswers'],
	slickTextLegacy: ['message.sendAndWait', 'message.waitForReply', 'message.startPersonRuns', 'poll.askAndWait', 'poll.getAnswers'],
};

test('every operation of both nodes has a case here', () => {
	const compared = (type: NodeName) => operationsOf(type).filter((op) => !WAITING[type].includes(op));
	expect(compared('slickText').sort()).toEqual(Object.keys(CURRENT).sort());
	expect(compared('slickTextLegacy').sort()).toEqual(Object.keys(LEGACY).sort());
	for (const type of ['slickText', 'slickTextLegacy'] as NodeName[]) {
		for (const op of WAITING[type]) expect(operationsOf(type)).toContain(op);
	}
});

const differences: Array<{ operation: string; set: string; reason: string }> = [];

describe.each(['slickText', 'slickTextLegacy'] as NodeName[])('%s', (type) => {
	test.each(Object.keys(NODES[type]))('%s: as shipped and through n8n\'s routing node', async (operation) => {
		const [resource, op] = operation.split('.');
		const spec = NODES[type][operation];
		const values = spec.prepare ? spec.prepare(ctx.sandbox.state.current) : spec.values;
		for (const { set, run } of SETS) {
			const options = run(type, spec, values, operation);
			if (!options) continue;
			const { shipped, routing } = await runBothWays(type, { ...options, parameters: { resource, operation: op, ...options.parameters } });
			if (same(shipped, routing)) continue;
			const intended = INTENDED.find((d) => d.is(shipped, routing, { set, operation }));
			if (!intended) {
				// Shown whole, so that the difference can be read off the failure.
				expect({ operation, set, shipped }).toEqual({ operation, set, shipped: routing });
			}
			differences.push({ operation: `${type}.${operation}`, set, reason: intended!.reason });
		}
	});
});

afterAll(() => {
	// What was found: each intended difference and where, for the reader of a run (and docs/architecture.md).
	const byReason = new Map<string, string[]>();
	for (const d of differences) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), `${d.operation} (${d.set})`]);
	if (process.env.SLICKTEXT_DIFFERENCES) {
		// eslint-disable-next-line no-console
		console.log([...byReason].map(([reason, where]) => `${where.length} x ${reason}\n  ${where.join(', ')}`).join('\n\n'));
	}
});

// n8n's UX guidelines: an endpoint that returns more than 10 fields gets a Simplify that returns at most 10.
// Every read of both nodes runs here once with the first values of its case above:
// where a record comes out with more than 10 fields, the operation must offer Simplify, and with it on
// every record has at most 10 fields, none of them nested.
describe.each(['slickText', 'slickTextLegacy'] as NodeName[])('%s: Simplify wherever a read returns more than 10 fields', (type) => {
	const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description;
	const hasSimplify = (resource: string, op: string) =>
		properties.some((p: INodeProperties) => p.name === 'simplify' && p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(op));
	const reads = Object.keys(NODES[type]).filter((operation) => {
		const [resource, op] = operation.split('.');
		const option = properties
			.find((p: INodeProperties) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))!
			.options!.find((o: any) => o.value === op) as any;
		return String(option.routing?.request?.method ?? '').toUpperCase() === 'GET';
	});

	test.each(reads)('%s', async (operation) => {
		const [resource, op] = operation.split('.');
		const spec = NODES[type][operation];
		const [value] = spec.prepare ? spec.prepare(ctx.sandbox.state.current) : spec.values;
		const credentials =
			type === 'slickText' ? { slickTextApi: ctx.sandbox.currentCredentials() } : { slickTextLegacyApi: ctx.sandbox.legacyCredentials() };
		const run = async (extra: object) => {
			ctx.sandbox.reset();
			return await runNode({ type, parameters: { resource, operation: op, ...spec.parameters, ...extra } as any, credentials, items: [{ v: value }] as any });
		};
		const whole = await run({});
		expect(whole.error).toBeUndefined();
		const widest = Math.max(0, ...whole.json.map((record: object) => Object.keys(record).length));
		expect({ operation, widest, simplify: widest > 10 ? hasSimplify(resource, op) : 'not needed' }).toEqual({
			operation,
			widest,
			simplify: widest > 10 ? true : 'not needed',
		});
		if (!hasSimplify(resource, op)) return;
		const simple = await run({ simplify: true });
		expect(simple.json).toHaveLength(whole.json.length);
		for (const record of simple.json) {
			expect(Object.keys(record).length).toBeLessThanOrEqual(10);
			expect(Object.values(record).filter((v) => v !== null && typeof v === 'object')).toEqual([]);
		}
	});
});
