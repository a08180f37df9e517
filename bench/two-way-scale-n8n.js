'use strict';
// Two-way texts at a big user's scale, in real n8n 2.41.1: queue mode (Postgres, Redis, a
// worker), two `n8n webhook` processes behind a round-robin proxy (bench/twoWayStack.js), the SlickText
// Trigger keeping its waits in n8n's data table (the credential's n8n API key), n8n's default settings.
// Side by side in one run:
//   A. events/s of the trigger (an ordinary legacy event, 10 in flight) with no open wait and with
//      BENCH_SCALE_WAITS open waits in the table, against n8n's Webhook node on the same processes;
//   B. the time of one registration with no open wait and with BENCH_SCALE_WAITS;
//   C. the webhook processes' resident memory with no open wait and with BENCH_SCALE_WAITS;
//   D. resume latency, one at a time (a reply to the trigger until the node after the wait starts),
//      against n8n's Wait node resumed by its URL;
//   E. a burst: BENCH_SCALE_BURST waits, then every reply at once: answered 2xx within SlickText's 5 s,
//      and the time until all resumed; the same for n8n's Wait node and its resume URLs, and as many
//      requests at once to n8n's Webhook node.
// The open waits of A-C are rows put into the table through n8n's API (an ordinary event reads none of
// them, a registration counts them); D and E use real waiting executions. Prints markdown tables.
//
//   flock /tmp/bench.lock node bench/two-way-scale-n8n.js      (after npm run build)
//   BENCH_SCALE_WAITS=10000 BENCH_SCALE_EVENTS=300 BENCH_SCALE_ROUNDS=20 BENCH_SCALE_BURST=100 BENCH_SCALE_PORT=5900
//   BENCH_SCALE_CPU_PROFILE=<folder>   CPU profiles of the burst (bench/cpu-probe.js, bench/cpu-top.js)

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSandbox } = require('../sandbox/server');
const services = require('./queueServices');
const { inPool } = require('../sandbox/shared/replies');
const { startTwoWayStack } = require('./twoWayStack');

