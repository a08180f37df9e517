import type { IDataObject } from 'n8n-workflow';

interface ReadsCredentials {
	getCredentials(type: string, itemIndex?: number): Promise<object>;
}

/**
 * n8n reads a credential from its database and decrypts it at each getCredentials, and an n8n process has
 * two database connections by default. A trigger's request (signature, waits, trust, kept replies) and a
 * node's run (the waiting operations: the wait, the text, the person) need the credential in several
 * places: each reads it once. Keyed by n8n's context object, made anew for each request and each node's
 * run, so a changed credential is read by the next one; and by item, as n8n resolves it per item.
 */
const read = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export async function credentialsOnce(ctx: ReadsCredentials, type: string, itemIndex = 0): Promise<IDataObject> {
	const byType = read.get(ctx) ?? new Map<string, Promise<IDataObject>>();
	read.set(ctx, byType);
	const key = `${type}#${itemIndex}`;
	let credentials = byType.get(key);
	if (!credentials) {
		credentials = ctx.getCredentials(type, itemIndex) as Promise<IDataObject>;
		byType.set(key, credentials);
		// A failed read is not kept: the next step asks again, as it would have.
		credentials.catch(() => byType.delete(key));
	}
	return await credentials;
}

interface ReadsNodeCredentials extends ReadsCredentials {
	getNode(): { id?: string; name: string; credentials?: Record<string, { id?: string | null } | undefined> };
	getWorkflow(): { id?: string };
}

/** How long a trigger's webhook takes a credential it read for an earlier delivery (an object, for tests). */
export const credentialReuse = { ms: 1000 };
const recent = new Map<string, { at: number; credentials: Promise<IDataObject> }>();
/**
 * How old a credential read may be to stand in for a read that failed (n8n's database pool timed out
 * under a burst): one failed read fails every run of that second, for a value that rarely changes.
 */
export const credentialFallback = { ms: 10 * 60_000 };
const lastRead = new Map<string, { at: number; credentials: IDataObject }>();

/**
 * For the checks of an ordinary delivery to a trigger (its signature, whether the looks for unfinished
 * replies run) and of a worker's run (its check of repeats): the credential as read for a delivery of the
 * last second, else read now, and when that read fails, as last read within `credentialFallback.ms`. A busy brand's
 * deliveries come many a second to each webhook process, and each read is a query on the process's few
 * database connections and a decryption, for a value that changes when someone edits the credential:
 * such a change then applies a second later. Keyed by workflow, node and credential.
 */
export async function credentialsRecent(ctx: ReadsNodeCredentials, type: string): Promise<IDataObject> {
	const node = ctx.getNode();
	const id = node.credentials?.[type]?.id;
	if (!id) return await credentialsOnce(ctx, type);
	const key = `${ctx.getWorkflow().id ?? ''}|${node.id ?? node.name}|${type}|${id}`;
	const now = Date.now();
	const kept = recent.get(key);
	if (kept && now - kept.at < credentialReuse.ms) return await kept.credentials;
	for (const [old, entry] of recent) if (now - entry.at >= credentialReuse.ms) recent.delete(old);
	const credentials = credentialsOnce(ctx, type).then(
		(read) => {
			lastRead.set(key, { at: Date.now(), credentials: read });
			return read;
		},
		(error: unknown) => {
			// A read of the last minutes stands in; without one the failure is the caller's.
			const last = lastRead.get(key);
			if (last && Date.now() - last.at < credentialFallback.ms) return last.credentials;
			throw error;
		},
	);
	const entry = { at: now, credentials };
	recent.set(key, entry);
	// A failed read is not kept: the next delivery reads again.
	credentials.catch(() => recent.get(key) === entry && recent.delete(key));
	return await credentials;
}
