import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { isBlank, requireOneOf } from '../../../shared/validation';

export function segmentIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'segmentId',
		displayName: 'Segment',
		searchMethod: 'searchSegments',
		noun: 'segment',
		description,
	});
}

/** What a segment update may change (documented), by label; its conditions are set in SlickText only. */
const UPDATABLE: Record<string, string> = { Name: 'name', Description: 'description' };

/** PUT body from Update Fields: only the fields the user set, and at least one of them. */
export const segmentUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const byLabel = Object.fromEntries(Object.entries(UPDATABLE).map(([label, name]) => [label, fields[name]]));
	requireOneOf(this, 'Update Fields', byLabel, Object.keys(UPDATABLE));
	const body: IDataObject = {};
	for (const name of Object.values(UPDATABLE)) {
		if (!isBlank(fields[name])) body[name] = fields[name];
	}
	requestOptions.body = body;
	return requestOptions;
};
