/**
 * One n8n data table through n8n's public API (with the n8n API key of the trigger's credential): found
 * or made by name once per process, its rows read with n8n's filter, inserted, changed by one conditional
 * update that returns the rows it changed, and deleted. The trigger's reply waits (inDataTable.ts) and
 * its polls (pollsInDataTable.ts) are two such tables. What a row must not show (n8n's address of a
 * wait, what was sent, a person's answer) is sealed with a key made from the credential's keys.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { NodeOperationError, type IDataObject, type IHttpRequestMethods, type IWebhookFunctions } from 'n8n-workflow';

import { doneByN8n } from '../protocol';

/** Where the table is reached: n8n's own address (the trigger's), and the API key. */
export interface TableAccess {
	/** n8n's base address, e.g. https://n8n.example.com (the public API is under /api/v1). */
	origin: string;
	apiKey: string;
	/** signing.ts signingKeyOf the credential: seals what the table must not show. */
	signingKey: string;
}

/** What a store needs of the node's context. */
export type TableContext = {
	helpers: Pick<IWebhookFunctions['helpers'], 'httpRequest'>;
	getNode: IWebhookFunctions['getNode'];
	logger: IWebhookFunctions['logger'];
};

export type Condition = { columnName: string; condition: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'; value: string | number };
export const where = (...filters: Condition[]) => ({ type: 'and', filters });
export const either = (...filters: Condition[]) => ({ type: 'or', filters });
export const is = (columnName: string, value: string | number): Condition => ({ columnName, condition: 'eq', value });

/** Rows in one page of n8n's API at most (n8n's own bound); the pages of one read at most (no read pages for ever). */
export const PAGE = 250;
export const MOST_PAGES = 100;

/** The table's ID per n8n, key and table name, found or made once per process. */
const tables = new Map<string, Promise<string>>();

function sealKey(signingKey: string): Buffer {
	return createHash('sha256').update(`${signingKey}\nreply waits`).digest();
}

export function seal(signingKey: string, value: IDataObject): string {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealKey(signingKey), iv);
	const text = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
	return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), text.toString('base64')].join('.');
}

export function unseal(signingKey: string, sealed: string): IDataObject | undefined {
	const [version, iv, tag, text] = sealed.split('.');
	if (version !== 'v1' || !iv || !tag || !text) return undefined;
	try {
		const decipher = createDecipheriv('aes-256-gcm', sealKey(signingKey), Buffer.from(iv, 'base64'));
		decipher.setAuthTag(Buffer.from(tag, 'base64'));
		const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]).toString('utf8');
		return JSON.parse(plain) as IDataObject;
	} catch {
		// Sealed with another credential's keys: not this trigger's to read.
		return undefined;
	}
}

/** The scopes of an n8n API key that the trigger's calls of n8n's public API need (each is checked per endpoint). */
export const DATA_TABLE_SCOPES = ['dataTable:list', 'dataTable:create', 'dataTableRow:read', 'dataTableRow:create', 'dataTableRow:update', 'dataTableRow:delete'];
export const SCOPES_IN_WORDS = `${DATA_TABLE_SCOPES.slice(0, -1).join(', ')} and ${DATA_TABLE_SCOPES.at(-1)}`;

/** n8n's address under a trigger's Production URL (<n8n>/<webhook path>/<webhook id>/<path>), where its public API answers. */
export function apiOriginOf(webhookUrl: string): string {
	const url = new URL(webhookUrl);
	return `${url.origin}${url.pathname.split('/').slice(0, -3).join('/')}`;
}

export class TableApi<Row> {
	constructor(
		private readonly ctx: TableContext,
		private readonly access: TableAccess,
		private readonly name: string,
		private readonly columns: Array<{ name: string; type: string }>,
	) {}

	/**
	 * One call of n8n's public API; a refusal becomes an error that says what n8n answered. The query is
	 * encoded here: n8n refuses a value with a reserved character (":" in a filter), which a request
	 * library's own encoder leaves as it is.
	 */
	async call(method: IHttpRequestMethods, path: string, body?: IDataObject, query: Record<string, string | number> = {}): Promise<{ statusCode: number; body: unknown }> {
		const search = Object.entries(query)
			.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
			.join('&');
		return (await this.ctx.helpers.httpRequest({
			method,
			url: `${this.access.origin}/api/v1${path}${search ? `?${search}` : ''}`,
			headers: { 'X-N8N-API-KEY': this.access.apiKey },
			body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		})) as { statusCode: number; body: unknown };
	}

