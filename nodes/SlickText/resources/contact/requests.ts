import type {
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
} from 'n8n-workflow';

import { inputError } from '../../../shared/errors';
import { send, type RequestData } from '../../../shared/transport/request';

/** The same request (auth, base URL, checks) with another method, path, query and body. */
function to(requestData: RequestData, method: IHttpRequestMethods, url: string, qs: IDataObject, body?: IDataObject): RequestData {
	return { ...requestData, options: { ...requestData.options, method, url, qs, body } };
}

/** The contact with this (normalized) mobile number, or undefined: GET /contacts?mobile_number=... */
export async function findContactByMobile(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
	mobileNumber: string,
): Promise<IDataObject | undefined> {
	const [answer] = await send(ctx, 'current', to(requestData, 'GET', '/contacts', { mobile_number: mobileNumber }));
	const data = (answer?.json as IDataObject | undefined)?.data;
	return Array.isArray(data) && data.length > 0 ? (data[0] as IDataObject) : undefined;
}

/** The contact with this mobile number; a missing one fails the item naming the number. */
export async function requireContactByMobile(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
	mobileNumber: string,
): Promise<IDataObject> {
	const contact = await findContactByMobile(ctx, requestData, mobileNumber);
	if (!contact) {
		throw inputError(
			ctx,
			'Mobile Number',
			`no contact has the number ${mobileNumber}`,
			'Check the number, or use Create or Update to create the contact when it is missing.',
		);
	}
	return contact;
}

export async function putContact(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
	contactId: unknown,
	body: IDataObject,
): Promise<INodeExecutionData[]> {
	return await send(ctx, 'current', to(requestData, 'PUT', `/contacts/${String(contactId).trim()}`, {}, body));
}

export async function postContact(
	ctx: IExecutePaginationFunctions,
	requestData: RequestData,
	body: IDataObject,
): Promise<INodeExecutionData[]> {
	return await send(ctx, 'current', to(requestData, 'POST', '/contacts', {}, body));
}
