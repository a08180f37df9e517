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
function replyCommandLine({ sandboxOrigin, repliesUrl, from, text, platform = 'legacy' }) {
	const quoted = /^[\w+]+$/.test(text) ? text : `"${text}"`;
	return `npm run sandbox -- reply --sandbox ${sandboxOrigin} --platform ${platform} --to ${repliesUrl} --from ${from} --text ${quoted}`;
}

/** The webhook secret `npm run dev` gives the sandbox and the legacy credential: the replies it plays are signed with it. */
const DEV_WEBHOOK_SECRET = 'dev-webhook-secret';

/** Example 8's guests in `npm run dev`: a textword of their own in the sandbox, so that the RSVP texts five people. */
const DEV_GUESTS = [
	{ number: '+16175550121', firstName: 'Ada' },
	{ number: '+16175550122', firstName: 'Ben' },
	{ number: '+16175550123', firstName: 'Cleo' },
	{ number: '+16175550124', firstName: 'Dev' },
	{ number: '+16175550125', firstName: 'Eli' },
];

/** The list example 9 asks (the sandbox's Tasting Panel) and the one it adds those who said yes to (Holiday Signups). */
const DEV_POLL_LIST = '4';

/**
 * Readies examples 7-9 for `npm run dev` so that they run as the printed steps say: the reply triggers
 * wired (wireReplyTriggers), example 8's guests on a textword of their own in the sandbox. Returns what
 * the steps need: the reply URLs, the guests' textword, and the IDs of the workflows to publish (those
 * whose SlickText-Replies take the sandbox's replies).
 */
function prepareDevExamples(workflows, sandbox, port, newId) {
	const replyTriggerUrls = wireReplyTriggers(workflows, port, newId);
	const guestsTextword = sandbox.addLegacyTextword('RSVP', DEV_GUESTS);
	const rsvp = workflows.find((w) => w.name.startsWith('Example 8:'));
	for (const node of rsvp?.nodes ?? []) if (node.parameters?.textwordId) node.parameters.textwordId = { __rl: true, mode: 'id', value: guestsTextword };
	const publish = workflows.filter((w) => w.nodes.some((n) => n.name === 'SlickText-Replies' && triggerPlatform(n))).map((w) => w.id);
	return { replyTriggerUrls, guestsTextword, publish };
}

/**
 * The steps `npm run dev` prints for the two-way examples: what to run in the editor, and the command
 * that plays each person's answer through the sandbox (from another terminal). The e2e suite follows
 * exactly these lines (test/e2e/devPath.js).
 */
function twoWaySteps({ sandboxOrigin, replyTriggerUrls, guestsTextword }) {
	const legacy = (from, text) => `  ${replyCommandLine({ sandboxOrigin, repliesUrl: replyTriggerUrls.legacy, from, text })}`;
	const lines = ['Two-way texts, step by step. Open the example, choose its start next to Execute workflow, run it,'];
	lines.push('then answer as the people would, from another terminal (the sandbox plays their texts):');
	lines.push('');
	if (replyTriggerUrls.legacy) {
		lines.push('Example 7, one reminder: run "Try It (Manual)". Rosa gets the reminder; she confirms:');
		lines.push(legacy('+16175550107', 'C'));
		lines.push('  (C confirms, R reschedules; the output takes the Confirmed or Reschedule branch.)');
		lines.push('Example 7, a list: run "Every Morning". Three people get a reminder; they answer:');
		lines.push(legacy('+16175550107', 'C'));
		lines.push(legacy('+16175550112', 'C'));
		lines.push(legacy('+16175550119', 'R'));
		lines.push(`Example 8, an RSVP: run "Try It (Manual)". Five guests get the question; all of them answer:`);
		lines.push(`  npm run sandbox -- reply --sandbox ${sandboxOrigin} --platform legacy --to ${replyTriggerUrls.legacy} --from-textword ${guestsTextword} --percent 100 --text "YES,NO"`);
		lines.push('  (Once everyone answered, RSVP by Text puts out each guest, and Text the Organiser texts the count.)');
	}
	if (replyTriggerUrls.current) {
		lines.push(`Example 9, a question to a list: run "Try It (Manual)". List ${DEV_POLL_LIST}'s subscribers get one campaign; they answer:`);
		lines.push(`  npm run sandbox -- reply --sandbox ${sandboxOrigin} --to ${replyTriggerUrls.current} --from-list ${DEV_POLL_LIST} --percent 100 --text "YES,NO"`);
		lines.push('  (Once everyone answered, those who said yes join list 5.)');
	}
	lines.push('');
	lines.push('Examples 7 and 9 are published: their SlickText-Replies take the replies (the credentials name them in');
	lines.push("'Trigger URL for Replies'), and the legacy credential's Webhook Secret is the sandbox's, so its texts are signed.");
	return lines;
}

const HAND_OUT = 'startPersonRuns';
const WAITS_OR_HANDS_OUT = new Set(['sendAndWait', 'waitForReply', 'askAndWait', HAND_OUT]);

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

module.exports = { DEV_GUESTS, DEV_POLL_LIST, DEV_WEBHOOK_SECRET, devN8nEnv, prepareDevExamples, replyCommandLine, twoWaySteps, wireReplyTriggers };
