'use strict';
// Two-way texts where a big user runs n8n: queue mode (Postgres, Redis, a worker), and several
// `n8n webhook` processes behind one address that hands each request to the next process in turn (a
// round-robin proxy of this test's own: /webhook and /webhook-waiting to the webhook processes, the rest
// to main, as n8n's queue-mode documentation sets up its load balancer).
//
// With the credential's n8n API Key the trigger keeps its waits in an n8n data table: 200 people wait and
// reply, 20 requests in flight, with 2 and then 3 webhook processes, one of them killed and started again in
// the middle: every reply resumes its own wait, exactly once; none is lost, none comes out as an event.
// With one webhook process and no key (the static-data store): a worker's run of the trigger does not
// wipe the waits, and a webhook process killed right after the registrations loses none of them.
//
// SlickText is played by the sandbox, which delivers a reply again while it is not answered 2xx, as
// SlickText retries (here after 1 second, not a minute).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { inPool } = require('../../sandbox/shared/replies');
const { startTwoWayStack } = require('../../bench/twoWayStack');
// The trigger's own reading of a delivery, from the build n8n runs: a reply's event key, as its log names it.
const { readDelivery } = require('../../dist/nodes/SlickTextTrigger/events');
const { waitFor } = require('./rest');
const { EXAMPLE8, ORGANISER, checkRsvp, everyoneAnswers, guestNumbers, rsvpStartedByWebhook, shuffledAnswers } = require('./rsvp');

exports.title = 'Two-way texts at scale: several n8n webhook processes behind a round-robin address (queue mode)';

const PKG = 'n8n-nodes-slicktext';
const BASE_PORT = Number(process.env.E2E_N8N_PORT || 5691) + 60;
const PROXY = `http://127.0.0.1:${BASE_PORT}`;
const SECRET = 'e2e-scale-secret';
const TEXTWORD = '5401';
/**
 * `npm run test:scale` (E2E_SCALE=1) runs the long checks: 200 people through 2 and then 3 webhook
 * processes, a 200-guest RSVP, and one webhook process without an API key. A landing (`.ci/run`) runs the
 * same paths smaller: 60 people through 2 processes, one crashing meanwhile, a 60-guest RSVP, and a poll
 * across a restart (docs/development.md, which command guards what).
 */
const SCALE = process.env.E2E_SCALE === '1';
const PEOPLE = Number(process.env.E2E_SCALE_PEOPLE || (SCALE ? 200 : 60));
/**
 * Requests in flight at once, as in the earlier scale runs (10 there): all 200 at once on 2 cores starve n8n's
 * own database pool (2 connections a process by default), and n8n then fails executions itself.
 */
const IN_FLIGHT = Number(process.env.E2E_SCALE_IN_FLIGHT || 20);
/** How many times a webhook process is killed and started again among the replies (more: to look for a rare loss). */
const KILLS = Number(process.env.E2E_SCALE_KILLS || 1);

const AFTER = 'After Reply';

const HOOK = { table: 'e2e-scale-table', static: 'e2e-scale-static' };
const CRED = {
	table: { id: 'scaleLegacyTable', name: 'SlickText Legacy (n8n API key)' },
	static: { id: 'scaleLegacyStatic', name: 'SlickText Legacy (one process)' },
};
const triggerUrl = (store) => `${PROXY}/webhook/${HOOK[store]}/webhook`;
const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

function triggerWorkflow(store) {
	const id = store === 'table' ? 'e2eScaleTrigTable' : 'e2eScaleTrigStat';
	return {
		id,
		name: `e2e scale: trigger (${store})`,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{
				id: `${id}-t`,
				name: 'SlickText Trigger',
				type: `${PKG}.slickTextTrigger`,
				typeVersion: 2,
				position: [0, 0],
				webhookId: HOOK[store],
				parameters: { platform: 'legacy', legacyEvents: ['ChatMessageRecieved', 'NewSubscriber'] },
				credentials: { slickTextLegacyApi: CRED[store] },
			},
		],
		connections: {},
		settings: { saveDataSuccessExecution: 'all' },
	};
}

