import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { isBlank, toYmd } from '../../../shared/validation';

/** How contact counts can be broken down (documented values of `group`). */
export const GROUP_BY_OPTIONS = [
	{ name: 'Opt-In Status', value: 'opt_in_status', description: 'For example subscribed, unsubscribed or blocked' },
	{ name: 'Source', value: 'source', description: 'For example keyword, API or website popup' },
];

export function campaignIdLocator(): INodeProperties {
	return idLocator({
		name: 'campaignId',
		displayName: 'Campaign',
		searchMethod: 'searchCampaigns',
		noun: 'campaign',
	});
}

/** Contact totals: `group` in the query. */
export const groupQuery: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	requestOptions.qs = { ...(requestOptions.qs ?? {}), group: this.getNodeParameter('group', 'source') };
	return requestOptions;
};

/**
 * Growth over a period: frequency and the options set in the query, and the two dates as YYYY-MM-DD
 * (the start not after the end).
 */
export const growthQuery: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const date = (name: string, label: string) => {
		const value = this.getNodeParameter(name, '');
		if (isBlank(value)) throw inputError(this, label, 'is required');
		return toYmd(this, label, value);
	};
	const start = date('startDate', 'Start Date');
	const end = date('endDate', 'End Date');
	if (start > end) throw inputError(this, 'End Date', `${end} is before the start date ${start}`);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const qs: IDataObject = { frequency: this.getNodeParameter('frequency', 'day') };
	if (options.compare !== undefined) qs.compare = options.compare;
	if (options.group !== undefined) qs.group = options.group;
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs, start, end };
	return requestOptions;
};
