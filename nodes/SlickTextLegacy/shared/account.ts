import { IANAZone } from 'luxon';
import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { malformedError } from '../../shared/errors';
import { send, type RequestData } from '../../shared/transport/request';
import { API_TIME_ZONE } from './time';

/**
 * What sending and scheduling need to know about the account: its message length limit (132, 160 or
 * 320) and its time zone (schedules are read in it). Read with GET /account once per execution and
 * credential, however many items are sent.
 */
export interface AccountSettings {
	maxCharacterLimit: number;
	timezone: string;
}

export const DEFAULT_CHARACTER_LIMIT = 160;

// Entries of finished executions are never needed again; the bound keeps the map small.
const MAX_CACHED_EXECUTIONS = 50;
const cache = new Map<string, Promise<AccountSettings>>();

function remember(key: string, settings: Promise<AccountSettings>): void {
	cache.set(key, settings);
	while (cache.size > MAX_CACHED_EXECUTIONS) cache.delete(cache.keys().next().value as string);
}

function settingsOf(ctx: IExecutePaginationFunctions, body: IDataObject | undefined): AccountSettings {
	const account = (body?.account ?? {}) as IDataObject;
	const limit = Number(account.maxCharacterLimit);
	const zone = typeof account.timezone === 'string' && account.timezone.trim() !== '' ? account.timezone.trim() : API_TIME_ZONE;
	if (!IANAZone.isValidZone(zone)) {
		throw malformedError(ctx.getNode(), `the account's time zone "${zone}" is not a known time zone`, ctx.getItemIndex());
	}
	return {
		maxCharacterLimit: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_CHARACTER_LIMIT,
		timezone: zone,
	};
}

/**
 * GET /account through the operation's own transport (rate limiter, 429 retry, error mapping).
 * n8n runs the operation's postReceive steps on this answer too, so the operations that call this
 * shape their output in their runner rather than in `output`.
 */
async function readAccount(ctx: IExecutePaginationFunctions, requestData: RequestData): Promise<AccountSettings> {
	const request: RequestData = {
		...requestData,
		options: {
			...requestData.options,
			method: 'GET',
			url: '/account',
			qs: {},
			body: undefined,
			json: true,
			headers: { Accept: 'application/json' },
		},
	};
	const [answer] = await send(ctx, 'legacy', request);
	return settingsOf(ctx, answer?.json);
}

export async function accountSettings(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<AccountSettings> {
	const executionId = ctx.getExecutionId();
	if (!executionId) return await readAccount(ctx, requestData);
	const credentials = (await ctx.getCredentials('slickTextLegacyApi')) as IDataObject;
	// Keyed by what identifies the account, never by the private key.
	const key = `${executionId}:${String(credentials.baseUrl)}:${String(credentials.publicKey)}`;
	const pending = cache.get(key);
	if (pending) {
		try {
			return await pending;
		} catch {
			// Another item's read failed and that item reports it; this item tries on its own.
		}
	}
	const read = readAccount(ctx, requestData);
	remember(key, read);
	// A failed read is not kept: the next item reads again (and reports its own failure).
	read.catch(() => {
		if (cache.get(key) === read) cache.delete(key);
	});
	return await read;
}
