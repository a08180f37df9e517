'use strict';
// Example 8 (an RSVP by text, counted at the deadline) as the end-to-end suites and the RSVP bench run it,
// on one n8n process (twoWay.js) and in queue mode behind several webhook processes (twoWayScale.js):
// its guests (a textword of their own in the sandbox), what each answers, and the checks of what came out.

const assert = require('node:assert/strict');

const { exampleWorkflows } = require('../../scripts/examples');

const EXAMPLE8 = 'exRsvpByDeadline08';
const ORGANISER = '+16195569999';

/** What each guest answers, by place in the list: 40% YES, 30% NO, 10% STOP, 10% "maybe" (none of the words) then nothing, 10% nothing. */
const answerOf = (i) => ['YES', 'YES', 'YES', 'YES', 'NO', 'NO', 'NO', 'STOP', 'maybe', ''][i % 10];

/** What a guest comes out as, for the texts they sent in order: `status` and `approved`, the first or the last answer counting. */
function expectedOf(texts, counts = 'first') {
	let out = { status: 'noAnswer', approved: false, answer: null };
	for (const text of texts) {
		if (out.status === 'optedOut') break;
		if (text === 'STOP') out = { status: 'optedOut', approved: false, answer: null };
		else if (text === 'YES' || text === 'NO') {
			if (out.status === 'answered' && counts === 'first') continue;
			out = { status: 'answered', approved: text === 'YES', answer: text };
		}
	}
	return out;
}

/**
 * The numbers each RSVP of the e2e suites and the bench texts, a prefix apiece: one sandbox serves a whole
 * e2e run, and a guest's STOP opts that number out for every later check.
 */
const GUEST_PREFIXES = { rsvp: '+1619556', rsvpQueue: '+1619557', early: '+1619558', last: '+1619559', earlyQueue: '+1619552', bench: '+1619553', dev: '+1619554' };
assert.equal(new Set(Object.values(GUEST_PREFIXES)).size, Object.keys(GUEST_PREFIXES).length, 'a prefix for each RSVP');
/** `count` guests' numbers: the prefix of the RSVP `who` (GUEST_PREFIXES) and four digits. */
const guestNumbers = (count, who) => {
	const prefix = GUEST_PREFIXES[who];
	assert.ok(prefix && count <= 9999, `guests of ${who}: ${count}`);
	return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
};

/** The guests of an RSVP for `numbers`, as a textword's contacts name them. */
const guestsOf = (numbers) => numbers.map((number, i) => ({ firstName: `Guest ${i}`, number }));

/**
 * examples/08 as shipped (pointed at the sandbox), asking `numbers` (made the subscribers of a textword of
 * their own in the sandbox), its deadline `seconds` after the run starts, the first or last answer counting.
 * A copy under `id` if given.
 */
function rsvpWorkflow({ sandbox, numbers, seconds, id, answerThatCounts = 'first' }) {
	const workflow = exampleWorkflows({ sandbox }).find((w) => w.id === EXAMPLE8);
	if (id) {
		workflow.id = id;
		workflow.versionId = `${id}-v1`;
	}
	const textword = sandbox.addLegacyTextword(`RSVP ${workflow.id}`, guestsOf(numbers));
	for (const node of workflow.nodes) if (node.parameters?.textwordId) node.parameters.textwordId = { __rl: true, mode: 'id', value: textword };
	const ask = workflow.nodes.find((n) => n.name === 'RSVP by Text').parameters;
	assert.deepEqual([ask.deadlineType, ask.deadlineAmount, ask.deadlineUnit, ask.answerThatCounts], ['afterTimeInterval', 2, 'days', 'first'], 'the shipped deadline and the answer that counts');
	Object.assign(ask, { deadlineType: 'atSpecifiedTime', deadline: `={{ $now.plus({ seconds: ${seconds} }).toISO() }}`, answerThatCounts });
	const organiser = workflow.nodes.find((n) => n.name === 'Text the Organiser').parameters;
	assert.match(organiser.body, /\{\{ \$json\.summary\.approved \}\} coming/, 'the shipped count');
	organiser.number = ORGANISER;
	return { ...workflow, settings: { ...workflow.settings, saveDataSuccessExecution: 'all' } };
}

/** The name of the webhook that starts the RSVP where a schedule cannot be called (queue mode, the bench). */
const RSVP_START = 'Start RSVP';

/** rsvpWorkflow started by a webhook at `/webhook/<id>-start`, with `credential` (another SlickText Legacy API credential) in its SlickText nodes. */
function rsvpStartedByWebhook({ sandbox, numbers, seconds, credential, id = EXAMPLE8, answerThatCounts }) {
	const workflow = rsvpWorkflow({ sandbox, numbers, seconds, id, answerThatCounts });
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
	workflow.connections[RSVP_START] = { main: [[{ node: 'The Guests', type: 'main', index: 0 }]] };
	return { ...workflow, active: false };
}

/** What each guest answers when everyone does (the RSVP then goes on before its deadline). */
const everyoneAnswers = (i) => ['YES', 'NO', 'STOP'][i % 3];

/** Each guest's answer (`answer` by place in the list), in random order (a guest who answers nothing is left out). */
const shuffledAnswers = (numbers, answer = answerOf) =>
	numbers
		.map((number, i) => ({ number, text: answer(i) }))
		.filter((a) => a.text !== '')
		.sort(() => Math.random() - 0.5);

/**
 * Checks one finished run of the RSVP (`runData`): at its end each guest came out of RSVP by Text once,
 * with their answer (`replies`: the texts the guests sent, {number, text}, the first or last counting as
 * `counts`), and the organiser got the count (`organiserTexts`: the bodies texted to ORGANISER). Returns how
 * long after the deadline the answers came out, in ms (negative: before it, everyone having answered).
 */
function checkRsvp({ runData, numbers, organiserTexts, replies, counts = 'first' }) {
	const expected = Object.fromEntries(numbers.map((number) => [number, expectedOf(replies.filter((r) => r.number === number).map((r) => r.text), counts)]));
	const ask = runData['RSVP by Text'].at(-1);
	const out = ask.data.main[0].map((item) => item.json);
	assert.deepEqual(out.map((guest) => guest.sent.to).sort(), [...numbers].sort(), 'each guest once at the end');
	for (const guest of out) {
		const want = expected[guest.sent.to];
		assert.deepEqual({ status: guest.status, approved: guest.approved, answer: guest.answer }, want, `${guest.sent.to} at the end`);
		assert.equal(guest.person.number, guest.sent.to, 'each guest with their own item');
	}
	const count = (test) => Object.values(expected).filter(test).length;
	const summary = {
		coming: count((e) => e.status === 'answered' && e.approved),
		notComing: count((e) => e.status === 'answered' && !e.approved),
		noAnswer: count((e) => e.status === 'noAnswer'),
		optedOut: count((e) => e.status === 'optedOut'),
	};
	assert.deepEqual(organiserTexts, [`RSVP: ${summary.coming} coming, ${summary.notComing} not coming, ${summary.noAnswer} no answer, ${summary.optedOut} opted out.`]);
	return ask.startTime - Date.parse(out[0].deadline);
}

module.exports = { EXAMPLE8, ORGANISER, RSVP_START, answerOf, everyoneAnswers, expectedOf, guestNumbers, guestsOf, rsvpWorkflow, rsvpStartedByWebhook, shuffledAnswers, checkRsvp };
