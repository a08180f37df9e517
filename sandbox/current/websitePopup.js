'use strict';
// Website popups: get, get many, update (name, description, active), delete.

const { stamp } = require('./time');
const { checkKeys, text, flag } = require('./validate');
const { RESOURCES, setActive, routeResource } = require('./resources');

function updatePopup(b, popup, body) {
	checkKeys(body, ['name', 'description', 'active'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	const active = flag(body.active, 'active');
	if (name !== undefined) popup.name = name;
	if (description !== undefined) popup.description = description;
	setActive(popup, active, false);
	popup.last_updated = stamp();
	return popup;
}

function register(router) {
	routeResource(router, RESOURCES.websitePopups, { update: updatePopup, remove: true });
}

module.exports = { register };
