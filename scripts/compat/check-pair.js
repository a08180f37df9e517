'use strict';
// Jest setup for the compatibility run (jest.compat.config.js): the n8n-workflow and n8n-core that the
// tests load must be the pair scripts/compat.js installed, not the project's own. Checked in every test
// file before any test runs, so that a mapping that did not take fails the run instead of testing the
// newest n8n twice.
const path = require('node:path');

const dir = process.env.SLICKTEXT_COMPAT_N8N_DIR;
const expected = { 'n8n-workflow': process.env.SLICKTEXT_COMPAT_WORKFLOW, 'n8n-core': process.env.SLICKTEXT_COMPAT_CORE };
for (const [name, version] of Object.entries(expected)) {
	// Resolved through jest's moduleNameMapper, as the tests' and the nodes' own require() calls are.
	const manifest = require(`${name}/package.json`);
	const where = path.dirname(require.resolve(`${name}/package.json`));
	if (!where.startsWith(path.join(dir, 'node_modules'))) {
		throw new Error(`compat: ${name} loads from ${where}, not from ${dir}`);
	}
	if (version && manifest.version !== version) {
		throw new Error(`compat: ${name} is ${manifest.version}, expected ${version}`);
	}
}
