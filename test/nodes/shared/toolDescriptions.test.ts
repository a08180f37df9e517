/* eslint-disable @typescript-eslint/no-explicit-any */
import { NodeHelpers, type INode, type INodeProperties } from 'n8n-workflow';

import { nodeTypes, PACKAGE_NAME, runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

// What a model is told about each tool. n8n 2.41 describes a tool by "<action label> in <node>" unless the
// node has a tool description of its own; the action label is also the name a new node gets, so people
// get n8n's short names ("Create a contact") and the model gets the effect in the node's own Tool
// Description, whose default n8n fills in at run time for the operation chosen (Workflow resolves
// parameter defaults). These are the descriptions built by n8n-workflow's own functions.

function operationsOf(type: string): Array<{ resource: string; operation: string; action: string }> {
	const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description;
	return properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p: INodeProperties) =>
			(p.options as any[]).map((o) => ({ resource: p.displayOptions!.show!.resource![0] as string, operation: o.value, action: o.action })),
		);
}

/** As the agent does at run time: the node as saved (no defaults), its defaults filled in by Workflow. */
function toolDescription(type: string, resource: string, operation: string): string {
	const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}Tool`, 1);
	const saved = { name: 'Tool', type: `${PACKAGE_NAME}.${type}Tool`, typeVersion: 1, parameters: { resource, operation } } as unknown as INode;
	const parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, saved.parameters, true, false, saved, nodeType.description);
	return NodeHelpers.getToolDescriptionForNode({ ...saved, parameters } as INode, nodeType);
}

const EFFECTS = /\. (Read-only|Changes records|Sends texts to real people|Changes records, may start SlickText workflows|.*(texts?|text contacts).*|.*[Pp]auses the workflow.*)\.$/;

describe.each(['slickText', 'slickTextLegacy'])('%s: what a model is told about each tool', (type) => {
	const displayName = type === 'slickText' ? 'SlickText' : 'SlickText Legacy';

	test('people get short action names; the model is told whether it reads, changes records or sends texts', () => {
		for (const { resource, operation, action } of operationsOf(type)) {
			expect(action).not.toMatch(/\(/);
			const description = toolDescription(type, resource, operation);
			expect(description.startsWith(`${action} in ${displayName}. `)).toBe(true);
			expect(description).toMatch(EFFECTS);
		}
	});

	test('reads are marked read-only and nothing else is', () => {
		const properties = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description.properties;
		for (const p of properties.filter((q: INodeProperties) => q.name === 'operation')) {
			const resource = p.displayOptions!.show!.resource![0] as string;
			for (const o of p.options as any[]) {
				// Wait for Reply sends no request of its own: it waits, and says so (test below); Start Each
				// Person's Run and the polls' operations ask the SlickText Trigger (a poll of the current platform
				// sends its campaign itself, and says so).
				if (!o.routing) {
					expect(['waitForReply', 'startPersonRuns', 'askAndWait', 'getAnswers']).toContain(o.value);
					continue;
				}
				const read = String(o.routing.request.method).toUpperCase() === 'GET';
				expect([o.value, toolDescription(type, resource, o.value).endsWith('. Read-only.')]).toEqual([o.value, read]);
			}
		}
	});

	test('the node itself has no tool description (it is shown for the tool only)', () => {
		const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1);
		const node = { name: 'Node', type: `${PACKAGE_NAME}.${type}`, typeVersion: 1, parameters: { resource: 'contact', operation: 'get' } } as unknown as INode;
		const parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, node.parameters, true, false, node, nodeType.description);
		expect(parameters?.toolDescription).toBeUndefined();
	});
});

test('the operations that text people say so, and to whom', () => {
	expect(toolDescription('slickTextLegacy', 'message', 'send')).toBe(
		'Send a text message in SlickText Legacy. Sends a text now to the recipient set in the node, uses credits.',
	);
	expect(toolDescription('slickTextLegacy', 'contact', 'optIn')).toMatch(/sends an opt-in text/);
	expect(toolDescription('slickText', 'campaign', 'create')).toMatch(/may text every contact of its audience/i);
	expect(toolDescription('slickText', 'workflow', 'activate')).toBe(
		'Activate a SlickText workflow in SlickText. Starts a SlickText workflow that may text contacts.',
	);
	expect(toolDescription('slickText', 'contact', 'create')).toBe(
		'Create a contact in SlickText. Changes records, may start SlickText workflows.',
	);
	expect(toolDescription('slickText', 'contact', 'get')).toBe('Get a contact in SlickText. Read-only.');
});

describe('Get Many in the tool variant: few records, simplified', () => {
	const ctx = useSandbox();
	const run = (type: string, parameters: object) =>
		runNode({
			type,
			parameters: { resource: 'contact', operation: 'getAll', ...parameters },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials(), slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		});

	test('the node returns 50 whole records by default', async () => {
		const result = await run('slickText', {});
		expect(result.json).toHaveLength(50);
		expect(Object.keys(result.json[0])).toEqual(expect.arrayContaining(['address', 'custom_fields', 'mobile_number_carrier']));
		expect(ctx.sandbox.requests[0].query.limit).toBe('50');
	});

	test('the tool returns 10 contacts with the fields a model needs', async () => {
		const result = await run('slickTextTool', {});
		expect(result.json).toHaveLength(10);
		expect(ctx.sandbox.requests[0].query.limit).toBe('10');
		for (const contact of result.json) {
			expect(Object.keys(contact).sort()).toEqual(
				['contact_id', 'created', 'email', 'first_name', 'last_name', 'last_opt_in_status_change', 'last_updated', 'mobile_number', 'opt_in_status'].filter((k) => k in contact).sort(),
			);
			expect(contact.contact_id).toBeDefined();
			expect(contact.mobile_number).toBeDefined();
		}
		expect(JSON.stringify(result.json).length).toBeLessThan(3000); // ten whole contacts are about 6,000
	});

	test('the tool has Output (Simplified, Raw, Selected Fields) where the node has Simplify, as n8n\'s UX guidelines ask', () => {
		const shown = (type: string) => {
			const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1);
			const node = { name: 'N', type: `${PACKAGE_NAME}.${type}`, typeVersion: 1, parameters: { resource: 'contact', operation: 'getAll', output: 'selected' } } as unknown as INode;
			return NodeHelpers.getNodeParameters(nodeType.description.properties, node.parameters, true, false, node, nodeType.description) as any;
		};
		expect([shown('slickText').simplify, shown('slickText').output]).toEqual([false, undefined]);
		expect([shown('slickTextTool').simplify, shown('slickTextTool').output, shown('slickTextTool').outputFields]).toEqual([undefined, 'selected', []]);
		const output = nodeTypes
			.getByNameAndVersion(`${PACKAGE_NAME}.slickTextTool`, 1)
			.description.properties.find((p: INodeProperties) => p.name === 'output' && p.displayOptions?.show?.resource?.includes('contact'))!;
		expect(output.default).toBe('simplified');
		expect((output.options as any[]).map((o) => o.name).sort()).toEqual(['Raw', 'Selected Fields', 'Simplified']);
	});

	test('the tool returns whole records with Output Raw, and the node simplified ones with Simplify on', async () => {
		const whole = await run('slickTextTool', { output: 'raw', limit: 2 });
		expect(whole.json[0].custom_fields).toBeDefined();
		const simple = await run('slickText', { simplify: true, limit: 2 });
		expect(simple.json[0].custom_fields).toBeUndefined();
		expect(simple.json[0].contact_id).toBeDefined();
	});

	test('Selected Fields gives the fields chosen and always the ID, in the record\'s order; nothing chosen gives the ID alone', async () => {
		const selected = await run('slickTextTool', { output: 'selected', outputFields: ['opt_in_status', 'first_name'], limit: 3 });
		expect(selected.error).toBeUndefined();
		const contacts = ctx.sandbox.state.current.brands.get(1001).contacts.slice(0, 3);
		expect(selected.json).toEqual(contacts.map((c: any) => ({ contact_id: c.contact_id, first_name: c.first_name, opt_in_status: c.opt_in_status })));
		expect(Object.keys(selected.json[0])).toEqual(['contact_id', 'first_name', 'opt_in_status']);
		const idOnly = await run('slickTextTool', { output: 'selected', limit: 2 });
		expect(idOnly.json).toEqual(contacts.slice(0, 2).map((c: any) => ({ contact_id: c.contact_id })));
	});

	test('Selected Fields offers every field of the record by its label, and a field that is not one is refused before any request', async () => {
		const fields = nodeTypes
			.getByNameAndVersion(`${PACKAGE_NAME}.slickTextLegacyTool`, 1)
			.description.properties.find((p: INodeProperties) => p.name === 'outputFields' && p.displayOptions?.show?.resource?.includes('message') && p.displayOptions?.show?.operation?.includes('getAll'))!;
		expect((fields.options as any[]).map((o) => `${o.name}=${o.value}`)).toEqual(expect.arrayContaining(['Campaign=campaign', 'Media URL=mediaUrl', 'Auto Reply=autoReply']));
		expect((fields.options as any[]).map((o) => o.value)).not.toContain('id');
		const bad = await run('slickTextTool', { output: 'selected', outputFields: ['first_name', 'shoe_size'], limit: 2 });
		// The tool hands the model the message without the item (test/nodes/shared/toolErrors.test.ts).
		expect(bad.error?.message).toMatch(/^'Fields': "shoe_size" is not one of: .*\bfirst_name\b/);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('legacy contacts and messages are simplified in the tool too', async () => {
		const contacts = await runNode({
			type: 'slickTextLegacyTool',
			parameters: { resource: 'contact', operation: 'getAll' },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		});
		expect(contacts.json).toHaveLength(10);
		expect(Object.keys(contacts.json[0]).every((k) => ['id', 'number', 'firstName', 'lastName', 'email', 'textword', 'optInMethod', 'subscribedDate'].includes(k))).toBe(true);
		const messages = await runNode({
			type: 'slickTextLegacyTool',
			parameters: { resource: 'message', operation: 'getAll' },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
		});
		expect(Object.keys(messages.json[0]).every((k) => ['id', 'campaign', 'body', 'textword', 'contact', 'count', 'sent', 'scheduled'].includes(k))).toBe(true);
	});
});
