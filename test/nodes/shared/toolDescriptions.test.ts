/* eslint-disable @typescript-eslint/no-explicit-any */
import { NodeHelpers, type INode, type INodeProperties } from 'n8n-workflow';

import { nodeTypes, PACKAGE_NAME, runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

// Issue 23: n8n 2.41 describes a node used as an AI tool, in automatic mode, as "<action label> in
// <node>"; nothing else the package writes reaches the model. So the action label says what the
// operation does to the world. These are the descriptions built by n8n-workflow's own function.

const NOTES = /\((read-only|changes records|sends texts|changes records, may start SlickText workflows|.*(texts?|text contacts).*)\)$/;

function operationsOf(type: string): Array<{ resource: string; operation: string; action: string }> {
	const { properties } = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description;
	return properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p: INodeProperties) =>
			(p.options as any[]).map((o) => ({ resource: p.displayOptions!.show!.resource![0] as string, operation: o.value, action: o.action })),
		);
}

function toolDescription(type: string, resource: string, operation: string): string {
	const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}Tool`, 1);
	const node = { parameters: { resource, operation, descriptionType: 'auto' } } as unknown as INode;
	return NodeHelpers.getToolDescriptionForNode(node, nodeType);
}

describe.each(['slickText', 'slickTextLegacy'])('%s: what a model is told about each tool', (type) => {
	const displayName = type === 'slickText' ? 'SlickText' : 'SlickText Legacy';

	test('every operation says whether it reads, changes records or sends texts', () => {
		for (const { resource, operation, action } of operationsOf(type)) {
			const description = toolDescription(type, resource, operation);
			expect(description).toBe(`${action} in ${displayName}`);
			expect(action).toMatch(NOTES);
		}
	});

	test('reads are marked read-only and nothing else is', () => {
		const properties = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${type}`, 1).description.properties;
		for (const p of properties.filter((q: INodeProperties) => q.name === 'operation')) {
			for (const o of p.options as any[]) {
				const read = String(o.routing.request.method).toUpperCase() === 'GET';
				expect([o.value, o.action.endsWith('(read-only)')]).toEqual([o.value, read]);
			}
		}
	});
});

test('the operations that text people say so, and to whom', () => {
	expect(toolDescription('slickTextLegacy', 'message', 'send')).toBe(
		'Send a text message (sends a text now to the recipient set in the node, uses credits) in SlickText Legacy',
	);
	expect(toolDescription('slickTextLegacy', 'contact', 'optIn')).toMatch(/sends an opt-in text/);
	expect(toolDescription('slickText', 'campaign', 'create')).toMatch(/may text every contact of its audience/);
	expect(toolDescription('slickText', 'workflow', 'activate')).toBe(
		'Activate a SlickText workflow (starts a SlickText workflow that may text contacts) in SlickText',
	);
	expect(toolDescription('slickText', 'contact', 'create')).toBe('Create a contact (changes records, may start SlickText workflows) in SlickText');
	expect(toolDescription('slickText', 'contact', 'get')).toBe('Get a contact (read-only) in SlickText');
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

	test('the user can turn Simplify off in the tool, and on in the node', async () => {
		const whole = await run('slickTextTool', { simplify: false, limit: 2 });
		expect(whole.json[0].custom_fields).toBeDefined();
		const simple = await run('slickText', { simplify: true, limit: 2 });
		expect(simple.json[0].custom_fields).toBeUndefined();
		expect(simple.json[0].contact_id).toBeDefined();
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
