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
//   workflow  the n8n-workflow versions it was seen on (an n8n-core pins one; n8n 1.88.0 has 1.86.0):
//             listed one by one, because versions in between were not run. A version not listed fails on
//             such a test until someone runs it, finds the same cause and adds the version.

const differences = [
	{
		file: 'test/nodes/shared/toolDescriptions.test.ts',
		test: /./,
		failure: /NodeHelpers\.getToolDescriptionForNode is not a function/,
		workflow: ['1.83.0', '1.86.0'],
		why:
			"The test asks n8n-workflow's getToolDescriptionForNode what n8n 2.x tells an AI model about each tool; " +
			'n8n-workflow 1.86 has no such function yet (1.120 has).',
	},
	{
		file: 'test/nodes/shared/transport/connections.test.ts',
		test: /./,
		failure: /assertUrlAllowed\) is not a function/,
		workflow: ['1.83.0', '1.86.0', '1.120.31', '2.0.1'],
		why:
			"The test measures the connections of the request package of later n8n, @n8n/backend-network (taken from " +
			"the project's own node_modules), which needs an n8n-workflow with assertUrlAllowed; the n8n releases on " +
			'these versions do not have that package.',
	},
	{
		file: 'test/nodes/shared/listFilters.test.ts',
		test: /^Current API Get Many filters: requests as the routing node sent them /,
		failure: /-\s+"connection": "close",\s+\+\s+"connection": "keep-alive",/,
		workflow: ['1.86.0'],
		why:
			"n8n 1.88's request helper sends `Connection: keep-alive` where later n8n sends `Connection: close`; the " +
			'package sets no Connection header. Method, path and query are checked before the headers and pass.',
	},
	{
		file: 'test/nodes/SlickTextLegacy/messageSend.default.test.ts',
		test: /Message > Send defaults Send To untouched and no contact: n8n refuses to run it, nobody is texted$/,
		failure: /Received message: "The workflow has issues and cannot be executed for that reason\. Please fix them first\."/,
		workflow: ['1.83.0', '1.86.0', '1.120.31', '2.0.1'],
		why:
			'n8n refuses to run the node because its required Contact is empty, as the test wants; these versions say ' +
			'so in general words ("The workflow has issues…") where n8n 2.41 names the parameter.',
	},
	{
		file: 'test/nodes/SlickTextTrigger/webhookPhase.test.ts',
		test: /without evaluating an expression$/,
		failure: /expect\(jest\.fn\(\)\)\.not\.toHaveBeenCalled\(\)/,
		workflow: ['1.83.0', '1.86.0', '1.120.31', '2.0.1'],
		why:
			'These versions pass every parameter value through Expression.resolveSimpleParameterValue, plain values too; ' +
			"in n8n 2.41 only expressions reach it, which is what the test (about n8n 2.41's expression isolate) checks.",
	},
	{
		file: 'test/nodes/shared/runner/run.test.ts',
		test: /^the node's Proxy option .* fails the item before any request, with n8n's own message and hint$/,
		failure: /Expected: "The proxy is not valid"\s+Received: "The proxy is not value"/,
		workflow: ['1.83.0', '1.86.0', '1.120.31', '2.0.1'],
		why:
			"The test runs the same bad proxy through the package's runner and through n8n's routing node. n8n's " +
			'routing node of these versions says "The proxy is not value" (a typo n8n fixed later); the package says ' +
			'"The proxy is not valid", as n8n 2.41 does. The hint naming the bad part is the same.',
	},
	{
		file: 'test/nodes/shared/editorTexts.test.ts',
		test: /the note for the AI agent is in the tool description only, not in the Operation dropdown$/,
		failure: /NodeHelpers\.getToolDescriptionForNode is not a function/,
		workflow: ['1.86.0'],
		why:
			"As for toolDescriptions.test.ts: the test reads the tool description n8n 2.x builds, with a function " +
			'n8n-workflow 1.86 does not have yet.',
	},
	{
		file: 'test/nodes/SlickText/safeDefaults.test.ts',
		test: /Campaign > Create with Audience untouched Send Now texts nobody: no list is chosen, so the item fails before any request$/,
		failure: /Received string:\s+"The workflow has issues and cannot be executed for that reason\. Please fix them first\."/,
		workflow: ['1.86.0'],
		why:
			'As for messageSend.default.test.ts: n8n refuses to run the node because the required lists are empty, ' +
			'so nobody is texted; these versions say so in general words where n8n 2.41 names the field.',
	},
	{
		file: 'test/nodes/shared/replies/waiting.test.ts',
		test: /registers who and where before the text \(an answer seconds after it finds the wait\), sends the text as Send does, and waits with a timed-out output ready$/,
		failure: /Expected pattern: \/\\\?signature=\/\s+Received string:\s+"http:\/\/127\.0\.0\.1:\d+\/webhook-waiting\/\d+\/node-under-test"/,
		workflow: ['1.86.0'],
		why:
			"n8n 1.88 signs no resume address (getSignedResumeUrl came later, and that n8n's waiting webhook checks " +
			"no signature): the node registers n8n's plain address of the wait, as n8n's Wait node of that version " +
			'uses. The signature check is the test\'s last; all before it pass.',
	},
];

/** The differences seen on an n8n-workflow version. */
function differencesFor(workflowVersion) {
	return differences.filter((d) => d.workflow.includes(workflowVersion));
}

module.exports = { differences, differencesFor };
