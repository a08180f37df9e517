// The second half of a delivery: the run n8n starts with the items the webhook returned. n8n runs the
// trigger's own step (execute) first in that run; here it runs through n8n-core's WorkflowExecute in the
// mode of a production delivery ('webhook'), with the same node (same id, so the same memory) as the
// webhook server, so that a test sees what the workflow after the trigger would get.
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters, IRun, NodeExecutionHint, WorkflowExecuteMode } from 'n8n-workflow';
import { WorkflowExecute } from 'n8n-core';

import { createAdditionalData, createNode, createRunExecutionData, createWorkflow } from '../../helpers/engine';
import { postJson, startWebhookServer, type Answer, type WebhookServer } from '../../helpers/webhook';

export interface StepResult {
	/** What the trigger passed on to the next node (json of each item). */
	passed: IDataObject[];
	/** The same for every output (Each Person is the second, with Runs for Each Person on). */
	outputs: IDataObject[][];
	/** The run's error (the trigger's step failed), if any. */
	error?: { message: string; description?: string | null; httpCode?: string | null; name?: string };
	/** Hints the step added to its output. */
	hints: NodeExecutionHint[];
	/** The workflow's static data after the run, as n8n would save it (JSON), and whether n8n would save it. */
	staticData: IDataObject;
	saved: boolean;
}

export interface TriggerWithRuns {
	server: WebhookServer;
	url: string;
	/** Posts an event as SlickText does, then runs the step for the run it started (if any). */
	deliver(event: unknown): Promise<{ answer: Answer; step?: StepResult }>;
}

let triggers = 0;

export async function runTriggerStep(options: {
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	nodeId: string;
	items: IDataObject[];
	mode?: WorkflowExecuteMode;
	typeVersion?: number;
	/** The node's static data as n8n hands it to the run; by default as regular mode does once keys are stored. */
	staticData?: IDataObject;
	/** The trigger's type (the SlickText Trigger unless given). */
	type?: string;
}): Promise<StepResult> {
	const node = {
		...createNode({ type: options.type ?? 'slickTextTrigger', parameters: options.parameters, credentials: options.credentials, typeVersion: options.typeVersion ?? 2 }),
		id: options.nodeId,
		webhookId: 'test-webhook-id',
	};
	const workflow = createWorkflow(node, options.staticData ?? { [`node:${node.name}`]: { receivedEvents: {} } });
	const { additionalData, hooks } = createAdditionalData(options.credentials, { id: workflow.id, name: workflow.name as string });
	const done = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run: IRun) => resolve(run)));
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [options.items.map((json) => ({ json }))] }, source: null }] },
	});
	await new WorkflowExecute(additionalData, options.mode ?? 'webhook', runData).processRunExecutionData(workflow);
	const run = await done;
	const task = run.data.resultData.runData[node.name]?.[0];
	const error = run.data.resultData.error as StepResult['error'] | undefined;
	const { __dataChanged, ...stored } = workflow.staticData as IDataObject;
	return {
		staticData: JSON.parse(JSON.stringify(stored)),
		saved: __dataChanged === true,
		passed: ((task?.data?.main?.[0] ?? []) as Array<{ json: IDataObject }>).map((item) => item.json),
		outputs: ((task?.data?.main ?? []) as Array<Array<{ json: IDataObject }> | null>).map((output) => (output ?? []).map((item) => item.json)),
		error: error ? { message: error.message, description: error.description, httpCode: error.httpCode, name: error.name } : undefined,
		hints: task?.hints ?? [],
	};
}

/** A current-platform trigger whose deliveries also run the trigger's step. */
export async function triggerWithRuns(options: {
	parameters: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	mode?: WorkflowExecuteMode;
	/** The workflow's static data as saved before the first delivery. */
	staticData?: IDataObject;
}): Promise<TriggerWithRuns> {
	const nodeId = `step-trigger-${++triggers}-${process.pid}`;
	const credentials = options.credentials ?? {};
	const server = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters: options.parameters, credentials, nodeId, mode: options.mode, staticData: options.staticData });
	/** Runs already handed to a delivery: deliveries may overlap, so each finds its own run by the event's id. */
	const taken = new Set<number>();
	return {
		server,
		url: server.url,
		async deliver(event) {
			const before = server.runs.length;
			const answer = await postJson(server.url, event);
			const id = (event as IDataObject).id;
			const index = server.runs.findIndex((run, i) => i >= before && !taken.has(i) && run.some((item) => item.id === id));
			if (index < 0) return { answer };
			taken.add(index);
			const step = await runTriggerStep({ parameters: options.parameters, credentials, nodeId, items: server.runs[index], mode: options.mode });
			return { answer, step };
		},
	};
}
