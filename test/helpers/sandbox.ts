// A SlickText sandbox per test file: started once, reset before each test, stopped at the end.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');

/** The nodes' limiters, as the engine loads them (from dist/, like every module of the package). */
function resetLimiters(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	require('../../dist/nodes/shared/transport/rateLimiter').resetLimiters();
}

/** The legacy accounts' settings a process keeps between runs (each reset sandbox's account is its own). */
function forgetAccounts(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	require('../../dist/nodes/SlickTextLegacy/shared/account').forgetAccounts();
}

/**
 * The transport's pauses before asking a failed read again, as the engine loads it: 10 ms instead of
 * seconds, so that tests do not wait. Tests count the requests asked again; none judges the time.
 */
function shortReadRetries(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { readRetry } = require('../../dist/nodes/shared/transport/request');
	if (readRetry) readRetry.firstBackoffMs = 10;
}

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
	/** The forms the freedoms chose for this answer, e.g. ['meta.total:string', 'contacts[].id:mixed']. */
	freedoms?: string[];
	/** Ids that left and joined right after this answer (Sandbox#churn). */
	churn?: { left: Array<string | number>; joined: Array<string | number> };
}

export interface SandboxChurn {
	applied: boolean;
	seen: number;
	afterSeq?: number;
	nextOffset?: number;
	left: Array<string | number>;
	joined: Array<string | number>;
	error?: Error;
}

/** A person's reply by SMS, played by Sandbox#reply (sandbox/shared/replies.js). */
export interface ReplyOptions {
	/** 'current' (default) or 'legacy'. */
	platform?: 'current' | 'legacy';
	/** The trigger URL the event is posted to. */
	to: string;
	/** What the person texts; may be empty only with a mediaUrl. */
	text: string;
	/** The number that texts: required on legacy; on current it finds the contact when contactId is not given. */
	from?: string;
	/** Current: the contact that texts. */
	contactId?: number | string;
	/** Current: the brand (default 1001). */
	brandId?: number | string;
	/** Legacy: a picture sent along (ChatMessage.MediaUrl). */
	mediaUrl?: string;
	/** Legacy: signs with this webhook secret (default: the sandbox's legacyWebhookSecret option; none: unsigned). */
	secret?: string;
	/** Deliver each event that many more times, with the next attempt numbers (SlickText's retries). */
	repeat?: number;
}

/** One POST of a played reply: the event, the request as sent and the trigger's answer. */
export interface ReplyDelivery {
	event: any;
	to: string;
	headers: Record<string, string>;
	rawBody: string;
	/** null when the trigger did not answer (then `error` says why). */
	status: number | null;
	body: unknown;
	error?: string;
}

export interface ReplyResult {
	/** The trigger's answer to the first post. */
	status: number | null;
	body: unknown;
	/** Every event posted, in order (legacy STOP: the chat message, then an OptOut per textword left). */
	events: any[];
	deliveries: ReplyDelivery[];
	error?: string;
}

export type FreedomsOption = false | true | number | string | { seed?: number | string; nulls?: boolean };

export interface SandboxHandle {
	currentBaseUrl: string;
	legacyBaseUrl: string;
	origin: string;
	requests: SandboxRequest[];
	state: { current: any; legacy: any };
	/** The freedoms in force (undefined: off); `seed` repeats a run. */
	freedoms?: { seed: number; nulls: boolean };
	reset(seed?: object): SandboxHandle;
	/** `now`: the clock of its windows (the wall clock by default); a frozen one puts every request in one second. */
	setRateLimit(limit: false | { perSecond: number; perMinute: number }, now?: () => number): void;
	/** Freedoms on (a seed, true, or {seed, nulls}) or off (false) until the next reset. */
	setFreedoms(option: FreedomsOption): void;
	churn(options: {
		platform: 'current' | 'legacy';
		path?: RegExp | string;
		after?: number;
		leave?: number;
		where?: 'before-offset' | 'anywhere';
		join?: number;
		joinAt?: 'end' | 'before-offset' | 'anywhere';
	}): SandboxChurn;
	injectFault(fault: object): { hits: number };
	/** Plays a person's reply: the state changes as SlickText's would and the event(s) go to `to`. */
	reply(options: ReplyOptions): Promise<ReplyResult>;
	/** Posts an event of a reply again with the next attempt number (to and secret as before unless given). */
	redeliver(event: object, options?: { to?: string; secret?: string }): Promise<ReplyResult>;
	currentCredentials(overrides?: object): ICredentialDataDecryptedObject;
	legacyCredentials(overrides?: object): ICredentialDataDecryptedObject;
	stop(): Promise<void>;
	credentials: any;
}

