'use strict';
// `npm run sandbox`: the SlickText sandbox on 127.0.0.1, with SlickText's rate limit on.
//   npm run sandbox -- --port 8787 --contacts 100000 --no-rate-limit --latency-ms 150
//   npm run sandbox -- --tls   (HTTPS with a self-signed certificate; the node needs its request option
//                               Ignore SSL Issues (Insecure), or pass the printed certificate to curl --cacert)

const { startSandbox, CREDENTIALS } = require('./server');

function option(name, fallback) {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function main() {
	const port = Number(option('port', process.env.SLICKTEXT_SANDBOX_PORT || 8787));
	const contacts = option('contacts');
	const subscribers = option('subscribers', contacts);
	const seed = {};
	if (contacts) seed.contacts = Number(contacts);
	if (subscribers) seed.subscribers = Number(subscribers);
	const sandbox = await startSandbox(
		{
			seed,
			rateLimit: process.argv.includes('--no-rate-limit') ? false : undefined,
			latencyMs: Number(option('latency-ms', 0)),
			tls: process.argv.includes('--tls'),
		},
		port,
	);
	const lines = [
		'SlickText sandbox is running (Ctrl-C stops it).',
		'',
		'Current API (credential "SlickText API"):',
		`  Base URL   ${sandbox.currentBaseUrl}`,
		`  API Key    ${CREDENTIALS.current.apiKey}`,
		`  Brand ID   ${CREDENTIALS.current.brandId}`,
		'',
		'Legacy API (credential "SlickText Legacy API"):',
		`  Base URL     ${sandbox.legacyBaseUrl}`,
		`  Public Key   ${CREDENTIALS.legacy.publicKey}`,
		`  Private Key  ${CREDENTIALS.legacy.privateKey}`,
		'',
		`Rate limit: ${sandbox.rateLimiter ? '8 a second, 480 a minute (as SlickText)' : 'off'}`,
		`Added round trip: ${sandbox.options.latencyMs} ms${sandbox.options.tls && sandbox.options.latencyMs ? ' (also on TCP and TLS handshakes)' : ''}`,
		...(sandbox.certificate ? [`TLS: self-signed certificate ${sandbox.certificate.certPath}`] : []),
		'',
		`Try: curl ${sandbox.certificate ? `--cacert ${sandbox.certificate.certPath} ` : ''}-H "Authorization: Bearer ${CREDENTIALS.current.apiKey}" ${sandbox.currentBaseUrl}/brands/${CREDENTIALS.current.brandId}/contacts?limit=2`,
	];
	console.log(lines.join('\n'));
	const stop = async () => {
		await sandbox.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	if (error && error.code === 'EADDRINUSE') {
		// Usually `npm run dev` already runs a sandbox there: its keys are the same, so that one can be used.
		console.error(
			`[sandbox] port ${error.port} on 127.0.0.1 is taken (is \`npm run dev\` running? it starts a sandbox there). ` +
				'Choose another with `npm run sandbox -- --port 8788` or SLICKTEXT_SANDBOX_PORT=8788.',
		);
	} else {
		console.error(error);
	}
	process.exit(1);
});
