'use strict';
// Keywords: get, get many, delete.

const { RESOURCES, routeResource } = require('./resources');

function register(router) {
	routeResource(router, RESOURCES.keywords, { remove: true });
}

module.exports = { register };
