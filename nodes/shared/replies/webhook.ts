/**
 * The webhook of both action nodes, where n8n resumes an execution that waits: a poll's end (Ask and
 * Wait, askAndWait.ts) or one person's reply (Send and Wait for Reply, Wait for Reply: waiting.ts).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { pollEndWebhook } from './askAndWait';
import { replyWebhook } from './waiting';

export async function nodeWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return pollEndWebhook(this) ?? (await replyWebhook.call(this));
}
