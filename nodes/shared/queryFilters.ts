import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { filtersCollection } from './descriptions';
import { locatorValue } from './parameters';

/**
 * The Filters collection of a Get Many whose filters are plain query parameters, sent by one preSend
 * step instead of by `routing.send` on each field. A field that routes itself keeps the operation on
 * n8n's routing node, whose `push(...records)` overflows past ~120,000 records; without field routing
 * the operation runs through the nodes' runner (runner/run.ts), with no such bound.
 * The query is what the routing node built from the fields: the filters set, in the fields' order,
 * each value read as n8n reads it and converted as the field's `$value` expression did.
 */

/** As given (e.g. an option's value), trimmed text, or 1/0 for a switch. */
export type QueryValue = 'asGiven' | 'text' | 'flag';

export interface QueryFilter {
	/** The field shown in the collection (no routing of its own). */
	property: INodeProperties;
	/** The query parameter; the field's name if absent. */
	query?: string;
	value?: QueryValue;
}

function convert(value: unknown, how: QueryValue | undefined): unknown {
	// A record picked with a resource locator, or its ID as text (saved before the field was a locator).
	if (how === 'text') return String(locatorValue(value)).trim();
	if (how === 'flag') return value ? 1 : 0;
	return value;
}

/** The preSend step that puts the filters set into the query. */
export function filterQueryStep(filters: QueryFilter[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		// The filters the user added, as stored in the node (an unset one is no key at all).
		const set = (this.getNode().parameters as IDataObject).filters;
		if (typeof set !== 'object' || set === null || Array.isArray(set)) return requestOptions;
		const qs: IDataObject = {};
		for (const { property, query, value } of filters) {
			if (!Object.keys(set).includes(property.name)) continue;
			qs[query ?? property.name] = convert(this.getNodeParameter(`filters.${property.name}`, undefined), value) as never;
		}
		requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs };
		return requestOptions;
	};
}

/** The collection and its preSend step; the step goes into the operation's route. */
export function queryFilters(
	filters: QueryFilter[],
	description?: string,
): { property: INodeProperties; preSend: PreSendAction } {
	return {
		property: filtersCollection(
			filters.map((filter) => filter.property),
			description,
		),
		preSend: filterQueryStep(filters),
	};
}
