/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type-checking happens in `npm run build`; tests are only transpiled here, which keeps jest fast.
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
	},
	// The default cache under /tmp is shared with other processes on this machine.
	cacheDirectory: '<rootDir>/.jest-cache',
	testTimeout: 30000,
	maxWorkers: 2,
};
