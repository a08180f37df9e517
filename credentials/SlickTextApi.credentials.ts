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

	documentationUrl = 'https://api.slicktext.com/docs/v2/overview';

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
				'SlickText allows 8 requests a second. Keep it when several n8n workers share the key: they slow down to share it. Raise it only if SlickText raised your limit. Empty, 0 or less means the default, 8.',
		},
		{
			displayName: 'Requests per Minute',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 480,
			description:
				'SlickText allows 480 requests a minute. The nodes wait rather than exceed it, and adapt to the limits SlickText reports in its answers. Empty, 0 or less means the default, 480.',
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
	};
}
