import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { segmentIdLocator } from './fields';

export const get: OperationDescription = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a segment',
		description: 'Retrieve one segment by ID',
		route: currentRoute({
			method: 'GET',
			url: '=/segments/{{ $parameter.segmentId }}',
			preSend: [requireNumericId('segmentId', 'Segment')],
		}),
	},
	properties: [segmentIdLocator()],
};
