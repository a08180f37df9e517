'use strict';
// What n8n's UX guidelines ask of the node panel and of two defaults, in n8n's real editor (2.41.1) in
// Chromium, as a user meets them: the node panel ("What triggers this workflow?" and "What happens next?")
// and the SlickText node's own panel. (The trigger's panel is in triggerPanel.js.)
// - the node panel: the SlickText entry shows the SlickText node's own description (n8n merges the
//   trigger into that entry and shows the trigger's description, which therefore starts with the
//   node's), and so does the SlickText Legacy entry, which holds the SlickText Legacy Trigger's events;
// - Campaign > Create starts on Audience Lists, and All Contacts with Send Now or Schedule shows the
//   whole-brand notice (Save as Draft does not);
// - Contact > Create, Additional Fields > Opt-In Status starts on Not Subscribed, and is saved so.
// A failed check leaves a screenshot in the temporary folder and names it.

const assert = require('node:assert/strict');
const os = require('node:os');
const path = require('node:path');

const { openEditor } = require('../../scripts/browser');
const { waitFor } = require('./rest');

const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const ACTION_NODE = 'n8n-nodes-slicktext.slickText';

// What the user must read, word for word (the built nodes say the same; both are checked).
const SLICKTEXT_START = 'Manage contacts, lists, campaigns and more with the SlickText API';
const LEGACY_START = 'Manage textwords, contacts, messages and shortlinks with the legacy SlickText API';
// The SlickText Legacy Trigger's events as n8n's node panel lists them ("On" and the option's name).
const LEGACY_EVENTS = ['On any event', 'On chat message received', 'On contest entry', 'On new subscriber', 'On opt out'];
const WHOLE_BRAND =
	'This texts every subscribed contact of the brand, which can be thousands of people. Each recipient uses message credits.';

exports.title = 'n8n editor in Chromium: the node panel and the SlickText node (two defaults, optional fields in collections)';

/** The descriptions of the built nodes, as n8n loads them from the package. */
function builtDescriptions() {
	const dist = path.resolve(__dirname, '../../dist/nodes');
	const { SlickText } = require(path.join(dist, 'SlickText/SlickText.node.js'));
	const { SlickTextLegacy } = require(path.join(dist, 'SlickTextLegacy/SlickTextLegacy.node.js'));
	return { slickText: new SlickText().description.description, legacy: new SlickTextLegacy().description.description };
}

