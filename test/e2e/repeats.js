'use strict';
// Repeated deliveries in real n8n: published SlickText Trigger workflows (one per platform, the trigger
// followed directly by a list add) receive every event three times in a row, three times at the same
// moment, and three times more after n8n restarts, plus a new event three times at once after the
// restart. Each event must start exactly one execution and have exactly one side effect (a list add in
// the sandbox): the keys live in the process's memory and in the node's static data in n8n's database.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const EVENTS = 3;

exports.title = 'n8n start: repeated deliveries (sequential, concurrent, across a restart)';

const next = (node) => ({ main: [[{ node, type: 'main', index: 0 }]] });

function workflow(id, webhookId, parameters, contactIdExpression, credentialId) {
	return {
		id,
		name: `E2E repeats (${parameters.platform})`,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{ id: `${id}-t`, name: 'SlickText Trigger', type: 'n8n-nodes-slicktext.slickTextTrigger', typeVersion: 2, position: [0, 0], webhookId, parameters },
			{
				id: `${id}-a`,
				name: 'Add to Welcome List',
				type: 'n8n-nodes-slicktext.slickText',
				typeVersion: 1,
				position: [440, 0],
				parameters: { resource: 'list', operation: 'addContacts', contactIds: contactIdExpression, listIds: '={{ [5] }}' },
				credentials: { slickTextApi: { id: credentialId, name: 'SlickText sandbox (current API)' } },
			},
		],
		connections: { 'SlickText Trigger': next('Add to Welcome List') },
		settings: { saveDataSuccessExecution: 'all' },
	};
}

const platforms = (CREDENTIAL_IDS) => [
	{
		name: 'current',
		wf: workflow('e2eRepeatsCurrent1', 'e2e-repeats-current', { platform: 'current', events: ['contact_created'] }, '={{ $json.data.contact_id }}', CREDENTIAL_IDS.current),
		firstContact: 31,
		// A retry carries the same id and the next attempt number.
		delivery: (contactId, attempt) => ({
			contentType: 'application/json',
			body: JSON.stringify({
				id: `e2e-repeat-${contactId}`,
				name: 'contact_created',
				url: 'https://example.com/hook',
				attempts: attempt,
				date: '2024-11-25 16:15:19',
				data: { contact_id: contactId, _brand_id: 1001, opt_in_status: 'subscribed' },
			}),
		}),
	},
	{
		name: 'legacy',
		wf: workflow('e2eRepeatsLegacy01', 'e2e-repeats-legacy', { platform: 'legacy', legacyEvents: ['NewSubscriber'] }, '={{ $json.Subscriber.id }}', CREDENTIAL_IDS.current),
		firstContact: 41,
		// A legacy retry is the same content with the next attemptNumber.
		delivery: (contactId, attempt) => ({
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({
				data: JSON.stringify({ Event: 'NewSubscriber', Timestamp: '2024-11-25 16:15:19', attemptNumber: attempt, Subscriber: { id: contactId, number: '+17165551212' } }),
			}).toString(),
		}),
	},
];

/** For test events (Listen for test event): the current platform, its own workflow and contacts. */
const listenWorkflow = (CREDENTIAL_IDS) =>
	workflow('e2eRepeatsListen01', 'e2e-repeats-listen', { platform: 'current', events: ['contact_created'] }, '={{ $json.data.contact_id }}', CREDENTIAL_IDS.current);

// Also used by bench/repeats-queue-n8n.js, so both deliver to the same workflow.
exports.workflow = workflow;

/** examples/04 as shipped (Confirm Events on), under an id and a webhook of its own. */
const EXAMPLE4_ID = 'e2eExample4Confirm';
function exampleFour() {
	const file = path.resolve(__dirname, '../../examples/04-new-subscriber-to-welcome-list.json');
	const wf = JSON.parse(fs.readFileSync(file, 'utf8'));
	const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-slicktext.slickTextTrigger');
	trigger.webhookId = 'e2e-example4-confirm';
	return { ...wf, id: EXAMPLE4_ID, name: 'e2e: example 4 as shipped', versionId: `${EXAMPLE4_ID}-v1`, settings: { saveDataSuccessExecution: 'all' } };
}

/**
 * For the first burst after publishing: one workflow per platform that has never received an event, so
 * that n8n's record of repeats (processed data) holds nothing for it yet.
 */