function waitingWorkflow(store) {
	const id = store === 'table' ? 'e2eScaleWaitTable' : 'e2eScaleWaitStat';
	return {
		id,
		name: `e2e scale: send and wait (${store})`,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{ id: `${id}-s`, name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `${id}-start`, parameters: { httpMethod: 'POST', path: `${id}-start`, responseMode: 'onReceived', options: {} } },
			{
				id: `${id}-w`,
				name: 'Wait',
				type: `${PKG}.slickTextLegacy`,
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'message',
					operation: 'sendAndWait',
					sendTo: 'number',
					textwordId: { __rl: true, mode: 'id', value: TEXTWORD },
					number: '={{ $json.body.number }}',
					message: 'Your table is ready. Reply with a word of your own.',
					responseType: 'freeText',
				},
				credentials: { slickTextLegacyApi: CRED[store] },
			},
			{ id: `${id}-a`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: { Start: next('Wait'), Wait: next(AFTER) },
		settings: { saveDataSuccessExecution: 'all', executionOrder: 'v1' },
	};
}

/** Example 8 in queue mode: its guests, and its deadline this long after the RSVP starts. */
const RSVP_NUMBERS = guestNumbers(Number(process.env.E2E_SCALE_RSVP_GUESTS || (SCALE ? 200 : 60)), 'rsvpQueue');
// 60 guests are asked in about 8 s; the rest leaves time for a process to crash and start again before the deadline.
const RSVP_SECONDS = Number(process.env.E2E_SCALE_RSVP_SECONDS || (SCALE ? 150 : 100));
/** A copy of example 8 whose guests all answer: it goes on before its deadline. Numbers of its own: the sandbox serves every suite, and a STOP in twoWay.js opts a number out. */
const EARLY_RSVP = 'exRsvpEarlyQueue08';
const EARLY_NUMBERS = guestNumbers(30, 'earlyQueue');
const EARLY_SECONDS = 400;
/** A copy of example 8 whose deadline passes while every webhook process is down. */
const ACROSS_RSVP = 'exRsvpAcrossQueue08';
const ACROSS_NUMBERS = guestNumbers(20, 'last').map((n) => n.replace('+1619559', '+1619551'));
const ACROSS_SECONDS = 75;
const WF = { table: waitingWorkflow('table'), static: waitingWorkflow('static') };
const TRIGGER = { table: triggerWorkflow('table'), static: triggerWorkflow('static') };