const WAITS = Number(process.env.BENCH_SCALE_WAITS || 10_000);
const EVENTS = Number(process.env.BENCH_SCALE_EVENTS || 300);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS || 20);
const BURST = Number(process.env.BENCH_SCALE_BURST || 100);
const PORT = Number(process.env.BENCH_SCALE_PORT || 5900);
// With BENCH_SCALE_CPU_PROFILE=<folder>, every n8n process loads bench/cpu-probe.js, and main, the worker
// and the webhook processes write a CPU profile of the time the trigger takes to answer its burst (E).
const PROFILE = process.env.BENCH_SCALE_CPU_PROFILE;
if (PROFILE) Object.assign(process.env, { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-probe.js')}`, CPU_PROFILE_DIR: PROFILE });
const toggleProfiles = () => {
	if (PROFILE) for (const name of ['main', 'worker', 'webhook 0', 'webhook 1']) process.kill(services.pidOf(name), 'SIGUSR2');
};
const PKG = 'n8n-nodes-slicktext';
const AFTER = 'After';
const HOOK = 'bench-scale-trigger';
const SECRET = 'bench-scale-secret';
const CRED = { id: 'benchScaleLegacy', name: 'SlickText Legacy (bench)', type: 'slickTextLegacyApi' };

const log = (...args) => console.error('[two-way scale bench]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });
const start = (id, extra = {}) => ({ id: `${id}-s`, name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `${id}-start`, parameters: { httpMethod: 'POST', path: `${id}-start`, responseMode: 'onReceived', options: {}, ...extra } });
const after = (id) => ({ id: `${id}-a`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} });
const workflow = (id, nodes, connections) => ({ id, name: `bench scale: ${id}`, versionId: `${id}-v1`, active: false, nodes, connections, settings: { saveDataSuccessExecution: 'all', executionOrder: 'v1' } });

const WF = {
	trigger: workflow('benchScaleTrigger', [{ id: 'bst', name: 'SlickText Legacy Trigger', type: `${PKG}.slickTextLegacyTrigger`, typeVersion: 2, position: [0, 0], webhookId: HOOK, parameters: { legacyEvents: ['ChatMessageRecieved', 'NewSubscriber'] }, credentials: { slickTextLegacyApi: { id: CRED.id, name: CRED.name } } }], {}),
	ours: workflow(
		'benchScaleOurs',
		[
			start('benchScaleOurs'),
			{ id: 'bso-w', name: 'Wait', type: `${PKG}.slickTextLegacy`, typeVersion: 1, position: [220, 0], credentials: { slickTextLegacyApi: { id: CRED.id, name: CRED.name } }, parameters: { resource: 'message', operation: 'waitForReply', waitFor: 'number', number: '={{ $json.body.number }}', responseType: 'freeText' } },
			after('benchScaleOurs'),
		],
		{ Start: next('Wait'), Wait: next(AFTER) },
	),
	theirs: workflow(
		'benchScaleWaitNode',
		[
			start('benchScaleWaitNode', { responseMode: 'responseNode' }),
			{ id: 'bsw-r', name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [150, 0], parameters: { respondWith: 'json', responseBody: '={{ { "resumeUrl": $execution.resumeUrl } }}', options: {} } },
			{ id: 'bsw-w', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [300, 0], parameters: { resume: 'webhook', httpMethod: 'POST', options: {} } },
			after('benchScaleWaitNode'),
		],
		{ Start: next('Respond'), Respond: next('Wait'), Wait: next(AFTER) },
	),
	plain: workflow('benchScalePlain', [start('benchScalePlain'), after('benchScalePlain')], { Start: next(AFTER) }),
};

const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '-');

async function post(url, body, headers = { 'content-type': 'application/json' }) {
	const t0 = Date.now();
	try {
		const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(60_000) });
		return { status: res.status, text: await res.text(), ms: Date.now() - t0 };
	} catch (error) {
		return { status: 0, text: String(error), ms: Date.now() - t0 };
	}
}


/** A legacy event as SlickText posts it, signed with the webhook secret. */
function legacyEvent(event) {
	const data = JSON.stringify({ Timestamp: '2026-11-26 09:00:00', attemptNumber: 1, ...event });
	return [new URLSearchParams({ data }).toString(), { 'content-type': 'application/x-www-form-urlencoded', 'x-slicktext-signature': crypto.createHmac('md5', SECRET).update(data).digest('hex') }];
}
const subscriber = (i) => legacyEvent({ Event: 'NewSubscriber', Subscriber: { SubscriberId: 500000 + i, PhoneNumber: `+1617777${String(i % 10000).padStart(4, '0')}` }, Textword: { TextwordId: 5401, Word: 'BENCH' } });
const text = (number, body, id) => legacyEvent({ Event: 'ChatMessageRecieved', ChatThread: { WithNumber: number }, ChatMessage: { ChatMessageId: id, FromNumber: number, Body: body, MediaUrl: '', Received: '2026-11-26 09:00:00' } });
const numberOf = (i) => `+1619557${String(i).padStart(4, '0')}`;

/** The resident memory of each webhook process (MB). */
function webhookRss(stack) {
	return [0, 1].map((i) => {
		const pid = services.pidOf(`webhook ${i}`);
		return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024);
	});
}

