import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { redact, secretsOf } from './errors';
import type { Platform } from './platform';
import { isTriggerUrl, TRIGGER_URL_FIELD } from './replies/waiting';
import { apiOriginOf, SCOPES_IN_WORDS } from './replies/waits/tableApi';
import { baseUrlOf } from './transport/request';

/**
 * The credential test of both credentials. A node's test function rather than a credential's test
 * request: n8n runs a credential's own request and asks nothing else, and this test also checks the
 * 'n8n API Key' (when set) against n8n's data tables, which the SlickText request cannot.
 */

/** What SlickText's refusals of the test request mean, per platform and status. */
export const REFUSED: Record<Platform, Record<number, string>> = {
	current: {
		401: "SlickText did not accept the API key (401). Copy the API key again from SlickText (Settings > API & Webhooks) into 'API Key'.",
		403: "SlickText refused the request (403): the API key is wrong, or it belongs to another brand than the 'Brand ID'. Check both; the 'Brand ID' is the number in the web address of the SlickText web app while the brand is open (b12345 works too).",
		404: "SlickText found no such brand (404). Check the 'Brand ID' and the 'Base URL'.",
	},
	legacy: {
		401: "SlickText did not accept the keys (401). Check the 'Public Key' and the 'Private Key' (SlickText legacy dashboard > My Account > API).",
		403: "SlickText refused the keys (403). Check the 'Public Key' and the 'Private Key', and that the account has API access.",
		404: "Nothing answers at this address (404). Check the 'Base URL' of the legacy API.",
	},
};

type Answer = { statusCode: number; body: unknown };

/** One GET that answers with its status whatever it is (n8n's request helper of credential tests). */
async function get(ctx: ICredentialTestFunctions, uri: string, headers: IDataObject): Promise<Answer> {
	return (await ctx.helpers.request({ method: 'GET', uri, headers, json: true, simple: false, resolveWithFullResponse: true, timeout: 20_000 })) as Answer;
}

const said = (answer: Answer) => {
	const message = typeof answer.body === 'object' && answer.body !== null ? (answer.body as IDataObject).message : undefined;
	return typeof message === 'string' && message !== '' ? `: ${message}` : '';
};

const failed = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

/** A request library's own words, without any key of the credential (errors.ts, the one way to fail without one). */
const wordsOf = (error: unknown, data: IDataObject) => redact((error as Error).message, [...secretsOf(data), ...secretsOf({ apiKey: data.n8nApiKey })]);

/** The SlickText request the credential authenticates: the current API's brand usage, the legacy account. */
async function askSlickText(ctx: ICredentialTestFunctions, platform: Platform, data: IDataObject): Promise<INodeCredentialTestResult | undefined> {
	const base = baseUrlOf(platform, data);
	// The current API's usage lives under the brand: one request proves the key and the brand ID (a wrong
	// key answers 401, a brand the key cannot reach 403).
	const uri = platform === 'current' ? `${base}/usage` : `${base}/account`;
	const authorization =
		platform === 'current'
			? `Bearer ${String(data.apiKey ?? '')}`
			: `Basic ${Buffer.from(`${String(data.publicKey ?? '')}:${String(data.privateKey ?? '')}`).toString('base64')}`;
	let answer: Answer;
	try {
		answer = await get(ctx, uri, { Authorization: authorization });
	} catch (error) {
		return failed(`Could not reach SlickText at ${String(data.baseUrl ?? '')}: ${wordsOf(error, data)}. Check the 'Base URL'.`);
	}
	if (answer.statusCode >= 200 && answer.statusCode < 300) return undefined;
	return failed(REFUSED[platform][answer.statusCode] ?? `SlickText answered ${answer.statusCode}${said(answer)}.`);
}

/** Whether the 'n8n API Key' reaches this n8n's data tables, at the n8n address of the credential's Trigger URL. */
async function askN8n(ctx: ICredentialTestFunctions, data: IDataObject): Promise<INodeCredentialTestResult | undefined> {
	const apiKey = String(data.n8nApiKey ?? '').trim();
	if (apiKey === '') return undefined;
	const triggerUrl = String(data[TRIGGER_URL_FIELD] ?? '').trim();
	if (!isTriggerUrl(triggerUrl)) {
		return failed("SlickText accepted the credential. The 'n8n API Key' is checked at the n8n address of the 'Trigger URL for Replies', which is empty: paste the trigger's Production URL there.");
	}
	const api = `${apiOriginOf(triggerUrl)}/api/v1`;
	let answer: Answer;
	try {
		answer = await get(ctx, `${api}/data-tables?limit=1`, { 'X-N8N-API-KEY': apiKey });
	} catch (error) {
		return failed(`SlickText accepted the credential, but n8n's API did not answer at ${api}: ${wordsOf(error, data)}. Check the 'Trigger URL for Replies'.`);
	}
	if (answer.statusCode >= 200 && answer.statusCode < 300) return undefined;
	const why: Record<number, string> = {
		401: "n8n did not accept the 'n8n API Key' (401). Make a key in this n8n's Settings > n8n API and paste it.",
		403: `The 'n8n API Key' may not read n8n's data tables (403). Give it the scopes ${SCOPES_IN_WORDS} (Scopes: Custom, group Data tables).`,
		404: `n8n's public API does not answer at ${api} (404). Check the 'Trigger URL for Replies', and that n8n's public API is on.`,
	};
	return failed(`SlickText accepted the credential. ${why[answer.statusCode] ?? `n8n's API answered ${answer.statusCode} at ${api}${said(answer)}.`}`);
}

/** The credential test of `platform`'s credential: SlickText first, then the 'n8n API Key' if there is one. */
export async function testCredentialOf(ctx: ICredentialTestFunctions, platform: Platform, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	const refused = (await askSlickText(ctx, platform, data)) ?? (await askN8n(ctx, data));
	if (refused) return refused;
	const key = String(data.n8nApiKey ?? '').trim() !== '' ? " The 'n8n API Key' reaches n8n's data tables." : '';
	return { status: 'OK', message: `Connection tested successfully.${key}` };
}

/**
 * The credential tests every node that takes the credentials names in `testedBy` (n8n asks the first node
 * that names one; its community lint wants every node that takes a credential to name its test).
 */
export const credentialTests = {
	async slickTextApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
		return await testCredentialOf(this, 'current', credential);
	},
	async slickTextLegacyApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
		return await testCredentialOf(this, 'legacy', credential);
	},
};
