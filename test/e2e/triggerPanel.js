'use strict';
// The SlickText triggers' panels in n8n's real editor (2.41.1), driven with Debian's Chromium through
// playwright-core (installed once into the runtime cache, as `npm run screenshots` does): each
// platform's credential shows when it is needed, turning Confirm Events on or off or picking a credential
// changes nothing else, and at most one notice shows. What the panel saves is read back over the REST API.
// Before, n8n's editor took `platform` for the node's authentication selector (both credentials
// hung on it), hid it, and picking a credential or turning Confirm Events on rewrote it.
// As n8n's UX guidelines ask, the notice leads to the Production URL the way the panel shows it (Webhook URLs opens
// folded, on its Test URL tab).
// Nothing can switch a trigger's platform and so clear its settings: the SlickText Trigger
// (version 3) is the current platform's, and the SlickText Legacy Trigger, under SlickText Legacy in the
// node panel, the legacy one's. A version 2 trigger (made before) keeps Platform, whose list says what a
// switch clears. A failed check leaves a screenshot in the temporary folder and names it.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { openEditor } = require('../../scripts/browser');

const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const EXAMPLE4_ID = 'e2ePanelExample04';
const TRIGGER = 'n8n-nodes-slicktext.slickTextTrigger';
const LEGACY_TRIGGER = 'n8n-nodes-slicktext.slickTextLegacyTrigger';
const VERSION2_ID = 'e2ePanelVersion2';
// The notices and what the Platform list says, word for word as the user reads them.
const CURRENT_NOTICE =
	'Open Webhook URLs above, choose Production URL and add that URL in SlickText under Settings > API & Webhooks > Webhooks, ticking the events chosen below';
const LEGACY_NOTICE =
	'Open Webhook URLs above, choose Production URL, add that URL as a webhook in the legacy dashboard and put its secret into the SlickText Legacy API credential (without one, every request is accepted)';
const TO_LEGACY_CLEARS = "Switching to it clears 'Events' and 'Confirm Events with SlickText'.";
const TO_CURRENT_CLEARS = "Switching to it clears the legacy 'Events' (and 'Webhook Secret', on older nodes).";

exports.title = 'n8n editor in Chromium: the SlickText Trigger panel';

function exampleFour() {
	const file = path.resolve(__dirname, '../../examples/04-new-subscriber-to-welcome-list.json');
	return { ...JSON.parse(fs.readFileSync(file, 'utf8')), id: EXAMPLE4_ID, name: 'e2e panel: example 4 as shipped', versionId: `${EXAMPLE4_ID}-v1` };
}

/** A SlickText Trigger of version 2 (Platform Current), as workflows made before version 3 have it. */
function versionTwo() {
	const wf = exampleFour();
	const nodes = wf.nodes.map((n) => (n.type === TRIGGER ? { ...n, typeVersion: 2, parameters: { platform: 'current', ...n.parameters } } : n));
	return { ...wf, nodes, id: VERSION2_ID, name: 'e2e panel: a version 2 trigger', versionId: `${VERSION2_ID}-v1` };
}

exports.workflows = () => [exampleFour(), versionTwo()];

/** What the panel shows: visible parameters (in order), the Platform value, credential labels, notices. */
async function panel(page) {
	await page.waitForTimeout(600); // the panel re-renders after a change
	return await page.locator('[data-test-id="ndv"]').first().evaluate((ndv) => {
		const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
		const params = ndv.querySelector('[data-test-id="node-parameters"]');
		const names = [...params.querySelectorAll('[data-test-id^="parameter-input-"]')]
			.filter(visible)
			.map((el) => el.getAttribute('data-test-id').replace('parameter-input-', ''))
			.filter((name) => name !== 'field');
		const platform = params.querySelector('[data-test-id="parameter-input-platform"] input');
		const events = [...params.querySelectorAll('[data-test-id="parameter-input-events"] .el-tag, [data-test-id="parameter-input-legacyEvents"] .el-tag')].map((t) => t.innerText.trim());
		return {
			names: [...new Set(names)],
			platform: platform ? platform.value : undefined,
			events,
			credentials: [...params.querySelectorAll('[data-test-id="credentials-label"]')].filter(visible).map((el) => el.innerText.split('\n')[0].trim()),
			// The credential picked in each credential field shown ('' when none is).
			picked: [...params.querySelectorAll('[data-test-id="node-credentials-select"]')].filter(visible).map((el) => (el.querySelector('input') || {}).value ?? ''),
			confirmEvents: !!params.querySelector('[data-test-id="parameter-input-confirmEvents"] .el-switch.is-checked'),
			ignoreRepeatedDeliveries: !!params.querySelector('[data-test-id="parameter-input-ignoreRepeatedDeliveries"] .el-switch.is-checked'),
			notices: [...params.querySelectorAll('.notice')].filter(visible).map((el) => el.innerText.trim()),
		};
	});
}

