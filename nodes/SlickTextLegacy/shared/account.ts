import { IANAZone } from 'luxon';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { malformedError } from '../../shared/errors';
import { wholeNumber } from '../../shared/numbers';
import type { ItemRun } from '../../shared/runner/types';
import { MAX_REMEMBERED_KEYS, limiterKey } from '../../shared/transport/limiters';
import { API_TIME_ZONE } from './time';

/**
 * What sending and scheduling need to know about the account: its message length limit (132, 160 or
 * 320) and its time zone (schedules are read in it). Read with GET /account at most once per run, and
 * kept by the process (`accountKeep`): a run that sends one text (each guest of a list texted one by
 * one, an event's text) would otherwise spend two of SlickText's 8 requests a second. Kept settings
 * decide only what they cannot get wrong (see `accountKeep`).
 */
export interface AccountSettings {
	maxCharacterLimit: number;
	timezone: string;
}

export const DEFAULT_CHARACTER_LIMIT = 160;

/** The smallest limit an account can have: a text of this length or shorter goes out on any account. */
export const SMALLEST_CHARACTER_LIMIT = 132;

function settingsOf(item: ItemRun, body: IDataObject | undefined): AccountSettings {
	const account = (body?.account ?? {}) as IDataObject;
	const limit = wholeNumber(account.maxCharacterLimit);
	const zone = typeof account.timezone === 'string' && account.timezone.trim() !== '' ? account.timezone.trim() : API_TIME_ZONE;
	if (!IANAZone.isValidZone(zone)) {
		throw malformedError(item.getNode(), `the account's time zone "${zone}" is not a known time zone`, item.getItemIndex());
	}
	return {
		maxCharacterLimit: limit !== undefined && limit > 0 ? limit : DEFAULT_CHARACTER_LIMIT,
		timezone: zone,
	};
}

/**
 * How old kept settings may be for a decision, by what they could get wrong if the account changed
 * since they were read (a new length limit or time zone: rare, but then the next text must see it):
 * - `ms` (10 minutes): a decision they cannot change, a text of at most 132 characters (no account
 *   refuses it). A list texted one person per run, with short texts, costs no GET /account per person.
 * - `sureMs` (5 seconds): a decision they can change, a text longer than 132 characters (the limit
 *   decides whether it may go) and a schedule (the time zone decides its hour). Older settings are read
 *   again, once per run; a change is seen at most a few seconds late, as by a run under way.
 * - A refusal for the length is made only on settings this run read (`accountSettings` with 0): kept
 *   ones may be older than a raised limit.
 */
export const accountKeep = { ms: 10 * 60_000, sureMs: 5_000 };

/** Per account (SlickText's key: the public key on one server), the settings read and when. */
const kept = new Map<string, { at: number; settings: AccountSettings }>();

/** Forgets every account's settings (for tests: each starts from the sandbox's account as it is). */
export function forgetAccounts(): void {
	kept.clear();
}

/**
 * The account's settings: kept ones read less than `maxAgeMs` ago (by any run of this process), else
 * those this run read, with GET /account through the item's transport once per run (the items of a run
 * share it). With `maxAgeMs` 0, always this run's own.
 */
export async function accountSettings(item: ItemRun, request: IHttpRequestOptions, maxAgeMs: number): Promise<AccountSettings> {
	const key = limiterKey('legacy', await item.getCredentials('slickTextLegacyApi'));
	const found = kept.get(key);
	if (found && Date.now() - found.at < maxAgeMs) return found.settings;
	return await item.once('legacy account settings', async () => {
		const at = Date.now();
		const { body } = await item.send({
			...request,
			method: 'GET',
			url: '/account',
			qs: {},
			body: undefined,
			json: true,
			headers: { Accept: 'application/json' },
		});
		// Only what was read is kept (a failed read is this run's own error); the oldest account goes first.
		const settings = settingsOf(item, body as IDataObject);
		kept.delete(key);
		kept.set(key, { at, settings });
		if (kept.size > MAX_REMEMBERED_KEYS) kept.delete(kept.keys().next().value!);
		return settings;
	});
}
