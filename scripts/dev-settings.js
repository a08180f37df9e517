'use strict';
// What `npm run dev` (scripts/dev.js) hands n8n and prints, apart from dev.js so that a test can check it
// (test/scripts/devSettings.test.ts).

/**
 * n8n's environment for `npm run dev`: its webhooks and waiting executions on the address it listens on.
 * N8N_WEBHOOK_URL, not WEBHOOK_URL: n8n 2.41 reads both but warns that WEBHOOK_URL is deprecated
 * ("Use N8N_WEBHOOK_URL instead"), and the runtime `npm run dev` installs is n8n 2.41.1.
 */
function devN8nEnv(port) {
	return { N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/` };
}

/**
 * The command that plays a person's reply through the dev sandbox. It names the sandbox's address:
 * the command runs in another terminal, where SLICKTEXT_SANDBOX_PORT, if dev had it, is likely unset.
 */
function replyCommandLine({ sandboxOrigin, repliesUrl, from, text }) {
	return `npm run sandbox -- reply --sandbox ${sandboxOrigin} --platform legacy --to ${repliesUrl} --from ${from} --text ${text}`;
}

const HAND_OUT = 'startPersonRuns';
const WAITS_OR_HANDS_OUT = new Set(['sendAndWait', 'waitForReply', HAND_OUT]);

/** The platform of a SlickText trigger node, or undefined for any other node. */
function triggerPlatform(node) {
	if (node.type.endsWith('.slickTextLegacyTrigger')) return 'legacy';
	if (node.type.endsWith('.slickTextTrigger')) return node.parameters.platform === 'legacy' ? 'legacy' : 'current';
	return undefined;
}

/**
 * Readies the examples that wait for replies (7-9) for `npm run dev` as a user would after publishing
 * them: each such workflow's SlickText trigger gets a webhook id, the first of each platform becomes the
 * credential's Trigger URL for Replies (returned per platform), and a Start Each Person's Run in another
 * workflow names its own workflow's trigger in Trigger URL (a trigger takes hand-outs of its own workflow
 * only). Changes `workflows` in place.
 */
function wireReplyTriggers(workflows, port, newId = () => require('node:crypto').randomUUID()) {
	const urlOf = (node) => `http://127.0.0.1:${port}/webhook/${node.webhookId}/webhook`;
	const replyTriggerUrls = {};
	for (const workflow of workflows) {
		if (!workflow.nodes.some((n) => WAITS_OR_HANDS_OUT.has(n.parameters?.operation))) continue;
		const trigger = workflow.nodes.find((n) => triggerPlatform(n));
		if (!trigger) continue;
		trigger.webhookId ??= newId();
		const own = urlOf(trigger);
		const platform = triggerPlatform(trigger);
		replyTriggerUrls[platform] ??= own;
		if (replyTriggerUrls[platform] === own) continue;
		for (const handOut of workflow.nodes.filter((n) => n.parameters?.operation === HAND_OUT)) handOut.parameters.triggerUrl ||= own;
	}
	return replyTriggerUrls;
}

module.exports = { devN8nEnv, replyCommandLine, wireReplyTriggers };