async function main() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-bench-scale-'));
	log(`logs in ${tmp}`);
	const sandbox = await startSandbox({ rateLimit: false });
	const proxy = `http://127.0.0.1:${PORT}`;
	const credential = { ...CRED, data: { ...sandbox.legacyCredentials(), webhookSecret: SECRET, replyTriggerUrl: `${proxy}/webhook/${HOOK}/webhook` } };
	const stack = await startTwoWayStack({ basePort: PORT, tmp, workflows: Object.values(WF), credentials: [credential], webhooks: 2 });
	const out = { waits: WAITS };
	try {
		const apiKey = await stack.giveApiKey(credential);
		await stack.whenServing(`/webhook/${WF.plain.id}-start`);
		const triggerUrl = `${proxy}/webhook/${HOOK}/webhook`;
		// The table exists once the first registration (or reply) asked for it: one registration first.
		const { sign, signingKeyOf } = require('../dist/nodes/shared/replies/signing');
		const key = signingKeyOf('legacy', credential.data);
		const register = async (i) => {
			const { payload, signature } = sign(key, { platform: 'legacy', person: `+1617888${String(i % 10000).padStart(4, '0')}`, resumeUrl: `${proxy}/webhook-waiting/${900000 + i}/bench`, since: Date.now(), until: 0, sent: {} }, Date.now());
			return await post(triggerUrl, JSON.stringify({ n8nSlickTextReplyWait: payload, signature }));
		};
		const registrations = async (from) => (await inPool(Array.from({ length: 100 }, (_, k) => from + k), 10, register));
		const events = async (url, body) => {
			const t0 = Date.now();
			const answers = await inPool(Array.from({ length: EVENTS }, (_, i) => i), 10, (i) => post(url, ...body(i)));
			return { perSecond: EVENTS / ((Date.now() - t0) / 1000), p95: quantile(answers.map((a) => a.ms), 0.95), failed: answers.filter((a) => a.status !== 200).length };
		};

		log('A/B/C with no open wait');
		out.registrationsAt0 = await registrations(0);
		const tableId = stack.psql(`select id from data_table where name = 'SlickText reply waits'`).trim();
		// The 100 registrations above: taken, so that "no open wait" holds for what follows.
		stack.psql(`update "data_table_user_${tableId}" set "takenAt" = 1`);
		await sleep(2000);
		out.rssAt0 = webhookRss(stack);
		let seq = 0;
		out.triggerAt0 = await events(triggerUrl, () => subscriber(seq++));
		out.plainAt0 = await events(`${proxy}/webhook/${WF.plain.id}-start`, () => ['{}']);

		// WAITS open in all once the 100 registrations of B are made: the trigger's most (it refuses more).
		const FILLER = WAITS - 100;
		log(`${FILLER} open waits into the table`);
		const scope = stack.psql(`select scope from "data_table_user_${tableId}" limit 1`).trim();
		for (let i = 0; i < FILLER; i += 1000) {
			const rows = Array.from({ length: Math.min(1000, FILLER - i) }, (_, k) => ({ scope, waitId: `bench${i + k}`, person: `+1618${String(i + k).padStart(7, '0')}`, since: Date.now(), until: 0, sealed: 'v1.x.x.x', claimedBy: '-', claimedAt: 0, takenAt: 0, pending: '' }));
			const res = await fetch(`${proxy}/api/v1/data-tables/${tableId}/rows`, { method: 'POST', headers: { 'X-N8N-API-KEY': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ data: rows, returnType: 'count' }) });
			if (!res.ok) throw new Error(`inserting rows: ${res.status} ${await res.text()}`);
		}
		const open = () => Number(stack.psql(`select count(*) from "data_table_user_${tableId}" where "takenAt" = 0`).trim());
		log('A/B/C with them');
		out.registrationsAtN = await registrations(1000);
		out.open = open();
		await sleep(2000);
		out.rssAtN = webhookRss(stack);
		out.triggerAtN = await events(triggerUrl, () => subscriber(seq++));
		out.plainAtN = await events(`${proxy}/webhook/${WF.plain.id}-start`, () => ['{}']);

		const count = (workflowId, status) => stack.executions(workflowId, status).length;
		const afterStart = (workflowId) => {
			const starts = new Map();
			for (const run of stack.runData(workflowId)) {
				const json = run[AFTER]?.[0]?.data?.main?.[0]?.[0]?.json;
				const when = run[AFTER]?.[0]?.startTime;
				starts.set(json?.sent?.to ?? json?.body?.number ?? `${when}`, when);
			}
			return starts;
		};
		const startOurs = async (number) => {
			const r = await post(`${proxy}/webhook/${WF.ours.id}-start`, JSON.stringify({ number }));
			if (r.status !== 200) throw new Error(`start: ${r.status} ${r.text.slice(0, 200)}`);
		};
		const startTheirs = async () => JSON.parse((await post(`${proxy}/webhook/${WF.theirs.id}-start`, '{}')).text || '{}').resumeUrl;
		// A burst's resumes since `since`: how many of `want` came, and when the last did (not all within
		// `limit` is a row too, not a failed bench).
		const resumedOf = async (fn, want, since, limit = 600_000) => {
			while (fn() < want && Date.now() - since < limit) await sleep(200);
			return { resumed: Math.min(fn(), want), afterMs: Date.now() - since };
		};
		const waitUntil = async (what, fn, limit = 300_000) => {
			const deadline = Date.now() + limit;
			while (!(await fn())) {
				if (Date.now() > deadline) throw new Error(`${what} within ${limit / 1000} s`);
				await sleep(200);
			}
		};

		// Room for the waits of D and E (the trigger takes no more than WAITS): that many filler waits end.
		stack.psql(`update "data_table_user_${tableId}" set "takenAt" = 1 where id in (select id from "data_table_user_${tableId}" where "waitId" like 'bench%' and "takenAt" = 0 limit ${ROUNDS + BURST + 10})`);
		out.openDuringDE = open();
		log(`D: resume latency (${out.openDuringDE} open waits)`);
		const ours = [];
		const theirs = [];
		// Where each of our replies' time went, from the requests through the proxy (its timeline).
		const parts = [];
		const theirParts = [];
		stack.record();
		for (let round = 0; round < ROUNDS; round++) {
			const number = numberOf(round);
			const waiting = count(WF.ours.id, 'waiting');
			await startOurs(number);
			await waitUntil('our wait', () => count(WF.ours.id, 'waiting') > waiting, 60_000);
			const t0 = Date.now();
			await post(triggerUrl, ...text(number, 'ok', 700000 + round));
			await waitUntil('our resume', () => afterStart(WF.ours.id).has(number), 60_000);
			const ourStart = afterStart(WF.ours.id).get(number);
			ours.push(ourStart - t0);
			parts.push(partsOf(stack.timeline(), t0, ourStart));
			const before = count(WF.theirs.id, 'success');
			const theirWaiting = count(WF.theirs.id, 'waiting');
			const url = await startTheirs();
			await waitUntil('a Wait node', () => count(WF.theirs.id, 'waiting') > theirWaiting, 60_000);
			const t1 = Date.now();
			await post(url, '{}');
			await waitUntil('its resume', () => count(WF.theirs.id, 'success') > before, 60_000);
			const theirStart = Math.max(...stack.runData(WF.theirs.id).map((run) => run[AFTER]?.[0]?.startTime ?? 0));
			theirs.push(theirStart - t1);
			theirParts.push(partsOf(stack.timeline(), t1, theirStart));
			stack.record();
		}
		stack.record(false);
		out.latency = { ours, theirs, parts, theirParts };

		log('E: burst');
		const numbers = Array.from({ length: BURST }, (_, i) => numberOf(1000 + i));
		await inPool(numbers, 10, startOurs);
		await waitUntil(`${BURST} waits`, () => count(WF.ours.id, 'waiting') >= BURST);
		const doneBefore = count(WF.ours.id, 'success');
		let t0 = Date.now();
		toggleProfiles();
		const replies = await Promise.all(numbers.map((number, i) => post(triggerUrl, ...text(number, 'yes', 800000 + i))));
		toggleProfiles();
		const burstRow = (answers, done) => ({
			within5s: answers.filter((r) => r.status === 200 && r.ms <= 5000).length,
			p95: quantile(answers.map((r) => r.ms), 0.95),
			allResumedMs: done.resumed === BURST ? done.afterMs : `${done.resumed} of ${BURST} after ${ms(done.afterMs)}`,
			notOk: answers.filter((r) => r.status !== 200).length,
		});
		out.burstOurs = burstRow(replies, await resumedOf(() => count(WF.ours.id, 'success') - doneBefore, BURST, t0));
		const urls = await inPool(numbers, 10, startTheirs);
		await waitUntil(`${BURST} Wait nodes`, () => count(WF.theirs.id, 'waiting') >= BURST);
		const theirBefore = count(WF.theirs.id, 'success');
		t0 = Date.now();
		const resumes = await Promise.all(urls.map((url) => post(url, '{}')));
		// A resume n8n answered with an error (its database busy) leaves that execution waiting: not waited for.
		const okTheirs = resumes.filter((r) => r.status === 200).length;
		out.burstTheirs = burstRow(resumes, await resumedOf(() => count(WF.theirs.id, 'success') - theirBefore, okTheirs, t0));
		// n8n's Webhook node, as many requests at once: what the target compares with (it starts a run each).
		const plainBefore = count(WF.plain.id, 'success');
		t0 = Date.now();
		const plain = await Promise.all(numbers.map(() => post(`${proxy}/webhook/${WF.plain.id}-start`, '{}')));
		const okPlain = plain.filter((r) => r.status === 200).length;
		out.burstPlain = burstRow(plain, await resumedOf(() => count(WF.plain.id, 'success') - plainBefore, okPlain, t0));
	} finally {
		await stack.stop();
		await sandbox.stop();
	}
	print(out);
}

