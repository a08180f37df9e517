'use strict';
// The SlickText Trigger's panel in n8n's real editor (2.41.1), driven with Debian's Chromium through
// playwright-core (installed once into the runtime cache, as `npm run screenshots` does): Platform is
// always shown and only the user changes it, each platform's credential shows when it is needed, turning
// Confirm Events on or off or picking a credential changes nothing else, and at most one notice shows.
// What the panel saves is read back over the REST API. Issue 31: before, n8n's editor took `platform` for
// the node's authentication selector (both credentials hung on it), hid it, and picking a credential or
// turning Confirm Events on rewrote it.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { openEditor } = require('../../scripts/browser');

const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const EXAMPLE4_ID = 'e2ePanelExample04';
const TRIGGER = 'n8n-nodes-slicktext.slickTextTrigger';

exports.title = 'n8n editor in Chromium: the SlickText Trigger panel';

function exampleFour() {
	const file = path.resolve(__dirname, '../../examples/04-new-subscriber-to-welcome-list.json');
	return { ...JSON.parse(fs.readFileSync(file, 'utf8')), id: EXAMPLE4_ID, name: 'e2e panel: example 4 as shipped', versionId: `${EXAMPLE4_ID}-v1` };
}

exports.workflows = () => [exampleFour()];

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
			notices: [...params.querySelectorAll('.notice')].filter(visible).map((el) => el.innerText.trim()),
		};
	});
}

exports.run = async ({ userFolder, startN8n, ownerSession, stopProcess, check }) => {
	let n8n;
	let context;
	let editor;
	try {
		n8n = await startN8n(userFolder, { port: PORT, log: 'ignore' });
		await ownerSession(n8n.base);
		const base = n8n.base;
		await check('Chromium and playwright-core are available', async () => {
			editor = await openEditor(base, { viewport: { width: 1280, height: 900 } });
			context = editor.context;
		});
		if (!context) return;
		const page = context.pages()[0] || (await context.newPage());
		const saved = async (id) => {
			const wf = (await (await context.request.get(`${base}/rest/workflows/${id}`)).json()).data;
			const node = wf.nodes.find((n) => n.type === TRIGGER);
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
		/** A new workflow with a SlickText Trigger added from the node picker, its panel open. */
		const newTrigger = async () => {
			await page.goto(`${base}/workflow/new`);
			await page.locator('[data-test-id="canvas-add-button"]').click();
			await page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first().fill('SlickText');
			const items = page.locator('[data-test-id="node-creator-item-name"]');
			await items.first().waitFor();
			await items.getByText('SlickText', { exact: true }).first().click();
			await items.getByText('On contact created', { exact: true }).click();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
		};
		const toggle = async (name) => page.locator(`[data-test-id="parameter-input-${name}"] .el-switch`).first().click();
		const choosePlatform = async (label) => {
			await page.locator('[data-test-id="parameter-input-platform"]').click();
			await page.locator('.el-select-dropdown__item:visible').filter({ hasText: label }).first().click();
		};
		const chooseCredential = async (name) => {
			await page.locator('[data-test-id="node-credentials-select"]').first().click();
			await page.locator('.el-select-dropdown__item:visible').filter({ hasText: name }).first().click();
		};

		await check('panel: examples/04 shows Platform (Current), its event, its credential and Confirm Events, with one notice; opening it changes nothing', async () => {
			await page.goto(`${base}/workflow/${EXAMPLE4_ID}`);
			await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
			const file = exampleFour().nodes.find((n) => n.type === TRIGGER);
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${file.name}"]`).dblclick();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
			const shown = await panel(page);
			assert.deepEqual(shown.names, ['platform', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries']);
			assert.equal(shown.platform, 'Current');
			assert.deepEqual(shown.events, ['Contact Created']);
			assert.deepEqual(shown.credentials, ['Credential for SlickText API']);
			assert.equal(shown.notices.length, 1, `notices: ${JSON.stringify(shown.notices)}`);
			await page.keyboard.press('Escape');
			assert.deepEqual(await saved(EXAMPLE4_ID), { parameters: file.parameters, credentials: ['slickTextApi'] });
		});

		let firstId;
		await check('panel: a new trigger shows Platform and one notice; turning Confirm Events on and off keeps Platform and Events', async () => {
			await newTrigger();
			let shown = await panel(page);
			assert.deepEqual(shown.names, ['platform', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries']);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices.length], ['Current', ['Contact Created'], [], 1]);
			await toggle('confirmEvents');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices.length], ['Current', ['Contact Created'], ['Credential for SlickText API'], 1]);
			firstId = await save();
			assert.deepEqual(await saved(firstId), { parameters: { events: ['contact_created'], confirmEvents: true }, credentials: ['slickTextApi'] });
			await openTrigger();
			await toggle('confirmEvents');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events, shown.credentials, shown.notices.length], ['Current', ['Contact Created'], [], 1]);
			await save();
			assert.deepEqual((await saved(firstId)).parameters, { events: ['contact_created'] });
		});

		await check('panel: Legacy shows its events, its credential and one notice; picking the credential keeps Legacy; back on Current the common setting is kept', async () => {
			await newTrigger();
			await toggle('ignoreRepeatedDeliveries');
			await choosePlatform('Legacy');
			let shown = await panel(page);
			assert.deepEqual(shown.names, ['platform', 'legacyEvents', 'ignoreRepeatedDeliveries']);
			assert.deepEqual([shown.platform, shown.credentials, shown.notices.length], ['Legacy', ['Credential for SlickText Legacy API'], 1]);
			await chooseCredential('SlickText sandbox (legacy API)');
			shown = await panel(page);
			assert.equal(shown.platform, 'Legacy');
			const id = await save();
			assert.deepEqual(await saved(id), { parameters: { platform: 'legacy', ignoreRepeatedDeliveries: false }, credentials: ['slickTextLegacyApi'] });
			await openTrigger();
			await choosePlatform('Current');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.credentials, shown.notices.length], ['Current', [], 1]);
			await save();
			assert.deepEqual((await saved(id)).parameters, { ignoreRepeatedDeliveries: false });
		});

		await check('panel: with the legacy credential used last, a new trigger stays on Current when Confirm Events is turned on (issue 31)', async () => {
			await newTrigger();
			await toggle('confirmEvents');
			let shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events, shown.credentials], ['Current', ['Contact Created'], ['Credential for SlickText API']]);
			// Picking the current credential again changes nothing either.
			await chooseCredential('SlickText sandbox (current API)');
			shown = await panel(page);
			assert.deepEqual([shown.platform, shown.events], ['Current', ['Contact Created']]);
			const id = await save();
			assert.deepEqual(await saved(id), { parameters: { events: ['contact_created'], confirmEvents: true }, credentials: ['slickTextApi'] });
		});
	} finally {
		if (editor) await editor.close();
		if (n8n) await stopProcess(n8n.child);
	}
};
