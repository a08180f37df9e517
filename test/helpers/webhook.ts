// Runs a trigger node's webhook() through n8n-core's WebhookContext behind a real HTTP server on
// 127.0.0.1, so that tests POST to it as SlickText does. The request handling follows n8n's webhook
// server (n8n 2.41's webhook-helpers.ts, body-parser.ts and live-webhooks.ts): the body is read and parsed
// as n8n's body parser does (JSON and form bodies become `req.body`, text/plain a string, the bytes stay in
// `req.rawBody`; broken JSON is a 422 before any node runs), a new Workflow is built for each request from
// the saved static data, which is saved again before n8n's answer when the node changed it, and the answer is the
// node's own (noWebhookResponse) or n8n's (200 with `webhookResponse`, or the onReceived answer).
import { WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parse as parseQueryString } from 'node:querystring';

import { createAdditionalData, createNode, createWorkflow, nodeTypes } from './engine';

/** n8n's default N8N_PAYLOAD_SIZE_MAX (16 MiB): larger bodies are refused before any node runs. */
const PAYLOAD_SIZE_MAX = 16 * 1024 * 1024;

export interface WebhookCall {
	/** Items (json) of the run the trigger started, or undefined when it started nothing. */
	started: IDataObject[] | undefined;
	/** Whether the node wrote the answer itself (returned noWebhookResponse). */
	answeredByNode: boolean;
	/** An error thrown by webhook(), answered 500 as n8n does. */
	error?: Error;
	/** When the request arrived, when webhook() returned, and when the answer went out (performance.now()). */
	receivedAt?: number;
	returnedAt?: number;
	answeredAt?: number;
}

export interface WebhookServer {
	/** The URL SlickText would be given (the node's production webhook path). */
	url: string;
	/** One entry per request that reached the node, in order. */
	calls: WebhookCall[];
	/** The items of every run started, in order. */
	runs: IDataObject[][];
	/** The workflow's static data as n8n would have saved it after the last request. */
	readonly staticData: IDataObject;
	/**
	 * Resolves once every request has been handled to its end: a node may answer before it is done
	 * (the trigger answers SlickText, then hands a reply to a waiting workflow).
	 */
	settled(): Promise<void>;
	close(): Promise<void>;
}

export interface WebhookServerOptions {
	/** Node name in the package, e.g. 'slickTextTrigger'. */
	type: string;
	parameters: INodeParameters;
	/** Saved static data to start from. */
	staticData?: IDataObject;
	/** n8n runs production webhooks in mode 'webhook' and test ones in 'manual'. */
	mode?: WorkflowExecuteMode;
	/**
	 * The node's id. Each server gets a new one unless given, because the trigger remembers events per
	 * workflow and node for the life of the process (here: the jest worker).
	 */
	nodeId?: string;
	/** Credentials selected on the node, by credential type. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The node's typeVersion (1 unless given). */
	typeVersion?: number;
	/** Where this n8n is reached (createAdditionalData): the origin of its webhook and waiting URLs. */
	n8nBase?: string;
	/** The workflow's ID ('test-workflow', as runNode's, unless given). */
	workflowId?: string;
	/** How long each save of the static data takes to reach the database (n8n's copy is taken before). */
	saveLatencyMs?: () => number;
	/**
	 * How n8n's start of a run the node asked for goes (WorkflowRunner.run, before n8n answers): how long it
	 * takes, and whether it fails, when n8n answers 500 "There was a problem executing the workflow" and no
	 * run begins (its database pool timed out, say). `items`: the run's, as the node returned them. Every
	 * start succeeds at once unless given.
	 */
	runStart?: (items: IDataObject[]) => { ms?: number; fails?: boolean };
	/** How long n8n holds a request, its body read, before it calls the node (a busy process); 0 unless given. */
	beforeNodeMs?: number;
}

let serversStarted = 0;

type Request = IncomingMessage & {
	body?: unknown;
	rawBody?: Buffer;
	contentType?: string;
	encoding?: BufferEncoding;
	query?: IDataObject;
	params?: IDataObject;
};

function sendJson(res: ServerResponse, status: number, data: unknown) {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(data));
}

async function readRawBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > PAYLOAD_SIZE_MAX) return 'too large';
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

