import type { OperationDescription } from '../../../shared/descriptions';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { legacyPages } from '../../../shared/paging';
import { legacyRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { filterQuery, filtersProperty, textFilter, type Filter } from '../../shared/filters';
import { textwordIdLocator } from './fields';

const filters: Filter[] = [textFilter('name', 'Name')];

export const getSegments: OperationDescription = {
	option: {
		name: 'Get Segments',
		value: 'getSegments',
		action: 'Get the segments of a textword',
		description: 'List the saved segments of one textword, each with its current contact count',
		route: legacyRoute({
			method: 'GET',
			url: '=/textwords/{{ $parameter.textwordId }}/segments',
			pages: legacyPages('segments'),
			preSend: [requireNumericId('textwordId', 'Textword'), filterQuery(filters)],
		}),
	},
	properties: [textwordIdLocator(), ...returnAllAndLimit('segments'), filtersProperty(filters)],
};
