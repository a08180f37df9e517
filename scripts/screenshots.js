'use strict';
// `npm run screenshots`: README pictures of the nodes in the real n8n editor, saved as docs/images/*.png.
//
// Uses a running `npm run dev` (N8N_PORT, default 5678) or starts one itself and stops it at the end.
// Writes docs/images/images.json last (scripts/images.js): what each picture shows, which a test compares
// with the built nodes, so that a picture a change made stale is found.
// Drives Debian's Chromium (`apt-get install chromium`) with playwright-core (scripts/browser.js).

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensureChromium, openEditor } = require('./browser');
const { writeManifest } = require('./images');
const { LOCAL_IDS } = require('./examples');
const { root } = require('./n8n-env');

const port = Number(process.env.N8N_PORT || 5678);
const base = `http://127.0.0.1:${port}`;
const outDir = path.join(root, 'docs', 'images');
const viewport = { width: 1280, height: 800 };
const PKG = 'n8n-nodes-slicktext';

// What the pictures show: one node of each kind, with the operation a new user would try first.
const NODES = {
	trigger: { name: 'SlickText Trigger', type: `${PKG}.slickTextTrigger`, parameters: { events: ['contact_created'] } },
	current: { name: 'SlickText', type: `${PKG}.slickText`, resource: 'contact', operation: 'create' },
	// The README's first two-way recipe: a text that waits for one person's answer.
	legacy: { name: 'SlickText Legacy', type: `${PKG}.slickTextLegacy`, resource: 'message', operation: 'sendAndWait' },
};

// Sample values for required fields, by field name, so the canvas shows no "missing parameter" warnings.
const SAMPLES = [
	[/mobile|phone|number$/i, '+16175550123'],
	[/email/i, 'ada@example.com'],
	[/first/i, 'Ada'],
	[/last/i, 'Lovelace'],
	[/message|body|text|content/i, 'Thanks for joining! Reply STOP to opt out.'],
	[/name/i, 'Spring promo'],
];

function log(message) {
	process.stdout.write(`[screenshots] ${message}\n`);
}

async function isUp() {
	try {
		return (await fetch(`${base}/healthz/readiness`)).ok;
	} catch {
		return false;
	}
}

/** Starts `npm run dev` (scripts/dev.js) and resolves once it printed that n8n is ready. */
function startDev() {
	const logFile = path.join(os.tmpdir(), `slicktext-dev-${port}.log`);
	log(`n8n is not running on ${base}: starting \`npm run dev\` (output in ${logFile})`);
	const out = fs.openSync(logFile, 'w');
	const child = spawn(process.execPath, [path.join(__dirname, 'dev.js')], {
		cwd: root,
		env: { ...process.env, N8N_PORT: String(port) },
		stdio: ['ignore', out, out],
	});
	return new Promise((resolve, reject) => {
		const timer = setInterval(() => {
			const text = fs.readFileSync(logFile, 'utf8');
			if (text.includes('n8n is ready')) {
				clearInterval(timer);
				resolve(child);
			}
		}, 1000);
		child.once('exit', (code) => {
			clearInterval(timer);
			reject(new Error(`npm run dev exited with code ${code}; see ${logFile}`));
		});
	});
}

function stopDev(child) {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		child.once('exit', resolve);
		child.kill('SIGINT'); // as Ctrl-C: dev.js stops n8n and the sandbox
	});
}

/** Whether a property shows for these parameter values (the show/hide rules n8n applies, plain values only). */
function visible(property, values) {
	const { show = {}, hide = {} } = property.displayOptions || {};
	const shown = Object.entries(show).every(
		([key, allowed]) => key.startsWith('@') || allowed.includes(values[key]),
	);
	const hidden = Object.entries(hide).some(([key, denied]) => !key.startsWith('@') && denied.includes(values[key]));
	return shown && !hidden;
}

function sampleFor(property) {
	switch (property.type) {
		case 'resourceLocator':
			return { __rl: true, mode: 'id', value: '12345' };
		case 'multiOptions':
			return [property.options[0].value];
		case 'number':
			return 1;
		case 'dateTime':
			return '2025-06-01T09:00:00';
		case 'boolean':
			return true;
		case 'options':
			return property.options[0].value;
		default: {
			const match = SAMPLES.find(([pattern]) => pattern.test(property.name));
			return match ? match[1] : 'example';
		}
	}
}

function isEmpty(value) {
	if (value === undefined || value === null || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object' && 'mode' in value) return value.value === ''; // resource locator
	return false;
}

/**
 * Parameters of one node: its resource and operation (the first one of the resource while the wanted one is
 * not written yet), and every required field filled.
 */
function nodeParameters(description, wanted) {
	const values = {};
	for (const property of description.properties) values[property.name] ??= property.default;
	const parameters = { ...(wanted.parameters || {}) };
	if (wanted.resource) {
		const operations = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(wanted.resource),
		);
		const available = (operations?.options || []).map((o) => o.value);
		let operation = wanted.operation;
		if (!available.includes(operation)) {
			operation = available[0];
			log(
				`warning: ${description.displayName} has no ${wanted.resource} > ${wanted.operation} yet; ` +
					`showing ${operation ?? 'no operation'}`,
			);
		}
		parameters.resource = wanted.resource;
		if (operation !== undefined) parameters.operation = operation;
	}
	Object.assign(values, parameters);
	for (const property of description.properties) {
		if (!property.required || !visible(property, values)) continue;
		const value = parameters[property.name] ?? property.default;
		if (isEmpty(value)) {
			parameters[property.name] = sampleFor(property);
			values[property.name] = parameters[property.name];
		}
	}
	return parameters;
}