function print(r) {
	const reg = (answers) => `${ms(quantile(answers.map((a) => a.ms), 0.5))} / ${ms(quantile(answers.map((a) => a.ms), 0.95))} (${answers.filter((a) => a.status !== 200).length} refused)`;
	const settings = Object.keys(process.env).filter((name) => name.startsWith('N8N_EXPRESSION_ENGINE')).map((name) => `${name}=${process.env[name]}`);
	console.log(`\n## Two-way texts, queue mode, 2 webhook processes behind a round-robin proxy, data table (${settings.length ? settings.join(', ') : "n8n's defaults"}; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})\n`);
	console.log(`| | no open wait | ${r.open} open waits | target |`);
	console.log('|---|---|---|---|');
	console.log(`| trigger: ordinary events/s (10 in flight) | ${r.triggerAt0.perSecond.toFixed(1)} | ${r.triggerAtN.perSecond.toFixed(1)} | within 10% |`);
	console.log(`| trigger: answer p95 | ${ms(r.triggerAt0.p95)} | ${ms(r.triggerAtN.p95)} | within 10% |`);
	console.log(`| n8n's Webhook node: events/s (same processes) | ${r.plainAt0.perSecond.toFixed(1)} | ${r.plainAtN.perSecond.toFixed(1)} | |`);
	console.log(`| one registration, p50 / p95 | ${reg(r.registrationsAt0)} | ${reg(r.registrationsAtN)} | the same |`);
	console.log(`| webhook processes' resident memory | ${r.rssAt0.join(' / ')} MB | ${r.rssAtN.join(' / ')} MB | at most that of as many Wait-node executions |`);
	const [o50, o95, t50, t95] = [quantile(r.latency.ours, 0.5), quantile(r.latency.ours, 0.95), quantile(r.latency.theirs, 0.5), quantile(r.latency.theirs, 0.95)];
	console.log(`\n| resume latency (${r.latency.ours.length} rounds each; ${r.openDuringDE} other waits open) | p50 | p95 |`);
	console.log('|---|---|---|');
	console.log(`| a reply to the trigger, until the node after Wait for Reply starts | ${ms(o50)} | ${ms(o95)} |`);
	console.log(`| a POST to n8n's Wait node's resume URL, until the node after it starts | ${ms(t50)} | ${ms(t95)} |`);
	console.log(`| ratio (target: p95 at most 1.2) | ${(o50 / t50).toFixed(2)} | ${(o95 / t95).toFixed(2)} |`);
	// Where the time went, read from the requests that passed the proxy in each round.
	const mine = r.latency.parts.filter((p) => p.resume !== undefined);
	const pq = (list, key) => `${ms(quantile(list.map((p) => p[key]), 0.5))} / ${ms(quantile(list.map((p) => p[key]), 0.95))}`;
	console.log(`\n| where the time of one reply went (${mine.length} rounds with every request seen), p50 / p95 | a reply to the trigger | n8n's Wait node |`);
	console.log('|---|---|---|');
	console.log(`| posted, until answered (SlickText's side) | ${pq(mine, 'answered')} | - |`);
	console.log(`| posted, until the post to n8n's resume address begins | ${pq(mine, 'resume')} | 0 ms |`);
	console.log(`| of it, calls of n8n's API before that post: how many / their time added up | ${quantile(mine.map((p) => p.calls), 0.5)} / ${pq(mine, 'callsMs')} | - |`);
	console.log(`| that post, until the node after the wait starts | ${pq(mine, 'resumed')} | ${pq(r.latency.theirParts.filter((p) => p.resume !== undefined), 'resumed')} |`);
	console.log(`\n| burst of ${BURST} at once | answered 2xx within 5 s | answer p95 | not 2xx | all resumed after |`);
	console.log('|---|---|---|---|---|');
	console.log(`| replies to the trigger | ${r.burstOurs.within5s} | ${ms(r.burstOurs.p95)} | ${r.burstOurs.notOk} | ${typeof r.burstOurs.allResumedMs === 'string' ? r.burstOurs.allResumedMs : ms(r.burstOurs.allResumedMs)} |`);
	console.log(`| n8n's Wait node, resume URLs | ${r.burstTheirs.within5s} | ${ms(r.burstTheirs.p95)} | ${r.burstTheirs.notOk} | ${typeof r.burstTheirs.allResumedMs === 'string' ? r.burstTheirs.allResumedMs : ms(r.burstTheirs.allResumedMs)} |`);
	console.log(`| n8n's Webhook node (its runs finished after) | ${r.burstPlain.within5s} | ${ms(r.burstPlain.p95)} | ${r.burstPlain.notOk} | ${typeof r.burstPlain.allResumedMs === 'string' ? r.burstPlain.allResumedMs : ms(r.burstPlain.allResumedMs)} |`);
}

/**
 * From the proxy's timeline of one round (requests from `t0` on), where the reply's time went until the
 * node after the wait started at `started`: when the reply was answered, when the post to n8n's resume
 * address began, the calls of n8n's public API made before it (how many, their time added up), and the
 * rest (that post until the node started).
 */
function partsOf(timeline, t0, started) {
	const inRound = timeline.filter((e) => e.start >= t0 - 1 && e.start <= started);
	const reply = inRound.find((e) => e.path.startsWith(`/webhook/${HOOK}`));
	const resume = inRound.find((e) => e.path.startsWith('/webhook-waiting/'));
	if (!resume) return {};
	const calls = inRound.filter((e) => e.path.startsWith('/api/') && e.start < resume.start);
	return {
		answered: reply ? reply.end - t0 : undefined,
		resume: resume.start - t0,
		calls: calls.length,
		callsMs: calls.reduce((sum, e) => sum + (Math.min(e.end, resume.start) - e.start), 0),
		resumed: started - resume.start,
	};
}

if (require.main === module) {
	main().catch(async (error) => {
		console.error(error);
		await services.stopAll();
		process.exit(1);
	});
}
