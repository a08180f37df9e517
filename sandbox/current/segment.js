'use strict';
// Segments: get, get many, update (name, description), delete. Their rules stay out of the record.

const { stamp } = require('./time');
const { checkKeys, text } = require('./validate');
const { RESOURCES, removeRecord, routeResource } = require('./resources');

function updateSegment(b, segment, body) {
	checkKeys(body, ['name', 'description'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	if (name !== undefined) segment.name = name;
	if (description !== undefined) segment.description = description;
	segment.last_updated = stamp();
	return segment;
}

function register(router) {
	routeResource(router, RESOURCES.segments, {
		update: updateSegment,
		remove: (b, segment) => {
			removeRecord(b, RESOURCES.segments, segment);
			b.segmentRules.delete(segment.segment_id);
		},
	});
}

module.exports = { register };
