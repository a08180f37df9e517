// Both of n8n's rule sets: the older eslint-plugin-n8n-nodes-base (what n8n's own nodes follow) and the
// community-node rules (what the community package scanner checks). Lint must report nothing.
import tseslint from 'typescript-eslint';
import jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const base = (name) => n8nNodesBase.configs[name].rules;

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'examples/**'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: base('community'),
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions: { parser: tseslint.parser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...base('credentials'),
			// "Only applicable to nodes in the main repository" (the rule's own words): community
			// credentials link to the vendor's documentation by full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions: { parser: tseslint.parser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...base('nodes'),
			// Our descriptions are split one file per operation (as in n8n's own Cognito node), so the
			// "<Resource>Description.ts" file naming convention does not apply.
			'n8n-nodes-base/node-resource-description-filename-against-convention': 'off',
			// Declarative nodes have no execute block.
			'n8n-nodes-base/node-execute-block-missing-continue-on-fail': 'off',
			// These two want the string 'main'; the community rule node-connection-type-literal wants
			// NodeConnectionTypes.Main, which is what n8n's own nodes use today.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parser: tseslint.parser },
	},
];
