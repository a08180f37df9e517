import type { OperationDescription } from '../../../shared/descriptions';
import { NAME_AND_DESCRIPTION, updateFieldsCollection } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { requireNumericId } from '../../../shared/validation';
import { segmentIdLocator, segmentUpdateBody } from './fields';

export const update: OperationDescription = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a segment',
		description: 'Rename a segment or change its description. Its conditions are edited in SlickText only.',
		route: currentRoute({
			method: 'PUT',
			url: '=/segments/{{ $parameter.segmentId }}',
			preSend: [requireNumericId('segmentId', 'Segment'), segmentUpdateBody],
		}),
	},
	properties: [
		segmentIdLocator(),
		updateFieldsCollection(NAME_AND_DESCRIPTION),
	],
};