exports.run = async ({ userFolder, startN8n, ownerSession, stopProcess, check }) => {
	let n8n;
	let context;
	let editor;
	try {
		const brokerPort = process.env.N8N_RUNNERS_BROKER_PORT ? Number(process.env.N8N_RUNNERS_BROKER_PORT) : undefined;
		n8n = await startN8n(userFolder, { port: PORT, brokerPort, log: 'ignore' });
		await ownerSession(n8n.base);
		const base = n8n.base;
		await check('Chromium and playwright-core are available', async () => {
			editor = await openEditor(base, { viewport: { width: 1280, height: 900 } });
			context = editor.context;
		});
		if (!context) return;
		const page = context.pages()[0] || (await context.newPage());
		/** A check that leaves a screenshot of the page when it fails. */
		const checked = (name, fn) =>
			check(name, async () => {
				try {
					await fn();
				} catch (error) {
					const file = path.join(os.tmpdir(), `slicktext-e2e-panel-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
					await page.screenshot({ path: file }).catch(() => {});
					// First, as the report shows a failure's first lines.
					error.stack = `screenshot: ${file}\n${error.stack}`;
					throw error;
				}
			});
		const saved = async (id, type = TRIGGER) => {
			const wf = (await (await context.request.get(`${base}/rest/workflows/${id}`)).json()).data;
			const node = wf.nodes.find((n) => n.type === type);
			return { parameters: node.parameters, credentials: Object.keys(node.credentials || {}).sort() };
		};
		/** Closes the panel and saves; returns the workflow's id. */
		const save = async () => {
			await page.locator('[data-test-id="ndv-close-button"]').first().click();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden' });
			await page.keyboard.press('Control+s');
			for (let i = 0; !/\/workflow\/(?!new)[^/?]+/.test(page.url()); i++) {
				assert.ok(i < 40, `not saved: ${page.url()}`);
				await page.waitForTimeout(250);
			}
			await page.waitForTimeout(1000);
			return page.url().match(/\/workflow\/([^/?]+)/)[1];
		};
		const openTrigger = async () => {
			await page.locator(`[data-test-id="canvas-node"][data-node-type="${TRIGGER}"], [data-test-id="canvas-node"][data-node-name^="SlickText Trigger"]`).first().dblclick();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
		};
		/** A new workflow with a trigger added from the node picker (entry, then event), its panel open. */
		const newTrigger = async (entryName = 'SlickText', event = 'On contact created') => {
			await page.goto(`${base}/workflow/new`);
			await page.locator('[data-test-id="canvas-add-button"]').click();
			await page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first().fill('SlickText');
			const items = page.locator('[data-test-id="node-creator-item-name"]');
			await items.first().waitFor();
			await items.getByText(entryName, { exact: true }).first().click();
			await items.getByText(event, { exact: true }).click();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
		};
		const toggle = async (name) => page.locator(`[data-test-id="parameter-input-${name}"] .el-switch`).first().click();
		/** Picks a platform; returns what the list showed before the pick: {label: text of the option}. */
		const choosePlatform = async (label) => {
			await page.locator('[data-test-id="parameter-input-platform"]').click();
			const options = page.locator('.el-select-dropdown__item:visible');
			await options.first().waitFor();
			const shown = {};
			for (const text of await options.allInnerTexts()) {
				const [name, ...rest] = text.trim().split('\n');
				shown[name.trim()] = rest.join(' ').replace(/\s+/g, ' ').trim();
			}
			// By the start of its text: an option's help may name the other platform.
			await options.filter({ hasText: new RegExp(`^\\s*${label}`) }).first().click();
			return shown;
		};
		const chooseEvent = async (name, label) => {
			await page.locator(`[data-test-id="parameter-input-${name}"]`).click();
			await page.locator('.el-select-dropdown__item:visible').filter({ hasText: label }).first().click();
			await page.keyboard.press('Escape');
		};
		const chooseCredential = async (name) => {
			await page.locator('[data-test-id="node-credentials-select"]').first().click();
			await page.locator('.el-select-dropdown__item:visible').filter({ hasText: name }).first().click();
		};

		await checked('panel: examples/04 shows its event, its credential and Confirm Events, and no Platform, with one notice that leads to the Production URL as the panel shows it; opening it changes nothing', async () => {
			await page.goto(`${base}/workflow/${EXAMPLE4_ID}`);
			await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
			const file = exampleFour().nodes.find((n) => n.type === TRIGGER);
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${file.name}"]`).dblclick();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
			const shown = await panel(page);
			assert.deepEqual(shown.names, ['events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
			assert.equal(shown.platform, undefined);
			assert.deepEqual(shown.events, ['Contact Created']);
			assert.deepEqual(shown.credentials, ['Credential for SlickText API']);
			assert.deepEqual(shown.notices, [CURRENT_NOTICE]);
			// Where the notice sends the user: Webhook URLs, above it, opens folded and on its Test URL tab;
			// its Production URL tab holds the URL to paste into SlickText.
			const ndv = page.locator('[data-test-id="ndv"]').first();
			const headline = ndv.getByText('Webhook URLs', { exact: true });
			const notice = ndv.locator('[data-test-id="node-parameters"] .notice').first();
			assert.ok((await headline.boundingBox()).y < (await notice.boundingBox()).y, 'Webhook URLs is not above the notice');
			assert.equal(await ndv.locator('[data-test-id="radio-button-production"]').isVisible(), false, 'Webhook URLs is not folded');
			await headline.click();
			await ndv.locator('[data-test-id="radio-button-production"]').waitFor({ state: 'visible' });
			assert.equal(await ndv.locator('[data-test-id="radio-button-test"]').getAttribute('aria-checked'), 'true');
			const url = async () => (await ndv.locator('.webhook-url').first().innerText()).trim();
			assert.match(await url(), /\/webhook-test\/[^/]+\/webhook$/);
			await ndv.locator('[data-test-id="radio-button-production"]').click();
			await page.waitForTimeout(300);
			assert.match(await url(), /^http:\/\/localhost:\d+\/webhook\/[^/]+\/webhook$/);
			await page.keyboard.press('Escape');
			assert.deepEqual(await saved(EXAMPLE4_ID), { parameters: file.parameters, credentials: ['slickTextApi'] });
		});

		let firstId;
		await checked('panel: a new trigger shows its events, its credential (optional, picked by n8n) and one notice, and no Platform; turning Confirm Events on and off keeps the events', async () => {
			await newTrigger();
			let shown = await panel(page);
			assert.deepEqual(shown.names, ['events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
			// The credential shows from the start (waiting workflows sign their waits with it).
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices], [undefined, ['Contact Created'], ['Credential for SlickText API'], [CURRENT_NOTICE]]);
			await toggle('confirmEvents');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices.length], [undefined, ['Contact Created'], ['Credential for SlickText API'], 1]);
			firstId = await save();
			assert.deepEqual(await saved(firstId), { parameters: { events: ['contact_created'], confirmEvents: true }, credentials: ['slickTextApi'] });
			await openTrigger();
			await toggle('confirmEvents');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices.length], [undefined, ['Contact Created'], ['Credential for SlickText API'], 1]);
			await save();
			assert.deepEqual((await saved(firstId)).parameters, { events: ['contact_created'] });
		});

		await checked('panel: the SlickText Legacy Trigger, from SlickText Legacy in the node panel, shows the event picked, its credential and one notice, and no Platform', async () => {
			await newTrigger('SlickText Legacy', 'On opt out');
			let shown = await panel(page);
			assert.deepEqual(shown.names, ['legacyEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
			// Its one credential type: n8n labels the field "Credential".
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices], [undefined, ['Opt Out'], ['Credential'], [LEGACY_NOTICE]], JSON.stringify(shown));
			await chooseCredential('SlickText sandbox (legacy API)');
			await chooseEvent('legacyEvents', 'New Subscriber');
			await toggle('ignoreRepeatedDeliveries');
			shown = await panel(page);
			assert.deepEqual([shown.events, shown.picked, shown.ignoreRepeatedDeliveries], [['Opt Out', 'New Subscriber'], ['SlickText sandbox (legacy API)'], false], JSON.stringify(shown));
			const id = await save();
			const kept = await saved(id, LEGACY_TRIGGER);
			assert.deepEqual(kept, {
				parameters: { legacyEvents: ['OptOut', 'NewSubscriber'], ignoreRepeatedDeliveries: false },
				credentials: ['slickTextLegacyApi'],
			}, JSON.stringify(kept));
		});

		await checked('panel: a version 2 trigger keeps Platform, and its list says what a switch clears; Legacy shows its events, its credential and one notice', async () => {
			await page.goto(`${base}/workflow/${VERSION2_ID}`);
			await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
			await openTrigger();
			let shown = await panel(page);
			assert.deepEqual(shown.names, ['platform', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
			assert.deepEqual([shown.platform, shown.events, shown.notices], ['Current', ['Contact Created'], [CURRENT_NOTICE]]);
			const listed = await choosePlatform('Legacy');
			assert.ok(listed.Legacy.endsWith(TO_LEGACY_CLEARS), `Legacy in the Platform list: ${listed.Legacy}`);
			assert.ok(listed.Current.endsWith(TO_CURRENT_CLEARS), `Current in the Platform list: ${listed.Current}`);
			shown = await panel(page);
			assert.deepEqual(shown.names, ['platform', 'legacyEvents', 'ignoreRepeatedDeliveries', 'personRuns']);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices], ['Legacy', [], ['Credential for SlickText Legacy API'], [LEGACY_NOTICE]]);
		});

		await checked('panel: with the legacy credential used last, a new trigger keeps its events when Confirm Events is turned on', async () => {
			await newTrigger();
			await toggle('confirmEvents');
			let shown = await panel(page);
			assert.deepEqual([shown.names, shown.events, shown.credentials], [['events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns'], ['Contact Created'], ['Credential for SlickText API']]);
			// Picking the current credential again changes nothing either.
			await chooseCredential('SlickText sandbox (current API)');
			shown = await panel(page);
			assert.deepEqual([shown.names, shown.events], [['events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'personRuns'], ['Contact Created']]);
			const id = await save();
			assert.deepEqual(await saved(id), { parameters: { events: ['contact_created'], confirmEvents: true }, credentials: ['slickTextApi'] });
		});
	} finally {
		if (editor) await editor.close();
		if (n8n) await stopProcess(n8n.child);
	}
};
