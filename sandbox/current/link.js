'use strict';
// Links (short links): create, update, get, get many, delete.

const { stamp } = require('./time');
const { checkKeys, requireFields, text, flag, webAddress } = require('./validate');
const { RESOURCES, nextId, setActive, routeResource } = require('./resources');

function createLink(b, body) {
	checkKeys(body, ['name', 'url']);
	requireFields(body, ['name', 'url']);
	const link = {
		link_id: nextId(b, 'link'), _brand_id: b.brand.brand_id, _contact_id: null,
		name: text(body.name, 'name', { nullable: false, nonEmpty: true }), url: webAddress(body.url, 'url'),
		type: 'shortlink', source: 'API', _source_id: null, sub_source: null, _sub_source_id: null, clicks: 0,
		unique_clicks: 0, bot_clicks: 0, active: 1, created: stamp(), expires: null,
	};
	b.links.push(link);
	return link;
}

function updateLink(b, link, body) {
	checkKeys(body, ['name', 'url', 'active'], { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const url = body.url === undefined ? undefined : webAddress(body.url, 'url');
	const active = flag(body.active, 'active');
	if (name !== undefined) link.name = name;
	if (url !== undefined) link.url = url;
	setActive(link, active, false);
	return link;
}

function register(router) {
	routeResource(router, RESOURCES.links, { create: createLink, update: updateLink, remove: true });
}

module.exports = { register };