exports.run = async ({ userFolder, startN8n, ownerSession, stopProcess, check }) => {
	let n8n;
	let editor;
	try {
		const brokerPort = process.env.N8N_RUNNERS_BROKER_PORT ? Number(process.env.N8N_RUNNERS_BROKER_PORT) : undefined;
		n8n = await startN8n(userFolder, { port: PORT, brokerPort, log: 'ignore' });
		await ownerSession(n8n.base);
		const base = n8n.base;
		await check('Chromium and playwright-core are available', async () => {
			editor = await openEditor(base, { viewport: { width: 1280, height: 900 } });
		});
		if (!editor) return;
		const { page, context } = editor;
		const built = builtDescriptions();

		/** A check that leaves a screenshot of the page when it fails. */
		const checked = (name, fn) =>
			check(name, async () => {
				try {
					await fn();
				} catch (error) {
					const file = path.join(os.tmpdir(), `slicktext-e2e-panels-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
					await page.screenshot({ path: file }).catch(() => {});
					// First, as the report shows a failure's first lines.
					error.stack = `screenshot: ${file}\n${error.stack}`;
					throw error;
				}
			});

		const creator = page.locator('[data-test-id="node-creator"]').first();
		const searchBar = page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first();
		const itemNames = page.locator('[data-test-id="node-creator-item-name"]');
		/** The entry of the node panel with this exact name (its name and description). */
		const entry = (name) =>
			page.locator('[data-test-id="item-iterator-item"]').filter({
				has: page.locator('[data-test-id="node-creator-item-name"]').getByText(name, { exact: true }),
			});
		/** The description in a node's details (not an entry of the list underneath). */
		const details = (text) =>
			creator.getByText(text, { exact: true }).and(page.locator(':not([data-test-id="node-creator-item-description"])'));
		const panelTitle = async () => (await page.locator('[data-test-id="nodes-list-header"]').first().innerText()).trim();
		const search = async (text) => {
			await searchBar.fill(text);
			await itemNames.first().waitFor();
			await page.waitForTimeout(400); // the list settles after the search
		};
		/** A new workflow with a Manual Trigger; "What happens next?" opened from its + handle. */
		const whatHappensNext = async () => {
			await page.goto(`${base}/workflow/new`);
			await page.locator('[data-test-id="canvas-add-button"]').click();
			await search('Manual Trigger');
			await itemNames.getByText('Manual Trigger', { exact: true }).first().click();
			const ndv = page.locator('[data-test-id="ndv"]').first();
			if (await ndv.isVisible().catch(() => false)) await page.locator('[data-test-id="ndv-close-button"]').first().click();
			await page.locator('[data-test-id="canvas-handle-plus"]').last().click();
			await creator.waitFor({ state: 'visible' });
			assert.match(await panelTitle(), /^What happens next\?/);
		};
		/** Adds a SlickText (or SlickText Legacy) action after the Manual Trigger and opens its panel. */
		const addAction = async (action, node = 'SlickText') => {
			await whatHappensNext();
			await search(node);
			await entry(node).click();
			await creator.getByText(action, { exact: true }).click();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
			await page.waitForTimeout(600);
		};
		const params = () => page.locator('[data-test-id="node-parameters"]').first();
		const valueOf = async (name) => await params().locator(`[data-test-id="parameter-input-${name}"] input`).first().inputValue();
		const notices = async () => {
			await page.waitForTimeout(500); // the panel re-renders after a change
			return (await params().locator('.notice').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
		};
		const choose = async (name, label) => {
			await params().locator(`[data-test-id="parameter-input-${name}"]`).click();
			await page.locator('.el-select-dropdown__item:visible').filter({ hasText: label }).first().click();
		};

		await checked('node panel: the SlickText entry shows the SlickText node\'s description in both lists; SlickText Legacy holds the legacy events', async () => {
			// "What triggers this workflow?": the trigger list of a new workflow.
			await page.goto(`${base}/workflow/new`);
			await page.locator('[data-test-id="canvas-add-button"]').click();
			await creator.waitFor({ state: 'visible' });
			assert.match(await panelTitle(), /^What triggers this workflow\?/);
			await search('SlickText');
			const shownTrigger = (await entry('SlickText').locator('[data-test-id="node-creator-item-description"]').innerText()).trim();
			assert.ok(shownTrigger.startsWith(`${SLICKTEXT_START},`), `the SlickText entry in the trigger list says: ${shownTrigger}`);
			assert.ok(shownTrigger.startsWith(`${built.slickText},`), `the SlickText entry does not start with the node's description: ${shownTrigger}`);
			const shownLegacy = (await entry('SlickText Legacy').locator('[data-test-id="node-creator-item-description"]').innerText()).trim();
			assert.ok(shownLegacy.startsWith(`${LEGACY_START}`), `the SlickText Legacy entry says: ${shownLegacy}`);
			assert.ok(shownLegacy.startsWith(`${built.legacy},`), `the SlickText Legacy entry does not start with the node's description: ${shownLegacy}`);
			// Opened from the trigger list, SlickText Legacy lists the legacy events (before: "No SlickText Legacy Triggers available").
			await entry('SlickText Legacy').click();
			await creator.getByText(LEGACY_EVENTS[1], { exact: true }).waitFor({ state: 'visible' });
			const names = (await itemNames.allInnerTexts()).map((t) => t.trim());
			for (const event of LEGACY_EVENTS) assert.ok(names.includes(event), `SlickText Legacy's trigger list lacks ${event}: ${names.join(', ')}`);
			assert.equal(await page.locator('[data-test-id="actions-panel-no-triggers-callout"]').count(), 0);
			// "What happens next?": after a trigger, the same entries.
			await whatHappensNext();
			await search('SlickText');
			const shownNext = (await entry('SlickText').locator('[data-test-id="node-creator-item-description"]').innerText()).trim();
			assert.ok(shownNext.startsWith(SLICKTEXT_START), `the SlickText entry in "What happens next?" says: ${shownNext}`);
			assert.ok(shownNext.startsWith(built.slickText), `the SlickText entry does not start with the node's description: ${shownNext}`);
			await entry('SlickText').click();
			await details(shownNext).waitFor({ state: 'visible' });
			assert.match(await creator.innerText(), /Actions \(\d+\)/);
		});

		await checked('Campaign > Create: Audience starts on Lists; All Contacts with Send Now or Schedule shows the whole-brand notice, Save as Draft none', async () => {
			await addAction('Create a campaign');
			assert.deepEqual([await valueOf('resource'), await valueOf('operation')], ['Campaign', 'Create']);
			assert.deepEqual([await valueOf('delivery'), await valueOf('audience')], ['Save as Draft', 'Lists']);
			assert.deepEqual(await notices(), []);
			await choose('delivery', 'Send Now');
			assert.deepEqual(await notices(), [], 'Send Now to lists shows no whole-brand notice');
			await choose('audience', 'All Contacts');
			assert.deepEqual(await notices(), [WHOLE_BRAND]);
			await choose('delivery', 'Schedule');
			assert.deepEqual(await notices(), [WHOLE_BRAND]);
			await choose('delivery', 'Save as Draft');
			assert.deepEqual(await notices(), []);
		});

		await checked('Contact > Create: Additional Fields > Opt-In Status starts on Not Subscribed, and is saved so', async () => {
			await addAction('Create a contact');
			assert.deepEqual([await valueOf('resource'), await valueOf('operation')], ['Contact', 'Create']);
			await params().locator('[data-test-id="collection-parameter-add"]').first().click();
			await page.locator('[data-test-id="collection-parameter-option"]:visible').getByText('Opt-In Status', { exact: true }).click();
			await params().locator('[data-test-id="parameter-input-optInStatus"]').waitFor({ state: 'visible' });
			assert.equal(await valueOf('optInStatus'), 'Not Subscribed');
			// What the workflow keeps: the value sent to SlickText.
			await page.locator('[data-test-id="ndv-close-button"]').first().click();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden' });
			await page.keyboard.press('Control+s');
			await page.waitForURL(/\/workflow\/(?!new)[^/?]+/, { timeout: 10_000 }).catch(() => assert.fail(`not saved: ${page.url()}`));
			const id = page.url().match(/\/workflow\/([^/?]+)/)[1];
			// The address may name the workflow before its save has landed: read it until n8n has it.
			const saved = async () => (await (await context.request.get(`${base}/rest/workflows/${id}`)).json()).data?.nodes?.find((n) => n.type === ACTION_NODE);
			let node;
			// The collection may land empty first and with the option a moment later (a slower machine).
			await waitFor(async () => (node = await saved())?.parameters?.additionalFields?.optInStatus !== undefined, 10_000, 250);
			assert.ok(node, `workflow ${id} was not saved with the SlickText node`);
			assert.deepEqual(node.parameters.additionalFields, { optInStatus: 'not subscribed' });
		});

		// As n8n's UX guidelines ask, optional fields are in collections, not at the top of the panel (version 2).
		/** The options an "Add" button of a collection offers. */
		const collectionOffers = async (which) => {
			const add = params().locator('[data-test-id="collection-parameter-add"]:visible')[which]();
			await add.scrollIntoViewIfNeeded();
			await add.click();
			await page.waitForTimeout(300);
			const offered = (await page.locator('[data-test-id="collection-parameter-option"]:visible').allInnerTexts()).map((t) => t.trim());
			await page.keyboard.press('Escape');
			await page.waitForTimeout(300);
			return offered;
		};
		await checked('SlickText Legacy > Send and Wait for Reply and Contact > Opt In: no optional field at the top; the answer words in Options, the opt-in message in Additional Fields', async () => {
			await addAction('Send a text and wait for the reply', 'SlickText Legacy');
			assert.deepEqual([await valueOf('resource'), await valueOf('operation')], ['Message', 'Send and Wait for Reply']);
			assert.equal(await params().locator('[data-test-id="parameter-input-yesWords"]').count(), 0, 'Yes Words is at the top of the panel');
			assert.equal(await params().locator('[data-test-id="parameter-input-noWords"]').count(), 0, 'No Words is at the top of the panel');
			const options = await collectionOffers('last');
			assert.deepEqual(options, ['Accept Unverified Replies', 'Limit Wait Time', 'No Words', 'Yes Words']);
			await choose('responseType', 'Free Text');
			await page.waitForTimeout(300);
			assert.deepEqual(await collectionOffers('last'), ['Accept Unverified Replies', 'Limit Wait Time'], 'Free Text takes no answer words');

			await addAction('Opt in a contact', 'SlickText Legacy');
			assert.deepEqual([await valueOf('resource'), await valueOf('operation')], ['Contact', 'Opt In']);
			assert.equal(await params().locator('[data-test-id="parameter-input-doubleOptInMessage"]').count(), 0, 'Double Opt-In Message is at the top of the panel');
			assert.ok((await collectionOffers('first')).includes('Double Opt-In Message'), 'Additional Fields offers Double Opt-In Message');
			await choose('optInMethod', 'Opt In Silently');
			await page.waitForTimeout(300);
			assert.ok(!(await collectionOffers('first')).includes('Double Opt-In Message'), 'a silent opt-in sends no message');
		});
	} finally {
		if (editor) await editor.close();
		if (n8n) await stopProcess(n8n.child);
	}
};
