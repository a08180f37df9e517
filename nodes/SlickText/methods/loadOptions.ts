import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { lookupRequest } from '../../shared/search';

/** Dynamic options of the SlickText node. */

/** The brand's custom fields, by internal_name (what the API filters on and takes as body keys). */
export async function getCustomFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (await lookupRequest(this, 'current', '/custom-fields', { limit: 10000, offset: 0 })) as IDataObject;
	const fields = Array.isArray(body?.data) ? (body.data as IDataObject[]) : [];
	return fields
		.map((f) => ({
			name: String(f.name ?? f.internal_name),
			value: String(f.internal_name),
			description: `${String(f.data_type ?? 'string')} field "${String(f.internal_name)}"`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The brand's contact lists, for multi-select fields. */
export async function getLists(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (await lookupRequest(this, 'current', '/lists', { limit: 10000, offset: 0 })) as IDataObject;
	const lists = Array.isArray(body?.data) ? (body.data as IDataObject[]) : [];
	return lists
		.map((l) => ({ name: String(l.name ?? l.contact_list_id), value: Number(l.contact_list_id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The brand's segments, for multi-select fields (campaign audience). */
export async function getSegments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (await lookupRequest(this, 'current', '/segments', { limit: 10000, offset: 0 })) as IDataObject;
	const segments = Array.isArray(body?.data) ? (body.data as IDataObject[]) : [];
	return segments
		.map((s) => ({ name: String(s.name ?? s.segment_id), value: Number(s.segment_id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
