// Scenario 4 of the benchmark: the same burst of creates inside the real n8n of the end-to-end tests
// (`n8n execute`), through our node and through n8n's own HTTP Request node, which is what a user would
// otherwise build. Only runs where that runtime is already installed (`npm run test:e2e` installs it).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports */
const runtime = require('../scripts/n8n-runtime') as { paths(): { ready: string } };
const env = require('../scripts/n8n-env') as {
	prepareUserFolder(folder: string, options: { sandbox?: unknown; workflows?: unknown[] }): void;
	n8nCliAsync(folder: string, args: string[], extraEnv?: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string; json?: any }>;
	CREDENTIAL_IDS: { current: string };
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const runtimeInstalled = (): boolean => fs.existsSync(runtime.paths().ready);

export interface Variant {
	id: string;
	label: string;
	/** The node that sends the creates (the last one of the workflow). */
	node: Record<string, unknown>;
}

const API_KEY = 'sandbox-api-key';

/** The creates through our node, as a user sets it up: nothing about rates to configure. */
export function slickTextVariant(): Variant {
	return {
		id: 'benchSlickText001',
		label: 'real n8n: SlickText node',
		node: {
			name: 'Create Contact',
			type: 'n8n-nodes-slicktext.slickText',
			typeVersion: 1,
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '={{ $json.mobile }}' },
			credentials: { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } },
		},
	};
}

/** n8n's HTTP Request node posting the same body, optionally with its Batching option. */
export function httpRequestVariant(baseUrl: string, batching?: { batchSize: number; batchInterval: number }): Variant {
	return {
		id: batching ? 'benchHttpBatched1' : 'benchHttpPlain001',
		label: batching
			? `real n8n: HTTP Request, batches of ${batching.batchSize} every ${batching.batchInterval} ms`
			: 'real n8n: HTTP Request, as is',
		node: {
			name: 'Create Contact',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/brands/1001/contacts`,
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${API_KEY}` }] },
				sendBody: true,
				bodyParameters: { parameters: [{ name: 'mobile_number', value: '={{ $json.mobile }}' }] },
				options: batching ? { batching: { batch: batching } } : {},
			},
		},
	};
}

/** Manual Trigger, N phone numbers split into items, then the variant's node (failed items continue). */
function workflowOf(variant: Variant, numbers: string[]) {
	const nodes = [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			name: 'Numbers',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 0],
			parameters: {
				mode: 'raw',
				jsonOutput: JSON.stringify({ mobile: numbers }),
			},
		},
		{
			name: 'One Item Each',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [440, 0],
			parameters: { fieldToSplitOut: 'mobile' },
		},
		{ ...variant.node, position: [660, 0], onError: 'continueRegularOutput' },
	];
	const next = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: variant.id,
		name: variant.label,
		active: false,
		nodes,
		connections: { Start: next('Numbers'), Numbers: next('One Item Each'), 'One Item Each': next('Create Contact') },
		settings: {},
	};
}

export interface RealRun {
	items: number;
	failed: number;
	/** How long the create node ran, as n8n recorded it. */
	nodeSeconds: number;
}

/** A user folder with the package, a credential for the sandbox and one workflow per variant. */
export function prepare(currentBaseUrl: string, variants: Variant[], numbers: string[]): string {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-'));
	const sandbox = {
		currentCredentials: () => ({ apiKey: API_KEY, brandId: '1001', baseUrl: currentBaseUrl }),
		legacyCredentials: () => ({ publicKey: 'pub_sandbox', privateKey: 'sandbox-private-key', baseUrl: currentBaseUrl.replace(/\/v1$/, '/legacy/v1') }),
	};
	env.prepareUserFolder(folder, { sandbox, workflows: variants.map((v) => workflowOf(v, numbers)) });
	return folder;
}

export async function execute(folder: string, variant: Variant): Promise<RealRun> {
	const result = await env.n8nCliAsync(folder, ['execute', '--id', variant.id, '--rawOutput'], { N8N_RUNNERS_BROKER_PORT: '5694' });
	const runData = result.json?.data?.resultData?.runData ?? result.json?.resultData?.runData;
	const task = runData?.['Create Contact']?.[0];
	if (!task) throw new Error(`n8n execute gave no run of the create node (exit ${result.status}): ${(result.stderr || result.stdout).slice(-800)}`);
	const items = (task.data?.main?.[0] ?? []) as Array<{ json: Record<string, unknown> }>;
	return {
		items: items.length,
		failed: items.filter((item) => item.json.error !== undefined).length,
		nodeSeconds: Number(task.executionTime) / 1000,
	};
}

export function cleanUp(folder: string): void {
	fs.rmSync(folder, { recursive: true, force: true });
}
