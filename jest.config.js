/** @type {import('jest').Config} */
module.exports = {
	// Node's environment; a worker with nothing left open exits promptly at the end (see the file).
	testEnvironment: '<rootDir>/test/helpers/environment.js',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// n8n's logger stays quiet unless SLICKTEXT_TEST_LOGS asks for it; n8n's regular expressions get a
	// timeout a busy machine does not reach (see the files).
	setupFiles: ['<rootDir>/test/helpers/quietLogs.ts', '<rootDir>/test/helpers/regexTimeout.ts'],
	// Unread fetch() bodies are cancelled after each test, so no socket outlives its test (see the file).
	setupFilesAfterEnv: ['<rootDir>/test/helpers/releaseFetch.ts'],
	transform: {
		// Tests are only transpiled (isolatedModules in tsconfig.test.json), which keeps jest fast;
		// the node code is type-checked by `npm run build`.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	// The default cache under /tmp is shared with other processes on this machine.
	cacheDirectory: '<rootDir>/.jest-cache',
	// A bound that stops a hang, not a measure: the slowest tests take 10-30 s on a quiet 2-core machine
	// and three times that while other processes share it (docs/development.md, tests that measure time).
	testTimeout: 120_000,
	maxWorkers: 2,
};
