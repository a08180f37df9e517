/* eslint-disable @typescript-eslint/no-explicit-any */
import { NodeHelpers, type INode, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { createNode, createWorkflow, loadPackage, nodeTypes, PACKAGE_NAME } from '../../helpers/engine';

// What a person reads in the editor, held against n8n's UX guidelines: every text of the
// nodes and credentials as the built package gives it to n8n.

interface Text {
	where: string;
	text: string;
}

/** Every text of a list of properties: labels, notices, help, hints, placeholders, options. */
function propertyTexts(properties: INodeProperties[], where: string): Text[] {
	const texts: Text[] = [];
	for (const p of properties) {
		const at = `${where} > ${p.displayName}`;
		for (const text of [p.displayName, p.description, p.hint, p.placeholder]) if (typeof text === 'string') texts.push({ where: at, text });
		for (const option of (p.options ?? []) as any[]) {
			if ('values' in option) texts.push(...propertyTexts(option.values, `${at} > ${option.displayName}`));
			else if ('type' in option) texts.push(...propertyTexts([option], at));
			else for (const text of [option.name, option.action, option.description]) if (typeof text === 'string') texts.push({ where: `${at} > ${option.name}`, text });
		}
	}
	return texts;
}

const { nodes, credentials } = loadPackage();
const descriptionOf = (name: string) => (nodes[name] as { description: INodeTypeDescription }).description;

function nodeTexts(name: string): Text[] {
	const d = descriptionOf(name);
	return [{ where: `${d.displayName} (node)`, text: d.description }, ...propertyTexts(d.properties, d.displayName)];
}

// What the credential test says when SlickText refuses (nodes/shared/credentialTest.ts, as built).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const REFUSED: Record<string, Record<string, string>> = require('../../../dist/nodes/shared/credentialTest').REFUSED;

const credentialTexts = (name: string): Text[] => propertyTexts(credentials[name].properties, credentials[name].displayName);

const ALL: Text[] = [
	...['slickText', 'slickTextLegacy', 'slickTextTrigger'].flatMap(nodeTexts),
	...['slickTextApi', 'slickTextLegacyApi'].flatMap(credentialTexts),
	// What the credential test says when SlickText refuses the key (shared/credentialTest.ts, built).
	...Object.entries(REFUSED as Record<string, Record<string, string>>).flatMap(([platform, messages]) =>
		Object.entries(messages).map(([status, text]) => ({ where: `${platform} credential (test, ${status})`, text })),
	),
];

/** The operations of an action node: resource, the Operation option as built. */
function operationsOf(name: string): Array<{ resource: string; option: any }> {
	return descriptionOf(name)
		.properties.filter((p) => p.name === 'operation')
		.flatMap((p) => (p.options as any[]).map((option) => ({ resource: p.displayOptions!.show!.resource![0] as string, option })));
}

/** The tool's description as n8n hands it to the model (its default for the operation). */
function toolDescription(name: string, resource: string, operation: string): string {
	const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE_NAME}.${name}Tool`, 1);
	const saved = { name: 'Tool', type: `${PACKAGE_NAME}.${name}Tool`, typeVersion: 1, parameters: { resource, operation } } as unknown as INode;
	const parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, saved.parameters, true, false, saved, nodeType.description);
	return NodeHelpers.getToolDescriptionForNode({ ...saved, parameters } as INode, nodeType);
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
/** The first four words of a sentence: two sentences of one text that start alike say the same thing. */
const opening = (sentence: string) => sentence.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean).slice(0, 4).join(' ');

describe('texts a person reads in the editor', () => {
	test('no text says a thing twice', () => {
		const repeated = ALL.filter(({ text }) => {
			const openings = sentences(text).map(opening).filter((o) => o.split(' ').length === 4);
			return new Set(openings).size !== openings.length;
		});
		expect(repeated).toEqual([]);
	});

	test.each(['slickText', 'slickTextLegacy'])('%s: the note for the AI agent is in the tool description only, not in the Operation dropdown', (name) => {
		const leaked = operationsOf(name).filter(({ resource, option }) => {
			const note = toolDescription(name, resource, option.value).replace(/^.* in SlickText( Legacy)?\. /, '');
			return String(option.description).toLowerCase().includes(note.toLowerCase().replace(/\.$/, ''));
		});
		expect(leaked.map(({ resource, option }) => `${resource} ${option.value}: ${option.description}`)).toEqual([]);
	});

	test('no text mentions our sandbox or tests, and none uses the API\'s internal codes or headers', () => {
		const ours = /sandbox|this package|\bour tests?\b|\bjest\b/i;
		const jargon = /HMAC|X-Slicktext-Signature|X-RateLimit|\b429\b|sixtieth|DOUBLEOPTIN|OPTINWITHAUTOREPLY|\bOPTIN\b|ChatMessageRecieved|\{\s*list_id|chunk_size/;
		expect(ALL.filter(({ text }) => ours.test(text) || jargon.test(text))).toEqual([]);
		// A status code belongs in an error (the credential test's), not in a field's help.
		expect(ALL.filter(({ where, text }) => !where.includes('(test,') && /\(\d{3}\)/.test(text))).toEqual([]);
	});

	test('no text uses the API\'s field names or codes where plain words do; eventKey only as a name to use, in backticks', () => {
		const raw = /\bcustom_fields\b|\bclickCount\b|\bInboxThread\b|\((DoD|MoM|PoP|QoQ|WoW|YoY)\)|\bchunks?\b/;
		expect(ALL.filter(({ text }) => raw.test(text))).toEqual([]);
		expect(ALL.filter(({ text }) => /(?<!`)eventKey|eventKey(?!`)/.test(text))).toEqual([]);
	});

	test('mobile number help says what the nodes accept: any country code, not only US numbers', () => {
		// The help of every Mobile Number field (not its label or placeholder).
		const help = ALL.filter(({ where, text }) => /Mobile Number$/.test(where) && !/Find .*By >/.test(where) && text !== 'Mobile Number' && !text.startsWith('e.g.'));
		expect(help.length).toBeGreaterThanOrEqual(8);
		for (const { where, text } of help) {
			expect([where, /\bUS mobile number\b/.test(text)]).toEqual([where, false]);
			expect([where, text]).toEqual([where, expect.stringMatching(/country code/)]);
		}
	});
});

describe('the credentials say one thing about each field, where the field is', () => {
	const field = (credential: string, name: string) => credentials[credential].properties.find((p) => p.name === name)!;
	// What the credential test (shared/credentialTest.ts, built) says when SlickText refuses with `status`.
	const refused = REFUSED;
	const testMessage = (credential: string, status: number) => String(refused[credential === 'slickTextApi' ? 'current' : 'legacy'][status]);

	test('the current Base URL is SlickText\'s production API; neither Base URL mentions anything but a proxy', () => {
		expect(field('slickTextApi', 'baseUrl').default).toBe('https://dev.slicktext.com/v1');
		expect(field('slickTextApi', 'baseUrl').description).toMatch(/production API/);
		for (const credential of ['slickTextApi', 'slickTextLegacyApi']) expect(field(credential, 'baseUrl').description).toMatch(/only to send the requests through a proxy\.$/);
	});

	test('where the Brand ID is: the same place in the field help and in the error of the credential test', () => {
		expect(field('slickTextApi', 'brandId').description).toMatch(/the number in the web address of the SlickText web app while the brand is open/);
		expect(testMessage('slickTextApi', 403)).toMatch(/the 'Brand ID' is the number in the web address of the SlickText web app while the brand is open/);
		// The key is made where the error of a refused key sends the user.
		expect(field('slickTextApi', 'apiKey').description).toContain('Settings > API & Webhooks');
		expect(testMessage('slickTextApi', 401)).toContain('Settings > API & Webhooks');
	});

	test.each(['slickTextApi', 'slickTextLegacyApi'])('%s: the rate fields give both limits SlickText publishes', (credential) => {
		expect(field(credential, 'requestsPerSecond')).toMatchObject({ default: 8, description: expect.stringMatching(/8 a second in one place and 4 in another/) });
		expect(field(credential, 'requestsPerMinute')).toMatchObject({ default: 480, description: expect.stringMatching(/480 a minute in one place and 240 in another/) });
	});
});

/** The subtitle the canvas shows under a node, evaluated as n8n's editor does (getNodeSubtitle). */
function subtitleOf(type: string, parameters: Record<string, unknown>): unknown {
	const node = createNode({ type, parameters: parameters as never, credentials: {} });
	const d = descriptionOf(type);
	// The editor evaluates the subtitle over the node's parameters with their defaults filled in.
	node.parameters = NodeHelpers.getNodeParameters(d.properties, node.parameters, true, false, node, d)!;
	return createWorkflow(node).expression.getSimpleParameterValue(node, d.subtitle, 'internal', {});
}

describe('names a person reads on the canvas and in the dropdowns', () => {
	test.each(['slickText', 'slickTextLegacy'])('%s: the canvas shows the operation and resource by the names the dropdowns show, never values', (name) => {
		const resourceName = (value: string) =>
			(descriptionOf(name).properties.find((p) => p.name === 'resource')!.options as any[]).find((o) => o.value === value).name;
		const shown = operationsOf(name).map(({ resource, option }) => [resource, option.value, subtitleOf(name, { resource, operation: option.value })]);
		expect(shown).toEqual(operationsOf(name).map(({ resource, option }) => [resource, option.value, `${option.name}: ${resourceName(resource)}`]));
		expect(subtitleOf(name, { resource: 'contact', operation: name === 'slickText' ? 'upsert' : 'optIn' })).toBe(name === 'slickText' ? 'Create or Update: Contact' : 'Opt In: Contact');
		// An untouched node shows its default operation too.
		const { resource, operation } = NodeHelpers.getNodeParameters(descriptionOf(name).properties, {}, true, false, null, null) as any;
		const option = operationsOf(name).find((o) => o.resource === resource && o.option.value === operation)!.option;
		expect(subtitleOf(name, {})).toBe(`${option.name}: ${resourceName(resource)}`);
	});

	test('SlickText Legacy calls a number on a textword a contact, as its Contact resource does, never also a subscriber', () => {
		expect(nodeTexts('slickTextLegacy').filter(({ text }) => /\bsubscribers?\b/i.test(text))).toEqual([]);
	});

	test('the text of a message is called Message wherever a node sends one; the stored names stay', () => {
		// The required text field of each sending operation, by the name a saved workflow stores.
		const textField = (name: string, resource: string, operation: string, stored: string) =>
			descriptionOf(name).properties.find(
				(p) => p.name === stored && p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
			);
		const fields = [
			['slickText', 'campaign', 'create', 'message'],
			['slickTextLegacy', 'message', 'send', 'body'],
			['slickTextLegacy', 'message', 'schedule', 'body'],
			['slickTextLegacy', 'message', 'sendAndWait', 'message'],
		].map(([name, resource, operation, stored]) => [`${name} ${resource} ${operation}`, textField(name, resource, operation, stored)?.displayName]);
		expect(fields).toEqual(fields.map(([where]) => [where, 'Message']));
		expect(nodeTexts('slickTextLegacy').filter(({ text }) => text === 'Body')).toEqual([]);
	});

	test('the trigger shows its platform in words', () => {
		expect(subtitleOf('slickTextTrigger', {})).toBe('Current Platform');
		expect(subtitleOf('slickTextTrigger', { platform: 'legacy' })).toBe('Legacy Platform');
	});

	test.each(['slickText', 'slickTextLegacy'])('%s: every operation is named by a verb, as in n8n\'s own nodes', (name) => {
		const verbs = /^(Get|Create|Update|Delete|Add|Remove|Count|Activate|Deactivate|Send|Schedule|Opt|Wait|Start|Ask)\b/;
		expect(operationsOf(name).filter(({ option }) => !verbs.test(option.name)).map(({ option }) => option.name)).toEqual([]);
	});
});

/**
 * The node panel's entries ("What happens next?", the node list), as n8n 2.41's editor builds them
 * (useActionsGeneration.ts, generateMergedNodesAndActions): a trigger whose name is an action node's name
 * plus "Trigger" is merged into that node's entry, whose description becomes the trigger's; a node with no
 * such trigger keeps its own description, and opened from the trigger list it says "No <name> Triggers
 * available" under that description.
 */
function panelEntries(): Map<string, { displayName: string; description: string; triggers: boolean }> {
	const entries = new Map<string, { displayName: string; description: string; triggers: boolean }>();
	const all = Object.values(nodes).map((n) => (n as { description: INodeTypeDescription }).description);
	for (const d of all.filter((x) => !x.group.includes('trigger'))) entries.set(d.name, { displayName: d.displayName, description: d.description, triggers: false });
	for (const trigger of all.filter((x) => x.group.includes('trigger'))) {
		const app = entries.get(trigger.name.replace('Trigger', ''));
		if (app) Object.assign(app, { description: trigger.description, triggers: true });
		else entries.set(trigger.name, { displayName: trigger.displayName, description: trigger.description, triggers: true });
	}
	return entries;
}

describe('the node panel leads to the right node from either list', () => {
	test('the SlickText entry, which n8n describes with the trigger\'s text, says first what the SlickText node does', () => {
		const entry = panelEntries().get('slickText')!;
		expect(entry.triggers).toBe(true);
		expect(entry.description.startsWith(descriptionOf('slickText').description)).toBe(true);
		expect(entry.description).toMatch(/, and start workflows on SlickText events \(/);
	});

	test('the SlickText Legacy entry holds the SlickText Legacy Trigger, whose text says first what the SlickText Legacy node does', () => {
		const entry = panelEntries().get('slickTextLegacy')!;
		expect(entry.triggers).toBe(true);
		expect(entry.description.startsWith(`${descriptionOf('slickTextLegacy').description}, and start workflows on its events`)).toBe(true);
		// n8n lists a trigger's events from its parameter named Events: the legacy events, and nothing to switch.
		const trigger = descriptionOf('slickTextLegacyTrigger');
		expect(trigger.properties.filter((p) => p.displayName === 'Events').map((p) => p.name)).toEqual(['legacyEvents']);
		expect(trigger.properties.filter((p) => p.name === 'platform').map((p) => [p.type, p.default])).toEqual([['hidden', 'legacy']]);
	});
});

describe("field names in single quotes, as n8n's UX guidelines ask", () => {
	/** Every label of a list of properties, nested ones too. */
	function labelsOf(properties: INodeProperties[]): string[] {
		return properties.flatMap((p) => [
			...(p.type === 'notice' ? [] : [p.displayName]),
			...((p.options ?? []) as any[]).flatMap((o) => ('values' in o ? labelsOf(o.values) : 'type' in o ? labelsOf([o]) : [])),
		]);
	}
	const nodeNames = ['slickText', 'slickTextLegacy', 'slickTextTrigger', 'slickTextLegacyTrigger'];
	// Labels of more than one word, and the one-word ones that are never an ordinary word in a sentence.
	const labels = [
		...new Set([
			...nodeNames.flatMap((name) => labelsOf(descriptionOf(name).properties)),
			...Object.values(credentials).flatMap((c) => labelsOf(c.properties)),
		]),
	]
		.filter((label) => /\s/.test(label) || ['Events', 'Audience'].includes(label))
		.sort((a, b) => b.length - a.length);

	/** The labels a text names outside single quotes: quoted spans are blanked first, then each label is looked for. */
	function unquoted(text: string): string[] {
		let rest = text.replace(/(?<!\w)'[^']+'(?!\w)/g, ' ');
		const found: string[] = [];
		for (const label of labels) {
			const pattern = new RegExp(`(?<![\\w'])${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w'])`, 'g');
			rest = rest.replace(pattern, (match: string, at: number) => {
				// A one-word label that opens a sentence is the word, not the field ("Events that start the workflow").
				if (!/\s/.test(label) && /(^|[.!?:]\s*)$/.test(rest.slice(0, at).trimEnd())) return ' ';
				found.push(label);
				return ' ';
			});
		}
		return found;
	}

	/** The prose of a list of properties: help, hints, notices and option help (not labels, option names or placeholders). */
	function prose(properties: INodeProperties[], where: string): Text[] {
		return properties.flatMap((p) => [
			...[p.type === 'notice' ? p.displayName : undefined, p.description, p.hint]
				.filter((text): text is string => typeof text === 'string')
				.map((text) => ({ where: `${where} > ${p.displayName}`, text })),
			...((p.options ?? []) as any[]).flatMap((o) =>
				'values' in o
					? prose(o.values, `${where} > ${p.displayName}`)
					: 'type' in o
						? prose([o], where)
						: typeof o.description === 'string'
							? [{ where: `${where} > ${p.displayName} > ${o.name}`, text: o.description }]
							: [],
			),
		]);
	}

	test('the check finds a label outside quotes and passes one inside', () => {
		expect(unquoted('Turn on Confirm Events with SlickText first')).toEqual(['Confirm Events with SlickText']);
		expect(unquoted("Turn on 'Confirm Events with SlickText' in the credential's 'Trigger URL for Replies'")).toEqual([]);
	});

	test('no help, hint or notice names a field without quotes', () => {
		const texts = [
			...nodeNames.flatMap((name) => prose(descriptionOf(name).properties, descriptionOf(name).displayName)),
			...Object.values(credentials).flatMap((c) => prose(c.properties, c.displayName)),
			...ALL.filter(({ where }) => where.includes('(test,')),
		];
		expect(texts.length).toBeGreaterThan(300);
		expect(texts.map(({ where, text }) => ({ where, names: unquoted(text) })).filter(({ names }) => names.length > 0)).toEqual([]);
	});

	test('no message the code builds names a field without quotes', () => {
		// Messages and descriptions of errors are built at run time: every string in the source that is not a
		// label, an option name or a placeholder itself.
		const fs = require('fs') as typeof import('fs');
		const path = require('path') as typeof import('path');
		const root = path.join(__dirname, '../../..');
		const files: string[] = [];
		const walk = (dir: string) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const file = path.join(dir, entry.name);
				if (entry.isDirectory()) walk(file);
				else if (file.endsWith('.ts')) files.push(file);
			}
		};
		walk(path.join(root, 'nodes'));
		walk(path.join(root, 'credentials'));
		const found: string[] = [];
		for (const file of files) {
			for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
				if (/^\s*(\/\/|\*|\/\*)|\b(name|displayName|placeholder|action):\s/.test(line)) continue;
				for (const literal of line.match(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? []) {
					const body = literal.slice(1, -1);
					// A message built as `${field}: ...` names its field unquoted whatever the field is.
					if (literal.startsWith('`') && /^\$\{(field|label)\w*\}: /i.test(body)) found.push(`${path.relative(root, file)}: ${body.slice(0, 80)}`);
					if (labels.includes(body) || literal.startsWith("'")) continue;
					const names = unquoted(body);
					if (names.length > 0) found.push(`${path.relative(root, file)}: ${names.join(', ')} in ${body.slice(0, 80)}`);
				}
				// A single-quoted literal cannot hold a quoted name: one that names a field is a finding of its own.
				const outside = line.replace(/"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
				for (const literal of outside.match(/'(?:[^'\\]|\\.)*'/g) ?? []) {
					const body = literal.slice(1, -1);
					if (labels.includes(body) || !/\s/.test(body)) continue;
					const names = unquoted(body);
					if (names.length > 0) found.push(`${path.relative(root, file)}: ${names.join(', ')} in ${body.slice(0, 80)}`);
				}
			}
		}
		expect(found).toEqual([]);
	});
});
