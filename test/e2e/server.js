'use strict';
// `n8n start` with the package installed: listed node and credential types, credential tests over the
// editor's REST API, and the trigger receiving events posted like SlickText posts them.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');

const PKG = 'n8n-nodes-slicktext';
const PORT = Number(process.env.E2E_N8N_PORT || 5691);
const triggerWorkflows = require('./triggerWorkflows');
const { rest, waitFor } = require('./rest');

exports.title = 'n8n start (editor REST API and webhooks)';

exports.workflows = () => triggerWorkflows.all();

exports.run = async ({ sandbox, userFolder, startN8n, ownerSession, stopProcess, check, CREDENTIAL_IDS, prepared }) => {
	const { child, base } = await startN8n(userFolder, { port: PORT, log: 'ignore' });
	try {
		const cookie = await ownerSession(base);

		await check('our nodes, their tool variants and both credential types are listed', async () => {
			const res = await fetch(`${base}/types/nodes.json`, { headers: { cookie } });
			const types = (await res.json()).map((t) => t.name);
			for (const name of ['slickText', 'slickTextLegacy', 'slickTextLegacyTrigger', 'slickTextTrigger']) assert.ok(types.includes(`${PKG}.${name}`), name);
			for (const name of ['slickTextTool', 'slickTextLegacyTool']) assert.ok(types.includes(`${PKG}.${name}`), name);
			const creds = await (await fetch(`${base}/types/credentials.json`, { headers: { cookie } })).json();
			const credNames = creds.map((c) => c.name);
			assert.ok(credNames.includes('slickTextApi') && credNames.includes('slickTextLegacyApi'));
		});

		const testCredential = async (type, data) => {
			const res = await rest(base, cookie, 'POST', '/rest/credentials/test', {
				// n8n tests a stored credential, with the values given here in place of the stored ones.
				credentials: { id: type === 'slickTextApi' ? CREDENTIAL_IDS.current : CREDENTIAL_IDS.legacy, name: 'e2e', type, data },
			});
			const result = res.json?.data ?? res.json;
			return { status: result?.status, message: result?.message, raw: `${res.status} ${JSON.stringify(res.json).slice(0, 300)}` };
		};
		const expectStatus = async (type, data, status, message) => {
			const result = await testCredential(type, data);
			assert.equal(result.status, status, `credential test of ${type}: ${result.raw}`);
			// The credentials' rules give SlickText's reason and what to check, not only "Forbidden".
			if (message) assert.match(String(result.message), message, `credential test message of ${type}: ${result.raw}`);
		};
		await check('credential tests pass with good values and fail with bad ones (REST API)', async () => {
			await expectStatus('slickTextApi', sandbox.currentCredentials(), 'OK');
			await expectStatus('slickTextApi', sandbox.currentCredentials({ apiKey: 'bad' }), 'Error', /^SlickText refused the request \(403\)/);
			await expectStatus('slickTextApi', sandbox.currentCredentials({ brandId: '2002' }), 'Error', /belongs to another brand/);
			await expectStatus('slickTextLegacyApi', sandbox.legacyCredentials(), 'OK');
			await expectStatus('slickTextLegacyApi', sandbox.legacyCredentials({ privateKey: 'bad' }), 'Error', /^SlickText did not accept the keys \(401\)/);
		});

		await check("credential tests with an n8n API key: this n8n's own key with the six data-table scopes passes, one without them and a wrong one fail, each saying why (REST API)", async () => {
			const makeKey = async (label, scopes) => {
				const key = await rest(base, cookie, 'POST', '/rest/api-keys', { label, scopes, expiresAt: null });
				assert.equal(key.status, 200, `API key: ${JSON.stringify(key.json).slice(0, 300)}`);
				return key.json.data.rawApiKey;
			};
			const tables = await makeKey('e2e data tables', ['dataTable:list', 'dataTable:create', 'dataTableRow:read', 'dataTableRow:create', 'dataTableRow:update', 'dataTableRow:delete']);
			const workflowsOnly = await makeKey('e2e workflows only', ['workflow:list']);
			// The key is tried at the n8n address of the credential's Trigger URL for Replies: this n8n.
			const replyTriggerUrl = `${base}/webhook/${crypto.randomUUID()}/webhook`;
			for (const [type, credentials] of [['slickTextApi', sandbox.currentCredentials.bind(sandbox)], ['slickTextLegacyApi', sandbox.legacyCredentials.bind(sandbox)]]) {
				await expectStatus(type, credentials({ n8nApiKey: tables, replyTriggerUrl }), 'OK');
				await expectStatus(type, credentials({ n8nApiKey: workflowsOnly, replyTriggerUrl }), 'Error', /The 'n8n API Key' may not read n8n's data tables \(403\)\. Give it the scopes dataTable:list, /);
				await expectStatus(type, credentials({ n8nApiKey: 'not-a-key', replyTriggerUrl }), 'Error', /n8n did not accept the 'n8n API Key' \(401\)/);
			}
		});

		await check('From List search finds records beyond the first page, in both nodes (REST, as the editor asks)', async () => {
			sandbox.reset();
			const search = async (node, credentials, methodName, filter, paginationToken) => {
				const res = await rest(base, cookie, 'POST', '/rest/dynamic-node-parameters/resource-locator-results', {
					path: 'parameters.contactId',
					nodeTypeAndVersion: { name: `${PKG}.${node}`, version: 1 },
					currentNodeParameters: { resource: 'contact', operation: 'get' },
					credentials,
					methodName,
					filter,
					paginationToken,
				});
				assert.equal(res.status, 200, `search ${node} "${filter}": ${JSON.stringify(res.json).slice(0, 300)}`);
				return res.json.data ?? res.json;
			};
			const currentCreds = { slickTextApi: { id: CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } };
			const legacyCreds = { slickTextLegacyApi: { id: CREDENTIAL_IDS.legacy, name: 'SlickText sandbox (legacy API)' } };
			const contact = sandbox.state.current.brands.get(1001).contacts[240];
			const byNumber = await search('slickText', currentCreds, 'searchContacts', contact.mobile_number.slice(2));
			assert.equal(byNumber.results[0].value, String(contact.contact_id));
			const subscriber = sandbox.state.legacy.contacts[350];
			const legacyByNumber = await search('slickTextLegacy', legacyCreds, 'searchContacts', subscriber.number);
			assert.ok(legacyByNumber.results.some((r) => r.value === subscriber.id), 'legacy subscriber 350 found by number');
			// An unfiltered list hands n8n a token, and the next page starts where the first ended.
			const first = await search('slickTextLegacy', legacyCreds, 'searchContacts');
			assert.equal(first.paginationToken, '200');
			const second = await search('slickTextLegacy', legacyCreds, 'searchContacts', undefined, first.paginationToken);
			assert.ok(second.results.some((r) => r.value === subscriber.id), 'legacy subscriber 350 on the second page');
		});

		await check('SlickText Trigger workflows activate and receive events from both platforms', async () => {
			for (const wf of triggerWorkflows.all()) {
				// Activation names the stored version; import may have given the workflow a new one.
				const stored = await rest(base, cookie, 'GET', `/rest/workflows/${wf.id}`);
				const versionId = stored.json?.data?.versionId;
				const res = await rest(base, cookie, 'POST', `/rest/workflows/${wf.id}/activate`, { versionId });
				assert.ok(res.status < 300, `activate ${wf.id}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
			}
			const current = await waitFor(async () => {
				const r = await fetch(`${base}/webhook/${triggerWorkflows.CURRENT_PATH}/webhook`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(triggerWorkflows.currentEvent()),
				});
				return r.status === 404 ? undefined : r;
			});
			assert.equal(current?.status, 200, 'current webhook answered 200');
			const body = triggerWorkflows.legacyData();
			// A webhook answers 404 until n8n has registered it after activation; a 404 ran nothing, so
			// only that answer is posted again.
			const good = await waitFor(async () => {
				const r = await fetch(`${base}/webhook/${triggerWorkflows.LEGACY_PATH}/webhook`, {
					method: 'POST',
					headers: {
						'content-type': 'application/x-www-form-urlencoded',
						'x-slicktext-signature': crypto.createHmac('md5', triggerWorkflows.SECRET).update(body).digest('hex'),
					},
					body: new URLSearchParams({ data: body }).toString(),
				});
				return r.status === 404 ? undefined : r;
			});
			assert.ok(good, 'legacy webhook registered');
			assert.equal(good.status, 200);
			const forged = await fetch(`${base}/webhook/${triggerWorkflows.LEGACY_PATH}/webhook`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slicktext-signature': 'forged' },
				body: new URLSearchParams({ data: triggerWorkflows.legacyData('999') }).toString(),
			});
			assert.equal(forged.status, 401);

			// The executions of the trigger workflows: one per accepted event, none for the forged ones.
			const triggerIds = triggerWorkflows.all().map((w) => w.id).sort();
			const triggered = async () => {
				const r = await rest(base, cookie, 'GET', '/rest/executions?filter=%7B%7D&limit=100');
				const list = r.json?.data?.results ?? r.json?.data ?? [];
				return list.filter((e) => triggerIds.includes(e.workflowId));
			};
			const executions = await waitFor(async () => ((await triggered()).length >= triggerIds.length ? triggered() : undefined));
			assert.ok(executions, 'one execution per trigger workflow was recorded');
			await new Promise((r) => setTimeout(r, 1000));
			assert.deepEqual((await triggered()).map((e) => e.workflowId).sort(), triggerIds);
		});

		await check('example webhooks refuse a post without the Header Auth token and send nothing; with it they run', async () => {
			const examples = { exFormToContact01: 'Form-Submitted', exEventSendsText2: 'Order-Shipped' };
			const urls = {};
			for (const [id, nodeName] of Object.entries(examples)) {
				const stored = await rest(base, cookie, 'GET', `/rest/workflows/${id}`);
				const wf = stored.json?.data;
				const node = wf.nodes.find((n) => n.name === nodeName);
				assert.equal(node.parameters.authentication, 'headerAuth', `${id} uses Header Auth`);
				// The examples' path is the workflow's own id ('={{ $workflow.id }}').
				const hook = prepared.webhooks.find((h) => h.workflow === wf.name && h.node === nodeName);
				assert.ok(hook?.headerAuth, `${id}: Header Auth webhook prepared`);
				const res = await rest(base, cookie, 'POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
				assert.ok(res.status < 300, `activate ${id}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
				urls[id] = `${base}/${hook.path}`;
			}
			const exampleRuns = async () => {
				const r = await rest(base, cookie, 'GET', '/rest/executions?filter=%7B%7D&limit=100');
				return (r.json?.data?.results ?? r.json?.data ?? []).filter((e) => e.workflowId in urls);
			};
			// The headless runs above left executions of these workflows; count from here.
			const runsBefore = (await exampleRuns()).length;
			const body = JSON.stringify({ phone: '+16175550142', order: 'A-2002', first_name: 'Rosa', email: 'rosa@example.com' });
			const post = (url, headers = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
			sandbox.reset();
			for (const [id, url] of Object.entries(urls)) {
				const unauthenticated = await waitFor(async () => {
					const r = await post(url);
					return r.status === 404 ? undefined : r;
				});
				assert.ok([401, 403].includes(unauthenticated?.status), `${id} without the header: ${unauthenticated?.status}`);
				const wrong = await post(url, { 'X-Webhook-Token': 'guessed' });
				assert.ok([401, 403].includes(wrong.status), `${id} with a wrong token: ${wrong.status}`);
			}
			await new Promise((r) => setTimeout(r, 1500));
			assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), [], 'nothing reached SlickText');
			assert.equal((await exampleRuns()).length, runsBefore, 'no example workflow ran');

			// With the token the other app sends, both run: a contact is created, texts are sent.
			for (const url of Object.values(urls)) {
				const ok = await post(url, { 'X-Webhook-Token': prepared.webhookToken });
				assert.equal(ok.status, 200);
			}
			const sentTexts = await waitFor(() =>
				sandbox.requests.some((r) => r.method === 'POST' && r.path.endsWith('/campaigns')) &&
				sandbox.requests.some((r) => r.method === 'POST' && r.path.replace(/\/$/, '') === '/legacy/v1/messages') &&
				sandbox.requests.some((r) => r.method === 'POST' && r.path === '/v1/brands/1001/contacts'),
			);
			assert.ok(sentTexts, `authenticated posts ran: ${sandbox.requests.map((r) => `${r.method} ${r.path}`).join(', ')}`);
		});
	} finally {
		await stopProcess(child);
	}
};
