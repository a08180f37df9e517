// The example workflows as files: a webhook that reaches a SlickText node requires n8n's Header Auth,
// no webhook carries a fixed ID or path (an import by command line or API would keep it), and every file
// imports through n8n's editor, its command line and its public API (test/e2e/imports.js does it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { executeFilter, NodeHelpers, type FilterValue, type INode, type NodeParameterValueType } from 'n8n-workflow';

import { createNode, createWorkflow, nodeTypes } from './helpers/engine';

interface Node {
	name: string;
	type: string;
	typeVersion?: number;
	webhookId?: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string }>;
}
interface Workflow {
	name: string;
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const dir = path.join(__dirname, '..', 'examples');
const examples: Workflow[] = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));

/**
 * What n8n 2.41.1's public API takes in `POST /api/v1/workflows` (its openapi.yml, schemas "workflow"
 * and "node", both additionalProperties: false; id, active, versionId and the rest are read-only and
 * refused with 400 "request/body/id is read-only").
 */
const API_WORKFLOW_FIELDS = ['name', 'description', 'nodes', 'connections', 'nodeGroups', 'settings', 'staticData', 'pinData'];
const API_REQUIRED_FIELDS = ['name', 'nodes', 'connections', 'settings'];
const API_NODE_FIELDS = [
	'id', 'name', 'webhookId', 'disabled', 'notesInFlow', 'notes', 'type', 'typeVersion', 'executeOnce',
	'alwaysOutputData', 'retryOnFail', 'maxTries', 'waitBetweenTries', 'continueOnFail', 'onError',
	'position', 'parameters', 'credentials',
];

/** A parameter of an example's node as n8n resolves it for one item (the expressions only read $json and $now). */
function resolve(value: unknown, json: Record<string, unknown>): unknown {
	const stand = createNode({ type: 'slickText', parameters: {}, credentials: {} });
	return createWorkflow(stand).expression.getParameterValue(
		value as NodeParameterValueType,
		null,
		0,
		0,
		stand.name,
		[{ json: json as never }],
		'manual',
		{},
	);
}

/** Names of every node reachable from a node. */
function downstream(wf: Workflow, start: string): Set<string> {
	const seen = new Set<string>();
	const queue = [start];
	while (queue.length) {
		for (const branch of wf.connections[queue.shift()!]?.main ?? []) {
			for (const { node } of branch) if (!seen.has(node)) queue.push(node), seen.add(node);
		}
	}
	return seen;
}

