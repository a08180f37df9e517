'use strict';
// Example 8 (an RSVP by a deadline, issue 45) as the end-to-end suites run it, on one n8n process
// (twoWay.js) and in queue mode behind several webhook processes (twoWayScale.js): its guests, what each
// answers, and the checks of what came out.

const assert = require('node:assert/strict');

const { exampleWorkflows } = require('../../scripts/examples');

const EXAMPLE8 = 'exRsvpByDeadline08';
const ORGANISER = '+16195569999';

/** What each guest answers, by place in the list: 40% IN, 30% OUT, 10% STOP, 10% "maybe" then nothing, 10% nothing. */
const answerOf = (i) => ['IN', 'IN', 'IN', 'IN', 'OUT', 'OUT', 'OUT', 'STOP', 'maybe', ''][i % 10];
/**
 * What a person's texts, in the order sent and each taken, come to: the answer of the last of `words` (a
 * text of the question's yes or no words: example 8's IN and OUT by default); STOP ends it.
 */
function answerAfter(texts, words = { IN: 'coming', OUT: 'not coming' }) {
	let answer = 'no answer';
	for (const text of texts) {
		if (answer === 'opted out') break;
		if (text === 'STOP') answer = 'opted out';
		else if (words[text]) answer = words[text];
	}
	return answer;
}

/**
 * The numbers each RSVP of the e2e suites and the bench texts, a prefix apiece: one sandbox serves a whole
 * e2e run, and a guest's STOP opts that number out for every later check (CI once failed on two checks
 * that shared numbers).
 */
const GUEST_PREFIXES = { rsvp: '+1619556', rsvpQueue: '+1619557', early: '+1619558', last: '+1619559', earlyQueue: '+1619552', bench: '+1619553' };
assert.equal(new Set(Object.values(GUEST_PREFIXES)).size, Object.keys(GUEST_PREFIXES).length, 'a prefix for each RSVP');
/** `count` guests' numbers: the prefix of the RSVP `who` (GUEST_PREFIXES) and four digits. */
const guestNumbers = (count, who) => {
	const prefix = GUEST_PREFIXES[who];
	assert.ok(prefix && count <= 9999, `guests of ${who}: ${count}`);
	return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
};

/** The guests of an RSVP, as Guests and Deadline lists them, for `numbers`. */
const guestsOf = (numbers) => numbers.map((number, i) => ({ first_name: `Guest ${i}`, number }));

/**
 * `workflow` (examples 7, 8 or 9; a copy under `id` if given) with its own trigger at a path of its own
 * (two published triggers cannot share one), and its hand-out (Start Each Person's Run) pointed at that
 * trigger under `base`: the credential's Trigger URL for Replies names the suite's trigger, in another
 * workflow, which starts no run of this one.
 */
function ownTrigger(workflow, { id, base }) {
	if (id) {
		workflow.id = id;
		workflow.versionId = `${id}-v1`;
	}
	const trigger = workflow.nodes.find((n) => n.name === 'SlickText-Replies');
	assert.equal(trigger.parameters.personRuns, true, "the shipped trigger's Each Person output");
	trigger.webhookId = `${workflow.id}-replies`;
	const handOut = workflow.nodes.filter((n) => n.parameters.operation === 'startPersonRuns');
	assert.equal(handOut.length, 1, 'the shipped hand-out');
	handOut[0].parameters.triggerUrl = `${base}/webhook/${trigger.webhookId}/webhook`;
	return workflow;
}

/**
 * examples/08 as shipped (pointed at the sandbox), with `numbers` as its guests and its deadline `seconds`
 * after the run starts (n8n's Wait node resumes on time for a deadline more than 70 s ahead).
 */
function rsvpWorkflow({ sandbox, numbers, seconds, base, shippedWaitEnds = false, id, replyThatCounts = 'first' }) {
	const workflow = exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE8);
	const list = workflow.nodes.find((n) => n.name === 'Guests and Deadline');
	assert.match(list.parameters.jsonOutput, /"deadline": "\{\{ \$now\.plus\(\{ hours: 4 \}\)/, 'the shipped deadline expression');
	assert.ok(list.parameters.jsonOutput.includes('"resume": "{{ $execution.resumeUrl }}"'), 'the shipped address that ends the wait early');
	assert.ok(list.parameters.jsonOutput.includes('"reply_that_counts": "first"'), 'the shipped choice of the reply that counts');
	list.parameters.jsonOutput = `=${JSON.stringify({
		poll: '{{ $execution.id }}',
		event: "Thursday's team dinner",
		organiser: ORGANISER,
		deadline: `{{ $now.plus({ seconds: ${seconds} }).toISO() }}`,
		resume: '{{ $execution.resumeUrl }}',
		reply_that_counts: replyThatCounts,
		guests: guestsOf(numbers),
	})}`;
	// In a test each guest's wait ends soon after the deadline, unless `shippedWaitEnds` (the bench).
	if (!shippedWaitEnds) {
		endWaitsSoon(workflow, 'Ask and Wait', '$json.guest.number');
		endWaitsSoon(workflow, 'Wait for a Later Reply', "$('When Asked One by One').first().json.guest.number");
	}
	return ownTrigger(workflow, { id, base });
}

/**
 * The waiting node `nodeName` of examples 8 and 9 ends each person's wait 60-660 s after the deadline (once
 * the answers were read), spread by the last digits of `idExpression`: here 10-20 s after it, so that a
 * test does not wait ten minutes. Fails if the shipped expression changed.
 */
