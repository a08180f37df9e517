import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute } from '../../../shared/routing';
import { unwrap } from '../../shared/output';
import { requireNumericId } from '../../../shared/validation';
import { textwordIdLocator } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a textword',
		description: 'Retrieve one textword (keyword list) with its auto reply and contact count',
		route: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}',
			preSend: [requireNumericId('textwordId', 'Textword')],
			output: [unwrap('textword')],
		}),
	},
	properties: [textwordIdLocator()],
};
