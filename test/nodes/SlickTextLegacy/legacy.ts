// Shared by the SlickText Legacy node tests: how to run the node, and what the sandbox holds.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { runNode, type RunResult } from '../../helpers/engine';
import type { SandboxHandle, SandboxRequest } from '../../helpers/sandbox';

export const BASE = '/legacy/v1';
export const AUTH = `Basic ${Buffer.from('pub_sandbox:sandbox-private-key').toString('base64')}`;
export const FORM = 'application/x-www-form-urlencoded';

/** A resource locator value; `value` may be an expression. */
export const rl = (value: string, mode: 'id' | 'list' = 'id') => ({ __rl: true, mode, value });

export function legacyRunner(ctx: { readonly sandbox: SandboxHandle }, resource: string) {
	return async (
		parameters: Record<string, unknown>,
		options: { items?: object[]; continueOnFail?: boolean; credentials?: object; typeVersion?: number } = {},
	): Promise<RunResult> =>
		await runNode({
			type: 'slickTextLegacy',
			typeVersion: options.typeVersion,
			parameters: { resource, ...parameters },
			credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials(options.credentials) },
			items: options.items,
			continueOnFail: options.continueOnFail,
		});
}

/** Every request went to the legacy API with HTTP Basic of the sandbox keys. */
export function expectBasicAuth(requests: SandboxRequest[]): void {
	expect(requests.length).toBeGreaterThan(0);
	for (const request of requests) expect(request.headers.authorization).toBe(AUTH);
}

/** A form-encoded POST with exactly these fields (action included). */
export function expectForm(request: SandboxRequest, path: string, fields: Record<string, string>): void {
	expect(request.method).toBe('POST');
	expect(request.path).toBe(`${BASE}${path}`);
	expect(request.contentType).toBe(FORM);
	expect(request.body).toEqual(fields);
	expect(request.headers.authorization).toBe(AUTH);
}

export const legacyState = (ctx: { readonly sandbox: SandboxHandle }): any => ctx.sandbox.state.legacy;

/** A stored contact as the API shows it (the sandbox keeps it in wire shape). */
export const plain = (record: object) => JSON.parse(JSON.stringify(record));

/** The parts of a run's error the tests look at (the engine hands it over as a plain object). */
export function describeError(error: unknown): { name?: string; message?: string; description?: string; httpCode?: string } {
	const e = (error ?? {}) as Record<string, string | undefined>;
	return { name: e.name, message: e.message, description: e.description, httpCode: e.httpCode };
}

/**
 * The one form the node outputs legacy records in: the numbers the spec names (ids, id references,
 * counts, 0/1 flags) as numbers, whichever form SlickText sent them in. Written out here, apart from
 * the node's own list, so that a test fails if the node converts too little or too much.
 */
const NUMERIC: Record<string, string[]> = {
	textword: ['id', 'optOuts', 'ageRequirement', 'contactsCount'],
	contact: ['id', 'textword', 'clickCount'],
	message: ['id', 'textword', 'autoReply', 'count', 'deleted', 'contact', 'contactID'],
	shortlink: ['id', 'clickCount', 'isSmart'],
	segment: ['id', 'contacts_count'],
	customField: ['textword'],
	logItem: ['contact'],
};

export function asOutput(kind: keyof typeof NUMERIC, record: any): any {
	const out = { ...plain(record) };
	for (const field of NUMERIC[kind]) {
		if (typeof out[field] === 'string' && /^\d+$/.test(out[field])) out[field] = Number(out[field]);
	}
	if (kind === 'message' && Array.isArray(out.shortlinks)) out.shortlinks = out.shortlinks.map((s: any) => asOutput('shortlink', s));
	return out;
}

/** Where the second page of a list starts: 100 records back into the first (the overlap of live lists). */
export const OVERLAP = 100;
