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
 * kept by the process for `accountKeep.ms` (10 minutes): a run that sends one text (each guest of a
 * list texted one by one, an event's text) would otherwise spend two of SlickText's 8 requests a second.
 */
export interface AccountSettings {
	maxCharacterLimit: number;
	timezone: string;
}

export const DEFAULT_CHARACTER_LIMIT = 160;

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

/** How long a process keeps an account's settings: they change rarely (a new length limit or time zone). */
export const accountKeep = { ms: 10 * 60_000 };

/** Per account (SlickText's key: the public key on one server), the settings read and when. */
const kept = new Map<string, { at: number; settings: AccountSettings }>();

/** Forgets every account's settings (for tests: each starts from the sandbox's account as it is). */
export function forgetAccounts(): void {
	kept.clear();
}

/** GET /account through the item's transport, once per run (the items of a run share it), unless kept. */
export async function accountSettings(item: ItemRun, request: IHttpRequestOptions): Promise<AccountSettings> {
	return await item.once('legacy account settings', async () => {
		const key = limiterKey('legacy', await item.getCredentials('slickTextLegacyApi'));
		const found = kept.get(key);
		if (found && Date.now() - found.at < accountKeep.ms) return found.settings;
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
