import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * The legacy, account-scoped SlickText API (accounts whose dashboard is at www.slicktext.com/dashboard).
 * HTTP Basic: the public key is the user name and the private key the password.
 */
export class SlickTextLegacyApi implements ICredentialType {
	name = 'slickTextLegacyApi';

	displayName = 'SlickText Legacy API';

	icon: Icon = {
		light: 'file:../nodes/SlickTextLegacy/slickTextLegacy.svg',
		dark: 'file:../nodes/SlickTextLegacy/slickTextLegacy.dark.svg',
	};

	// The README's Credentials section on GitHub: where each field comes from and what the test checks
	// (n8n's verification guidelines ask for a README on GitHub or the API's documentation).
	documentationUrl = 'https://github.com/n8n-nodes-slicktext/n8n-nodes-slicktext#credentials';

	properties: INodeProperties[] = [
		// The public key is the Basic-auth user name, not a secret (the community rules agree), so it
		// stays readable; the older rule flags any field whose name contains "key".
		{
			displayName: 'Public Key',
			name: 'publicKey',
			// eslint-disable-next-line n8n-nodes-base/cred-class-field-type-options-password-missing
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. pub_1a2b3c4d',
			description:
				'Your public API key, starting with "pub_". In the legacy SlickText dashboard go to My Account > API.',
		},
		{
			displayName: 'Private Key',
			name: 'privateKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Your private API key, shown next to the public key under My Account > API',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.slicktext.com/v1',
			description:
				'The address of the SlickText legacy API. Change it only to send the requests through a proxy.',
		},
		{
			displayName: 'Webhook Secret',
			name: 'webhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only for the SlickText Legacy Trigger: the secret SlickText shows for the webhook in the legacy dashboard. SlickText signs every event with it, and the trigger then refuses any request that is not signed with it and starts nothing. Leave empty if you use no trigger.',
		},
		{
			displayName: 'Trigger URL for Replies',
			name: 'replyTriggerUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://n8n.example.com/webhook/1a2b3c4d-.../webhook',
			description:
				"For Send and Wait for Reply and Wait for Reply, and with the 'n8n API Key' below for several n8n webhook processes: the Production URL of the published SlickText Legacy Trigger that receives this account's events (the URL you gave SlickText). A person's reply reaches the waiting workflow through it, and the trigger's runs reach n8n's API under it. Leave empty if no workflow waits for replies and n8n runs as one process.",
		},
		{
			displayName: 'n8n API Key',
			name: 'n8nApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'For several n8n webhook processes (queue mode), or thousands of waits open at once: an API key of this n8n (Settings > n8n API), in the credential the SlickText Legacy Trigger uses, with the \'Trigger URL for Replies\' above. The trigger then keeps its waits in an n8n data table, "SlickText reply waits", and the events it received in another, "SlickText received events", which every n8n process can update safely: each event acts once, whichever process SlickText delivers it to. Leave empty with one n8n process. The key needs only these scopes (Scopes: Custom, group Data tables): dataTable:list, dataTable:create, dataTableRow:read, dataTableRow:create, dataTableRow:update, dataTableRow:delete.',
		},
		{
			displayName: 'Requests per Second',
			name: 'requestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 8,
			description:
				'The most requests a second the nodes send with this key. The SlickText documentation gives 8 a second in one place and 4 in another, and SlickText can set another limit for an account. When SlickText shows that the key gets less, the nodes slow down to it by themselves, send the refused requests again, and keep the lower rate for this credential until n8n restarts. Keep 8 when several n8n workers share the key: they slow down to share it. Raise it only if SlickText raised your limit. Empty, 0 or less means 8.',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 480,
			description:
				"The most requests a minute the nodes send with this key. The SlickText documentation gives 480 a minute in one place and 240 in another. When SlickText shows that the key gets less (say 240 a minute), the nodes keep to that and to the same pace each second (4 a second), whatever this field and 'Requests per Second' say; they never send faster than these fields. Empty, 0 or less means 480.",
		},
		{
			displayName: 'Rate Limit Wait (Seconds)',
			name: 'rateLimitWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 300,
			description:
				'How long one request may keep waiting and trying again in total while SlickText refuses it for going over the rate limit, before its item fails. One wait never exceeds 60 seconds, whatever SlickText asks for.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			auth: {
				username: '={{$credentials.publicKey}}',
				password: '={{$credentials.privateKey}}',
			},
		},
	};
}
