/** `npm run bench`: the benchmarks are jest files so that they drive the nodes through the same engine harness as the tests. */
const base = require('./jest.config');

module.exports = {
	...base,
	roots: ['<rootDir>/bench'],
	testMatch: ['**/*.bench.ts'],
	testTimeout: 30 * 60 * 1000,
	maxWorkers: 1,
};