exports.run = async ({ sandbox, check }) => {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-scale-'));
	const timeoutBefore = sandbox.options.webhookTimeoutMs;
	sandbox.options.webhookTimeoutMs = 30_000;
	const legacy = { ...sandbox.legacyCredentials(), webhookSecret: SECRET };
	const credentials = {
		table: { ...CRED.table, type: 'slickTextLegacyApi', data: { ...legacy, replyTriggerUrl: triggerUrl('table') } },
		static: { ...CRED.static, type: 'slickTextLegacyApi', data: { ...legacy, replyTriggerUrl: triggerUrl('static') } },
	};
	const stack = await startTwoWayStack({
		basePort: BASE_PORT,
		tmp,
		workflows: [
			TRIGGER.table,
			TRIGGER.static,
			WF.table,
			WF.static,
			rsvpStartedByWebhook({ sandbox, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS, credential: CRED.table }),
			rsvpStartedByWebhook({ sandbox, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, credential: CRED.table, id: EARLY_RSVP }),
			rsvpStartedByWebhook({ sandbox, numbers: ACROSS_NUMBERS, seconds: ACROSS_SECONDS, credential: CRED.table, id: ACROSS_RSVP }),
		],
		credentials: Object.values(credentials),
		webhooks: 3,
		// Each reply's way through the trigger, read back when a check fails (triggerSaid).
		webhookLogLevel: 'debug',
	});
	const { executions, startWebhook, killWebhook, stopAndStart, useWebhooks } = stack;

	const post = async (url, body, headers = { 'content-type': 'application/json' }) => {
		try {
			const res = await fetch(url, { method: 'POST', headers, body });
			return { status: res.status, text: await res.text() };
		} catch (error) {
			return { status: 0, text: String(error.message) };
		}
	};
	const outputs = async (workflowId) => stack.runData(workflowId).map((run) => run[AFTER]?.[0]?.data?.main?.[0]?.[0]?.json).filter(Boolean);
	const numberOf = (round, i) => `+1619${String(round).padStart(3, '0')}${String(i).padStart(4, '0')}`;

	/** A reply as SlickText sends it: delivered again each second while it is not answered 2xx (at most 2 minutes). */
	const replyUntilAccepted = async (store, number, text) => {
		let played = await sandbox.reply({ platform: 'legacy', to: triggerUrl(store), from: number, text, secret: SECRET });
		let [event] = played.events;
		for (let attempt = 0; !(played.status >= 200 && played.status < 300); attempt++) {
			if (attempt > 120) throw new Error(`the reply of ${number} was never accepted: ${played.status} ${played.error ?? JSON.stringify(played.body)}`);
			await pause(1000);
			played = await sandbox.redeliver(event, { to: triggerUrl(store), secret: SECRET });
			event = played.events[0];
		}
		return played;
	};

	/** Starts one wait per number at once and resolves once n8n shows them all waiting (but `before`, an earlier check's). */
	const openWaits = async (store, numbers, before = new Set()) => {
		const wf = WF[store];
		const started = await inPool(numbers, IN_FLIGHT, (number) => post(`${PROXY}/webhook/${wf.id}-start`, JSON.stringify({ number })));
		assert.ok(started.every((r) => r.status === 200), `starts: ${[...new Set(started.map((r) => r.status))]}`);
		const waiting = async () => (await unended(wf.id, before)).filter((e) => e.status === 'waiting').length;
		const all = await waitFor(async () => (await waiting()) >= numbers.length, 600_000);
		const failed = await executions(wf.id, 'error');
		assert.ok(all, `waiting: ${await waiting()} of ${numbers.length}; failed: ${failed.length}`);
	};

	/** The trigger's data table in n8n's database (Postgres), quoted for SQL. */
	const waitsTable = () => `"data_table_user_${stack.psql(`select id from data_table where name = 'SlickText reply waits'`).trim()}"`;

	/** The executions of a workflow not ended (waiting, running or new), but those in `before` (an earlier check's). */
	const unended = async (workflowId, before = new Set()) =>
		(await executions(workflowId)).filter((e) => ['waiting', 'running', 'new'].includes(e.status) && !before.has(e.id));

	/**
	 * Every number replies; returns once nothing of the workflow is left waiting or running but what an
	 * earlier check left (`before`, so that one loss fails one check).
	 */
	const everyoneReplies = async (store, numbers, during = async () => {}, before = new Set()) => {
		const wf = WF[store];
		const replies = inPool(numbers, IN_FLIGHT, (number) => replyUntilAccepted(store, number, `answer of ${number}`));
		await during();
		const played = await replies;
		const done = await waitFor(async () => (await unended(wf.id, before)).length === 0, 600_000);
		return { played, done, left: done ? '' : await leftOver(wf.id, numbers, before, played) };
	};

	/**
	 * What is left waiting or running of a workflow (but `before`), said in the failure's first line (CI keeps
	 * a part of a long log): the executions, their persons, the rows of those persons' waits and the kept
	 * replies still unfinished in the trigger's table, and what the trigger logged.
	 */
	const leftOver = async (workflowId, numbers, before, played = []) => {
		const left = await unended(workflowId, before);
		const persons = ['waiting', 'running']
			.flatMap((status) => stack.runData(workflowId, status))
			.map((run) => run.Start?.[0]?.data?.main?.[0]?.[0]?.json?.body?.number)
			.filter((number) => number && numbers.includes(number));
		const now = Date.now();
		const rows = (where) =>
			stack
				.psql(`select id, person, "claimedBy", "claimedAt", "takenAt" from ${waitsTable()} where ${where} order by id`)
				.split('\n')
				.filter(Boolean)
				.map((line) => {
					const [id, person, by, at, taken] = line.split('|');
					return `${id} ${person || 'kept'} ${by === '-' ? 'free' : `claimed ${Math.round((now - Number(at)) / 1000)} s ago`}${Number(taken) > 0 ? ` taken ${Math.round((now - Number(taken)) / 1000)} s ago` : ''}`;
				});
		const waits = persons.length > 0 ? rows(`person in (${persons.map((p) => `'${p}'`).join(', ')})`) : [];
		const kept = rows(`"until" = -1 and "takenAt" = 0`);
		const lines = triggerLines();
		return `${left.length} left (${left.map((e) => `${e.id} ${e.status}`).join(', ')}); not resumed: ${persons.slice(0, 20).join(', ')}; their waits: ${waits.slice(0, 20).join(', ')}; kept replies unfinished: ${kept.length} (${kept.slice(0, 10).join(', ')}); their replies' way: ${persons
			.slice(0, 3)
			.map((person) => `${person}: ${wayOf(played[numbers.indexOf(person)], lines)}`)
			.join('; ')}; the trigger said: ${triggerSaid(lines)}`;
	};

	/**
	 * What the trigger logged in the webhook processes (their level is debug: each reply's open waits and
	 * outcome, each delivery's answer) since the stack started, counted by what it said, event keys left out.
	 */
	const triggerSaid = (lines) => {
		const counts = new Map();
		for (const { said } of lines) {
			const kind = said
				.replace(/(legacy#[0-9a-f]+|current:[^\s,:]+)(, (legacy#[0-9a-f]+|current:[^\s,:]+))*/g, '<key>')
				// The looks for unfinished replies, counted together whatever their number.
				.replace(/look \d+ for/, 'look N for')
				.slice(0, 140);
			counts.set(kind, (counts.get(kind) ?? 0) + 1);
		}
		return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([kind, n]) => `${n}x "${kind}"`).join('; ') || 'nothing';
	};

	/** The trigger's lines in the webhook processes' logs, in each process's order: which process, and what it said (colours and details cut). */
	const triggerLines = () =>
		fs
			.readdirSync(stack.logs)
			.filter((name) => name.startsWith('webhook-'))
			.flatMap((file) =>
				fs
					.readFileSync(path.join(stack.logs, file), 'utf8')
					.split('\n')
					.filter((line) => line.includes('SlickText Trigger: '))
					// eslint-disable-next-line no-control-regex
					.map((line) => ({ process: file.replace(/\.log$/, ''), said: line.slice(line.indexOf('SlickText Trigger: ') + 19).replace(/\x1b\[[0-9;]*m/g, '').replace(/\s*\{\s*".*$/, '') })),
			);

	/**
	 * The way of a person's reply through the trigger: its event key (as the trigger computes it, from the
	 * delivery as posted) and every line that names it, with the process that said it.
	 */
	const wayOf = (played, lines) => {
		const data = new URLSearchParams(played?.deliveries?.[0]?.rawBody ?? '').get('data');
		const key = data ? readDelivery('legacy', { body: { data } }).events?.[0]?.key : undefined;
		if (!key) return 'its key unknown';
		const named = lines.filter(({ said }) => said.includes(key));
		return `answered ${played.status}; ${named.map(({ process, said }) => `${process}: ${said.replace(key, '<key>').slice(0, 100)}`).join(' / ') || 'no line names it'}`;
	};

	/** Each wait resumed once, by its own person's reply; no reply came out of the trigger as an event. */
	const assertEachResumedByItsOwn = async (store, numbers, eventsBefore) => {
		const mine = (await outputs(WF[store].id)).filter((json) => numbers.includes(json.sent?.to));
		const crossed = mine.filter((json) => json.reply?.from !== json.sent?.to || json.reply?.text !== `answer of ${json.sent?.to}`);
		assert.deepEqual(crossed, [], 'replies resumed the wait of another person');
		const resumed = new Set(mine.map((json) => json.sent.to));
		const lost = numbers.filter((n) => !resumed.has(n));
		assert.deepEqual(lost, [], `waits never resumed by their reply (${lost.length} of ${numbers.length})`);
		assert.equal(mine.length, numbers.length, 'a wait resumed twice');
		const events = (await executions(TRIGGER[store].id)).length - eventsBefore;
		assert.equal(events, 0, 'replies came out of the trigger as events although their waits were open');
	};

	/** How many rows of kept replies (`until` -1) the trigger's table holds that match `where` (SQL). */
	const keptReplies = (where) => Number(stack.psql(`select count(*) from ${waitsTable()} where "until" = -1 and ${where}`).trim());

	try {
		// The trigger with the data table: the owner's n8n API key in its credential.
		await stack.giveApiKey(credentials.table);
		await stack.whenServing(`/webhook/${WF.table.id}-start`);
		// Those probes started executions that fail before texting anybody (no number): not counted below.
		await pause(3000);

		/**
		 * A webhook process stops in the middle of the replies: a crash (SIGKILL) through 2 processes, a restart
		 * (SIGTERM, as a deploy or a container restart stops n8n) through 3. Either cuts the trigger's requests
		 * under way. n8n's resume addresses are kept off that process: n8n marks an execution running before it
		 * hands it to a worker, and a process that stops in between leaves it running for ever, n8n's Wait node
		 * alike (after SIGTERM too: n8n closes its database pool while it still answers requests; seen in this
		 * test, docs/queue-mode.md). That is n8n's part, not the trigger's.
		 */
		const stops = { 2: { signal: 'SIGKILL', name: 'one crashes and starts again' }, 3: { signal: 'SIGTERM', name: 'one restarted' } };
		for (const processes of SCALE ? [2, 3] : [2]) {
			const stop = stops[processes];
			await check(`two-way at scale: ${PEOPLE} people wait and reply (${IN_FLIGHT} at a time) through ${processes} webhook processes (${stop.name} meanwhile, n8n's resume addresses on the others): each reply resumes its own wait once; none lost, none an event`, async () => {
				const resumesOff = 1;
				useWebhooks(processes, resumesOff);
				const numbers = Array.from({ length: PEOPLE }, (_, i) => numberOf(processes, i));
				const before = new Set((await unended(WF.table.id)).map((e) => e.id));
				await openWaits('table', numbers, before);
				const eventsBefore = (await executions(TRIGGER.table.id)).length;
				const keptBefore = keptReplies('true');
				const { played, done, left } = await everyoneReplies(
					'table',
					numbers,
					async () => {
						// In the middle of the replies, one webhook process stops and comes back.
						for (let kill = 0; kill < KILLS; kill++) {
							await pause(1500);
							await stopAndStart(resumesOff, { signal: stop.signal, count: processes });
						}
					},
					before,
				);
				if (!done) assert.fail(`executions still waiting or running: ${left}; runs of the trigger since the replies began: ${(await executions(TRIGGER.table.id)).length - eventsBefore}`);
				assert.equal(played.length, PEOPLE);
				await assertEachResumedByItsOwn('table', numbers, eventsBefore);
				// Each reply was kept as a row of its own before SlickText's answer (`until` -1), and finished once
				// a wait took it (a kept row a killed process left is delivered again, then finished too).
				const finished = await waitFor(async () => keptReplies('"takenAt" = 0') === 0, 60_000);
				assert.ok(finished, `kept replies left unfinished: ${keptReplies('"takenAt" = 0')}`);
				assert.ok(keptReplies('"takenAt" > 0') >= keptBefore + PEOPLE, `replies kept: ${keptReplies('"takenAt" > 0') - keptBefore} of ${PEOPLE}`);
			});
		}

		/**
		 * Starts the RSVP `id` (examples/08 in queue mode, `numbers` its guests, its deadline `seconds` ahead)
		 * through the proxy; once the poll waits, each guest answers `answer(i)`, in random order, IN_FLIGHT at
		 * a time, while `meanwhile()` runs; `beforeTheEnd()` runs after the answers. Checks what came out
		 * (checkRsvp) and returns the answers and how long after the deadline they came out, in ms.
		 */
		const runRsvp = async ({ id, numbers, seconds, answer, meanwhile = async () => {}, beforeTheEnd = async () => {} }) => {
			useWebhooks(2);
			// The sandbox serves the whole e2e run: only this check's texts count (twoWay.js texts the organiser too).
			const requestsBefore = sandbox.requests.length;
			const started = Date.now();
			assert.equal((await post(`${PROXY}/webhook/${id}-start`, '{}')).status, 200);
			// One execution waits for every guest: the RSVP's own.
			const waiting = await waitFor(async () => (await executions(id, 'waiting')).length === 1, seconds * 1000 - 30_000);
			assert.ok(waiting, `waiting: ${(await executions(id, 'waiting')).length}; failed: ${(await executions(id, 'error')).length}`);
			const everyoneWaitsAfter = Date.now() - started;
			const answers = shuffledAnswers(numbers, answer);
			const replies = inPool(answers, IN_FLIGHT, ({ number, text }) => replyUntilAccepted('table', number, text));
			await meanwhile();
			await replies;
			assert.ok(Date.now() - started < seconds * 1000, `the answers came after the deadline (${Date.now() - started} ms): give the RSVP more time`);
			await beforeTheEnd(started);
			const done = await waitFor(async () => (await executions(id)).filter((e) => ['waiting', 'running', 'new'].includes(e.status)).length === 0, seconds * 1000 + 120_000);
			assert.ok(done, `still waiting or running: ${(await executions(id)).filter((e) => e.status !== 'success').map((e) => e.status)}`);
			const runs = stack.runData(id);
			assert.equal(runs.length, 1, `one run of the RSVP: failed ${(await executions(id, 'error')).length}`);
			const organiserTexts = sandbox.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/legacy/v1/messages/' && r.body?.number === ORGANISER).map((r) => r.body.body);
			const late = checkRsvp({ runData: runs[0], numbers, organiserTexts, replies: answers });
			console.log(`        ${numbers.length} guests asked and waiting ${everyoneWaitsAfter} ms after the start; the answers out ${late} ms after the deadline`);
			return { answers, late };
		};

		await check(`two-way at scale: examples/08 through 2 webhook processes (one crashes and starts again meanwhile, n8n's resume addresses on the other): ${RSVP_NUMBERS.length} guests asked in one step and their answers; at the deadline each guest comes out once with the right answer, the organiser gets the count, and each "maybe" comes out of the trigger`, async () => {
			const killOneMeanwhile = async () => {
				useWebhooks(2, 1);
				await pause(1500);
				await stopAndStart(1, { count: 2 });
			};
			const { answers, late } = await runRsvp({ id: EXAMPLE8, numbers: RSVP_NUMBERS, seconds: RSVP_SECONDS, meanwhile: killOneMeanwhile });
			assert.ok(late > 0 && late < 10_000, `the answers came out ${late} ms after the deadline`);
			// A "maybe" is none of the words: the poll keeps waiting for that guest and it comes out of the trigger,
			// as a reply nobody takes, once. A delivery again (a guest's while its process was killed) may start a run
			// of the trigger that drops it as a repeat: the texts that came out are counted, not the runs.
			const maybes = answers.filter((a) => a.text === 'maybe').map((a) => `${a.number}: maybe`).sort();
			const outOfTrigger = () =>
				stack
					.runData(TRIGGER.table.id)
					.flatMap((run) => (run['SlickText Trigger']?.[0]?.data?.main?.[0] ?? []).map((item) => item.json.ChatMessage ?? {}))
					.filter((text) => RSVP_NUMBERS.includes(text.FromNumber))
					.map((text) => `${text.FromNumber}: ${text.Body}`)
					.sort();
			await waitFor(async () => outOfTrigger().length >= maybes.length && (await executions(TRIGGER.table.id)).every((e) => e.status === 'success'), 60_000);
			const out = outOfTrigger();
			// CI keeps a part of a long log: name what differs, not the whole list.
			const missing = maybes.filter((m) => !out.includes(m));
			const doubled = out.filter((m, i) => out.indexOf(m) !== i);
			const extra = out.filter((m) => !maybes.includes(m));
			const statuses = (await executions(TRIGGER.table.id)).filter((e) => e.status !== 'success').map((e) => e.status);
			assert.deepEqual(
				{ missing, doubled, extra },
				{ missing: [], doubled: [], extra: [] },
				`the texts out of the trigger: each "maybe", once (${out.length} out, ${maybes.length} maybes; missing ${missing.join(', ') || 'none'}; doubled ${doubled.join(', ') || 'none'}; extra ${extra.join(', ') || 'none'}; trigger runs not successful: ${statuses.join(', ') || 'none'})`,
			);
			// Each reply kept before SlickText's answer was finished (by the poll that kept it, or the run it started).
			const finished = await waitFor(async () => keptReplies('"takenAt" = 0') === 0, 60_000);
			assert.ok(finished, `kept replies left unfinished: ${keptReplies('"takenAt" = 0')}`);
		});

		await check(`two-way at scale: examples/08 goes on before its deadline once every guest answered, through 2 webhook processes (${EARLY_NUMBERS.length} guests, the deadline ${EARLY_SECONDS} s ahead)`, async () => {
			const { late } = await runRsvp({ id: EARLY_RSVP, numbers: EARLY_NUMBERS, seconds: EARLY_SECONDS, answer: everyoneAnswers });
			assert.ok(late < -(EARLY_SECONDS - 120) * 1000, `the answers came out ${late} ms after the deadline, not before it`);
		});

		await check(`two-way at scale: examples/08 across a restart: both webhook processes stop before the deadline and start after it, with no request meanwhile; the poll ends once they are back, each guest once with the right answer`, async () => {
			let backAfter = 0;
			const { late } = await runRsvp({
				id: ACROSS_RSVP,
				numbers: ACROSS_NUMBERS,
				seconds: ACROSS_SECONDS,
				beforeTheEnd: async (started) => {
					await killWebhook(0, 'SIGTERM');
					await killWebhook(1, 'SIGTERM');
					// Down across the deadline: no process that takes the trigger's requests can end the poll then.
					await pause(Math.max(0, started + ACROSS_SECONDS * 1000 + 5000 - Date.now()));
					await startWebhook(0);
					await startWebhook(1);
					useWebhooks(2);
					backAfter = Date.now() - (started + ACROSS_SECONDS * 1000);
				},
			});
			// The process that ran the poll (the worker) asks the trigger at the deadline, and again every 10 s
			// while no process answers: the poll ends within seconds of their return, not at n8n's own limit.
			assert.ok(late > 0 && late < backAfter + 20_000, `the answers came out ${late} ms after the deadline, the processes back ${backAfter} ms after it`);
		});

		if (SCALE) await check("two-way, one webhook process without an n8n API key: a worker's run of the trigger does not wipe the open waits; after a restart every one takes its reply", async () => {
			useWebhooks(1);
			const numbers = Array.from({ length: 100 }, (_, i) => numberOf(4, i));
			await openWaits('static', numbers);
			// An event no wait takes: its run is the worker's, with the static data as the worker loaded it.
			const runsBefore = (await executions(TRIGGER.static.id)).length;
			const subscriber = await post(triggerUrl('static'), ...sandboxNewSubscriber(sandbox));
			assert.equal(subscriber.status, 200);
			assert.ok(await waitFor(async () => (await executions(TRIGGER.static.id, 'success')).length > runsBefore, 120_000), 'the event ran on the worker');
			await pause(2000);
			await killWebhook(0, 'SIGTERM');
			await startWebhook(0);
			useWebhooks(1);
			const { done } = await everyoneReplies('static', numbers);
			assert.ok(done, 'executions still waiting or running');
			await assertEachResumedByItsOwn('static', numbers, runsBefore + 1);
		});

		if (SCALE) await check('two-way, one webhook process without an n8n API key: killed right after the last registration, it loses none of them', async () => {
			useWebhooks(1);
			const numbers = Array.from({ length: 100 }, (_, i) => numberOf(5, i));
			await openWaits('static', numbers);
			await killWebhook(0);
			await startWebhook(0);
			useWebhooks(1);
			const eventsBefore = (await executions(TRIGGER.static.id)).length;
			const { done } = await everyoneReplies('static', numbers);
			const left = (await executions(WF.static.id)).filter((e) => ['waiting', 'running', 'new'].includes(e.status)).length;
			assert.ok(done, `executions still waiting or running: ${left} of ${numbers.length}`);
			await assertEachResumedByItsOwn('static', numbers, eventsBefore);
		});
	} finally {
		sandbox.options.webhookTimeoutMs = timeoutBefore;
		await stack.stop();
		if (!process.env.KEEP_E2E_FOLDER) fs.rmSync(tmp, { recursive: true, force: true });
	}
};

/** A legacy NewSubscriber event signed as SlickText signs it: [body, headers] for post(). */
function sandboxNewSubscriber() {
	const data = JSON.stringify({
		Event: 'NewSubscriber',
		Timestamp: '2026-11-26 09:00:00',
		attemptNumber: 1,
		Subscriber: { SubscriberId: 991, PhoneNumber: '+16175550999', FirstName: 'Noor' },
		Textword: { TextwordId: Number(TEXTWORD), Word: 'TABLE' },
	});
	return [new URLSearchParams({ data }).toString(), { 'content-type': 'application/x-www-form-urlencoded', 'x-slicktext-signature': crypto.createHmac('md5', SECRET).update(data).digest('hex') }];
}
