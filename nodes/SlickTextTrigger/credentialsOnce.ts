import type { IDataObject } from 'n8n-workflow';

interface ReadsCredentials {
	getCredentials(type: string): Promise<object>;
}

/**
 * n8n reads a credential from its database and decrypts it at each getCredentials, on a webhook process
 * whose database pool has two connections by default. A request of the trigger needs its credential in
 * several places (signature, waits, trust, kept replies): it reads it once. Keyed by n8n's context object,
 * which n8n makes anew for each request and each run, so a changed credential is read by the next one.
 */
const read = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export async function credentialsOnce(ctx: ReadsCredentials, type: string): Promise<IDataObject> {
	let byType = read.get(ctx);
	if (!byType) read.set(ctx, (byType = new Map()));
	let credentials = byType.get(type);
	if (!credentials) byType.set(type, (credentials = ctx.getCredentials(type) as Promise<IDataObject>));
	return await credentials;
}