/** As n8n's parseBody: JSON, form and text/plain bodies are parsed; a JSON parse failure is a 422. */
function parseBody(req: Request): boolean {
	const [mediaType, ...params] = (req.headers['content-type'] ?? '').split(';');
	req.contentType = mediaType.trim().toLowerCase() || undefined;
	const charset = params.map((p) => p.trim().split('=')).find(([k]) => k.toLowerCase() === 'charset')?.[1];
	req.encoding = (charset?.toLowerCase() === 'utf-8' || !charset ? 'utf8' : charset) as BufferEncoding;
	const text = req.rawBody?.length ? req.rawBody.toString(req.encoding) : undefined;
	if (text !== undefined) {
		if (req.contentType === 'application/json') {
			try {
				req.body = JSON.parse(text);
			} catch {
				return false;
			}
		} else if (req.contentType === 'application/x-www-form-urlencoded') {
			req.body = { ...parseQueryString(text, undefined, undefined, { maxKeys: 1000 }) };
		} else if (req.contentType === 'text/plain') {
			req.body = text;
		}
	}
	if (!req.body) req.body = {};
	return true;
}

const servers = new Set<WebhookServer>();

export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
	const node: INode = {
		...createNode({
			type: options.type,
			parameters: options.parameters,
			credentials: options.credentials ?? {},
			typeVersion: options.typeVersion,
		}),
		id: options.nodeId ?? `trigger-${++serversStarted}-${process.pid}`,
		webhookId: 'test-webhook-id',
	};
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
	const found = nodeType.description.webhooks?.[0];
	if (!nodeType.webhook || !found) throw new Error(`${options.type} has no webhook`);
	const description = found;

	const calls: WebhookCall[] = [];
	const runs: IDataObject[][] = [];
	let saved: IDataObject = JSON.parse(JSON.stringify(options.staticData ?? {}));

	async function handle(req: Request, res: ServerResponse, receivedAt: number) {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		req.query = Object.fromEntries(url.searchParams);
		req.params = {};
		const raw = await readRawBody(req);
		if (raw === 'too large') return sendJson(res, 413, { message: 'request entity too large' });
		req.rawBody = raw;
		if (!parseBody(req)) return sendJson(res, 422, { code: 422, message: 'Failed to parse request body' });
		if (options.beforeNodeMs) await new Promise((resolve) => setTimeout(resolve, options.beforeNodeMs));

		// As n8n's live webhooks: a fresh Workflow per request, from the saved static data.
		const workflow = createWorkflow(node, JSON.parse(JSON.stringify(saved)), options.workflowId);
		const { additionalData } = createAdditionalData(
			options.credentials ?? {},
			{ id: workflow.id, name: workflow.name as string },
			options.n8nBase,
		);
		additionalData.httpRequest = req as never;
		additionalData.httpResponse = res as never;
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: `${node.webhookId}/${description.path as string}`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: node.webhookId,
		};
		const mode = options.mode ?? 'webhook';
		const context = new WebhookContext(workflow, node, additionalData, mode, webhookData, [], null);
		const call: WebhookCall = { started: undefined, answeredByNode: false, receivedAt };
		calls.push(call);
		res.once('finish', () => (call.answeredAt = performance.now()));
		let result: IWebhookResponseData;
		try {
			result = await nodeType.webhook!.call(context);
			call.returnedAt = performance.now();
		} catch (error) {
			call.error = error as Error;
			const message = 'Workflow Webhook Error: Workflow could not be started!';
			if (!res.headersSent) sendJson(res, 500, { code: 0, message });
			return;
		}
		if (result.noWebhookResponse === true) call.answeredByNode = true;
		if (result.workflowData !== undefined && options.runStart) {
			const start = options.runStart((result.workflowData[0] ?? []).map((item) => item.json));
			if (start.ms) await new Promise((resolve) => setTimeout(resolve, start.ms));
			if (start.fails) {
				// As executeWebhook's catch: an OperationalError, which n8n's error response turns into this.
				if (!res.headersSent) sendJson(res, 500, { code: 0, message: 'There was a problem executing the workflow' });
				else res.end();
				return;
			}
		}
		if (result.workflowData !== undefined) {
			call.started = (result.workflowData[0] ?? []).map((item) => item.json);
			runs.push(call.started);
		}
		// As WorkflowStaticDataService.saveStaticData, before n8n answers: only what the node changed is saved.
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (staticData.__dataChanged === true) {
			const copy = JSON.parse(JSON.stringify(staticData));
			if (options.saveLatencyMs) await new Promise((resolve) => setTimeout(resolve, options.saveLatencyMs!()));
			saved = copy;
		}
		if (!res.headersSent && !call.answeredByNode) {
			if (result.workflowData === undefined) {
				const answer = result.webhookResponse !== undefined ? result.webhookResponse : { message: 'Webhook call received' };
				sendJson(res, 200, answer);
			} else {
				// As n8n's onReceived answer: `responseData` (default "firstEntryJson", sent as text!) wins over
				// the node's webhookResponse; "noData" answers an empty 200.
				const responseData = description.responseData ?? 'firstEntryJson';
				if (responseData === 'noData') {
					res.writeHead(200);
					res.end();
				} else if (responseData) {
					res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
					res.end(String(responseData));
				} else {
					sendJson(res, 200, result.webhookResponse ?? { message: 'Workflow was started' });
				}
			}
		}
	}

	const pending = new Set<Promise<void>>();
	const http: Server = createServer((req, res) => {
		const handled = handle(req, res, performance.now()).catch((error: Error) => {
			if (!res.headersSent) sendJson(res, 500, { message: error.message });
		});
		pending.add(handled);
		void handled.finally(() => pending.delete(handled));
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const { port } = http.address() as AddressInfo;
	const server: WebhookServer = {
		url: `http://127.0.0.1:${port}/webhook/${node.webhookId}/${description.path as string}`,
		calls,
		runs,
		get staticData() {
			return saved;
		},
		settled: async () => {
			while (pending.size > 0) await Promise.all([...pending]);
		},
		close: async () => {
			servers.delete(server);
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		},
	};
	servers.add(server);
	return server;
}

/**
 * Closes every server started by the test file after each test, and ends the trigger's looks at its
 * polls (shared/replies/polls.ts), which a request begins and which would otherwise look on a minute later.
 */
export function useWebhookServers() {
	afterEach(async () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		require(path.resolve(__dirname, '../../dist/nodes/shared/replies/polls.js')).forgetPollWatches();
		await Promise.all([...servers].map(async (server) => await server.close()));
	});
}

