import type { IWebhookFunctions } from 'n8n-workflow';

import { credentialsRecent } from '../shared/transport/credentials';

/**
 * The legacy webhook secret: the Webhook Secret of the SlickText Legacy API credential (encrypted,
 * not exported with the workflow). Version 1 of the trigger kept it in the node's own Webhook Secret
 * parameter; that is still read when the credential has none, so a workflow that has not been moved
 * keeps refusing unsigned requests. Empty: no signature check. The credential as read for a delivery of
 * the last second (credentialsRecent), or with `fresh` read anew (a look for unfinished replies runs
 * minutes after the request that started it).
 */
export async function legacyWebhookSecret(ctx: IWebhookFunctions, fresh = false): Promise<string> {
	if (ctx.getNode().credentials?.slickTextLegacyApi) {
		const credentials = fresh ? await ctx.getCredentials('slickTextLegacyApi') : await credentialsRecent(ctx, 'slickTextLegacyApi');
		const secret = String(credentials.webhookSecret ?? '').trim();
		if (secret !== '') return secret;
	}
	return String(ctx.getNodeParameter('webhookSecret', '')).trim();
}