const BURST = 30;
const burstPlatforms = (CREDENTIAL_IDS) =>
	platforms(CREDENTIAL_IDS).map((p, i) => ({
		...p,
		wf: workflow(
			`e2eFirstBurst${p.name === 'current' ? 'Cur' : 'Leg'}`,
			`e2e-first-burst-${p.name}`,
			p.wf.nodes[0].parameters,
			p.wf.nodes[1].parameters.contactIds,
			CREDENTIAL_IDS.current,
		),
		firstContact: 101 + i * 50,
		// An event the trigger does not listen for: answered 200 once the webhook is registered, starts no run.
		probe: p.name === 'current'
			? { contentType: 'application/json', body: JSON.stringify({ id: 'e2e-burst-probe', name: 'contact_updated', data: { contact_id: 1 } }) }
			: { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams({ data: JSON.stringify({ Event: 'OptOut', Timestamp: '2024-11-25 16:15:19', attemptNumber: 1, Subscriber: { id: 1 } }) }).toString() },
	}));

exports.workflows = ({ CREDENTIAL_IDS }) => [
	...platforms(CREDENTIAL_IDS).map((p) => p.wf),
	listenWorkflow(CREDENTIAL_IDS),
	exampleFour(),
	...burstPlatforms(CREDENTIAL_IDS).map((p) => p.wf),
];

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

