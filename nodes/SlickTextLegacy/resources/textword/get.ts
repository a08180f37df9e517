import type { OperationDescription } from '../../../shared/descriptions';
import { legacyRoute, unwrap } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { textwordIdLocator } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a textword',
		description: 'Retrieve one textword (keyword list) with its auto reply and subscriber count',
		routing: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}',
			preSend: [requireNumericId('textwordId', 'Textword')],
			output: [unwrap('textword')],
		}),
	},
	properties: [textwordIdLocator()],
};