describe('example workflows', () => {
	const webhooks = examples.flatMap((wf) =>
		wf.nodes.filter((n) => n.type === 'n8n-nodes-base.webhook' || /\.slickText(Legacy)?Trigger$/.test(n.type)).map((n) => ({ wf, n })),
	);

	it('carry no fixed webhook IDs or paths', () => {
		expect(webhooks.length).toBeGreaterThanOrEqual(3);
		for (const { wf, n } of webhooks) {
			expect([wf.name, n.name, n.webhookId]).toEqual([wf.name, n.name, undefined]);
			// The workflow's own id: a new one for every import, by every route. An empty path would be
			// the webhookId n8n's editor and API assign, but a command-line import assigns none, and n8n
			// 2.41.1 then registers "<id>/<name>/" and answers every post to it with 500.
			if (n.type === 'n8n-nodes-base.webhook') expect([wf.name, n.parameters.path]).toEqual([wf.name, '={{ $workflow.id }}']);
		}
	});

	it("hand each person of a list to their own trigger's Each Person output, never to n8n's Execute Workflow (example 7)", () => {
		const lists = examples.filter((wf) => wf.nodes.some((n) => n.parameters.operation === 'startPersonRuns'));
		expect(lists.map((wf) => wf.name.slice(0, 9))).toEqual(['Example 7']);
		for (const wf of lists) {
			// A sub-execution that waits stays in the worker's memory (docs/architecture.md); a trigger's run does not.
			expect([wf.name, wf.nodes.filter((n) => /executeWorkflow/.test(n.type)).map((n) => n.name)]).toEqual([wf.name, []]);
			const handOut = wf.nodes.find((n) => n.parameters.operation === 'startPersonRuns')!;
			// Empty: the credential's Trigger URL for Replies, this example's own trigger as its set-up says.
			expect([wf.name, handOut.parameters.triggerUrl]).toEqual([wf.name, undefined]);
			const trigger = wf.nodes.find((n) => /\.slickText(Legacy)?Trigger$/.test(n.type))!;
			expect([wf.name, trigger.parameters.personRuns]).toEqual([wf.name, true]);
			// Each person's part (its wait) hangs off the Each Person output.
			const [eachPerson] = wf.connections[trigger.name].main[1];
			const waits = [...downstream(wf, eachPerson.node)].map((name) => wf.nodes.find((n) => n.name === name)!.parameters.operation);
			expect([wf.name, waits.some((op) => op === 'sendAndWait' || op === 'waitForReply')]).toEqual([wf.name, true]);
		}
	});

	it('ask a list in the shape of the intent: an RSVP or a poll is a list, one SlickText step and what to do with the answers, in at most 6 nodes; the reminder list hands its people out in at most 3', () => {
		const byNumber = (n: string) => examples.find((wf) => wf.name.startsWith(`Example ${n}:`))!;
		const working = (wf: (typeof examples)[number]) => wf.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
		// No plumbing: no data table, Wait node, loop, resume address or sub-workflow in the examples that ask many.
		const plumbing = /\.(dataTable|wait|splitInBatches|httpRequest|executeWorkflow|merge)$/;
		for (const n of ['7', '8', '9']) {
			const wf = byNumber(n);
			expect([wf.name, working(wf).filter((node) => plumbing.test(node.type)).map((node) => node.name)]).toEqual([wf.name, []]);
			expect([wf.name, JSON.stringify(wf).includes('resumeUrl')]).toEqual([wf.name, false]);
		}
		for (const n of ['8', '9']) {
			const wf = byNumber(n);
			expect([wf.name, working(wf).length <= 6]).toEqual([wf.name, true]);
			// One step asks everyone and waits: Poll > Ask and Wait.
			expect([wf.name, working(wf).filter((node) => node.parameters.operation === 'askAndWait').length]).toEqual([wf.name, 1]);
		}
		// Example 7's list: the schedule, the list, and the step that hands each person out (paced by itself).
		const seven = byNumber('7');
		const branch: string[] = [];
		for (let name: string | undefined = 'Every Morning'; name; ) {
			branch.push(name);
			const node = seven.nodes.find((n) => n.name === name)!;
			if (node.parameters.operation === 'startPersonRuns') break;
			name = seven.connections[name]?.main?.[0]?.[0]?.node;
		}
		expect(branch).toHaveLength(3);
	});

	it('explain themselves in a note of at most 120 words, the set-up steps first', () => {
		for (const wf of examples.filter((w) => /^Example [789]:/.test(w.name))) {
			const note = String(wf.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')!.parameters.content);
			expect([wf.name, note.split(/\s+/).filter(Boolean).length <= 120]).toEqual([wf.name, true]);
			const setUp = note.indexOf('**Set up once:**');
			expect([wf.name, setUp > 0 && setUp < note.indexOf('\n\n', note.indexOf('\n') + 1) + 2]).toEqual([wf.name, true]);
		}
	});

	it('carry only what n8n\'s public API accepts: no workflow id, version id or active flag', () => {
		for (const wf of examples) {
			expect([wf.name, Object.keys(wf).filter((k) => !API_WORKFLOW_FIELDS.includes(k))]).toEqual([wf.name, []]);
			expect([wf.name, API_REQUIRED_FIELDS.filter((k) => !(k in wf))]).toEqual([wf.name, []]);
			for (const n of wf.nodes) {
				expect([wf.name, n.name, Object.keys(n).filter((k) => !API_NODE_FIELDS.includes(k))]).toEqual([wf.name, n.name, []]);
			}
		}
	});

	it('name every webhook node so that its URL after a command-line import is the one n8n looks up', () => {
		// Without a webhookId (the files have none; n8n's import:workflow adds none) n8n registers
		// <workflow id>/<node name, lower case, URL-encoded>/<path> but looks a request up by its decoded
		// path: a name with a space is registered as "new%20contact" and never found (404).
		for (const { wf, n } of webhooks) {
			const segment = n.name.toLowerCase();
			expect([wf.name, n.name, encodeURIComponent(segment)]).toEqual([wf.name, n.name, segment]);
		}
	});

	it('require Header Auth on every n8n webhook that leads to a SlickText node', () => {
		const guarded = webhooks.filter(({ n }) => n.type === 'n8n-nodes-base.webhook');
		expect(guarded.map(({ wf }) => wf.name.slice(0, 9))).toEqual(['Example 1', 'Example 2']);
		for (const { wf, n } of guarded) {
			const reaches = [...downstream(wf, n.name)].map((name) => wf.nodes.find((x) => x.name === name)!.type);
			expect(reaches.some((t) => t.startsWith('n8n-nodes-slicktext.'))).toBe(true);
			expect(n.parameters.authentication).toBe('headerAuth');
			expect(n.credentials?.httpHeaderAuth?.id).toBe('slicktextWebhook1');
		}
	});

	it('check that SlickText Trigger events come from SlickText: confirmed on the current platform, signed on legacy; each trigger of its latest version', () => {
		const triggers = webhooks.filter(({ n }) => /\.slickText(Legacy)?Trigger$/.test(n.type));
		expect([...new Set(triggers.map(({ n }) => n.type.split('.')[1]))].sort()).toEqual(['slickTextLegacyTrigger', 'slickTextTrigger']);
		for (const { n } of triggers) {
			if (n.type.endsWith('.slickTextLegacyTrigger')) {
				// The webhook secret that SlickText signs with is in the SlickText Legacy API credential.
				expect([n.name, n.typeVersion, n.credentials?.slickTextLegacyApi?.id]).toEqual([n.name, 2, 'slicktextLegacy01']);
				continue;
			}
			expect([n.name, n.typeVersion, n.parameters]).toEqual([n.name, 3, expect.objectContaining({ confirmEvents: true })]);
			expect(n.parameters.platform).toBeUndefined();
			expect(n.credentials?.slickTextApi).toBeDefined();
		}
	});

	it('mention neither our sandbox nor a local address: what a user imports calls SlickText', () => {
		for (const wf of examples) {
			expect([wf.name, JSON.stringify(wf).match(/sandbox|127\.0\.0\.1|localhost|npm run/i)?.[0]]).toEqual([wf.name, undefined]);
		}
	});

	it("tell the AI agent only what its tools' descriptions say (example 5)", () => {
		const wf = examples.find((w) => w.name.startsWith('Example 5'))!;
		const agent = wf.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.agent')!;
		const system = String((agent.parameters.options as { systemMessage: string }).systemMessage);
		// Each tool's description as n8n hands it to the model: the node as saved, its defaults filled in.
		const described = wf.nodes
			.filter((n) => n.type.startsWith('n8n-nodes-slicktext.'))
			.map((n) => {
				const nodeType = nodeTypes.getByNameAndVersion(n.type, 1);
				const node = { ...n, typeVersion: 1 } as unknown as INode;
				const parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, n.parameters as never, true, false, node, nodeType.description);
				return NodeHelpers.getToolDescriptionForNode({ ...node, parameters } as INode, nodeType);
			});
		expect(described).toHaveLength(3);
		// The words the system message tells the model to look for: quoted, or "marked (...)".
		const markers = [...system.matchAll(/"([^"]+)"|marked \(([^)]+)\)/g)].map((m) => m[1] ?? m[2]);
		expect(markers.length).toBeGreaterThanOrEqual(2);
		for (const marker of markers) {
			expect([marker, described.some((d) => d.toLowerCase().includes(marker.toLowerCase()))]).toEqual([marker, true]);
		}
	});

	describe('examples 1 and 2, which act on a posted number, let through only US and Canadian numbers, each once a day, judged on digits', () => {
		const guarded = examples.filter((wf) => /^Example [12]:/.test(wf.name));
		const node = (wf: Workflow, type: string) => wf.nodes.find((n) => n.type === type)!;
		const filterOf = (wf: Workflow) => node(wf, 'n8n-nodes-base.filter');
		const dedupeOf = (wf: Workflow) => node(wf, 'n8n-nodes-base.removeDuplicates');
		const passes = (wf: Workflow, phone: unknown) =>
			executeFilter(resolve((filterOf(wf).parameters as { conditions: unknown }).conditions, { body: { phone } }) as FilterValue);
		const keyOf = (wf: Workflow, phone: unknown) => resolve(dedupeOf(wf).parameters.dedupeValue, { body: { phone } });
		const today = () => (resolve("={{ $now.toFormat('yyyy-MM-dd') }}", {}) as string);

		// One US number as a form or an app may post it: these must pass and count as one.
		const oneNumber = ['+1 617-555-0100', '+16175550100', '16175550100', '6175550100', '(617) 555-0100', '617.555.0100', 6175550100];
		// Numbers the nodes would text abroad, or refuse (area code 0 or 1, too short): these must stop.
		const stopped = ['+44 7911 123456', '+447911123456', '+354 612 3456', '+52 55 1234 5678', '617-555-010', '+1 117 555 0100', '', undefined, 'call me'];

		test('every way from the webhook to a SlickText node goes through the filter, then Remove Duplicates', () => {
			expect(guarded).toHaveLength(2);
			for (const wf of guarded) {
				const webhook = wf.nodes.find((n) => n.type === 'n8n-nodes-base.webhook')!;
				expect([wf.name, wf.connections[webhook.name].main.flat().map((c) => c.node)]).toEqual([wf.name, [filterOf(wf).name]]);
				expect([wf.name, wf.connections[filterOf(wf).name].main.flat().map((c) => c.node)]).toEqual([wf.name, [dedupeOf(wf).name]]);
				const after = downstream(wf, dedupeOf(wf).name);
				const slickText = wf.nodes.filter((n) => n.type.startsWith('n8n-nodes-slicktext.')).map((n) => n.name);
				expect([wf.name, slickText.filter((name) => !after.has(name))]).toEqual([wf.name, []]);
				expect(dedupeOf(wf).parameters).toMatchObject({ operation: 'removeItemsSeenInPreviousExecutions' });
			}
		});

		test('the filter keeps a US number however it is written, 10 digits included, and stops other countries', () => {
			for (const wf of guarded) {
				expect([wf.name, oneNumber.filter((phone) => !passes(wf, phone))]).toEqual([wf.name, []]);
				expect([wf.name, stopped.filter((phone) => passes(wf, phone))]).toEqual([wf.name, []]);
			}
		});

		test('Remove Duplicates keys on the digits and the day: one key for every way of writing one number', () => {
			for (const wf of guarded) {
				const keys = new Set(oneNumber.map((phone) => keyOf(wf, phone)));
				expect([wf.name, [...keys]]).toEqual([wf.name, [`6175550100-${today()}`]]);
				expect(keyOf(wf, '+1 617-555-0101')).not.toBe(keyOf(wf, '+1 617-555-0100'));
			}
		});

		test('docs/usage.md gives the same expressions as the examples (the README says what to do and links there)', () => {
			const wf = guarded[0];
			const condition = (filterOf(wf).parameters as { conditions: { conditions: Array<{ leftValue: string; rightValue: string }> } }).conditions.conditions[0];
			const inline = (expression: string) => `\`${expression.replace(/^=/, '')}\``;
			for (const doc of ['docs/usage.md']) {
				const text = readFileSync(path.join(__dirname, '..', doc), 'utf8');
				expect([doc, text.includes(inline(condition.leftValue)), text.includes(`\`${condition.rightValue}\``), text.includes(inline(String(dedupeOf(wf).parameters.dedupeValue)))]).toEqual([doc, true, true, true]);
			}
			// Both examples say the same.
			expect(filterOf(guarded[1]).parameters).toEqual(filterOf(wf).parameters);
			expect(dedupeOf(guarded[1]).parameters).toEqual(dedupeOf(wf).parameters);
		});
	});
});
