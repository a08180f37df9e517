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
