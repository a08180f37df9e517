// A SlickText sandbox per test file: started once, reset before each test, stopped at the end.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');

export interface SandboxRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	rawQuery: string;
	headers: Record<string, string>;
	contentType: string;
	rawBody?: string;
	body?: unknown;
	status?: number;
	fault?: string;
}

export interface SandboxHandle {
	currentBaseUrl: string;
	legacyBaseUrl: string;
	origin: string;
	requests: SandboxRequest[];
	state: { current: any; legacy: any };
	reset(seed?: object): SandboxHandle;
	setRateLimit(limit: false | { perSecond: number; perMinute: number }): void;
	injectFault(fault: object): { hits: number };
	currentCredentials(overrides?: object): ICredentialDataDecryptedObject;
	legacyCredentials(overrides?: object): ICredentialDataDecryptedObject;
	stop(): Promise<void>;
	credentials: any;
}

/**
 * Call at the top of a describe block. The rate limit is off unless a test turns it on, so that tests
 * do not wait on it; the limiter tests switch it on.
 */
export function useSandbox(options: object = { rateLimit: false }): { readonly sandbox: SandboxHandle } {
	const holder: { sandbox: SandboxHandle } = {} as never;
	beforeAll(async () => {
		holder.sandbox = await startSandbox(options);
	});
	beforeEach(() => {
		holder.sandbox.reset();
	});
	afterAll(async () => {
		await holder.sandbox?.stop();
	});
	return holder;
}

/** Requests the node sent (everything in the log), optionally only those to a path. */
export function sent(sandbox: SandboxHandle, pathPart?: string | RegExp): SandboxRequest[] {
	return sandbox.requests.filter((r) =>
		pathPart === undefined ? true : typeof pathPart === 'string' ? r.path.includes(pathPart) : pathPart.test(r.path),
	);
}
