'use strict';
// Workflows: get, get many, update (entry rule, active), delete.

const { ENTRY_RULES, TIME_UNITS } = require('./constants');
const { MESSAGES, fail } = require('./errors');
const { stamp } = require('./time');
const { checkKeys, text, choice, flag, positiveInteger } = require('./validate');
const { RESOURCES, setActive, routeResource } = require('./resources');

const WORKFLOW_KEYS = ['name', 'description', 'entry_rule', 'entry_rule_time_value', 'entry_rule_time_unit', 'active'];

function updateWorkflow(b, workflow, body) {
	checkKeys(body, WORKFLOW_KEYS, { atLeastOne: true });
	const name = text(body.name, 'name', { nullable: false, nonEmpty: true });
	const description = text(body.description, 'description');
	const rule = choice(body.entry_rule, 'entry_rule', ENTRY_RULES);
	const value = positiveInteger(body.entry_rule_time_value, 'entry_rule_time_value');
	const unit = body.entry_rule_time_unit === null ? null : choice(body.entry_rule_time_unit, 'entry_rule_time_unit', TIME_UNITS);
	const active = flag(body.active, 'active');
	const finalRule = rule ?? workflow.entry_rule;
	const finalValue = value !== undefined ? value : workflow.entry_rule_time_value;
	const finalUnit = unit !== undefined ? unit : workflow.entry_rule_time_unit;
	// onceInTime needs its window in the same request when the rule is set to it, and never loses it.
	if (finalRule === 'onceInTime') {
		const given = rule === 'onceInTime' ? value != null && unit != null : finalValue != null && finalUnit != null;
		if (!given) fail(400, MESSAGES.onceInTime());
	}
	if (name !== undefined) workflow.name = name;
	if (description !== undefined) workflow.description = description;
	workflow.entry_rule = finalRule;
	workflow.entry_rule_time_value = finalRule === 'onceInTime' ? finalValue : null;
	workflow.entry_rule_time_unit = finalRule === 'onceInTime' ? finalUnit : null;
	setActive(workflow, active, true);
	workflow.last_updated = stamp();
	return workflow;
}

function register(router) {
	routeResource(router, RESOURCES.workflows, { update: updateWorkflow, remove: true });
}

module.exports = { register };