/**
 * Freedoms (the other answer forms the specs allow, see sandbox/shared/freedoms.js) in the test suite.
 * Off by default until the nodes read every form; SLICKTEXT_SANDBOX_FREEDOMS=1 turns them on (a random
 * seed, or SLICKTEXT_SANDBOX_SEED), SLICKTEXT_SANDBOX_FREEDOMS=0 off. A seed given alone turns them on.
 */
const FREEDOMS_BY_DEFAULT = true;

export function freedomsFromEnvironment(env: NodeJS.ProcessEnv = process.env): FreedomsOption {
	const switched = env.SLICKTEXT_SANDBOX_FREEDOMS;
	const seed = env.SLICKTEXT_SANDBOX_SEED;
	const on = switched === undefined || switched === '' ? FREEDOMS_BY_DEFAULT || Boolean(seed) : !/^(0|false|off|no)$/i.test(switched);
	if (!on) return false;
	return { seed: seed ? Number(seed) : Math.floor(Math.random() * 2 ** 31) };
}

/** Whether the test that is running (in an afterEach) has failed so far; undefined when unknown. */
function currentTestFailed(): boolean | undefined {
	// jest-circus keeps its state on the global under a symbol described so; the running test has `errors`.
	const symbol = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
	const test = symbol && (globalThis as any)[symbol]?.currentlyRunningTest;
	return test && Array.isArray(test.errors) ? test.errors.length > 0 : undefined;
}

/**
 * Call at the top of a describe block. The rate limit is off unless a test turns it on, so that tests
 * do not wait on it; the limiter tests switch it on. Freedoms: as the options say, else as the
 * environment says (freedomsFromEnvironment); when a test fails with freedoms on, the seed is printed
 * so that the run can be repeated (SLICKTEXT_SANDBOX_SEED=<seed>).
 */
export function useSandbox(options: { freedoms?: FreedomsOption; [key: string]: unknown } = { rateLimit: false }): {
	readonly sandbox: SandboxHandle;
} {
	const holder: { sandbox: SandboxHandle } = {} as never;
	let printed = false;
	beforeAll(async () => {
		const freedoms = options.freedoms === undefined ? freedomsFromEnvironment() : options.freedoms;
		holder.sandbox = await startSandbox({ ...options, freedoms });
		// A reset sandbox is a new account as far as the nodes know: the settings a process keeps go too.
		const reset = holder.sandbox.reset.bind(holder.sandbox);
		holder.sandbox.reset = (...args: Parameters<SandboxHandle['reset']>) => {
			forgetAccounts();
			return reset(...args);
		};
	});
	beforeEach(() => {
		holder.sandbox.reset();
		// Each test starts from a quiet key: what the nodes' rate limiter learned (a lower limit after a
		// test's injected 429s, say) lives in the process for the credential, which every test shares.
		resetLimiters();
		shortReadRetries();
	});
	afterEach(() => {
		const freedoms = holder.sandbox?.freedoms;
		if (!freedoms || printed) return;
		const failed = currentTestFailed();
		if (failed === false) return;
		printed = true;
		// eslint-disable-next-line no-console
		console.warn(
			`[sandbox] freedoms seed ${freedoms.seed}${freedoms.nulls ? ' (with nulls)' : ''}` +
				`${failed === undefined ? '' : ' (a test failed)'}: repeat with SLICKTEXT_SANDBOX_SEED=${freedoms.seed}`,
		);
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

/**
 * The forms the freedoms served, over every logged answer (optionally only those to a path), in order:
 * e.g. ['meta.limit:number', 'meta.total:string', 'contacts[].id:mixed', ...]. Empty with freedoms off.
 * A node test can assert that its reads met the string forms, e.g.
 *   expect(freedomsServed(sandbox, '/textwords')).toContain('meta.total:string')   (with a fixed seed)
 */
export function freedomsServed(sandbox: SandboxHandle, pathPart?: string | RegExp): string[] {
	return sent(sandbox, pathPart).flatMap((r) => r.freedoms ?? []);
}
