/** The two SlickText APIs this package covers. */
export type Platform = 'current' | 'legacy';

export const CREDENTIAL_TYPE: Record<Platform, string> = {
	current: 'slickTextApi',
	legacy: 'slickTextLegacyApi',
};

/**
 * The base URL each node's `requestDefaults.baseURL` expression gives, for code that sends without n8n's
 * routing node (the list operations). Keep both in step; the engine tests compare the paths sent.
 */
export const BASE_URL: Record<Platform, (credentials: Record<string, unknown>) => string> = {
	current: (c) =>
		`${String(c.baseUrl).trim().replace(/\/+$/, '')}/brands/${String(c.brandId).trim().replace(/^b/i, '')}`,
	legacy: (c) => String(c.baseUrl).trim().replace(/\/+$/, ''),
};
