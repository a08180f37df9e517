// Stands in for the part of n8n's public API the trigger's data-table waits use (n8n 2.41.1, read from
// its handlers and tried against it: test/e2e/twoWayScale.js runs the same store against real n8n):
// data tables by name, their rows with n8n's filter ({type: 'and' or 'or', filters: [{columnName,
// condition, value}]}), inserts that answer the rows' IDs, a conditional update that returns the rows it
// changed, delete by filter, and the offset cursor with its next page. Every request must carry the API
// key; each is logged.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Row = Record<string, unknown> & { id: number };
type Filter = { type?: string; filters?: Array<{ columnName: string; condition: string; value: unknown }> };

export interface FakeN8nApi {
	apiKey: string;
	/** Tables by ID: name and rows. */
	tables: Map<string, { name: string; rows: Row[] }>;
	/** Every call: method, path and query. */
	calls: Array<{ method: string; path: string; query: Record<string, string> }>;
	/** When set, a call it says true for is answered 503, as n8n's main process answers while it cannot reach its database. */
	refuse?: (call: { method: string; path: string; query: Record<string, string> }) => boolean;
	/** When set, a call it says true for is answered as n8n's main process answers while its migrations run: 200, "n8n is starting up. Please wait". */
	starting?: (call: { method: string; path: string; query: Record<string, string> }) => boolean;
	/** Answers a request to /api/v1/... as n8n does; a server of the test's own passes such requests here. */
	handle(req: IncomingMessage, res: ServerResponse): void;
}

function matches(row: Row, filter: Filter): boolean {
	const test = ({ columnName, condition, value }: { columnName: string; condition: string; value: unknown }) => {
		const have = row[columnName];
		if (condition === 'eq') return have === value;
		if (condition === 'neq') return have !== value;
		if (condition === 'gt') return Number(have) > Number(value);
		if (condition === 'gte') return Number(have) >= Number(value);
		if (condition === 'lt') return Number(have) < Number(value);
		if (condition === 'lte') return Number(have) <= Number(value);
		throw new Error(`condition ${condition} not in the stand-in`);
	};
	const filters = filter.filters ?? [];
	return filter.type === 'or' ? filters.some(test) : filters.every(test);
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
	let text = '';
	for await (const chunk of req) text += chunk;
	return text ? JSON.parse(text) : {};
}

export function fakeN8nApi(apiKey = 'n8n-api-key-for-tests'): FakeN8nApi {
	const tables: FakeN8nApi['tables'] = new Map();
	const calls: FakeN8nApi['calls'] = [];
	let nextTable = 0;
	let nextRow = 0;
	const handle = (req: IncomingMessage, res: ServerResponse) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://x');
			const query = Object.fromEntries(url.searchParams);
			calls.push({ method: req.method ?? '', path: url.pathname, query });
			const send = (status: number, json: unknown) => {
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(json));
			};
			if (req.headers['x-n8n-api-key'] !== apiKey) return send(401, { message: 'unauthorized' });
			if (api.refuse?.(calls[calls.length - 1])) return send(503, { code: 503, message: 'Database is not ready!' });
			if (api.starting?.(calls[calls.length - 1])) {
				res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
				return res.end('n8n is starting up. Please wait');
			}
			const parts = url.pathname.replace(/^\/api\/v1\//, '').split('/');
			if (parts[0] !== 'data-tables') return send(404, { message: 'not found' });
			if (parts.length === 1 && req.method === 'GET') {
				const name = JSON.parse(query.filter ?? '{}').name;
				return send(200, { data: [...tables].filter(([, t]) => !name || t.name === name).map(([id, t]) => ({ id, name: t.name })), nextCursor: null });
			}
			if (parts.length === 1 && req.method === 'POST') {
				const { name } = await body(req);
				if ([...tables.values()].some((t) => t.name === name)) return send(409, { message: `Data table with name '${String(name)}' already exists in this project` });
				const id = `table${++nextTable}`;
				tables.set(id, { name: String(name), rows: [] });
				return send(201, { id, name });
			}
			const table = tables.get(parts[1]);
			if (!table) return send(404, { message: 'no such table' });
			const action = parts.slice(2).join('/');
			// n8n refuses a query value with a reserved character left as it is (a request library's own
			// encoder leaves ":" and ","); everything must be percent-encoded.
			if (/[:,{}"]/.test((req.url ?? '').split('?')[1] ?? '')) return send(400, { message: 'Parameter must be url encoded' });
			if (action === 'rows' && req.method === 'GET') {
				const cursor = query.cursor ? JSON.parse(Buffer.from(query.cursor, 'base64').toString()) : { offset: 0, limit: Number(query.limit ?? 100) };
				const found = table.rows.filter((row) => matches(row, JSON.parse(query.filter ?? '{}')));
				// As n8n's encodeNextCursor: the next page's offset, or null after the last.
				const next = cursor.offset + cursor.limit;
				const nextCursor = next < found.length ? Buffer.from(JSON.stringify({ offset: next, limit: cursor.limit })).toString('base64') : null;
				return send(200, { data: found.slice(cursor.offset, next), nextCursor });
			}
			if (action === 'rows' && req.method === 'POST') {
				const { data, returnType } = await body(req);
				const added = (data as Array<Record<string, unknown>>).map((row) => ({ ...row, id: ++nextRow }));
				table.rows.push(...added);
				return send(200, returnType === 'id' ? added.map((row) => ({ id: row.id })) : added);
			}
			if (action === 'rows/update' && req.method === 'PATCH') {
				const { filter, data, returnData } = await body(req);
				const changed = table.rows.filter((row) => matches(row, filter as Filter));
				for (const row of changed) Object.assign(row, data);
				return send(200, returnData ? changed : true);
			}
			if (action === 'rows/delete' && req.method === 'DELETE') {
				const filter = JSON.parse(query.filter ?? '{}');
				table.rows = table.rows.filter((row) => !matches(row, filter));
				return send(200, true);
			}
			return send(404, { message: `no ${req.method} ${action}` });
		})();
	};
	const api: FakeN8nApi = { apiKey, tables, calls, handle };
	return api;
}

/**
 * The stand-in served on 127.0.0.1 for the tests of the file that calls this (beforeAll to afterAll):
 * `api` at once, `port` once the tests run.
 */
export function useFakeN8nApi(): { api: FakeN8nApi; readonly port: number } {
	const api = fakeN8nApi();
	const server = createServer((req, res) => api.handle(req, res));
	let port = 0;
	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));
	return {
		api,
		get port() {
			return port;
		},
	};
}
