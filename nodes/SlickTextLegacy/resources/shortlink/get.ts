import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { unwrap } from '../../shared/output';
import { shortlinkFields, shortlinkPath } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a shortlink',
		description: 'Retrieve one tracked shortlink, by ID or by hash, with its click count',
		route: legacyRoute({
			method: 'GET',
			// The real path is set by shortlinkPath from Find By.
			url: '/shortlinks',
			preSend: [shortlinkPath()],
			output: [unwrap('shortlink')],
		}),
	},
	properties: shortlinkFields(),
};
