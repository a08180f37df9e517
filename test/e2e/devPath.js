'use strict';
// A stranger's first hour, as printed: `npm run dev` (scripts/dev.js, run as a child exactly as the README
// says, with its own sandbox and n8n), then each two-way example as the terminal says: the start it names
// is run (the editor's Execute workflow does the same REST call), and each answer command it prints is run
// as printed, in a shell. Nothing is set up apart: what the lines say is all that happens.

const assert = require('node:assert/strict');
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { LOCAL_IDS } = require('../../scripts/examples');
const { ownerSession, root, stopProcess, listExecutions } = require('../../scripts/n8n-env');
const { paths } = require('../../scripts/n8n-runtime');
const { rest: restOf, waitFor } = require('./rest');

exports.title = 'npm run dev, as printed: the two-way examples run end to end with the answers the terminal prints';

const PORT = Number(process.env.E2E_N8N_PORT || 5691) + 90;
const SANDBOX_PORT = PORT + 3;

/** The printed try-outs: each "Example N, ...: run "Start"." line with the answer commands after it. */
function stepsOf(lines) {
	const steps = [];
	for (const line of lines) {
		const step = /^Example (\d), ([^:]+): run "([^"]+)"/.exec(line);
		if (step) steps.push({ example: step[1], what: step[2], start: step[3], commands: [] });
		else if (steps.length > 0 && line.startsWith('  npm run sandbox -- reply ')) steps.at(-1).commands.push(line.trim());
	}
	return steps;
}

exports.run = async ({ check }) => {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-e2e-dev-'));
	const lines = [];
	const child = spawn(process.execPath, [path.join(root, 'scripts', 'dev.js')], {
		cwd: root,
		env: { ...process.env, N8N_PORT: String(PORT), SLICKTEXT_SANDBOX_PORT: String(SANDBOX_PORT), SLICKTEXT_DEV_FOLDER: folder },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let buffered = '';
	child.stdout.on('data', (chunk) => {
		buffered += chunk;
		const parts = buffered.split('\n');
		buffered = parts.pop();
		for (const part of parts) lines.push(part.replace(/^\[dev\] ?/, ''));
	});
	child.stderr.on('data', () => undefined);
	const flatted = require(require.resolve('flatted', { paths: [path.dirname(paths().n8nBin)] }));
	try {
		const printed = await waitFor(async () => lines.some((l) => l.startsWith('Examples 7 and 9 are published')), 900_000, 500);
		assert.ok(printed, `npm run dev printed no try-outs:\n${lines.slice(-20).join('\n')}`);
		const base = `http://127.0.0.1:${PORT}`;
		const cookie = await ownerSession(base);
		const rest = (method, p, body) => restOf(base, cookie, method, p, body);
		const steps = stepsOf(lines);
		assert.deepEqual(
			steps.map((s) => `${s.example} ${s.start} ${s.commands.length}`),
			['7 Try It (Manual) 1', '7 Every Morning 3', '8 Try It (Manual) 1', '9 Try It (Manual) 1'],
			'the try-outs printed',
		);
		const idOf = (example) => LOCAL_IDS[`0${example}`];
		const open = async (id) => (await listExecutions(rest, id)).filter((e) => ['waiting', 'running', 'new'].includes(e.status));
		const runDatas = async (id, before) => {
			const out = [];
			for (const e of (await listExecutions(rest, id, 'success')).filter((x) => !before.has(x.id))) {
				out.push(flatted.parse((await rest('GET', `/rest/executions/${e.id}`)).json.data.data).resultData.runData);
			}
			return out;
		};
		/** Runs a step as printed: its start, then, once the people wait, each answer command in a shell. */
		const follow = async (step, waiting) => {
			const id = idOf(step.example);
			const before = new Set((await listExecutions(rest, id)).map((e) => e.id));
			const run = await rest('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: step.start } });
			assert.ok(run.status < 300, `run ${id} from ${step.start}: ${run.status} ${JSON.stringify(run.json).slice(0, 300)}`);
			assert.ok(await waitFor(async () => (await listExecutions(rest, id, 'waiting')).length >= waiting, 120_000, 500), `${id}: not waiting`);
			for (const command of step.commands) {
				const ran = spawnSync('sh', ['-c', command], { cwd: root, encoding: 'utf8', timeout: 120_000 });
				assert.equal(ran.status, 0, `${command}\n${ran.stdout}\n${ran.stderr}`);
				assert.doesNotMatch(ran.stdout, /not 2xx|answered [45]\d\d/, `${command}\n${ran.stdout}`);
			}
			assert.ok(await waitFor(async () => (await open(id)).length === 0, 120_000, 500), `${id}: still waiting after the answers`);
			assert.equal((await listExecutions(rest, id, 'error')).filter((e) => !before.has(e.id)).length, 0, `${id}: a run failed`);
			return await runDatas(id, before);
		};

		await check('npm run dev, as printed: example 7 (one reminder, an approval by text) from Try It; the printed answer takes the Confirmed branch', async () => {
			const [runData] = await follow(steps[0], 1);
			assert.ok(runData.Confirmed, `ran: ${Object.keys(runData)}`);
			assert.equal(runData['Text Reminder and Wait'].at(-1).data.main[0][0].json.approved, true);
		});

		await check('npm run dev, as printed: example 7 for a list from Every Morning; each printed answer takes its branch', async () => {
			const runs = await follow(steps[1], 3);
			const people = runs.filter((r) => r['Text Reminder and Wait']);
			assert.equal(people.length, 3);
			assert.deepEqual(people.map((r) => (r.Confirmed ? 'Confirmed' : r['Ask for a New Time'] ? 'Reschedule' : '?')).sort(), ['Confirmed', 'Confirmed', 'Reschedule']);
		});

		await check('npm run dev, as printed: example 8 (an RSVP) from Try It; once the printed command answers for everyone, each guest comes out answered and the organiser gets the count', async () => {
			const [runData] = await follow(steps[2], 1);
			const guests = runData['RSVP by Text'].at(-1).data.main[0].map((i) => i.json);
			assert.equal(guests.length, 5);
			assert.ok(guests.every((g) => g.status === 'answered' && g.endedBy === 'everyone'), JSON.stringify(guests.map((g) => g.status)));
			const coming = guests.filter((g) => g.approved).length;
			assert.equal(runData['Text the Organiser'][0].data.main[0][0].json.body, `RSVP: ${coming} coming, ${5 - coming} not coming, 0 no answer, 0 opted out.`);
		});

		await check('npm run dev, as printed: example 9 (a question to a list by campaign) from Try It; once the printed command answers for everyone, those who said yes join the yes list', async () => {
			const [runData] = await follow(steps[3], 1);
			const contacts = runData['Ask the List'].at(-1).data.main[0].map((i) => i.json);
			assert.ok(contacts.length >= 3 && contacts.every((c) => c.status === 'answered'), JSON.stringify(contacts.map((c) => c.status)));
			const yes = contacts.filter((c) => c.approved).length;
			assert.equal((runData['Add to the Yes List']?.[0]?.data.main[0] ?? []).length, yes);
		});
	} finally {
		child.kill('SIGINT');
		await stopProcess(child);
		fs.rmSync(folder, { recursive: true, force: true });
	}
};
