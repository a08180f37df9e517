// What the user sees in the editor: the fields shown for each platform (evaluated with n8n's own
// displayOptions logic), the set-up notices, and a webhook lifecycle that registers nothing.
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import { createNode, loadPackage } from '../../helpers/engine';

const nodeType = loadPackage().nodes.slickTextTrigger as INodeType;
const { description } = nodeType;

/** The fields the editor shows for these values, with their defaults filled in as the editor does. */
function shown(values: INodeParameters, typeVersion = 2) {
	const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion }) as INode;
	const parameters = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;
	return description.properties
		.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
		.map((property) => property.name);
}

/**
 * The parameter n8n's editor (2.41.1) takes as a node's authentication selector: it hides that parameter
 * from the panel and sets it from the credential picked. Rewritten from the editor's getMainAuthField and
 * its helpers (editor-ui dist, workflows.store chunk): the fields named in the credentials' `show` rules;
 * one named `authentication` without a "none" option, or else the first with options every one of whose
 * values shows some credential.
 */
function mainAuthField(type: INodeTypeDescription): INodeProperties | null {
	const fields: INodeProperties[] = [];
	const values: Record<string, string[]> = {};
	for (const credential of type.credentials ?? []) {
		for (const [name, allowed] of Object.entries(credential.displayOptions?.show ?? {})) {
			for (const field of type.properties.filter((p) => p.name === name)) if (!fields.includes(field)) fields.push(field);
			values[name] = (values[name] ?? []).concat((allowed ?? []).map((v) => (v ? String(v) : '')));
		}
	}
	const named = fields.find((f) => f.name === 'authentication' && !f.options?.some((o) => 'value' in o && o.value === 'none'));
	if (named) return named;
	return (
		fields.find((f) => {
			if (!f.options?.length) return false;
			return f.options.every((o) => !('value' in o) || typeof o.value !== 'string' || values[f.name].includes(o.value));
		}) ?? null
	);
}

function notice(name: string) {
	return description.properties.find((property) => property.name === name)!.displayName;
}

/**
 * What n8n's editor (2.41.1) keeps when the user sets one parameter: updateNodeParameter in editor-ui
 * (useNodeSettingsParameters; the same code in the 2.41.1 bundle) takes the values that differ from the
 * defaults and are shown, sets the new value, and keeps only what is shown afterwards
 * (getNodeParameters with returnNoneDisplayed=false). Returns what the workflow then saves.
 */
function editorSets(values: INodeParameters, name: string, value: string, typeVersion = 2): INodeParameters {
	const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion }) as INode;
	const before = { ...NodeHelpers.getNodeParameters(description.properties, values, false, false, node, description)!, [name]: value };
	const after = NodeHelpers.getNodeParameters(description.properties, before, true, false, node, description)!;
	return NodeHelpers.getNodeParameters(description.properties, after, false, false, node, description)!;
}

function platformOption(value: string) {
	const platform = description.properties.find((p) => p.name === 'platform')!;
	return (platform.options as Array<{ value: string; description: string }>).find((o) => o.value === value)!.description;
}

