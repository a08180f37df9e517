/** The two SlickText APIs this package covers. */
export type Platform = 'current' | 'legacy';

export const CREDENTIAL_TYPE: Record<Platform, string> = {
	current: 'slickTextApi',
	legacy: 'slickTextLegacyApi',
};

