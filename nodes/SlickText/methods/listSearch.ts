import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchCurrent } from '../../shared/transport/lookup';

/** "From List" searches of the SlickText node, one per kind of record. */

function contactLabel(c: IDataObject): string {
	const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
	return name ? `${name} (${String(c.mobile_number)})` : String(c.mobile_number ?? c.contact_id);
}

export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchCurrent(this, {
		path: '/contacts',
		idField: 'contact_id',
		label: contactLabel,
		filter,
		paginationToken,
	});
}
