import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	effectOf,
	showFor,
	simplifyProperties,
	type OperationDescription,
	type OperationRun,
	type RecordFields,
	type ResourceDescription,
} from './descriptions';
import { pick } from './simplify';
import { fieldChecks } from './runner/checks';
import { toRouting } from './runner/routingNode';
import type { Execute, Route } from './runner/types';

/**
 * Builds a node from its resources: the Resource and Operation dropdowns with every operation's fields
 * (what the editor shows, with each operation's route as n8n declarative routing) and the routes the
 * node's custom operations run (runner/run.ts). The node file hands both to n8n.
 */

/**
 * What an effect adds to an operation's description in the Operation dropdown, where the description does
 * not say it already. Operations that text people say so in their own words, and an effect note is for the
 * model only (toolDescription), so that people never read the same thing twice.
 */
const EFFECT_HINT: Record<string, string> = {
	automation: 'May start SlickText workflows that text the contact.',
};

/** What an AI agent's model is told each kind of operation does to the world. */
const EFFECT_FOR_MODEL: Record<string, string> = {
	read: 'Read-only.',
	change: 'Changes records.',
	send: 'Sends texts to real people.',
	automation: 'Changes records, may start SlickText workflows.',
};

function sentence(text: string): string {
	const trimmed = text.trim();
	return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

/**
 * What the tool variant tells the model about the operation. n8n 2.41 describes a tool by
 * "<action> in <node>" unless the node has a tool description of its own; the action is also the name a
 * new node gets, so it stays short for people and the effect goes here (runtime n8n fills in this
 * default for the operation chosen, and the user may edit it in the tool's panel).
 */
function toolDescription(op: OperationDescription, nodeName: string): INodeProperties {
	const note = op.effectNote ? sentence(op.effectNote) : EFFECT_FOR_MODEL[effectOf(op)];
	return {
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 2 },
		default: `${op.option.action ?? op.option.name} in ${nodeName}. ${note}`,
		description: 'What the AI agent is told this tool does; the default says whether it reads, changes records or texts people',
		displayOptions: { show: { '@tool': [true] } },
	};
}

/** A parameter the node may not have (Output exists in the tool variant only, Simplify in the node only). */
function optional<T>(item: Parameters<Execute>[0], name: string, fallback: T): T {
	try {
		return (item.getNodeParameter(name, fallback) ?? fallback) as T;
	} catch {
		return fallback;
	}
}

/**
 * Simplify, where the operation has it (the tool's Output): each output record cut down to the main
 * fields, or in the tool to the fields chosen and the record's ID.
 */
function simplified(execute: Execute, fields: RecordFields): Execute {
	return async (item, request) => {
		const items = await execute(item, request);
		const output = optional<string>(item, 'output', '') || (optional<unknown>(item, 'simplify', false) === true ? 'simplified' : 'raw');
		if (output === 'raw') return items;
		const chosen = output === 'selected' ? optional<string[]>(item, 'outputFields', []) : [];
		const keep = output === 'selected' ? fields.all.filter((field, i) => i === 0 || chosen.includes(field)) : fields.keep;
		// Error items (Continue On Fail) pass unchanged.
		return items.map((entry) => (entry.json.error !== undefined ? entry : { ...entry, json: pick(entry.json as IDataObject, keep) }));
	};
}

interface Built {
	option: INodePropertyOptions;
	properties: INodeProperties[];
	route?: Route;
	run?: OperationRun;
}

function build(op: OperationDescription, nodeName: string): Built {
	const { route: declared, run, ...option } = op.option;
	const properties = [...op.properties, ...(op.simplify ? simplifyProperties(op.simplify) : []), toolDescription(op, nodeName)];
	const route: Route | undefined = declared && {
		...declared,
		// Every item's fields are checked first (expressions, text, Limit, choices), then the operation's own.
		preSend: [fieldChecks(properties), ...declared.preSend],
		execute: op.simplify ? simplified(declared.execute, op.simplify) : declared.execute,
	};
	const hint = op.effectNote ? undefined : EFFECT_HINT[effectOf(op)];
	const description = [option.description, hint].filter(Boolean).join(/[.!?]$/.test(option.description ?? '') ? ' ' : '. ');
	const notAsTool = WAITING_OPERATIONS.has(option.value) ? { displayOptions: { hide: { '@tool': [true] } } } : {};
	return { option: { ...option, description, ...notAsTool, ...(route ? { routing: toRouting(route) } : {}) }, properties, route, run };
}

/**
 * The node's subtitle on the canvas: n8n's "<operation>: <resource>", but with the names the dropdowns show
 * ("Create or Update: Contact", Title Case as n8n's UI text style wants subtitles) instead of the values
 * ("upsert: contact"). n8n evaluates it as an expression over the node's parameters, so the names come as
 * a lookup table keyed by resource and operation value (no "}}" inside, which would end the expression);
 * anything else falls back to n8n's usual form.
 */
function namedSubtitle(names: Record<string, string>): string {
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ (${JSON.stringify(names)})[${key}] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}

/**
 * Operations that pause the workflow for a person's answer: an AI agent's plain tool call cannot wait, so
 * they are not offered in the tool variants (`@tool`). Send and Wait for Reply reaches agents as n8n's
 * human review, which n8n builds from the node itself, its Operation fixed.
 */
const WAITING_OPERATIONS = new Set<unknown>(['waitForReply', 'sendAndWait']);

export function describeResources(
	nodeName: string,
	resourceProperty: INodeProperties,
	resources: Record<string, ResourceDescription>,
): {
	properties: INodeProperties[];
	routes: Record<string, Record<string, Route>>;
	runs: Record<string, Record<string, OperationRun>>;
	subtitle: string;
} {
	const properties: INodeProperties[] = [resourceProperty];
	const routes: Record<string, Record<string, Route>> = {};
	const runs: Record<string, Record<string, OperationRun>> = {};
	const subtitles: Record<string, string> = {};
	const resourceNames = new Map((resourceProperty.options ?? []).map((o) => ['value' in o ? o.value : '', o.name] as const));
	for (const [resource, { operations, defaultOperation }] of Object.entries(resources)) {
		const built = Object.entries(operations).map(([value, op]) => [value, build(op, nodeName)] as const);
		routes[resource] = Object.fromEntries(built.flatMap(([value, b]) => (b.route ? [[value, b.route]] : [])));
		runs[resource] = Object.fromEntries(built.flatMap(([value, b]) => (b.run ? [[value, b.run]] : [])));
		for (const [value, b] of built) subtitles[`${resource}:${value}`] = `${b.option.name}: ${resourceNames.get(resource) ?? resource}`;
		properties.push(
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resource] } },
				options: built.map(([, b]) => b.option).sort((a, b) => a.name.localeCompare(b.name)),
				default: defaultOperation,
			},
			...built.flatMap(([value, b]) => showFor(resource, value, b.properties)),
		);
	}
	return { properties, routes, runs, subtitle: namedSubtitle(subtitles) };
}