export interface Answer {
	status: number;
	/** The body parsed as JSON, or the text when it is not JSON. */
	body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
	const text = await response.text();
	try {
		return { status: response.status, body: JSON.parse(text) };
	} catch {
		return { status: response.status, body: text };
	}
}

/** POSTs a body as given (text or bytes) with the given content type. */
export async function postRaw(
	url: string,
	body: string | Buffer,
	contentType: string,
	headers: Record<string, string> = {},
): Promise<Answer> {
	return await answerOf(
		await fetch(url, { method: 'POST', body, headers: { 'Content-Type': contentType, ...headers } }),
	);
}

/** POSTs JSON, as the current platform does. */
export async function postJson(url: string, value: unknown, headers: Record<string, string> = {}): Promise<Answer> {
	return await postRaw(url, JSON.stringify(value), 'application/json', headers);
}

/** POSTs a form, as the legacy platform does (`data=<json text>`). */
export async function postForm(
	url: string,
	fields: Record<string, string>,
	headers: Record<string, string> = {},
): Promise<Answer> {
	return await postRaw(url, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded', headers);
}

/**
 * Runs a waiting node's webhook as n8n's waiting webhooks do when a post reaches the execution's resume
 * address: n8n builds the webhook context with the execution's run data, whose first stack entry is the
 * waiting node with the input it put in place before it waited (n8n 2.41 waiting-webhooks.ts,
 * webhook-helpers.ts executeWebhook). `options` are the node's, as runNode ran it.
 */
export async function resumeWaitingNode(
	options: { type: string; parameters: INodeParameters; credentials: Record<string, ICredentialDataDecryptedObject>; typeVersion?: number; n8nBase?: string },
	runData: unknown,
	body: IDataObject,
): Promise<{ result: IWebhookResponseData; items: IDataObject[] }> {
	const node: INode = createNode({ type: options.type, parameters: options.parameters, credentials: options.credentials, typeVersion: options.typeVersion });
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
	const workflow = createWorkflow(node);
	const { additionalData } = createAdditionalData(options.credentials, { id: workflow.id, name: workflow.name as string }, options.n8nBase);
	additionalData.httpRequest = { body, headers: { 'content-type': 'application/json' }, query: {}, params: {} } as never;
	const written: { status?: number; text?: string } = {};
	additionalData.httpResponse = {
		writeHead: (status: number) => (written.status = status),
		end: (text: string) => (written.text = text),
	} as never;
	const description = nodeType.description.webhooks![0];
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: node.id,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], runData as never);
	const result = await nodeType.webhook!.call(context);
	return { result, items: (result.workflowData?.[0] ?? []).map((item) => item.json) };
}
