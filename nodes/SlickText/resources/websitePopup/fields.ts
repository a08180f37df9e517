import type { IDataObject, IExecuteSingleFunctions, INodeProperties, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { isBlank, requireOneOf } from '../../../shared/validation';

// Popups carry the same active flag as workflows: one filter and one body for both.
export { activeBody, activeFilter } from '../workflow/fields';

export function websitePopupIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'websitePopupId',
		displayName: 'Website Popup',
		searchMethod: 'searchWebsitePopups',
		noun: 'popup',
		description,
	});
}

/** Popup update body [doc]: name, description (active has its own operations); at least one. */
export const websitePopupUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	requireOneOf(this, 'Update Fields', { Name: fields.name, Description: fields.description }, ['Name', 'Description']);
	const body: IDataObject = {};
	if (!isBlank(fields.name)) body.name = String(fields.name).trim();
	if (!isBlank(fields.description)) body.description = fields.description;
	requestOptions.body = body;
	return requestOptions;
};
