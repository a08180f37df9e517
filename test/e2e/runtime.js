'use strict';
// The n8n runtime cache proves itself on every run: the real cache passed the same self-test before this
// suite ran (ensureRuntime), and throw-away caches show that a marker alone, or an n8n whose sqlite3 has
// no native build (what an install under npm's ignore-scripts left), is refused rather than trusted.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const runtime = require('../../scripts/n8n-runtime');

exports.title = 'n8n runtime cache (self-test and repair)';

/** A throw-away cache; `layout` builds inside its runtime folder. Removed afterwards. */
function withCache(layout, fn) {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-cache-'));
	try {
		const p = runtime.paths(root);
		fs.mkdirSync(p.runtimeDir, { recursive: true });
		layout(p);
		fs.writeFileSync(p.ready, 'marked ready by a test');
		return fn(p, root);
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
}

exports.run = async ({ check }) => {
	const real = runtime.paths();

	await check('the cached runtime passes its self-test (sqlite3 loads under Node 24, n8n --version answers)', () => {
		assert.deepEqual(runtime.selfTest(real), []);
		assert.ok(fs.existsSync(real.ready));
	});

	await check('a cache with only a .ready marker is refused, and its marker removed', () =>
		withCache(
			() => {},
			(p, root) => {
				const problems = runtime.selfTest(p);
				assert.match(problems.join('\n'), /Node 24\.\d+\.\d+ is missing/);
				assert.throws(() => runtime.ensureRuntime(root, { repair: false }), /fails its self-test/);
				assert.equal(fs.existsSync(p.ready), false);
			},
		),
	);

	await check('a marked cache whose sqlite3 has no native build is refused, naming sqlite3', () =>
		withCache(
			(p) => {
				// The real Node 24 and n8n, but a sqlite3 package copied without its build/ folder.
				fs.mkdirSync(path.dirname(p.nodeDir), { recursive: true });
				fs.symlinkSync(real.nodeDir, p.nodeDir);
				const modules = path.join(p.n8nDir, 'node_modules');
				fs.mkdirSync(modules, { recursive: true });
				// Every other package as installed, so that sqlite3 finds its own dependencies and fails only
				// for want of its native binding.
				const realModules = path.join(real.n8nDir, 'node_modules');
				for (const entry of fs.readdirSync(realModules)) {
					if (entry !== 'sqlite3') fs.symlinkSync(path.join(realModules, entry), path.join(modules, entry));
				}
				fs.cpSync(real.sqlite3Dir, p.sqlite3Dir, {
					recursive: true,
					filter: (source) => !source.startsWith(path.join(real.sqlite3Dir, 'build')),
				});
			},
			(p, root) => {
				const problems = runtime.selfTest(p);
				assert.equal(problems.length, 1, problems.join('\n'));
				assert.match(problems[0], /^sqlite3 is not built for Node.*(bindings file|node_sqlite3\.node)/);
				assert.throws(() => runtime.ensureRuntime(root, { repair: false }), /sqlite3 is not built/);
				assert.equal(fs.existsSync(p.ready), false);
			},
		),
	);
};
