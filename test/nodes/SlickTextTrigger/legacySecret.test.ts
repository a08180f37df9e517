// Where the legacy webhook secret is read from: the SlickText Legacy API credential (version 2), and
// for workflows saved with version 1 still the node's old Webhook Secret parameter while the credential
// has none, so that such a workflow keeps refusing unsigned requests until it is moved.
import * as path from 'node:path';

import { credentialReads } from '../../helpers/engine';
import { postForm, useWebhookServers, startWebhookServer } from '../../helpers/webhook';
import { legacyCredential, legacyEvents, SECRET, sign } from './fixtures';

useWebhookServers();

const STARTED = { status: 200, body: '' };
const REFUSED = { status: 401, body: { message: 'Invalid X-Slicktext-Signature' } };
const data = JSON.stringify(legacyEvents.NewSubscriber);

async function trigger(typeVersion: number, parameterSecret: string | undefined, credentialSecret: string | undefined) {
	return await startWebhookServer({
		type: 'slickTextTrigger',
		typeVersion,
		parameters: {
			platform: 'legacy',
			legacyEvents: ['*'],
			...(parameterSecret === undefined ? {} : { webhookSecret: parameterSecret }),
		},
		credentials: credentialSecret === undefined ? {} : { slickTextLegacyApi: legacyCredential(credentialSecret) },
	});
}

describe('SlickText Trigger, legacy webhook secret', () => {
	it('version 2 checks the signature with the secret of the credential', async () => {
		const t = await trigger(2, undefined, 'from-the-credential');
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, 'from-the-credential') })).toEqual(STARTED);
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, SECRET) })).toEqual(REFUSED);
		expect(t.runs).toHaveLength(1);
	});

	it('a version 1 workflow with the secret in its parameter still refuses what is not signed with it', async () => {
		const t = await trigger(1, SECRET, undefined);
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, 'forged') })).toEqual(REFUSED);
		expect(await postForm(t.url, { data })).toEqual({ status: 401, body: { message: 'Missing X-Slicktext-Signature header' } });
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, SECRET) })).toEqual(STARTED);
		expect(t.runs).toHaveLength(1);
	});

	it('once moved, the secret of the credential wins over a parameter left behind', async () => {
		const t = await trigger(1, 'old-parameter-secret', 'new-credential-secret');
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, 'old-parameter-secret') })).toEqual(REFUSED);
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': sign(data, 'new-credential-secret') })).toEqual(STARTED);
	});

	it('a credential without a secret falls back to the version 1 parameter', async () => {
		const t = await trigger(1, SECRET, '');
		expect(await postForm(t.url, { data }, { 'X-Slicktext-Signature': 'a'.repeat(32) })).toEqual(REFUSED);
	});

	it('without any secret every request is accepted, as before', async () => {
		const t = await trigger(2, undefined, '');
		expect(await postForm(t.url, { data })).toEqual(STARTED);
	});

	it('deliveries within a second read the credential once (a busy brand); a changed secret applies a second later', async () => {
		// The module the engine loaded from dist/, as n8n does: its reuse made long, then short, so that a busy
		// machine's pace cannot change what is read.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { credentialReuse } = require(path.resolve(__dirname, '../../../dist/nodes/shared/transport/credentials.js')) as { credentialReuse: { ms: number } };
		const reuse = credentialReuse.ms;
		try {
			credentialReuse.ms = 60_000;
			const credentials = { slickTextLegacyApi: legacyCredential('first-secret') };
			const t = await startWebhookServer({ type: 'slickTextTrigger', typeVersion: 2, parameters: { platform: 'legacy', legacyEvents: ['*'] }, credentials });
			const reads = credentialReads.count;
			// Each delivery a new event, signed with `secret`.
			const deliver = async (i: number, secret: string) => {
				const event = JSON.stringify({ ...legacyEvents.NewSubscriber, Subscriber: { ...legacyEvents.NewSubscriber.Subscriber, SubscriberId: 9100 + i } });
				return await postForm(t.url, { data: event }, { 'X-Slicktext-Signature': sign(event, secret) });
			};
			for (let i = 0; i < 5; i++) expect(await deliver(i, 'first-secret')).toEqual(STARTED);
			expect(credentialReads.count - reads).toBe(1);
			// Within the reuse, a changed secret is not seen yet; after it, it is.
			// What n8n's next read decrypts (each read a new object).
			credentials.slickTextLegacyApi = legacyCredential('second-secret');
			expect(await deliver(5, 'first-secret')).toEqual(STARTED);
			credentialReuse.ms = 50;
			await new Promise((resolve) => setTimeout(resolve, 100));
			expect(await deliver(6, 'first-secret')).toEqual(REFUSED);
			expect(await deliver(7, 'second-secret')).toEqual(STARTED);
		} finally {
			credentialReuse.ms = reuse;
		}
	});
});
