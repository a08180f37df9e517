/**
 * The waits of a SlickText Trigger in an n8n data table, through n8n's public API with the n8n API key
 * of the trigger's credential: for several n8n webhook processes (queue mode), and for more open waits
 * than static data carries well.
 *
 * Why a data table: n8n gives a node no other store that several processes may change at once. Static
 * data and the processed-data store are one row each, read and written whole (the last writer wins). A
 * data table holds one row per wait, written by the one request that registered it; every later change
 * is one conditional update (`PATCH .../rows/update` with a filter) that returns the rows it changed, so
 * of two processes claiming one wait exactly one gets it back. An ordinary event reads none of it.
 *
 * n8n's address of a wait opens it, and the table is visible in n8n to the project's members: the
 * address and what was sent are kept sealed (AES-256-GCM with a key made from the credential's keys),
 * so only a trigger with the same SlickText credential can read them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { NodeOperationError, type IDataObject, type IHttpRequestMethods, type IWebhookFunctions } from 'n8n-workflow';

import type { Registration } from '../protocol';
import {
	CLAIM_HOLD_MS,
	digest,
	expired,
	MAX_WAITS,
	MAX_WAITS_PER_PERSON,
	TAKEN_KEEP_MS,
	UNFINISHED_AFTER_MS,
	type Added,
	type Claim,
	type Found,
	type KeptEvent,
	type WaitEntry,
	type WaitStore,
} from './store';

export const TABLE_NAME = 'SlickText reply waits';

const COLUMNS = [
	{ name: 'scope', type: 'string' },
	{ name: 'waitId', type: 'string' },
	{ name: 'person', type: 'string' },
	{ name: 'since', type: 'number' },
	{ name: 'until', type: 'number' },
	{ name: 'sealed', type: 'string' },
	{ name: 'claimedBy', type: 'string' },
	{ name: 'claimedAt', type: 'number' },
	{ name: 'takenAt', type: 'number' },
	{ name: 'pending', type: 'string' },
];

/** A wait no reply has claimed. */
const FREE = '-';
/** Ended rows (taken long ago, or past their limit) are deleted at most this often per process. */
const PURGE_EVERY_MS = 60_000;

interface Row {
	id: number;
	scope: string;
	waitId: string;
	person: string;
	since: number;
	until: number;
	sealed: string;
	claimedBy: string;
	claimedAt: number;
	takenAt: number;
	/** The sealed event of the reply that claimed it, until it is taken or given up. */
	pending: string;
}

type Condition = { columnName: string; condition: 'eq' | 'gt' | 'lt'; value: string | number };
const where = (...filters: Condition[]) => ({ type: 'and', filters });
const is = (columnName: string, value: string | number): Condition => ({ columnName, condition: 'eq', value });

/** Where the table is reached: n8n's own address (the trigger's), and the API key. */
export interface TableAccess {
	/** n8n's base address, e.g. https://n8n.example.com (the public API is under /api/v1). */
	origin: string;
	apiKey: string;
	/** signing.ts signingKeyOf the credential: seals what the table must not show. */
	signingKey: string;
}

/** The table's ID per n8n and key, found or made once per process. */
const tables = new Map<string, Promise<string>>();
const purged = new Map<string, number>();

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

export class DataTableWaits implements WaitStore {
	readonly sharedClaims = true;

	constructor(
		private readonly ctx: Pick<IWebhookFunctions, 'helpers' | 'getNode'>,
		private readonly scope: string,
		private readonly access: TableAccess,
	) {}

	/**
	 * One call of n8n's public API; a refusal becomes an error that says what n8n answered. The query is
	 * encoded here: n8n refuses a value with a reserved character (":" in a filter), which a request
	 * library's own encoder leaves as it is.
	 */
	private async call(method: IHttpRequestMethods, path: string, body?: IDataObject, query: Record<string, string | number> = {}): Promise<{ statusCode: number; body: unknown }> {
		const search = Object.entries(query)
			.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
			.join('&');
		const answer = (await this.ctx.helpers.httpRequest({
			method,
			url: `${this.access.origin}/api/v1${path}${search ? `?${search}` : ''}`,
			headers: { 'X-N8N-API-KEY': this.access.apiKey },
			body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		})) as { statusCode: number; body: unknown };
		return answer;
	}

