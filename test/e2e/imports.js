'use strict';
// Issue 33.5: the example files exactly as shipped, imported the three ways people import workflows,
// published, and started from the production URL n8n shows for them:
//  - n8n's command line (`n8n import:workflow --separate --input <folder>`, then `n8n publish:workflow`),
//    what self-hosters script. n8n keeps the file as it is: a webhook node gets no webhookId, so its URL
//    is <workflow id>/<node name>/<path> (node names without spaces, so that n8n finds it; n8n's
//    Webhook node's path is the workflow's own id, because an empty one fails there);
//  - n8n's public API (`POST /api/v1/workflows` with an API key, then `POST .../activate`), which gives
//    every webhook node a new random webhookId;
//  - the editor: in Chromium, the file pasted onto a new workflow's canvas (n8n's editor imports pasted
//    workflow JSON as it imports a file), saved, published with the Publish button, and the URL read
//    from the node's Production URL (skipped, and said so, where Chromium is not installed); and the
//    editor's REST call that saves a new workflow (`POST /rest/workflows`), which gives webhook nodes
//    new ids server-side too.
// Every route gets its own workflow ids, so no URL is fixed by the file. Examples 1, 2 and 4 start from
// a webhook: each is posted to and must record a successful run; the other three must import.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { NodeHelpers } = require('n8n-workflow');

const { hasChromium, openEditor } = require('../../scripts/browser');
const { shippedExamples } = require('../../scripts/examples');
const { WEBHOOK_HEADER } = require('../../scripts/n8n-env');

const { call, waitFor } = require('./rest');

const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const PKG = 'n8n-nodes-slicktext';
const TRIGGER = `${PKG}.slickTextTrigger`;
const WEBHOOK = 'n8n-nodes-base.webhook';

exports.title = 'examples imported by command line, public API and editor, then run from their production URLs';

/** The one expression the examples' Webhook nodes use as their path: the workflow's own id. */
const WORKFLOW_ID_PATH = '={{ $workflow.id }}';

/**
 * The production URL of a workflow's webhook node as n8n's editor shows it: n8n-workflow's
 * getNodeWebhookUrl with the node's webhook description (the trigger's path "webhook"; n8n's Webhook
 * node's full path from its Path parameter, here the workflow's id).
 */
function productionUrl(base, workflowId, node) {
	if (node.type === TRIGGER) return NodeHelpers.getNodeWebhookUrl(`${base}/webhook`, workflowId, node, 'webhook', false);
	assert.equal(node.parameters.path, WORKFLOW_ID_PATH, `${node.name}: the path is the workflow's id`);
	return NodeHelpers.getNodeWebhookUrl(`${base}/webhook`, workflowId, node, workflowId, true);
}

