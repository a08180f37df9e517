import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
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
				'The ID of the brand the key belongs to, shown in SlickText under Settings > API & Webhooks. A leading "b" as shown in the web app (b26136) is accepted.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://dev.slicktext.com/v1',
			description:
				'Change only to go through a proxy or to use the local SlickText sandbox of this package',
		},
		{
			displayName: 'Requests per Second',
			name: 'requestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 8,
			description:
				'The most requests a second the nodes send with this key. SlickText documents 8 (in places 4) and can set another limit per account. When its answers show a lower limit (the X-RateLimit header, or requests refused with 429), the nodes slow down to it by themselves, send the refused requests again, and keep the lower limit for this credential until n8n restarts. Keep 8 when several n8n workers share the key: they slow down to share it. Raise it only if SlickText raised your limit. Empty, 0 or less means 8.',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 480,
			description:
				'The most requests a minute the nodes send with this key. SlickText documents 480 (in places 240). When its X-RateLimit header shows a lower limit (say 240), the nodes keep to it and to a sixtieth of it a second (4), whatever this field and Requests per Second say; they never send faster than these fields. Empty, 0 or less means 480.',
		},
		{
			displayName: 'Rate Limit Wait (Seconds)',
			name: 'rateLimitWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 300,
			description:
				'How long one request may keep waiting and retrying in total when SlickText answers 429 (rate limited) before its item fails. One wait never exceeds 60 seconds, whatever the answer says.',
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

	// The usage endpoint lives under the brand, so this one request proves both the key and the brand ID:
	// a wrong key answers 401, a brand the key cannot reach answers 403.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}',
			url: '=/brands/{{ String($credentials.brandId).trim().replace(/^b/i, "") }}/usage',
			method: 'GET',
		},
		// n8n shows only the HTTP status text ("Forbidden") unless a rule names the reason and what to check.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'SlickText did not accept the API key (401). Copy the API key again from SlickText (Settings > API) into API Key.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'SlickText refused the request (403): the API key is wrong, or it belongs to another brand than the Brand ID. Check both; the brand ID is the number in the web address of the brand (b12345 works too).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'SlickText found no such brand (404). Check the Brand ID and the Base URL.',
				},
			},
		],
	};
}
