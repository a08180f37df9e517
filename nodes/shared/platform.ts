/** The two SlickText APIs this package covers. */
export type Platform = 'current' | 'legacy';

export const CREDENTIAL_TYPE: Record<Platform, string> = {
	current: 'slickTextApi',
	legacy: 'slickTextLegacyApi',
};


/**
 * What the SlickText node does, as n8n's node panel shows it. n8n's editor merges the SlickText Trigger into
 * the SlickText node's entry (the trigger's name is the node's plus "Trigger") and shows the trigger's
 * description for both, so the trigger's description starts with this one (SlickTextTrigger.node.ts).
 */
export const SLICKTEXT_DESCRIPTION = 'Manage contacts, lists, campaigns and more with the SlickText API';