describe('SlickText Trigger description', () => {
	it('is a POST webhook trigger that answers at once, with no input', () => {
		expect(description).toMatchObject({
			name: 'slickTextTrigger',
			group: ['trigger'],
			inputs: [],
			version: [1, 2, 3],
			defaultVersion: 3,
		});
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: 'noData', path: 'webhook' },
		]);
	});

	it("shows each platform's credential, optional: the current one for Confirm Events and waits, the legacy one for the secret and waits", () => {
		const credentialsShown = (values: INodeParameters) => {
			const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion: 2 }) as INode;
			const parameters = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;
			return (description.credentials ?? [])
				.filter((c) => NodeHelpers.displayParameter(parameters, c, node, description))
				.map((c) => `${c.name}${c.required ? ' (required)' : ''}`);
		};
		expect(credentialsShown({ platform: 'current' })).toEqual(['slickTextApi']);
		expect(credentialsShown({ platform: 'current', confirmEvents: true })).toEqual(['slickTextApi']);
		expect(credentialsShown({ platform: 'legacy' })).toEqual(['slickTextLegacyApi']);
		// On either version of the node.
		const node1 = createNode({ type: 'slickTextTrigger', parameters: { platform: 'current' }, credentials: {}, typeVersion: 1 }) as INode;
		expect(NodeHelpers.displayParameter({ platform: 'current' }, description.credentials![0], node1, description)).toBe(true);
		// A value left over from the current platform does not ask for the current credential on legacy.
		expect(credentialsShown({ platform: 'legacy', confirmEvents: true })).toEqual(['slickTextLegacyApi']);
	});

	it("gives n8n's editor no authentication selector to hide: Platform stays a field of its own", () => {
		expect(mainAuthField(description)).toBeNull();
		// The credentials as they were (both on `platform`) made `platform` the selector: the check can fail.
		const before = {
			...description,
			credentials: [
				{ name: 'slickTextApi', required: true, displayOptions: { show: { platform: ['current'], confirmEvents: [true] } } },
				{ name: 'slickTextLegacyApi', required: false, displayOptions: { show: { platform: ['legacy'] } } },
			],
		} as INodeTypeDescription;
		expect(mainAuthField(before)?.name).toBe('platform');
	});

	it('shows the current set-up and events by default, with one short notice', () => {
		const current = ['platform', 'currentSetup', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns'];
		expect(shown({})).toEqual(current);
		expect(shown({ confirmEvents: true })).toEqual(current);
		expect(shown({ ignoreRepeatedDeliveries: false })).toEqual(current);
		expect(notice('currentSetup')).toContain('Settings > API & Webhooks > Webhooks');
	});

	it("tells where the Production URL is: n8n shows Webhook URLs folded, on its Test URL tab", () => {
		for (const name of ['currentSetup', 'legacySetup']) {
			expect(notice(name)).toMatch(/^Open Webhook URLs above, choose Production URL,? (and )?add that URL /);
			expect(notice(name)).not.toMatch(/this node's Production URL/);
		}
	});

	it('says before a platform switch what the switch clears: each field the editor drops is named', () => {
		const property = (name: string) => description.properties.find((p) => p.name === name)!;
		// Fields set away from their defaults on each platform, then the switch as the editor makes it.
		const cases = [
			{ version: 2, from: { events: ['contact_updated'], confirmEvents: true, ignoreRepeatedDeliveries: false }, to: 'legacy' },
			{ version: 2, from: { platform: 'legacy', legacyEvents: ['OptOut'], ignoreRepeatedDeliveries: false }, to: 'current' },
			{ version: 1, from: { platform: 'legacy', legacyEvents: ['OptOut'], webhookSecret: 'abc' }, to: 'current' },
		];
		const cleared: Record<string, string[]> = {};
		for (const { version, from, to } of cases) {
			const saved = editorSets(from as INodeParameters, 'platform', to, version);
			// What both platforms show stays (Ignore Repeated Deliveries).
			if ('ignoreRepeatedDeliveries' in from) expect(saved.ignoreRepeatedDeliveries).toBe(false);
			const lost = Object.keys(from).filter((name) => name !== 'platform' && !(name in saved));
			cleared[`${from.platform ?? 'current'}>${to} v${version}`] = lost;
			for (const name of lost) {
				expect([name, platformOption(to)]).toEqual([name, expect.stringContaining(property(name).displayName)]);
			}
		}
		// The editor clears these (the check above is not empty): n8n keeps nothing that is hidden.
		expect(cleared).toEqual({
			'current>legacy v2': ['events', 'confirmEvents'],
			'legacy>current v2': ['legacyEvents'],
			'legacy>current v1': ['legacyEvents', 'webhookSecret'],
		});
		expect(platformOption('legacy')).toMatch(/Switching to it clears 'Events' and 'Confirm Events with SlickText'\.$/);
		expect(platformOption('current')).toMatch(/Switching to it clears the legacy 'Events'/);
		expect(property('platform').description).toContain('Switching it clears what only the other platform has');
	});

	it("needs the other platform's credential after a switch: the one chosen before is not shown, so not saved", () => {
		const credentialsShown = (values: INodeParameters) => {
			const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion: 2 }) as INode;
			const parameters = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;
			return (description.credentials ?? []).filter((c) => NodeHelpers.displayParameter(parameters, c, node, description)).map((c) => c.name);
		};
		const onLegacy = editorSets({ confirmEvents: true }, 'platform', 'legacy');
		expect(credentialsShown(onLegacy)).toEqual(['slickTextLegacyApi']);
		expect(credentialsShown(editorSets(onLegacy, 'platform', 'current'))).toEqual(['slickTextApi']);
		expect(description.properties.find((p) => p.name === 'platform')!.description).toContain("pick the new platform's credential if its field is empty");
	});

	it('never shows more than one notice, and each is one short sentence', () => {
		const notices = description.properties.filter((p) => p.type === 'notice');
		for (const values of [{}, { confirmEvents: true }, { platform: 'legacy' }, { platform: 'legacy', ignoreRepeatedDeliveries: false }]) {
			for (const version of [1, 2]) {
				const names = shown(values, version);
				expect([values, version, notices.filter((n) => names.includes(n.name)).length]).toEqual([values, version, 1]);
			}
		}
		for (const n of notices) expect([n.name, n.displayName.length <= 200, /[.;:]\s/.test(n.displayName)]).toEqual([n.name, true, false]);
	});

	it('shows the legacy set-up, events and where the secret goes; no secret field from version 2 on', () => {
		expect(shown({ platform: 'legacy' })).toEqual(['platform', 'legacySetup', 'legacyEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
		expect(notice('legacySetup')).toContain('SlickText Legacy API credential');
		expect(notice('legacySetup')).toContain('every request is accepted');
	});

	it('still shows the Webhook Secret parameter of a version 1 node, marked deprecated', () => {
		expect(shown({ platform: 'legacy' }, 1)).toEqual(['platform', 'legacySetup', 'legacyEvents', 'webhookSecret', 'ignoreRepeatedDeliveries', 'personRuns']);
		expect(notice('legacySetup')).toContain('legacy dashboard');
		expect(description.properties.find((p) => p.name === 'webhookSecret')!.description).toMatch(/^Deprecated: move the secret into the 'Webhook Secret' of the SlickText Legacy API credential/);
	});

	it('offers the events of each platform, Any Event first, and keeps the secret hidden', () => {
		const options = (name: string) =>
			(description.properties.find((p) => p.name === name)!.options as Array<{ value: string }>).map((o) => o.value);
		expect(options('events')).toEqual(['*', 'contact_created', 'contact_updated', 'inbox_message_received']);
		expect(options('legacyEvents')).toEqual(['*', 'ChatMessageRecieved', 'ContestEntry', 'NewSubscriber', 'OptOut']);
		expect(description.properties.find((p) => p.name === 'webhookSecret')!.typeOptions).toEqual({ password: true });
		expect(description.properties.find((p) => p.name === 'ignoreRepeatedDeliveries')!.default).toBe(true);
	});

	it('has nothing to register in SlickText: the webhook lifecycle reports success', async () => {
		const hooks = nodeType.webhookMethods!.default!;
		const context = {} as never;
		expect(await hooks.checkExists.call(context)).toBe(true);
		expect(await hooks.create.call(context)).toBe(true);
		expect(await hooks.delete.call(context)).toBe(true);
	});

	it('once n8n activated the workflow (as it does for each one when it starts), asks its own Production URL to look at the polls: a poll due while n8n was down ends then', async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { pollTiming } = require(path.resolve(__dirname, '../../../dist/nodes/shared/replies/polls.js'));
		const before = pollTiming.tickAfterActivationMs;
		pollTiming.tickAfterActivationMs = 50;
		const posts: string[] = [];
		const server = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => {
				posts.push(`${req.method} ${req.url} ${body}`);
				res.end('{}');
			});
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/abc/webhook`;
			const httpRequest = async (options: { method: string; url: string; body: unknown }) =>
				await fetch(options.url, { method: options.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body) });
			const context = { getNodeWebhookUrl: () => url, getMode: () => 'trigger', helpers: { httpRequest } } as never;
			expect(await nodeType.webhookMethods!.default!.checkExists.call(context)).toBe(true);
			for (let i = 0; i < 100 && posts.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
			expect(posts).toEqual(['POST /webhook/abc/webhook {"n8nSlickTextTick":true}']);
			// Not while the editor listens for a test event.
			posts.length = 0;
			await nodeType.webhookMethods!.default!.checkExists.call({ getNodeWebhookUrl: () => url, getMode: () => 'manual', helpers: { httpRequest } } as never);
			await new Promise((r) => setTimeout(r, 200));
			expect(posts).toEqual([]);
		} finally {
			pollTiming.tickAfterActivationMs = before;
			await new Promise<void>((r) => server.close(() => r()));
		}
	});
});

describe('no Platform to switch from version 3 on, and the SlickText Legacy Trigger for the legacy platform', () => {
	const legacyType = loadPackage().nodes.slickTextLegacyTrigger as INodeType;
	/** What the editor shows of a node (hidden parameters left out), and the credentials it shows. */
	function panel(type: INodeType, name: string, values: INodeParameters, typeVersion: number) {
		const d = type.description;
		const node = createNode({ type: name, parameters: values, credentials: {}, typeVersion }) as INode;
		const parameters = NodeHelpers.getNodeParameters(d.properties, values, true, false, node, d)!;
		return {
			fields: d.properties.filter((p) => p.type !== 'hidden' && NodeHelpers.displayParameter(parameters, p, node, d)).map((p) => p.name),
			credentials: (d.credentials ?? []).filter((c) => NodeHelpers.displayParameter(parameters, c, node, d)).map((c) => c.name),
			platform: parameters.platform,
		};
	}

	it('SlickText Trigger 3 shows the current events, its credential and one notice, and no Platform', () => {
		expect(panel(nodeType, 'slickTextTrigger', {}, 3)).toEqual({
			fields: ['currentSetup', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns'],
			credentials: ['slickTextApi'],
			platform: 'current',
		});
		expect(mainAuthField(description)).toBeNull();
	});

	it('SlickText Trigger 3 keeps its events and Confirm Events whatever else the user sets: nothing can switch them away', () => {
		const from = { events: ['contact_updated'], confirmEvents: true };
		expect(editorSets(from, 'ignoreRepeatedDeliveries', false as never, 3)).toEqual({ ...from, ignoreRepeatedDeliveries: false });
		expect(editorSets(from, 'events', ['*'] as never, 3)).toEqual({ ...from, events: ['*'] });
	});

	it('the SlickText Legacy Trigger shows the legacy events, its credential and one notice, and no Platform', () => {
		const d = legacyType.description;
		expect(d).toMatchObject({ name: 'slickTextLegacyTrigger', displayName: 'SlickText Legacy Trigger', group: ['trigger'], inputs: [], version: 2 });
		expect(d.webhooks).toEqual(description.webhooks);
		expect(panel(legacyType, 'slickTextLegacyTrigger', {}, 2)).toEqual({
			fields: ['legacySetup', 'legacyEvents', 'ignoreRepeatedDeliveries', 'personRuns'],
			credentials: ['slickTextLegacyApi'],
			platform: 'legacy',
		});
		expect(d.credentials).toEqual([{ name: 'slickTextLegacyApi', required: false, testedBy: 'slickTextLegacyApiTest' }]);
	});
});

