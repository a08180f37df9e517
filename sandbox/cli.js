'use strict';
// `npm run sandbox`: the SlickText sandbox on 127.0.0.1, with SlickText's rate limit on.
//   npm run sandbox -- --port 8787 --contacts 100000 --no-rate-limit --latency-ms 150
//   npm run sandbox -- --tls   (HTTPS with a self-signed certificate; the node needs its request option
//                               Ignore SSL Issues (Insecure), or pass the printed certificate to curl --cacert)
//   npm run sandbox -- --rate-limit 4/240    (per second / per minute; default 8/480, as SlickText documents)
//   npm run sandbox -- --freedoms 1234       (serve the other forms the specs allow, e.g. legacy numbers as
//                                             strings, at random from seed 1234; `random` draws a seed, `off`
//                                             is the default; --freedoms-nulls also nulls "or null" fields)

const { startSandbox, CREDENTIALS, DEFAULT_RATE_LIMIT } = require('./server');

function option(name, fallback) {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** --rate-limit 4/240 (per second/per minute), --no-rate-limit, or SlickText's documented default. */
function rateLimitOption() {
	if (process.argv.includes('--no-rate-limit')) return false;
	const value = option('rate-limit');
	if (value === undefined) return DEFAULT_RATE_LIMIT;
	const m = /^(\d+)\/(\d+)$/.exec(value);
	if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
		throw new UsageError(`--rate-limit wants <per second>/<per minute>, e.g. 4/240 (got ${value})`);
	}
	return { perSecond: Number(m[1]), perMinute: Number(m[2]) };
}

/** --freedoms <seed>|random|off (default off); --freedoms-nulls adds the "or null" fields. */
function freedomsOption() {
	const value = option('freedoms', 'off');
	if (value === 'off') return false;
	if (value !== 'random' && !/^\d+$/.test(value)) throw new UsageError(`--freedoms wants a seed (digits), random or off (got ${value})`);
	return { seed: value === 'random' ? undefined : Number(value), nulls: process.argv.includes('--freedoms-nulls') };
}

class UsageError extends Error {}

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
			rateLimit: rateLimitOption(),
			freedoms: freedomsOption(),
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
		`Rate limit: ${describeRate(sandbox.options.rateLimit)}`,
		`Freedoms: ${describeFreedoms(sandbox.freedoms)}`,
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

function describeRate(limit) {
	if (!limit) return 'off';
	const documented = limit.perSecond === DEFAULT_RATE_LIMIT.perSecond && limit.perMinute === DEFAULT_RATE_LIMIT.perMinute;
	return `${limit.perSecond} a second, ${limit.perMinute} a minute${documented ? ' (as SlickText documents)' : ''}`;
}

function describeFreedoms(freedoms) {
	if (!freedoms) return 'off (every answer in the stored form; --freedoms <seed> serves the other allowed forms)';
	return `on, seed ${freedoms.seed}${freedoms.nulls ? ', "or null" fields too' : ''} (repeat with --freedoms ${freedoms.seed})`;
}

main().catch((error) => {
	if (error instanceof UsageError) {
		console.error(`[sandbox] ${error.message}`);
	} else if (error && error.code === 'EADDRINUSE') {
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
