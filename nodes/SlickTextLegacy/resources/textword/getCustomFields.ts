import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { textwordIdLocator } from './fields';

export const getCustomFields: OperationDescription = {
	option: {
		name: 'Get Custom Fields',
		value: 'getCustomFields',
		action: 'Get the custom fields of a textword',
		description:
			'List the custom contact fields of one textword. A contact carries each as a key named like the field without spaces.',
		route: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}/customfields',
			pages: legacyPages('customFields'),
			preSend: [requireNumericId('textwordId', 'Textword')],
		}),
	},
	properties: [textwordIdLocator(), ...returnAllAndLimit('custom fields')],
};
