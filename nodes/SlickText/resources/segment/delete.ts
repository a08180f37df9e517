import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute, deletedOutput } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { segmentIdLocator } from './fields';

export const del: OperationDescription = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a segment',
		description: 'Delete a segment. The contacts it matches are not deleted.',
		route: currentRoute({
			method: 'DELETE',
			url: '=/segments/{{ $parameter.segmentId }}',
			preSend: [requireNumericId('segmentId', 'Segment')],
			output: [deletedOutput('segment_id', 'segmentId')],
		}),
	},
	properties: [segmentIdLocator()],
};