	/** What n8n's API said when it refused a call. */
	refusal(answer: { statusCode: number; body: unknown }): NodeOperationError {
		const said = typeof answer.body === 'object' && answer.body !== null ? (answer.body as IDataObject).message : answer.body;
		// A key with too few scopes: say which ones the trigger's calls need (n8n's public API checks each per endpoint).
		const scopes =
			answer.statusCode === 403
				? ` The key needs the scopes ${SCOPES_IN_WORDS}.`
				: '';
		return new NodeOperationError(this.ctx.getNode(), `n8n's API answered ${answer.statusCode} to the SlickText Trigger${said ? `: ${String(said)}` : ''}`, {
			description: `The trigger reaches n8n's data table "${this.name}" with the credential's 'n8n API Key': check the key, and that n8n's public API answers at the trigger's own address.${scopes}`,
		});
	}

	async api(method: IHttpRequestMethods, path: string, body?: IDataObject, query: Record<string, string | number> = {}): Promise<unknown> {
		const answer = await this.call(method, path, body, query);
		if (doneByN8n(answer)) return answer.body;
		throw this.refusal(answer);
	}

	/** The table's ID, found by name or made. */
	id(): Promise<string> {
		const key = `${this.access.origin}|${createHash('sha256').update(this.access.apiKey).digest('base64url').slice(0, 16)}|${this.name}`;
		let id = tables.get(key);
		if (!id) {
			id = this.findOrMake();
			tables.set(key, id);
			// A failure is asked again next time, not kept.
			id.catch(() => tables.delete(key));
		}
		return id;
	}

	private async findOrMake(): Promise<string> {
		const list = async () => {
			const found = (await this.api('GET', '/data-tables', undefined, { filter: JSON.stringify({ name: this.name }) })) as { data?: Array<{ id: string; name: string }> };
			return found.data?.find((t) => t.name === this.name)?.id;
		};
		const existing = await list();
		if (existing) return existing;
		const made = await this.call('POST', '/data-tables', { name: this.name, columns: this.columns });
		if (doneByN8n(made)) return (made.body as { id: string }).id;
		// Another process made it at the same moment: n8n answers 409, or 500 when both inserts raced.
		const other = await list();
		if (other) return other;
		throw this.refusal(made);
	}

	/** One page of rows; `extra`: its size (`limit`) or where it begins (`cursor`). */
	async page(filter: IDataObject, extra: Record<string, string | number>): Promise<{ data?: Row[]; nextCursor?: string | null }> {
		const table = await this.id();
		return (await this.api('GET', `/data-tables/${table}/rows`, undefined, { filter: JSON.stringify(filter), ...extra })) as { data?: Row[]; nextCursor?: string | null };
	}

	async rows(filter: IDataObject, extra: Record<string, string | number> = {}): Promise<Row[]> {
		return (await this.page(filter, extra)).data ?? [];
	}

	/** Every row the filter finds, page by page (at most MOST_PAGES pages). */
	async allRows(filter: IDataObject): Promise<Row[]> {
		const rows: Row[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < MOST_PAGES; page++) {
			const answer = await this.page(filter, cursor ? { cursor } : { limit: PAGE });
			rows.push(...(answer.data ?? []));
			if (!answer.nextCursor) break;
			cursor = answer.nextCursor;
		}
		return rows;
	}

	/** A conditional update: the rows it changed (none when the condition no longer held); `returnData` false: none. */
	async update(filter: IDataObject, data: IDataObject, returnData = true): Promise<Row[]> {
		const table = await this.id();
		const changed = await this.api('PATCH', `/data-tables/${table}/rows/update`, { filter, data, returnData });
		return Array.isArray(changed) ? (changed as Row[]) : [];
	}

	/** Inserts rows; their IDs back, in order. Durable when it resolves. */
	async insert(data: IDataObject[]): Promise<number[]> {
		const table = await this.id();
		const ids = (await this.api('POST', `/data-tables/${table}/rows`, { data, returnType: 'id' })) as Array<{ id: number }>;
		if (!Array.isArray(ids) || ids.length !== data.length) throw new NodeOperationError(this.ctx.getNode(), "n8n's API did not say which rows it kept");
		return ids.map(({ id }) => id);
	}

	async remove(filter: IDataObject): Promise<void> {
		const table = await this.id();
		await this.api('DELETE', `/data-tables/${table}/rows/delete`, undefined, { filter: JSON.stringify(filter) });
	}
}
