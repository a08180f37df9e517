'use strict';
// The example workflows of examples/, for `npm run dev` and the end-to-end tests.
//
// The files carry no workflow id, version id or active flag: n8n's public API refuses a workflow with
// any of them ("request/body/id is read-only"), and an id in the file would be the same on every n8n
// that imports it by command line. Here each gets a fixed local id, so that the tests can run a known
// workflow (`n8n execute --id`) and a second `npm run dev` replaces the first import instead of adding
// copies.

const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'examples');

/** The local id of each example, by the number its file name starts with (at most 21 characters). */
const LOCAL_IDS = {
	'01': 'exFormToContact01',
	'02': 'exEventSendsText2',
	'03': 'exListHygiene003',
	'04': 'exNewSubscriber04',
	'05': 'exAiAgentTools005',
	'06': 'exAnyEndpoint006',
	'07': 'exReminderReply07',
	'08': 'exRsvpByDeadline08',
	'09': 'exCampaignPoll009',
};

/** The example files' names, in order. */
function exampleFiles() {
	return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
}

/** Each example as shipped (no ids), with its file name: [{file, workflow}]. */
function shippedExamples() {
	return exampleFiles().map((file) => ({ file, workflow: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}

/** SlickText's own addresses, as the examples give them (example 6's HTTP Request URLs). */
const SLICKTEXT_BASE_URLS = { current: 'https://dev.slicktext.com/v1', legacy: 'https://api.slicktext.com/v1' };

/**
 * A workflow's SlickText addresses moved to a sandbox's: the files give SlickText's own (what a user
 * imports), `npm run dev` and the e2e suite call their sandbox.
 */
function pointedAt(workflow, sandbox) {
	if (!sandbox) return workflow;
	const text = JSON.stringify(workflow)
		.replaceAll(SLICKTEXT_BASE_URLS.legacy, sandbox.legacyBaseUrl)
		.replaceAll(SLICKTEXT_BASE_URLS.current, sandbox.currentBaseUrl);
	return JSON.parse(text);
}

/** The examples as `npm run dev` and the e2e suite import them: each with its local id, at the sandbox given. */
function exampleWorkflows({ sandbox } = {}) {
	return shippedExamples().map(({ file, workflow }) => {
		const id = LOCAL_IDS[file.slice(0, 2)];
		if (!id) throw new Error(`examples/${file}: no local id in scripts/examples.js`);
		return { ...pointedAt(workflow, sandbox), id, versionId: `${id}-v1` };
	});
}

module.exports = { dir, LOCAL_IDS, SLICKTEXT_BASE_URLS, exampleFiles, shippedExamples, exampleWorkflows, pointedAt };
