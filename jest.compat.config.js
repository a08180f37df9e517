// The engine-level tests against another n8n: `npm run compat` (scripts/compat.js) installs an
// n8n-core / n8n-workflow pair into a cache folder outside the project and runs this config with
// SLICKTEXT_COMPAT_N8N_DIR pointing at it. Every `require('n8n-workflow')` and `require('n8n-core')`
// (the tests', the harness's and the built nodes' in dist/) then loads that pair, as an n8n server of
// that version would hand it to the package.
const path = require('node:path');
const base = require('./jest.config.js');

const dir = process.env.SLICKTEXT_COMPAT_N8N_DIR;
if (!dir) throw new Error('SLICKTEXT_COMPAT_N8N_DIR is not set: run `npm run compat` (scripts/compat.js)');
const modules = path.join(dir, 'node_modules');

// n8n-core 2.0 loads @langchain/core, which require()s p-retry 7, an ES module: Node 20.19 and later load
// that natively, jest's module system does not. Those files are transpiled to CommonJS for jest.
const esmOnly = ['p-retry', 'is-network-error'];

/** @type {import('jest').Config} */
module.exports = {
	...base,
	// The tests that run the nodes through n8n's engine: every operation's request building, paging,
	// errors, Retry On Fail, the all-or-nothing gate, list search and load options, the credentials'
	// tests and the trigger's webhook. Left out: the sandbox's own tests, the package and example files
	// and the live-check script, which do not load n8n.
	roots: ['<rootDir>/test/nodes', '<rootDir>/test/reliability', '<rootDir>/test/credentials'],
	// Also left out: the rate limiter's long pacing runs (a lower real limit learnt, a key shared by two
	// processes, hardening), which time our own limiter over minutes and use n8n only as every other test
	// here does; rateLimit.engine.test.ts still paces a run through this n8n's engine.
	testPathIgnorePatterns: ['/node_modules/', '/rateLimit(Learn|Shared|Hardening)\\.engine\\.test\\.ts$'],
	transform: {
		...base.transform,
		[`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: [
			'ts-jest',
			{ tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' }, diagnostics: false },
		],
	},
	transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
	moduleNameMapper: {
		'^n8n-workflow(/.*)?$': `${modules}/n8n-workflow$1`,
		'^n8n-core(/.*)?$': `${modules}/n8n-core$1`,
	},
	// Fails every test file at once when the mapping did not take (the pair loaded is not the one asked for).
	setupFiles: [...base.setupFiles, '<rootDir>/scripts/compat/check-pair.js'],
	// Its own cache: transformed files do not depend on the mapping, but jest's module map does.
	cacheDirectory: '<rootDir>/.jest-cache/compat',
};
