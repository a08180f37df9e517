import type { IDataObject, IExecuteSingleFunctions, INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { isBlank, requireOneOf } from '../../../shared/validation';

export function customFieldIdLocator(description?: string): INodeProperties {
	return idLocator({
		name: 'customFieldId',
		displayName: 'Custom Field',
		searchMethod: 'searchCustomFields',
		noun: 'custom field',
		description,
	});
}

export const DATA_TYPES: INodePropertyOptions[] = [
	{ name: 'Boolean', value: 'boolean' },
	{ name: 'Date', value: 'date' },
	{ name: 'Number', value: 'number' },
	{ name: 'String', value: 'string' },
];

export const NAME_DESCRIPTION =
	'Name shown in SlickText. SlickText also makes an internal name from it when the field is created: the name under which the field appears in a contact\'s custom fields and in filters. Renaming the field later does not change it.';

export const DATA_TYPE_DESCRIPTION =
	'Kind of value the field holds. Changing it later leaves the stored values as they are and only affects how later entries are validated.';

/** Custom field body [doc]: name, data_type, description; on update at least one of them. */
function customFieldBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (!isBlank(fields.name)) body.name = String(fields.name).trim();
	if (!isBlank(fields.data_type)) body.data_type = fields.data_type;
	if (!isBlank(fields.description)) body.description = fields.description;
	return body;
}

export const customFieldCreateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const name = this.getNodeParameter('name', '');
	if (isBlank(name)) throw inputError(this, 'Name', 'is required');
	const dataType = this.getNodeParameter('dataType', 'string');
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	requestOptions.body = customFieldBody({ name, data_type: dataType, description: additional.description });
	return requestOptions;
};

export const customFieldUpdateBody: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const byLabel = { Name: fields.name, 'Data Type': fields.data_type, Description: fields.description };
	requireOneOf(this, 'Update Fields', byLabel, Object.keys(byLabel));
	requestOptions.body = customFieldBody(fields);
	return requestOptions;
};
