// `n8n-node lint` (and `npm run lint`, which runs it) is `eslint .` with this file: n8n's own config
// for community nodes (@n8n/node-cli/eslint: both of n8n's rule sets, eslint-plugin-n8n-nodes-base and
// @n8n/eslint-plugin-community-nodes, plus the JavaScript, TypeScript and import rules n8n applies),
// limited to what ships, with n8n-nodes-base's rule that secret credential fields are password fields
// turned back on (n8n's config turns it off).
// Not n8n-node's strict mode, which wants this file to be n8n's two lines exactly: those lint every .ts
// file, tests and benchmarks included, with the rules meant for node code (no process, no setTimeout,
// no console). `npm run verify` runs n8n's config unchanged (scripts/eslint.n8n-default.mjs) on the
// shipped sources. Lint must report nothing.
import { config } from '@n8n/node-cli/eslint';

export default [
	// Tests, the sandbox, benchmarks and scripts are development tools that run in Node, not in n8n.
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'bench/**', 'scripts/**', 'examples/**', '*.js'] },
	...config,
	{
		files: ['./credentials/**/*.ts'],
		rules: {
			// A field that holds a secret must be a password field; the public key is the one exception
			// and says why where it is declared.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'error',
		},
	},
];
