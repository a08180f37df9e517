'use strict';
// Tests whose subject is a behaviour of n8n itself that changed between n8n versions (not of this
// package): on the versions listed they fail, and only in the way written here. scripts/compat.js counts
// such a failure as a known difference; any other failure fails the run, and so does a listed difference
// that no longer happens (then the entry is out of date and is removed). Each entry says why the package
// is not at fault. Found by running `npm run compat` (docs/compatibility.md).
//
//   file      test file, relative to the project
//   test      the test's full name (describe blocks and title), a regular expression
//   failure   what the failure message says, a regular expression
//   workflow  the n8n-workflow versions it applies to: { below: 'X.Y.Z' }

const differences = [
	{
		file: 'test/nodes/shared/toolDescriptions.test.ts',
		test: /./,
		failure: /NodeHelpers\.getToolDescriptionForNode is not a function/,
		workflow: { below: '2.0.0' },
		why:
			"The test asks n8n-workflow's getToolDescriptionForNode what n8n 2.x tells an AI model about each tool; " +
			'n8n-workflow 1.x has no such function (n8n 1.x words tool descriptions in its AI nodes instead).',
	},
	{
		file: 'test/nodes/shared/transport/connections.test.ts',
		test: /./,
		failure: /assertUrlAllowed\) is not a function/,
		workflow: { below: '2.0.0' },
		why:
			"The test measures the connections of n8n 2.x's request package @n8n/backend-network (taken from the " +
			"project's own node_modules), which needs n8n-workflow 2.x's assertUrlAllowed; n8n 1.x has no such package.",
	},
	{
		file: 'test/nodes/shared/listFilters.test.ts',
		test: /^Current API Get Many filters: requests as the routing node sent them /,
		failure: /-\s+"connection": "close",\s+\+\s+"connection": "keep-alive",/,
		workflow: { below: '2.0.0' },
		why:
			"n8n 1.x's request helper sends `Connection: keep-alive` where n8n 2.x sends `Connection: close`; the " +
			'package sets no Connection header. Method, path and query are checked before the headers and pass.',
	},
	{
		file: 'test/nodes/SlickTextLegacy/messageSend.default.test.ts',
		test: /Message > Send defaults Send To untouched and no contact: n8n refuses to run it, nobody is texted$/,
		failure: /Received message: "The workflow has issues and cannot be executed for that reason\. Please fix them first\."/,
		workflow: { below: '2.0.0' },
		why:
			'n8n refuses to run the node because its required Contact is empty, as the test wants; n8n 1.x says so ' +
			'in general words ("The workflow has issues…") where n8n 2.x names the parameter.',
	},
	{
		file: 'test/nodes/SlickTextTrigger/webhookPhase.test.ts',
		test: /without evaluating an expression$/,
		failure: /expect\(jest\.fn\(\)\)\.not\.toHaveBeenCalled\(\)/,
		workflow: { below: '2.0.0' },
		why:
			"n8n-workflow 1.x passes every parameter value through Expression.resolveSimpleParameterValue, plain values " +
			'too; from 2.x on only expressions reach it, which is what the test (about n8n 2.x\'s expression isolate) checks.',
	},
];

function parse(version) {
	return version.split(/[.-]/).slice(0, 3).map(Number);
}

function below(version, limit) {
	const [a, b] = [parse(version), parse(limit)];
	for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
	return false;
}

/** The differences that apply to an n8n-workflow version. */
function differencesFor(workflowVersion) {
	return differences.filter((d) => !d.workflow.below || below(workflowVersion, d.workflow.below));
}

module.exports = { differences, differencesFor };
