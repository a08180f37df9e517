import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { contactQueries, searchCurrent, type ExactQueries } from '../../shared/search';

/** "From List" searches of the SlickText node, one per kind of record. */

type Search = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

function search(path: string, idField: string, label: (record: IDataObject) => string, exact?: ExactQueries): Search {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchCurrent(this, { path, idField, label, exact, filter, paginationToken });
	};
}

const byName = (record: IDataObject) => String(record.name ?? record.word ?? '');

export const searchContacts = search(
	'/contacts',
	'contact_id',
	(c) => {
		const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
		return name ? `${name} (${String(c.mobile_number)})` : String(c.mobile_number ?? c.contact_id);
	},
	contactQueries({ id: 'contact_id', number: 'mobile_number', firstName: 'first_name', lastName: 'last_name' }),
);
export const searchKeywords = search('/keywords', 'keyword_id', (k) => String(k.word ?? k.keyword_id));
export const searchCampaigns = search('/campaigns', 'campaign_id', byName);
export const searchLists = search('/lists', 'contact_list_id', byName);
export const searchWorkflows = search('/workflows', 'workflow_id', byName);
export const searchCustomFields = search('/custom-fields', 'custom_field_id', byName);
export const searchWebsitePopups = search('/website-popups', 'website_popup_id', byName);
export const searchSegments = search('/segments', 'segment_id', byName);
export const searchLinks = search('/links', 'link_id', (l) => `${String(l.name ?? '')} (${String(l.url ?? '')})`);
export const searchInboxThreads = search('/inbox-threads', '_id', (t) => `${String(t.last_message ?? '')} (${String(t._id)})`);
