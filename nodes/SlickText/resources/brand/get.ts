import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { BRAND_SUMMARY } from '../summaries';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get the brand',
		description: 'Retrieve the brand of the credential, with its settings and opt-in messages',
		// GET /brands is the one path outside /brands/{brand_id}; it returns the key's own brand.
		route: currentRoute({
			method: 'GET',
			url: '/brands',
			brandScoped: false,
		}),
	},
	properties: [],
	simplify: BRAND_SUMMARY,
};
