import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { inputError } from '../../../shared/errors';
import type { ItemRun } from '../../../shared/runner/types';

/** The same request (auth, base URL, request options) with another method, path, query and body. */
function to(request: IHttpRequestOptions, method: IHttpRequestMethods, url: string, qs: IDataObject, body?: IDataObject): IHttpRequestOptions {
	return { ...request, method, url, qs, body };
}

/** The contact with this (normalized) mobile number, or undefined: GET /contacts?mobile_number=... */
export async function findContactByMobile(
	item: ItemRun,
	request: IHttpRequestOptions,
	mobileNumber: string,
): Promise<IDataObject | undefined> {
	const { body } = await item.send(to(request, 'GET', '/contacts', { mobile_number: mobileNumber }));
	const data = (body as IDataObject | undefined)?.data;
	return Array.isArray(data) && data.length > 0 ? (data[0] as IDataObject) : undefined;
}

/** The contact with this mobile number; a missing one fails the item naming the number. */
export async function requireContactByMobile(
	item: ItemRun,
	request: IHttpRequestOptions,
	mobileNumber: string,
): Promise<IDataObject> {
	const contact = await findContactByMobile(item, request, mobileNumber);
	if (!contact) {
		throw inputError(
			item,
			'Mobile Number',
			`no contact has the number ${mobileNumber}`,
			'Check the number, or use Create or Update to create the contact when it is missing.',
		);
	}
	return contact;
}

/** One answer as the operation's output: the record. */
function asOutput(body: unknown): INodeExecutionData[] {
	return [{ json: body as IDataObject }];
}

export async function putContact(
	item: ItemRun,
	request: IHttpRequestOptions,
	contactId: unknown,
	body: IDataObject,
): Promise<INodeExecutionData[]> {
	return asOutput((await item.send(to(request, 'PUT', `/contacts/${String(contactId).trim()}`, {}, body))).body);
}

export async function postContact(item: ItemRun, request: IHttpRequestOptions, body: IDataObject): Promise<INodeExecutionData[]> {
	return asOutput((await item.send(to(request, 'POST', '/contacts', {}, body))).body);
}
