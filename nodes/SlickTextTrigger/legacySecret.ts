import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/**
 * The legacy webhook secret: the Webhook Secret of the SlickText Legacy API credential (encrypted,
 * not exported with the workflow). Version 1 of the trigger kept it in the node's own Webhook Secret
 * parameter; that is still read when the credential has none, so a workflow that has not been moved
 * keeps refusing unsigned requests. Empty: no signature check.
 */
export async function legacyWebhookSecret(ctx: IWebhookFunctions): Promise<string> {
	if (ctx.getNode().credentials?.slickTextLegacyApi) {
		const credentials = (await ctx.getCredentials('slickTextLegacyApi')) as IDataObject;
		const secret = String(credentials.webhookSecret ?? '').trim();
		if (secret !== '') return secret;
	}
	return String(ctx.getNodeParameter('webhookSecret', '')).trim();
}
