'use strict';
// Debian's Chromium driven by playwright-core, for `npm run screenshots` and the end-to-end test that
// imports the examples in the real editor. playwright-core is not a dependency of the package: it is
// installed once into the runtime cache (~/.cache/n8n-nodes-slicktext/tools), so the project's
// package.json and lock file stay as they are.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { OWNER } = require('./n8n-env');
const { cacheRoot } = require('./n8n-runtime');

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function loadPlaywright(log = () => {}) {
	const tools = path.join(cacheRoot, 'tools');
	const modulePath = path.join(tools, 'node_modules', 'playwright-core');
	if (!fs.existsSync(modulePath)) {
		log(`installing playwright-core into ${tools} (once)`);
		fs.mkdirSync(tools, { recursive: true });
		if (!fs.existsSync(path.join(tools, 'package.json'))) {
			fs.writeFileSync(path.join(tools, 'package.json'), JSON.stringify({ private: true }));
		}
		const npm = spawnSync('npm', ['install', 'playwright-core', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: tools,
			stdio: 'inherit',
		});
		if (npm.status !== 0) throw new Error('installing playwright-core failed');
	}
	return require(modulePath);
}

/** Whether Chromium is installed where the browser checks look for it. */
function hasChromium() {
	return fs.existsSync(chromiumPath);
}

/**
 * Installs Debian's chromium with apt-get when it is missing (a new machine has none): the one place
 * that does it, for `npm run test:e2e` (and so for CI, which runs that command) and `npm run screenshots`.
 * Uses sudo when not root. Returns whether Chromium is there afterwards; says why not if it is not.
 */
function ensureChromium(log = (message) => console.error(`[chromium] ${message}`)) {
	if (hasChromium()) return true;
	if (process.env.CHROMIUM_PATH) {
		log(`CHROMIUM_PATH is ${chromiumPath}, which does not exist: not installing another one`);
		return false;
	}
	const root = typeof process.getuid === 'function' && process.getuid() === 0;
	const run = (args) =>
		spawnSync(root ? args[0] : 'sudo', root ? args.slice(1) : ['-n', ...args], {
			stdio: ['ignore', 'inherit', 'inherit'],
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		}).status === 0;
	log(`${chromiumPath} is missing: installing Debian's chromium with apt-get (about a minute)`);
	if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', 'chromium'])) {
		log('apt-get could not install chromium (it needs root or password-less sudo): install it with `apt-get install -y chromium`, or set CHROMIUM_PATH');
		return false;
	}
	return hasChromium();
}

/**
 * A headless Chromium logged in to n8n at `base` as the owner. Returns {context, page, close}; close()
 * also removes the browser's throw-away profile.
 */
async function openEditor(base, { viewport = { width: 1280, height: 800 }, log } = {}) {
	const { chromium } = loadPlaywright(log);
	if (!hasChromium()) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath: chromiumPath,
		headless: true,
		viewport,
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	});
	const close = async () => {
		await context.close();
		fs.rmSync(userDataDir, { recursive: true, force: true });
	};
	try {
		const login = await context.request.post(`${base}/rest/login`, {
			data: { emailOrLdapLoginId: OWNER.email, password: OWNER.password },
		});
		if (!login.ok()) throw new Error(`login as ${OWNER.email} failed: ${login.status()} ${await login.text()}`);
		const page = context.pages()[0] || (await context.newPage());
		return { context, page, close };
	} catch (error) {
		await close();
		throw error;
	}
}

module.exports = { chromiumPath, ensureChromium, hasChromium, loadPlaywright, openEditor };
