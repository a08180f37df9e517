import { IANAZone } from 'luxon';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { malformedError } from '../../shared/errors';
import { wholeNumber } from '../../shared/numbers';
import type { ItemRun } from '../../shared/runner/types';
import { API_TIME_ZONE } from './time';

/**
 * What sending and scheduling need to know about the account: its message length limit (132, 160 or
 * 320) and its time zone (schedules are read in it). Read with GET /account once per run, however
 * many items are sent.
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

/** GET /account through the item's transport, once per run (the items of a run share it). */
export async function accountSettings(item: ItemRun, request: IHttpRequestOptions): Promise<AccountSettings> {
	return await item.once('legacy account settings', async () => {
		const { body } = await item.send({
			...request,
			method: 'GET',
			url: '/account',
			qs: {},
			body: undefined,
			json: true,
			headers: { Accept: 'application/json' },
		});
		return settingsOf(item, body as IDataObject);
	});
}
