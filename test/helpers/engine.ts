// Runs our nodes through n8n's real execution engine (n8n-core's WorkflowExecute and RoutingNode), loaded
// from dist/ the way the n8n server loads a community package. Nothing here is mocked but the credential
// store, which hands out the test's credentials and applies generic authenticators as n8n does.
import {
	DirectoryLoader,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import * as workflowPackage from 'n8n-workflow';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type INodeParameters,
	type ExecutionError,
	type IRunExecutionData,
} from 'n8n-workflow';
import * as path from 'node:path';

// The same harness runs on the oldest n8n the package supports (`npm run compat`, docs/compatibility.md).
// Where n8n 1.x's API differs, the newer call is used when it exists and n8n 1.x's otherwise.

/** The loader step for declarative nodes: n8n-core's DirectoryLoader since 2.0, n8n-workflow's before. */
const applyDeclarativeNodeOptionParameters: (nodeType: INodeType) => void =
	(DirectoryLoader as { applyDeclarativeNodeOptionParameters?: (nodeType: INodeType) => void })
		.applyDeclarativeNodeOptionParameters ??
	(NodeHelpers as unknown as { applyDeclarativeNodeOptionParameters: (nodeType: INodeType) => void })
		.applyDeclarativeNodeOptionParameters;

/** Run data to start from: n8n-workflow's factory since 2.0; before it, the same object built by hand. */
export function createRunExecutionData(options: { executionData?: { nodeExecutionStack: unknown[] } } = {}): IRunExecutionData {
	const factory = (workflowPackage as { createRunExecutionData?: (o: typeof options) => IRunExecutionData })
		.createRunExecutionData;
	if (factory) return factory(options);
	return {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			nodeExecutionStack: options.executionData?.nodeExecutionStack ?? [],
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
}

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require(path.join(root, 'package.json'));

type Loaded = { nodes: Record<string, INodeType | IVersionedNodeType>; credentials: Record<string, ICredentialType> };
let loaded: Loaded | undefined;

/** Loads every node and credential listed in package.json's `n8n` field, from dist/, as n8n does. */
export function loadPackage(): Loaded {
	if (loaded) return loaded;
	const nodes: Loaded['nodes'] = {};
	const credentials: Loaded['credentials'] = {};
	for (const file of pkg.n8n.nodes as string[]) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require(path.join(root, file));
		const className = path.basename(file).replace(/\.node\.js$/, '');
		const nodeType = new mod[className]() as INodeType;
		// The server applies this to declarative nodes when it loads them (adds the request options).
		applyDeclarativeNodeOptionParameters(nodeType);
		nodes[nodeType.description.name] = nodeType;
	}
	for (const file of pkg.n8n.credentials as string[]) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require(path.join(root, file));
		const className = path.basename(file).replace(/\.credentials\.js$/, '');
		const credential = new mod[className]() as ICredentialType;
		credentials[credential.name] = credential;
	}
	loaded = { nodes, credentials };
	return loaded;
}

/**
 * The "<name>Tool" variant n8n 2.41 derives from a node marked usableAsTool (createAiTools): the
 * description with its replacements, the name suffixed, so that `@tool` display options apply. It keeps a
 * main input and output here so that the harness can run it like any node; the tool wrapping itself
 * (supplyData, $fromAI) is proven in real n8n by the end-to-end tests.
 */
function toolVariant(nodeType: INodeType): INodeType | undefined {
	const { usableAsTool } = nodeType.description;
	if (!usableAsTool) return undefined;
	const replacements = typeof usableAsTool === 'object' ? usableAsTool.replacements : undefined;
	const description = { ...nodeType.description, ...replacements };
	delete description.usableAsTool;
	return Object.assign(Object.create(nodeType) as INodeType, {
		description: {
			...description,
			name: `${nodeType.description.name}Tool`,
			displayName: `${description.displayName} Tool`,
		},
	});
}

/** The tool variants of the package's nodes, by name ("slickTextTool"). */
const toolVariants = {
	cache: new Map<string, INodeType>(),
	get(name: string): INodeType | undefined {
		if (!name.endsWith('Tool')) return undefined;
		if (!this.cache.has(name)) {
			const base = loadPackage().nodes[name.slice(0, -'Tool'.length)] as INodeType | undefined;
			const tool = base && toolVariant(base);
			if (!tool) return undefined;
			this.cache.set(name, tool);
		}
		return this.cache.get(name);
	},
};