function endWaitsSoon(workflow, nodeName, idExpression) {
	const limit = workflow.nodes.find((n) => n.name === nodeName).parameters.waitOptions.limitWaitTime.values;
	const spread = `plus({ seconds: 60 + Number(${idExpression}.slice(-3)) * 0.6 })`;
	assert.ok(limit.maxDateAndTime.includes(spread), `the shipped end of a wait in ${nodeName}`);
	limit.maxDateAndTime = limit.maxDateAndTime.replace(spread, `plus({ seconds: 10 + Number(${idExpression}.slice(-3)) * 0.01 })`);
}

/** The name of the webhook that starts the RSVP in queue mode. */
const RSVP_START = 'Start RSVP';

/**
 * rsvpWorkflow in queue mode: with `credential` (the data-table trigger's) and started by a webhook at
 * `/webhook/<id>-start` (a schedule cannot be called from outside); the example's own trigger (under
 * `base`, the address the webhook processes answer at) starts each guest's run, and the credential names
 * the caller's trigger for the replies.
 */
function rsvpStartedByWebhook({ sandbox, numbers, seconds, base, credential, shippedWaitEnds, id = EXAMPLE8, guestsInRequest = false }) {
	const workflow = rsvpWorkflow({ sandbox, numbers, seconds, base, shippedWaitEnds, id });
	// With `guestsInRequest`, the guests come in the start request's body ({guests}), as from a list kept
	// elsewhere, not written into the workflow: n8n keeps a copy of the workflow for each waiting execution
	// in the process that ran it, so a list written into it costs memory with the square of its length.
	if (guestsInRequest) {
		const list = workflow.nodes.find((n) => n.name === 'Guests and Deadline').parameters;
		const guests = JSON.stringify(guestsOf(numbers));
		assert.ok(list.jsonOutput.includes(`"guests":${guests}`), 'the guests in Guests and Deadline');
		list.jsonOutput = list.jsonOutput.replace(`"guests":${guests}`, `"guests":{{ JSON.stringify($('${RSVP_START}').first().json.body.guests) }} `);
	}
	for (const node of workflow.nodes) if (node.credentials?.slickTextLegacyApi) node.credentials = { slickTextLegacyApi: { id: credential.id, name: credential.name } };
	workflow.nodes.push({
		id: 'rsvpStart',
		name: RSVP_START,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 400],
		webhookId: `${id}-start`,
		parameters: { httpMethod: 'POST', path: `${id}-start`, responseMode: 'onReceived', options: {} },
	});
	workflow.connections[RSVP_START] = { main: [[{ node: 'Answers Table', type: 'main', index: 0 }]] };
	return { ...workflow, active: false, settings: { ...workflow.settings, saveDataSuccessExecution: 'all' } };
}

/** What each guest answers when everyone does (the RSVP then goes on before its deadline). */
const everyoneAnswers = (i) => ['IN', 'OUT', 'STOP'][i % 3];

/** Each guest's answer (`answer` by place in the list), in random order (a guest who answers nothing is left out). */
const shuffledAnswers = (numbers, answer = answerOf) =>
	numbers
		.map((number, i) => ({ number, text: answer(i) }))
		.filter((a) => a.text !== '')
		.sort(() => Math.random() - 0.5);

/**
 * Checks the finished executions of the RSVP (`runDatas`: the run data of each): each guest's own kept
 * one row with its own answer; at the deadline each guest came out once with it; the organiser got the
 * count (`organiserTexts`: the bodies texted to ORGANISER). `start`: the node that started the RSVP;
 * `replies`: the texts the guests sent ({number, text}), a guest without one having answered nothing.
 * Returns how long after the deadline the answers were read, in ms.
 */
function checkRsvp({ runDatas, numbers, organiserTexts, start, replies }) {
	const expected = Object.fromEntries(numbers.map((number) => [number, answerAfter(replies.filter((r) => r.number === number).map((r) => r.text))]));
	const rsvps = runDatas.filter((runData) => runData[start]);
	assert.equal(rsvps.length, 1, 'one run of the RSVP');
	const [rsvp] = rsvps;
	const kept = runDatas.filter((runData) => !runData[start]).map((runData) => runData['The Answer'].at(-1).data.main[0][0].json);
	// Each guest's own execution wrote its own row, last with its answer.
	assert.deepEqual(kept.map((row) => row.number).sort(), [...numbers].sort(), 'one row per guest');
	for (const row of kept) assert.equal(row.answer, expected[row.number], `the row of ${row.number}`);
	// At the deadline: each guest once, with their answer; the unanswered ones as no answer.
	const out = rsvp['Answer or No Answer'][0].data.main[0].map((item) => item.json);
	assert.deepEqual(out.map((guest) => guest.number).sort(), [...numbers].sort(), 'each guest once at the deadline');
	for (const guest of out) assert.equal(guest.answer, expected[guest.number], `${guest.number} at the deadline`);
	const count = (answer) => Object.values(expected).filter((a) => a === answer).length;
	assert.deepEqual(organiserTexts, [
		`RSVPs for Thursday's team dinner: ${count('coming')} coming, ${count('not coming')} not coming, ${count('no answer')} no answer, ${count('opted out')} opted out.`,
	]);
	const deadlineAt = Date.parse(rsvp['Guests and Deadline'][0].data.main[0][0].json.deadline);
	return rsvp["Everyone's Answer"][0].startTime - deadlineAt;
}

module.exports = { EXAMPLE8, ORGANISER, RSVP_START, answerAfter, endWaitsSoon, everyoneAnswers, guestNumbers, guestsOf, rsvpWorkflow, rsvpStartedByWebhook, shuffledAnswers, checkRsvp, ownTrigger };
