import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * The current, brand-scoped SlickText API (accounts created from 22 January 2025 on).
 * One API key belongs to one brand; every path but `GET /brands` starts with `/brands/{brand_id}`.
 */
export class SlickTextApi implements ICredentialType {
	name = 'slickTextApi';

	displayName = 'SlickText API';

	icon: Icon = {
		light: 'file:../nodes/SlickText/slickText.svg',
		dark: 'file:../nodes/SlickText/slickText.dark.svg',
	};

	// The README's Credentials section on GitHub: where each field comes from and what the test checks
	// (n8n's verification guidelines ask for a README on GitHub or the API's documentation).
	documentationUrl = 'https://github.com/n8n-nodes-slicktext/n8n-nodes-slicktext#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The API key of your brand. In SlickText go to Settings > API & Webhooks and create or copy a key.',
		},
		{
			displayName: 'Brand ID',
			name: 'brandId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 26136',
			description:
				'The ID of the brand the key belongs to: the number in the web address of the SlickText web app while the brand is open. A leading "b" as it appears there (b26136) is accepted.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://dev.slicktext.com/v1',
			description:
				'The address of the SlickText production API, as SlickText publishes it (the "dev" in it does not mean a test system). Change it only to send the requests through a proxy.',
		},
		{
			displayName: 'Trigger URL for Replies',
			name: 'replyTriggerUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://n8n.example.com/webhook/1a2b3c4d-.../webhook',
			description:
				"For Send and Wait for Reply and Wait for Reply, and with the 'n8n API Key' below for several n8n webhook processes: the Production URL of the published SlickText Trigger that receives this brand's events (the URL you gave SlickText). A person's reply reaches the waiting workflow through it, and the trigger's runs reach n8n's API under it. Leave empty if no workflow waits for replies and n8n runs as one process.",
		},
		{
			displayName: 'n8n API Key',
			name: 'n8nApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'For several n8n webhook processes (queue mode), or thousands of waits open at once: an API key of this n8n (Settings > n8n API), in the credential the SlickText Trigger uses, with the \'Trigger URL for Replies\' above. The trigger then keeps its waits in an n8n data table, "SlickText reply waits", and the events it received in another, "SlickText received events", which every n8n process can update safely: each event acts once, whichever process SlickText delivers it to. Leave empty with one n8n process. The key needs only these scopes (Scopes: Custom, group Data tables): dataTable:list, dataTable:create, dataTableRow:read, dataTableRow:create, dataTableRow:update, dataTableRow:delete.',
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
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
