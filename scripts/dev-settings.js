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

module.exports = { devN8nEnv, replyCommandLine };
