import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { assertUrl, isBlank, requireOneOf } from '../../../shared/validation';

export function linkIdLocator(description?: string): INodeProperties {
	return idLocator({ name: 'linkId', displayName: 'Link', searchMethod: 'searchLinks', noun: 'link', description });
}

/**
 * The body of a link write. Documented: PUT takes {name, url, active}.
 * guessed: POST /links takes the same {name, url}; the create body could not be read in the
 * documentation. Change it here only.
 */
export function linkBody(ctx: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (!isBlank(fields.name)) body.name = String(fields.name).trim();
	if (!isBlank(fields.url)) body.url = assertUrl(ctx, 'URL', fields.url);
	// The API keeps flags as 1 or 0.
	if (typeof fields.active === 'boolean') body.active = fields.active ? 1 : 0;
	return body;
}

export const linkCreateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const name = this.getNodeParameter('name', '') as string;
	if (isBlank(name)) throw inputError(this, 'Name', 'is required');
	const url = assertUrl(this, 'URL', this.getNodeParameter('url', ''));
	requestOptions.body = linkBody(this, { name, url });
	return requestOptions;
};

export const linkUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const byLabel = { Name: fields.name, URL: fields.url, Active: fields.active };
	requireOneOf(this, 'Update Fields', byLabel, Object.keys(byLabel));
	requestOptions.body = linkBody(this, fields);
	return requestOptions;
};