	/** What n8n's API said when it refused a call. */
	private refusal(answer: { statusCode: number; body: unknown }): NodeOperationError {
		const said = typeof answer.body === 'object' && answer.body !== null ? (answer.body as IDataObject).message : answer.body;
		return new NodeOperationError(this.ctx.getNode(), `n8n's API answered ${answer.statusCode} to the SlickText Trigger${said ? `: ${String(said)}` : ''}`, {
			description: `The trigger keeps its waits in n8n's data table "${TABLE_NAME}" with the credential's 'n8n API Key': check the key, and that n8n's public API answers at the trigger's own address.`,
		});
	}

	private async api(method: IHttpRequestMethods, path: string, body?: IDataObject, query: Record<string, string | number> = {}): Promise<unknown> {
		const answer = await this.call(method, path, body, query);
		if (answer.statusCode >= 200 && answer.statusCode < 300) return answer.body;
		throw this.refusal(answer);
	}

	private table(): Promise<string> {
		const key = `${this.access.origin}|${digest(this.access.apiKey)}`;
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
			const found = (await this.api('GET', '/data-tables', undefined, { filter: JSON.stringify({ name: TABLE_NAME }) })) as { data?: Array<{ id: string; name: string }> };
			return found.data?.find((t) => t.name === TABLE_NAME)?.id;
		};
		const existing = await list();
		if (existing) return existing;
		const made = await this.call('POST', '/data-tables', { name: TABLE_NAME, columns: COLUMNS });
		if (made.statusCode >= 200 && made.statusCode < 300) return (made.body as { id: string }).id;
		// Another process made it at the same moment: n8n answers 409, or 500 when both inserts raced.
		const other = await list();
		if (other) return other;
		throw this.refusal(made);
	}

	private async rows(filter: IDataObject, extra: Record<string, string | number> = {}): Promise<Row[]> {
		const table = await this.table();
		const page = (await this.api('GET', `/data-tables/${table}/rows`, undefined, { filter: JSON.stringify(filter), ...extra })) as { data?: Row[] };
		return page.data ?? [];
	}

	/** A conditional update: the rows it changed (none when the condition no longer held). */
	private async update(filter: IDataObject, data: IDataObject): Promise<Row[]> {
		const table = await this.table();
		const changed = await this.api('PATCH', `/data-tables/${table}/rows/update`, { filter, data, returnData: true });
		return Array.isArray(changed) ? (changed as Row[]) : [];
	}

	private async remove(filter: IDataObject): Promise<void> {
		const table = await this.table();
		await this.api('DELETE', `/data-tables/${table}/rows/delete`, undefined, { filter: JSON.stringify(filter) });
	}

	/** Deletes the scope's ended rows now and then: taken ones after TAKEN_KEEP_MS, ones past their limit. */
	private async purge(now: number): Promise<void> {
		const key = `${this.access.origin}|${this.scope}`;
		if (now - (purged.get(key) ?? 0) < PURGE_EVERY_MS) return;
		purged.set(key, now);
		await this.remove(where(is('scope', this.scope), { columnName: 'takenAt', condition: 'gt', value: 0 }, { columnName: 'takenAt', condition: 'lt', value: now - TAKEN_KEEP_MS }));
		await this.remove(where(is('scope', this.scope), is('takenAt', 0), { columnName: 'until', condition: 'gt', value: 0 }, { columnName: 'until', condition: 'lt', value: now }));
	}

	private entryOf(row: Row): WaitEntry | undefined {
		const secret = unseal(this.access.signingKey, row.sealed);
		if (!secret || typeof secret.r !== 'string') return undefined;
		const sent = typeof secret.m === 'object' && secret.m !== null ? (secret.m as IDataObject) : {};
		return { id: String(row.id), person: row.person, resumeUrl: secret.r, since: Number(row.since), until: Number(row.until), sent };
	}

	async add(registration: Registration, now: number): Promise<Added> {
		await this.purge(now);
		const waitId = digest(registration.resumeUrl);
		if ((await this.rows(where(is('scope', this.scope), is('waitId', waitId)), { limit: 1 })).length > 0) return 'known';
		const forPerson = await this.rows(where(is('scope', this.scope), is('person', registration.person), is('takenAt', 0)), { limit: MAX_WAITS_PER_PERSON + 1 });
		if (forPerson.filter((row) => !expired(row, now)).length >= MAX_WAITS_PER_PERSON) {
			return `${registration.person} has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`;
		}
		// The MAX_WAITS-th open row, if there is one: n8n's cursor is the offset and the page size.
		const cursor = Buffer.from(JSON.stringify({ offset: MAX_WAITS - 1, limit: 1 })).toString('base64');
		if ((await this.rows(where(is('scope', this.scope), is('takenAt', 0)), { cursor })).length > 0) {
			return `The SlickText Trigger holds ${MAX_WAITS} open waits, its most: a new one is taken when one ends`;
		}
		const table = await this.table();
		const row = {
			scope: this.scope,
			waitId,
			person: registration.person,
			since: registration.since,
			until: registration.until,
			sealed: seal(this.access.signingKey, { r: registration.resumeUrl, m: registration.sent }),
			claimedBy: FREE,
			claimedAt: 0,
			takenAt: 0,
			pending: '',
		};
		// In n8n's database when n8n answers: the registration is stored when this resolves.
		await this.api('POST', `/data-tables/${table}/rows`, { data: [row], returnType: 'id' });
		return 'added';
	}

	async find(person: string, eventKey: string, now: number): Promise<Found> {
		const key = digest(eventKey);
		const rows = (await this.rows(where(is('scope', this.scope), is('person', person)), { limit: 250 })).sort((a, b) => Number(a.since) - Number(b.since));
		const open: WaitEntry[] = [];
		let takenBefore = false;
		for (const row of rows) {
			if (Number(row.takenAt) > 0) {
				if (row.claimedBy === key) takenBefore = true;
				continue;
			}
			if (expired(row, now)) continue;
			const entry = this.entryOf(row);
			if (entry) open.push(entry);
		}
		return { open, takenBefore };
	}

	async claim(entry: WaitEntry, eventKey: string, now: number, event: KeptEvent): Promise<Claim> {
		const key = digest(eventKey);
		const id = Number(entry.id);
		const pending = seal(this.access.signingKey, event as unknown as IDataObject);
		if ((await this.update(where(is('id', id), is('claimedBy', FREE), is('takenAt', 0)), { claimedBy: key, claimedAt: now, pending })).length > 0) return 'won';
		const [row] = await this.rows(where(is('id', id)), { limit: 1 });
		if (!row) return 'other';
		if (row.claimedBy === key) return Number(row.takenAt) > 0 ? 'taken' : 'same';
		if (Number(row.takenAt) > 0 || now - Number(row.claimedAt) < CLAIM_HOLD_MS) return 'other';
		// Claimed by a reply whose process stopped before it finished: taken over, by one claimant only.
		const stolen = await this.update(where(is('id', id), is('claimedBy', row.claimedBy), is('claimedAt', Number(row.claimedAt)), is('takenAt', 0)), {
			claimedBy: key,
			claimedAt: now,
			pending,
		});
		return stolen.length > 0 ? 'won' : 'other';
	}

	async taken(entry: WaitEntry, eventKey: string, now: number): Promise<void> {
		await this.update(where(is('id', Number(entry.id))), { takenAt: now, claimedBy: digest(eventKey), pending: '' });
	}

	async release(entry: WaitEntry, eventKey: string): Promise<void> {
		await this.update(where(is('id', Number(entry.id)), is('claimedBy', digest(eventKey)), is('takenAt', 0)), { claimedBy: FREE, claimedAt: 0, pending: '' });
	}

	async unfinished(now: number): Promise<KeptEvent[]> {
		const stale = await this.rows(
			where(is('scope', this.scope), is('takenAt', 0), { columnName: 'claimedAt', condition: 'gt', value: 0 }, { columnName: 'claimedAt', condition: 'lt', value: now - UNFINISHED_AFTER_MS }),
			{ limit: 50 },
		);
		const events: KeptEvent[] = [];
		for (const row of stale) {
			// Each to one process only: the one whose update of the claim's time applied.
			const mine = await this.update(where(is('id', row.id), is('claimedAt', Number(row.claimedAt)), is('takenAt', 0)), { claimedAt: now });
			const event = mine.length > 0 ? unseal(this.access.signingKey, row.pending) : undefined;
			if (event && typeof event.name === 'string' && typeof event.json === 'object') events.push(event as unknown as KeptEvent);
		}
		return events;
	}

	async gone(entry: WaitEntry): Promise<void> {
		await this.remove(where(is('id', Number(entry.id))));
	}
}