exports.run = async (ctx) => {
	const { sandbox, userFolder, n8nCli, startN8n, ownerSession, stopProcess, check, prepared } = ctx;
	const shipped = shippedExamples();
	// The triggers of examples 7 and 9 take the replies their own waits registered; test/e2e/twoWay.js runs
	// them end to end.
	const webhookStarted = shipped.filter(
		({ file, workflow }) => !['07', '09'].includes(file.slice(0, 2)) && workflow.nodes.some((n) => n.type === TRIGGER || n.type === WEBHOOK),
	);
	assert.deepEqual(
		webhookStarted.map(({ file }) => file.slice(0, 2)),
		['01', '02', '04'],
		'examples 1, 2 and 4 start from a webhook',
	);

	// Route 1, before n8n starts: the command line, with the files copied as they are.
	const cliIds = {};
	await check('command line: n8n import:workflow --separate takes every example file as shipped', async () => {
		const folder = path.join(userFolder, 'tmp', 'examples-as-shipped');
		fs.mkdirSync(folder, { recursive: true });
		for (const { file, workflow } of shipped) fs.writeFileSync(path.join(folder, file), JSON.stringify(workflow));
		// `n8n list:workflow` prints id|name; the other suites' copies of the examples (under local ids)
		// carry the same names, so only the workflows this import added count.
		const list = () => n8nCli(userFolder, ['list:workflow']).stdout.split('\n').filter((l) => l.includes('|')).map((l) => l.split('|'));
		const before = new Set(list().map(([id]) => id));
		const imported = n8nCli(userFolder, ['import:workflow', '--separate', '--input', folder]);
		assert.equal(imported.status, 0, `import:workflow: ${(imported.stderr || imported.stdout).slice(-600)}`);
		const added = list().filter(([id]) => !before.has(id));
		for (const { file, workflow } of shipped) {
			cliIds[file] = added.find(([, name]) => name === workflow.name)?.[0];
			assert.ok(cliIds[file], `${file} imported by command line (added: ${JSON.stringify(added)})`);
		}
		// n8n gives a workflow without an id a random one: no two imports share a URL.
		assert.ok(Object.values(cliIds).every((id) => /^[A-Za-z0-9]{16,21}$/.test(id) && !id.startsWith('ex')), JSON.stringify(cliIds));
		for (const { file } of webhookStarted) {
			const published = n8nCli(userFolder, ['publish:workflow', `--id=${cliIds[file]}`]);
			assert.equal(published.status, 0, `publish:workflow ${file}: ${(published.stderr || published.stdout).slice(-400)}`);
		}
	});

	const { child, base } = await startN8n(userFolder, { port: PORT, log: 'ignore' });
	try {
		const cookie = await ownerSession(base);
		const rest = (p, options = {}) => call(`${base}${p}`, { ...options, headers: { cookie, 'browser-id': 'e2e', ...options.headers } });

		// Route 2: the public API, with an API key as a script would use it.
		const scopes = (await rest('/rest/api-keys/scopes')).json.data;
		const key = await rest('/rest/api-keys', { method: 'POST', body: { label: 'e2e imports', scopes, expiresAt: null } });
		assert.equal(key.status, 200, `API key: ${JSON.stringify(key.json).slice(0, 300)}`);
		const api = (p, options = {}) => call(`${base}/api/v1${p}`, { ...options, headers: { 'x-n8n-api-key': key.json.data.rawApiKey } });

		const routes = { 'command line': cliIds, 'public API': {}, 'editor (REST)': {} };
		await check('public API: POST /api/v1/workflows takes every example file as shipped; activate publishes', async () => {
			for (const { file, workflow } of shipped) {
				const res = await api('/workflows', { method: 'POST', body: workflow });
				assert.equal(res.status, 200, `${file}: ${JSON.stringify(res.json).slice(0, 300)}`);
				routes['public API'][file] = res.json.id;
			}
			for (const { file } of webhookStarted) {
				const res = await api(`/workflows/${routes['public API'][file]}/activate`, { method: 'POST' });
				assert.equal(res.status, 200, `activate ${file}: ${JSON.stringify(res.json).slice(0, 300)}`);
			}
		});

		// Route 3: what the editor sends when it saves an imported workflow, then Publish.
		await check('editor: POST /rest/workflows takes every example file as shipped; Publish activates', async () => {
			for (const { file, workflow } of shipped) {
				const res = await rest('/rest/workflows', { method: 'POST', body: workflow });
				assert.equal(res.status, 200, `${file}: ${JSON.stringify(res.json).slice(0, 300)}`);
				routes['editor (REST)'][file] = res.json.data.id;
			}
			for (const { file } of webhookStarted) {
				const id = routes['editor (REST)'][file];
				const { versionId } = (await rest(`/rest/workflows/${id}`)).json.data;
				const res = await rest(`/rest/workflows/${id}/activate`, { method: 'POST', body: { versionId } });
				assert.ok(res.status < 300, `activate ${file}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
			}
		});

		// Route 4: the editor itself, in Chromium.
		const shownUrls = {};
		if (hasChromium()) {
			routes['editor (Chromium)'] = {};
			await check('editor (Chromium): examples 1, 2 and 4 pasted, saved and published; the node shows its Production URL', async () => {
				const { page, close } = await openEditor(base);
				try {
					for (const { file, workflow } of webhookStarted) {
						const { id, url } = await importInEditor(page, base, file, workflow);
						routes['editor (Chromium)'][file] = id;
						shownUrls[id] = url;
					}
				} finally {
					await close();
				}
			});
		} else {
			console.log('  skip  editor (Chromium): no Chromium installed (apt-get install chromium, or CHROMIUM_PATH)');
		}

		/** The runs n8n recorded for one workflow. */
		const runsOf = async (workflowId) => {
			const r = await rest(`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=100`);
			assert.equal(r.status, 200, `executions of ${workflowId}: ${JSON.stringify(r.json).slice(0, 200)}`);
			return (r.json.data.results ?? []).filter((e) => e.workflowId === workflowId);
		};
		const successfulRuns = async (workflowId) => (await runsOf(workflowId)).filter((e) => e.status === 'success');
		const contact = sandbox.state.current.contacts[0];
		// What the other app posts to examples 1 and 2 (with the Header Auth token), and SlickText to 4.
		const order = { phone: '+16175550177', order: 'A-3003', first_name: 'Imre', email: 'imre@example.com' };
		const withToken = (url) => call(url, { method: 'POST', headers: { [WEBHOOK_HEADER]: prepared.webhookToken }, body: order });
		const posts = {
			'01': withToken,
			'02': withToken,
			'04': (url, route) =>
				call(url, {
					method: 'POST',
					body: {
						id: `import-${route.replace(/\W/g, '')}-${Date.now()}`,
						name: 'contact_created',
						attempts: 1,
						date: '2026-11-24 10:00:00',
						data: { contact_id: contact.contact_id, _brand_id: contact._brand_id, mobile_number: contact.mobile_number },
					},
				}),
		};

		/** Posts to one imported example's Production URL and waits for a successful run of it. */
		async function runFromProductionUrl(route, ids, file) {
			const workflowId = ids[file];
			assert.ok(workflowId, `${file} was imported by ${route}`);
			const stored = (await rest(`/rest/workflows/${workflowId}`)).json.data;
			const node = stored.nodes.find((n) => n.type === TRIGGER || n.type === WEBHOOK);
			const url = productionUrl(base, workflowId, node);
			// What the editor showed is what is posted to (its host is n8n's own idea, localhost).
			if (shownUrls[workflowId]) assert.equal(new URL(shownUrls[workflowId]).pathname, new URL(url).pathname, `${route} ${file}: the URL the editor shows`);
			// The URL holds this import's own random workflow id or webhook id, nothing from the file.
			assert.ok(url.includes(workflowId) || (node.webhookId && url.includes(node.webhookId)), `${route} ${file}: ${url}`);
			const runsBefore = (await successfulRuns(workflowId)).length;
			// A webhook answers 404 until n8n has registered it after publishing (a 404 ran nothing).
			const answer = await waitFor(async () => {
				const r = await posts[file.slice(0, 2)](url, route);
				return r.status === 404 ? undefined : r;
			});
			assert.equal(answer?.status, 200, `${route} ${file}: POST ${url} answered ${answer?.status ?? 404} ${JSON.stringify(answer?.json ?? '').slice(0, 200)}`);
			const ran = await waitFor(async () => (await successfulRuns(workflowId)).length > runsBefore);
			if (!ran) {
				const runs = await runsOf(workflowId);
				const last = runs[0] && (await rest(`/rest/executions/${runs[0].id}`)).json?.data;
				const error = last ? JSON.stringify(last).match(/"message":"[^"]{0,300}/g)?.slice(0, 3) : undefined;
				assert.fail(`${route} ${file}: no successful run after POST ${url}; runs: ${JSON.stringify(runs.map((e) => e.status))} ${error ?? ''}`);
			}
		}

		for (const [route, ids] of Object.entries(routes)) {
			await check(`${route}: examples 1, 2 and 4 run from the production URL n8n shows, with no fixed id in it`, async () => {
				const problems = [];
				for (const { file } of webhookStarted) {
					try {
						await runFromProductionUrl(route, ids, file);
					} catch (error) {
						problems.push(error.message);
					}
				}
				assert.ok(problems.length === 0, problems.join('\n'));
			});
		}
	} finally {
		await stopProcess(child);
	}
};

/**
 * Imports one workflow file in n8n's editor as a person does: a new workflow, the file's JSON pasted onto
 * the canvas, saved (Ctrl+S), published (Publish, then Publish in the dialog). Returns the workflow's id
 * and the Production URL its webhook node shows.
 */
async function importInEditor(page, base, file, workflow) {
	await page.goto(`${base}/workflow/new`);
	const pane = page.locator('.vue-flow__pane');
	await pane.waitFor({ state: 'visible', timeout: 60_000 });
	await pane.click({ position: { x: 300, y: 300 } });
	await page.evaluate((text) => {
		const data = new DataTransfer();
		data.setData('text/plain', text);
		document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
	}, JSON.stringify(workflow));
	const nodes = page.locator('[data-test-id="canvas-node"]');
	await page.waitForFunction((n) => document.querySelectorAll('[data-test-id="canvas-node"]').length >= n, workflow.nodes.length, { timeout: 30_000 });
	assert.equal(await nodes.count(), workflow.nodes.length, `${file}: pasted nodes`);
	await page.keyboard.press('Control+s');
	await page.waitForURL(/\/workflow\/[A-Za-z0-9]{8,}/, { timeout: 30_000 });
	const id = page.url().match(/\/workflow\/([A-Za-z0-9]+)/)[1];
	await page.getByRole('button', { name: 'Publish', exact: true }).click();
	await page.locator('[role=dialog] button', { hasText: 'Publish' }).click();
	// The first publish explains itself in a dialog; later ones may not.
	const gotIt = page.locator('[role=dialog] button', { hasText: 'Got it' });
	await gotIt.click({ timeout: 5_000 }).catch(() => undefined);
	await page.keyboard.press('Escape');
	const hook = workflow.nodes.find((n) => n.type === TRIGGER || n.type === WEBHOOK);
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${hook.name}"]`).dblclick();
	const ndv = page.locator('[data-test-id="ndv"]').first();
	await ndv.waitFor({ state: 'visible' });
	// n8n folds the Webhook URLs section of some nodes (the SlickText Trigger's among them).
	const production = ndv.getByText('Production URL', { exact: true }).first();
	if (!(await production.isVisible())) await ndv.getByText('Webhook URLs', { exact: true }).first().click();
	await production.click();
	const shown = await waitFor(async () => (await ndv.innerText()).match(/https?:\/\/\S+\/webhook\/\S+/)?.[0]);
	assert.ok(shown, `${file}: no Production URL in the node's panel: ${(await ndv.innerText()).slice(0, 400)}`);
	await page.keyboard.press('Escape');
	return { id, url: shown };
}
