// By hand (not part of `npm run bench`): 20 Get Contact items through the SlickText node and 20 GETs through n8n's HTTP Request node,
// in real n8n 2.41.1 (n8n execute), against the sandbox over TLS; prints what the sandbox counted.
//   N8N_RUNNERS_BROKER_PORT=<free port> node bench/connections-n8n.js   (after npm run build; needs the e2e runtime)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startSandbox } = require('../sandbox/server');
const env = require('../scripts/n8n-env');

const N = 20;
function workflow(id, node) {
	const next = (name) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
	return {
		id, name: id, active: false, settings: {},
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ name: 'Ids', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: { mode: 'raw', jsonOutput: JSON.stringify({ id: Array.from({ length: N }, (_, i) => i + 1) }) } },
			{ name: 'Split', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [440, 0], parameters: { fieldToSplitOut: 'id' } },
			{ ...node, name: 'Get', position: [660, 0] },
		],
		connections: { Start: next('Ids'), Ids: next('Split'), Split: next('Get') },
	};
}

(async () => {
	const sandbox = await startSandbox({ tls: true, rateLimit: false });
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-tls-real-'));
	try {
		const slick = workflow('tlsSlickText00001', {
			type: 'n8n-nodes-slicktext.slickText', typeVersion: 1,
			parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, requestOptions: { allowUnauthorizedCerts: true } },
			credentials: { slickTextApi: { id: env.CREDENTIAL_IDS.current, name: 'SlickText sandbox (current API)' } },
		});
		const httpNode = workflow('tlsHttpRequest0001', {
			type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2,
			parameters: {
				url: `=${sandbox.currentBaseUrl}/brands/1001/contacts/{{ $json.id }}`,
				sendHeaders: true, headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer sandbox-api-key' }] },
				options: { allowUnauthorizedCerts: true },
			},
		});
		env.prepareUserFolder(folder, { sandbox, workflows: [slick, httpNode] });
		for (const wf of [slick, httpNode]) {
			sandbox.reset();
			const r = await env.n8nCliAsync(folder, ['execute', '--id', wf.id, '--rawOutput']);
			const runData = r.json?.data?.resultData?.runData ?? r.json?.resultData?.runData;
			const items = runData?.Get?.[0]?.data?.main?.[0] ?? [];
			console.log(wf.id, 'exit', r.status, 'items', items.length, 'errors', items.filter((i) => i.json.error).length,
				JSON.stringify({ requests: sandbox.requests.length, ...sandbox.connectionCounts }), 'Connection header:', sandbox.requests[0]?.headers.connection, 'UA:', sandbox.requests[0]?.headers['user-agent']);
			if (!items.length) console.log((r.stderr || r.stdout).slice(-1500));
		}
	} finally {
		await sandbox.stop();
		fs.rmSync(folder, { recursive: true, force: true });
	}
})();
