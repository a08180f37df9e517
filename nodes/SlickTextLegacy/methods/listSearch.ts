import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { contactQueries, searchLegacy, type ExactQueries } from '../../shared/search';

/** "From List" searches of the SlickText Legacy node. */

type Search = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

function search(path: string, key: string, label: (record: IDataObject) => string, exact?: ExactQueries): Search {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchLegacy(this, { path, key, label, exact, filter, paginationToken });
	};
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function shorten(value: unknown, max = 60): string {
	const body = text(value).replace(/\s+/g, ' ').trim();
	return body.length > max ? `${body.slice(0, max - 1)}…` : body;
}

export const searchTextwords = search('/textwords', 'textwords', (t) => text(t.word) || text(t.id));

export const searchContacts = search(
	'/contacts',
	'contacts',
	(c) => {
		const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
		return name ? `${name} (${text(c.number)})` : text(c.number) || text(c.id);
	},
	contactQueries({ id: 'id', number: 'number', firstName: 'firstName', lastName: 'lastName' }),
);

export const searchMessages = search('/messages', 'messages', (m) => {
	const when = text(m.sent) || (m.scheduled ? `scheduled ${text(m.scheduled)}` : 'not sent');
	return `${text(m.campaign) || shorten(m.body)} (${when})`;
});

export const searchShortlinks = search('/shortlinks', 'shortlinks', (s) => `${text(s.name)} (${text(s.shortUrl) || text(s.url)})`);