exports.run = async ({ sandbox, userFolder, startN8n, ownerSession, stopProcess, check, CREDENTIAL_IDS }) => {
	sandbox.reset();
	const list = platforms(CREDENTIAL_IDS);
	let n8n;
	let cookie;
	const start = async () => {
		n8n = await startN8n(userFolder, { port: PORT, log: 'ignore' });
		cookie = await ownerSession(n8n.base);
	};
	const rest = async (method, path, body) => {
		const res = await fetch(`${n8n.base}${path}`, { method, headers: { cookie, 'content-type': 'application/json', 'browser-id': 'e2e' }, body: body && JSON.stringify(body) });
		return { status: res.status, json: await res.json().catch(() => undefined) };
	};
	const deliver = async (platform, contactId, attempt) => {
		const { contentType, body } = platform.delivery(contactId, attempt);
		const res = await fetch(`${n8n.base}/webhook/${platform.wf.nodes[0].webhookId}/webhook`, { method: 'POST', headers: { 'content-type': contentType }, body });
		await res.arrayBuffer();
		return res.status;
	};
	const executions = async (workflowId) => {
		const r = await rest('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=1`);
		return Number(r.json?.data?.count);
	};
	const sideEffects = (contactId) =>
		sandbox.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/lists/contacts') && r.status === 200 && (r.body || []).some((e) => Number(e.contact_id) === contactId)).length;
	const contacts = (p) => Array.from({ length: EVENTS }, (_, i) => p.firstContact + i);
	/** Waits until the executions of a workflow stop changing (n8n saves them after the run). */
	const settled = async (workflowId, atLeast) => {
		let last = -1;
		for (let i = 0; i < 60; i++) {
			const now = await executions(workflowId);
			if (now >= atLeast && now === last) return now;
			last = now;
			await pause(500);
		}
		return last;
	};

	try {
		await start();
		await check(`repeats: the very first deliveries after publishing, ${BURST} distinct events per platform at the same moment, each acted on once`, async () => {
			const burst = burstPlatforms(CREDENTIAL_IDS);
			const url = (p) => `${n8n.base}/webhook/${p.wf.nodes[0].webhookId}/webhook`;
			for (const p of burst) {
				const stored = await rest('GET', `/rest/workflows/${p.wf.id}`);
				const res = await rest('POST', `/rest/workflows/${p.wf.id}/activate`, { versionId: stored.json?.data?.versionId });
				assert.ok(res.status < 300, `activate ${p.wf.id}: ${res.status}`);
				for (let i = 0; ; i++) {
					const r = await fetch(url(p), { method: 'POST', headers: { 'content-type': p.probe.contentType }, body: p.probe.body });
					const text = await r.text();
					if (r.status !== 404) {
						assert.equal(r.status, 200, `${p.name} probe: ${text}`);
						break;
					}
					assert.ok(i < 60, `${p.name} webhook never registered`);
					await pause(300);
				}
			}
			const ids = (p) => Array.from({ length: BURST }, (_, i) => p.firstContact + i);
			const statuses = await Promise.all(burst.flatMap((p) => ids(p).map((c) => deliver(p, c, 1))));
			assert.ok(statuses.every((s) => s === 200), `answers: ${statuses}`);
			for (const p of burst) {
				assert.equal(await settled(p.wf.id, BURST), BURST, `${p.name}: executions`);
				const failed = await rest('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: p.wf.id, status: ['error', 'crashed'] }))}&limit=5`);
				const count = Number(failed.json?.data?.count);
				let why = '';
				const first = failed.json?.data?.results?.[0];
				if (first) {
					// The run data comes "flatted" (a JSON array of values); its error texts are among the strings.
					const detail = await rest('GET', `/rest/executions/${first.id}`);
					const values = JSON.parse(String(detail.json?.data?.data ?? '[]'));
					why = values.filter((v) => typeof v === 'string' && /error|constraint|failed/i.test(v)).slice(0, 2).map((v) => v.slice(0, 200)).join(' | ');
				}
				assert.equal(count, 0, `${p.name}: runs that failed, the first because of: ${why}`);
			}
			for (let i = 0; burst.some((p) => ids(p).some((c) => sideEffects(c) < 1)); i++) {
				assert.ok(i < 40, `events never acted on: ${burst.map((p) => ids(p).filter((c) => sideEffects(c) < 1)).flat()}`);
				await pause(250);
			}
			for (const p of burst) for (const c of ids(p)) assert.equal(sideEffects(c), 1, `${p.name}: list adds of contact ${c}`);
		});

		await check('repeats: test events (Listen for test event) run every time and are not remembered for the Production URL', async () => {
			const wf = listenWorkflow(CREDENTIAL_IDS);
			const current = list[0];
			const contact = 61;
			const postTest = async () => {
				const { contentType, body } = current.delivery(contact, 1);
				const res = await fetch(`${n8n.base}/webhook-test/${wf.nodes[0].webhookId}/webhook`, { method: 'POST', headers: { 'content-type': contentType }, body });
				await res.arrayBuffer();
				return res.status;
			};
			for (const round of [1, 2]) {
				const listen = await rest('POST', `/rest/workflows/${wf.id}/run`, { triggerToStartFrom: { name: 'SlickText Trigger' } });
				assert.equal(listen.json?.data?.waitingForWebhook, true, `listen ${round}: ${JSON.stringify(listen.json)}`);
				assert.equal(await postTest(), 200, `test event ${round}`);
				for (let i = 0; sideEffects(contact) < round; i++) {
					assert.ok(i < 40, `test event ${round} added nothing`);
					await pause(250);
				}
			}
			const stored = await rest('GET', `/rest/workflows/${wf.id}`);
			const res = await rest('POST', `/rest/workflows/${wf.id}/activate`, { versionId: stored.json?.data?.versionId });
			assert.ok(res.status < 300, `activate ${wf.id}: ${res.status}`);
			const deliverProduction = async () => {
				const { contentType, body } = current.delivery(contact, 2);
				const r = await fetch(`${n8n.base}/webhook/${wf.nodes[0].webhookId}/webhook`, { method: 'POST', headers: { 'content-type': contentType }, body });
				await r.arrayBuffer();
				return r.status;
			};
			for (let i = 0; (await deliverProduction()) === 404; i++) {
				assert.ok(i < 60, 'listen workflow never registered');
				await pause(300);
			}
			assert.equal(await deliverProduction(), 200);
			await pause(1500);
			// Two test runs, then one production run: the second production delivery is a repeat.
			assert.equal(sideEffects(contact), 3, 'list adds of the listened-for contact');
		});

		await check('repeats: both trigger workflows activate', async () => {
			for (const p of list) {
				const stored = await rest('GET', `/rest/workflows/${p.wf.id}`);
				const res = await rest('POST', `/rest/workflows/${p.wf.id}/activate`, { versionId: stored.json?.data?.versionId });
				assert.ok(res.status < 300, `activate ${p.wf.id}: ${res.status}`);
			}
		});

		await check(`repeats: ${EVENTS} events per platform, each delivered 3 times in a row and 3 times at once, start ${EVENTS} runs`, async () => {
			for (const p of list) {
				const [first, ...rest2] = contacts(p);
				// The first delivery, posted again only while n8n has not yet registered the webhook (404).
				for (let i = 0; (await deliver(p, first, 1)) === 404; i++) {
					assert.ok(i < 60, `${p.name} webhook never registered`);
					await pause(300);
				}
				for (const attempt of [2, 3]) assert.equal(await deliver(p, first, attempt), 200);
				for (const c of rest2) for (const attempt of [1, 2, 3]) assert.equal(await deliver(p, c, attempt), 200);
				// The same events again, three deliveries each at the same moment.
				const statuses = await Promise.all(contacts(p).flatMap((c) => [4, 5, 6].map((attempt) => deliver(p, c, attempt))));
				assert.ok(statuses.every((s) => s === 200), `${p.name}: ${statuses}`);
			}
			for (const p of list) {
				assert.equal(await settled(p.wf.id, EVENTS), EVENTS, `${p.name}: executions`);
				for (const c of contacts(p)) assert.equal(sideEffects(c), 1, `${p.name}: side effects of contact ${c}`);
			}
		});

		await stopProcess(n8n.child);
		await start();

		await check('repeats: after a restart, 3 more deliveries of each event start no run; a new event delivered 3 times at once starts one', async () => {
			for (const p of list) {
				const before = await executions(p.wf.id);
				assert.equal(before, EVENTS, `${p.name}: executions before the restart`);
				const [first] = contacts(p);
				for (let i = 0; (await deliver(p, first, 7)) === 404; i++) {
					assert.ok(i < 60, `${p.name} webhook never registered after the restart`);
					await pause(300);
				}
				const statuses = await Promise.all(contacts(p).flatMap((c) => [8, 9].concat(c === first ? [] : [7]).map((attempt) => deliver(p, c, attempt))));
				assert.ok(statuses.every((s) => s === 200), `${p.name}: ${statuses}`);
				const fresh = p.firstContact + EVENTS;
				const freshStatuses = await Promise.all([1, 2, 3].map((attempt) => deliver(p, fresh, attempt)));
				assert.ok(freshStatuses.every((s) => s === 200), `${p.name}: ${freshStatuses}`);
				assert.equal(await settled(p.wf.id, EVENTS + 1), EVENTS + 1, `${p.name}: executions after the restart`);
			}
			await pause(1000);
			for (const p of list) {
				for (const c of [...contacts(p), p.firstContact + EVENTS]) assert.equal(sideEffects(c), 1, `${p.name}: side effects of contact ${c} after the restart`);
			}
		});

		await check('Confirm Events (examples/04 as shipped): every delivery answered at once; forged events add nothing, real ones once', async () => {
			const wf = exampleFour();
			const stored = await rest('GET', `/rest/workflows/${wf.id}`);
			const res = await rest('POST', `/rest/workflows/${wf.id}/activate`, { versionId: stored.json?.data?.versionId });
			assert.ok(res.status < 300, `activate ${wf.id}: ${res.status}`);
			const url = `${n8n.base}/webhook/${wf.nodes.find((n) => n.webhookId).webhookId}/webhook`;
			const brand = sandbox.state.current.brands.get(1001);
			const contactOf = (id) => brand.contacts.find((c) => c.contact_id === id);
			const event = (id, data) => ({ id, name: 'contact_created', url: 'https://example.com/hook', attempts: 1, date: '2024-11-25 16:15:19', data: { _brand_id: 1001, opt_in_status: 'subscribed', ...data } });
			const real = (contactId) => event(`confirm-real-${contactId}`, { contact_id: contactId, mobile_number: contactOf(contactId).mobile_number });
			const post = async (body) => {
				const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
				return { status: r.status, text: await r.text() };
			};
			// Registered once a post is no longer 404; the probe is itself a forged event (an unknown contact).
			for (let i = 0; (await post(event('confirm-probe', { contact_id: 99999998, mobile_number: '+16175550000' }))).status === 404; i++) {
				assert.ok(i < 60, 'example 4 webhook never registered');
				await pause(300);
			}
			const forged = [
				// A real contact with a number of the sender's choice.
				event('confirm-forged-number', { contact_id: 74, mobile_number: '+882355501234' }),
				// A contact the brand does not have.
				event('confirm-forged-missing', { contact_id: 99999999, mobile_number: '+16175550001' }),
				// A real contact and number, but another brand.
				event('confirm-forged-brand', { contact_id: 75, mobile_number: contactOf(75).mobile_number, _brand_id: 2002 }),
				// A real event's ID with another number, sent before the real event.
				{ ...real(71), data: { ...real(71).data, mobile_number: '+882355509999' } },
			];
			const answers = [];
			for (const body of forged) answers.push(await post(body));
			answers.push(...(await Promise.all([71, 72, 73].map(async (id) => await post(real(id))))));
			// Answered as any started event (an empty 200): the check happens in the run, after the answer.
			assert.deepEqual(answers, Array(7).fill({ status: 200, text: '' }));
			const adds = (id) => sideEffects(id);
			for (let i = 0; [71, 72, 73].some((id) => adds(id) < 1); i++) {
				assert.ok(i < 60, `real events added: ${[71, 72, 73].map(adds)}`);
				await pause(250);
			}
			assert.equal(await settled(wf.id, 8), 8, 'one run per delivery (the probe, 4 forged, 3 real)');
			for (const id of [71, 72, 73]) assert.equal(adds(id), 1, `list adds of real contact ${id}`);
			for (const id of [74, 75, 99999999, 99999998]) assert.equal(adds(id), 0, `list adds of forged contact ${id}`);
			// The lookups happened in the runs: one GET per event that needed one (not the other brand).
			const lookups = sandbox.requests.filter((r) => r.method === 'GET' && /^\/v1\/brands\/1001\/contacts\/\d+$/.test(r.path)).map((r) => Number(r.path.split('/').pop()));
			assert.deepEqual(lookups.sort((a, b) => a - b), [71, 71, 72, 73, 74, 99999998, 99999999]);
		});
	} finally {
		if (n8n) await stopProcess(n8n.child);
	}
};