export const PACKAGE_NAME: string = pkg.name;

function nodeTypeName(name: string) {
	return `${PACKAGE_NAME}.${name}`;
}

class NodeTypes implements INodeTypes {
	getByName(type: string) {
		return this.lookup(type) as INodeType | IVersionedNodeType;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		const nodeType = NodeHelpers.getVersionedNodeType(this.lookup(type), version);
		// A declarative node has no execute(); the server gives it one that runs RoutingNode (n8n's
		// shouldAssignExecuteMethod: also when it has a webhook, as the nodes that wait for a reply do).
		const declarativeNode = nodeType.description.requestDefaults !== undefined;
		if (!nodeType.execute && !nodeType.poll && !nodeType.trigger && (!nodeType.webhook || declarativeNode)) {
			const declarative = nodeType;
			return Object.assign(Object.create(declarative), {
				async execute(this: Parameters<NonNullable<INodeType['execute']>>[0]) {
					const routingNode = new RoutingNode(this as never, declarative);
					return await routingNode.runNode();
				},
			});
		}
		return nodeType;
	}

	getKnownTypes() {
		return {};
	}

	private lookup(type: string) {
		const short = type.startsWith(`${PACKAGE_NAME}.`) ? type.slice(PACKAGE_NAME.length + 1) : type;
		const nodeType = loadPackage().nodes[short] ?? toolVariants.get(short);
		if (!nodeType) throw new Error(`Unknown node type ${type}`);
		return nodeType;
	}
}

export const nodeTypes = new NodeTypes();

/** Hands out the test's credentials and applies generic authenticators as n8n's own helper does. */
/** How many times a node read a credential (n8n reads it from its database and decrypts it each time). */
export const credentialReads: { count: number; failWith?: Error } = { count: 0 };

class CredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes() {
		return [];
	}

	isCredentialUsableByNode() {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = loadPackage().credentials[typeName];
		const authenticate = type?.authenticate;
		if (!authenticate || typeof authenticate === 'function' || authenticate.type !== 'generic') {
			throw new Error(`Credential ${typeName} has no generic authenticator`);
		}
		const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
		for (const [outer, values] of Object.entries(authenticate.properties)) {
			options[outer] = options[outer] ?? {};
			for (const [key, value] of Object.entries(values as IDataObject)) {
				options[outer][key] = workflow.expression.getSimpleParameterValue(
					node,
					value as string,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		credentialReads.count++;
		// As n8n's read when its database pool timed out.
		if (credentialReads.failWith) throw credentialReads.failWith;
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string) {
		return loadPackage().credentials[type]?.properties ?? [];
	}
}

export interface RunOptions {
	/** Node name in the package, e.g. 'slickText'. */
	type: string;
	parameters: INodeParameters;
	/** Credential data by credential type name. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** n8n's On Error setting; continueOnFail alone is 'continueRegularOutput'. */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	typeVersion?: number;
	/** n8n's node setting Retry On Fail, with its Max Tries and Wait Between Tries (ms). */
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
	/** Where this n8n is reached (createAdditionalData). */
	n8nBase?: string;
}

export interface RunResult {
	/** The node's output items (json only), in order; error items carry `error`. */
	items: INodeExecutionData[];
	/** With On Error "continue (using error output)": the items n8n put on the error output. */
	errorItems: INodeExecutionData[];
	json: IDataObject[];
	error: ExecutionError | undefined;
	run: IRun;
}

let executionCounter = 0;

export function createAdditionalData(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	workflowData: { id: string; name: string },
	/** Where this n8n is reached (its webhook and waiting-webhook addresses start with it). */
	n8nBase = 'http://127.0.0.1:5678',
): { additionalData: IWorkflowExecuteAdditionalData; hooks: ExecutionLifecycleHooks } {
	const executionId = String(++executionCounter);
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		...workflowData,
		active: false,
		nodes: [],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	const additionalData = {
		hooks,
		credentialsHelper: new CredentialsHelper(credentials),
		executionId,
		restApiUrl: `${n8nBase}/rest`,
		instanceBaseUrl: `${n8nBase}/`,
		webhookBaseUrl: `${n8nBase}/webhook`,
		webhookWaitingBaseUrl: `${n8nBase}/webhook-waiting`,
		webhookTestBaseUrl: `${n8nBase}/webhook-test`,
		formWaitingBaseUrl: `${n8nBase}/form-waiting`,
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not used by these nodes');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
	return { additionalData, hooks };
}

export function createNode(options: RunOptions): INode {
	const credentialsField: INode['credentials'] = {};
	for (const type of Object.keys(options.credentials)) {
		credentialsField[type] = { id: `${type}-id`, name: `${type} test` };
	}
	return {
		id: 'node-under-test',
		name: 'Node Under Test',
		type: nodeTypeName(options.type),
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: credentialsField,
		continueOnFail: options.continueOnFail,
		onError: options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined),
		...(options.retryOnFail ? { retryOnFail: true, ...options.retryOnFail } : {}),
	} as INode;
}

export function createWorkflow(node: INode, staticData: IDataObject = {}, id = 'test-workflow') {
	return new Workflow({
		id,
		name: 'Test workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData,
		settings: { timezone: 'America/New_York' },
	});
}

/** Runs one node on the given items through WorkflowExecute and returns what came out. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const node = createNode(options);
	const workflow = createWorkflow(node);
	const { additionalData, hooks } = createAdditionalData(
		options.credentials,
		{ id: workflow.id, name: workflow.name as string },
		options.n8nBase,
	);
	const done = new Promise<IRun>((resolve) => {
		hooks.addHandler('workflowExecuteAfter', (run: IRun) => resolve(run));
	});
	const items = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
		},
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const output = (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[];
	return {
		errorItems: (taskData?.data?.main?.[1] ?? []) as INodeExecutionData[],
		items: output,
		json: output.map((item) => item.json),
		error: run.data.resultData.error,
		run,
	};
}

/**
 * Runs a credential's test the way n8n's credentials tester does (`getCredentialTestFunction`): the
 * credential's own test request if it has one, else the test function of the first node that names the
 * credential with `testedBy`, called with n8n-core's CredentialTestContext (whose request helper is the
 * one n8n gives credential tests).
 */
export async function testCredential(
	credentialType: string,
	data: ICredentialDataDecryptedObject,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const { nodes, credentials } = loadPackage();
	if (credentials[credentialType].test) throw new Error(`${credentialType} has a test request: the package's tests are its nodes' test functions`);
	for (const nodeType of Object.values(nodes) as INodeType[]) {
		const testedBy = nodeType.description.credentials?.find((c) => c.name === credentialType)?.testedBy;
		if (typeof testedBy !== 'string') continue;
		const fn = nodeType.methods?.credentialTest?.[testedBy];
		if (!fn) throw new Error(`${nodeType.description.name} names ${testedBy} but has no such credential test`);
		const { additionalData } = createAdditionalData({ [credentialType]: data }, { id: 'credential-test', name: 'credential test' });
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { CredentialTestContext } = require('n8n-core');
		const result = await fn.call(new CredentialTestContext(additionalData), { id: 'test', name: 'test', type: credentialType, data });
		return { status: result.status, message: result.message };
	}
	throw new Error(`no node tests ${credentialType}`);
}

/** Loads a node's dynamic options or list-search results, as the editor does. */
export async function loadOptions(options: {
	type: string;
	method: string;
	kind: 'loadOptions' | 'listSearch';
	parameters?: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	filter?: string;
	paginationToken?: string;
}) {
	const node = createNode({ type: options.type, parameters: options.parameters ?? {}, credentials: options.credentials });
	const workflow = createWorkflow(node);
	const { additionalData } = createAdditionalData(options.credentials, { id: workflow.id, name: 'test' });
	const nodeType = nodeTypes.getByNameAndVersion(node.type, 1);
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	const methods = nodeType.methods?.[options.kind] as Record<string, (...args: unknown[]) => unknown>;
	const method = methods?.[options.method];
	if (!method) throw new Error(`No ${options.kind} method ${options.method}`);
	return await method.call(context, options.filter, options.paginationToken);
}