async function api(request, method, url, data) {
	const res = await request.fetch(`${base}${url}`, { method, data });
	if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
	return (await res.json()).data;
}

async function createWorkflow(request) {
	const types = await (await request.get(`${base}/types/nodes.json`)).json();
	const credentials = await api(request, 'GET', '/rest/credentials');
	const credentialFor = (description) => {
		const result = {};
		for (const { name } of description.credentials || []) {
			const found = credentials.find((c) => c.type === name);
			if (found) result[name] = { id: found.id, name: found.name };
		}
		return result;
	};
	const order = [NODES.trigger, NODES.current, NODES.legacy];
	const nodes = order.map((wanted, index) => {
		const description = types.find((t) => t.name === wanted.type);
		if (!description) throw new Error(`n8n does not list ${wanted.type}: is the package built and installed?`);
		return {
			id: `screenshot-node-${index + 1}`,
			name: wanted.name,
			type: wanted.type,
			typeVersion: Array.isArray(description.version) ? Math.max(...description.version) : description.version,
			position: [index * 280, 0],
			parameters: nodeParameters(description, wanted),
			credentials: credentialFor(description),
			...(description.webhooks ? { webhookId: 'f1c5d7a2-3b4e-4c6d-8e9f-0a1b2c3d4e5f' } : {}),
		};
	});
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	const workflow = await api(request, 'POST', '/rest/workflows', {
		name: 'SlickText nodes',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
	});
	return workflow.id;
}

async function shoot(page, name, what) {
	const file = path.join(outDir, name);
	await page.waitForTimeout(800); // let transitions and lazy icons settle
	await page.screenshot({ path: file });
	log(`${path.relative(root, file)}: ${what}`);
}

async function openNode(page, nodeName) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).dblclick();
	await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'visible' });
	await page.locator('[data-test-id="node-parameters"]').first().waitFor({ state: 'visible' });
}

async function closeNode(page) {
	await page.keyboard.press('Escape');
	await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden' });
}

async function takeScreenshots() {
	ensureChromium(log);
	const { context, page, close } = await openEditor(base, { viewport, log });
	try {
		const workflowId = await createWorkflow(context.request);
		log(`workflow ${base}/workflow/${workflowId}`);
		fs.mkdirSync(outDir, { recursive: true });

		await page.goto(`${base}/workflow/${workflowId}`);
		await page.locator('[data-test-id="canvas-node"]').nth(2).waitFor({ state: 'visible', timeout: 60_000 });
		await page.locator('[data-test-id="zoom-to-fit"]').click();
		await shoot(page, 'canvas.png', 'the workflow with the three nodes');

		await openNode(page, NODES.current.name);
		await shoot(page, 'slicktext-node.png', `${NODES.current.name} node's parameters`);
		await closeNode(page);

		await openNode(page, NODES.legacy.name);
		await shoot(page, 'slicktext-legacy-node.png', `${NODES.legacy.name} node's parameters`);
		await closeNode(page);

		await openNode(page, NODES.trigger.name);
		await shoot(page, 'slicktext-trigger-node.png', `${NODES.trigger.name}'s parameters and set-up notice`);
		await closeNode(page);

		// Nothing selected, so the picker adds a new step rather than one after the trigger.
		await page.locator('.vue-flow__pane').click({ position: { x: 200, y: 150 } });
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		const search = page.locator(
			'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
		);
		await search.first().fill('SlickText');
		const names = page.locator('[data-test-id="node-creator-item-name"]');
		await names.first().waitFor({ state: 'visible' });
		await shoot(page, 'node-picker.png', 'the node picker searching for "SlickText"');

		// The SlickText entry merges the node and its trigger (n8n does so for "X" and "X Trigger").
		await names.getByText('SlickText', { exact: true }).first().click();
		await page.getByText('Actions', { exact: false }).first().waitFor({ state: 'visible' });
		await shoot(page, 'node-picker-actions.png', "the SlickText entry's actions and trigger in the node picker");

		// Example 7 as `npm run dev` imported it (scripts/examples.js gives its local id).
		await page.keyboard.press('Escape');
		await page.goto(`${base}/workflow/${LOCAL_IDS['07']}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
		await page.locator('[data-test-id="zoom-to-fit"]').click();
		await shoot(page, 'example-07-reminder.png', 'example 7 on the canvas: one reminder, or a list of them, each waiting for its answer');
		await page.goto(`${base}/workflow/${LOCAL_IDS['08']}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
		await page.locator('[data-test-id="zoom-to-fit"]').click();
		await shoot(page, 'example-08-rsvp.png', 'example 8 on the canvas: an RSVP asked in one step and counted at the deadline');
		await page.goto(`${base}/workflow/${LOCAL_IDS['09']}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ state: 'visible', timeout: 60_000 });
		await page.locator('[data-test-id="zoom-to-fit"]').click();
		await shoot(page, 'example-09-campaign-question.png', 'example 9 on the canvas: a question to a list by campaign, counted at the deadline');

		// What each picture shows, for test/scripts/images.test.ts to find a picture a later change made stale.
		const settings = await api(context.request, 'GET', '/rest/settings');
		writeManifest(settings.versionCli);
		log(`docs/images/images.json: what each picture shows (n8n ${settings.versionCli})`);
	} finally {
		await close();
	}
}

async function main() {
	let dev;
	if (!(await isUp())) dev = await startDev();
	const stop = async () => {
		await stopDev(dev);
		process.exit(130);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	try {
		await takeScreenshots();
	} finally {
		await stopDev(dev);
	}
}

main().catch((error) => {
	console.error(`[screenshots] ${error.stack || error.message}`);
	process.exit(1);
});
