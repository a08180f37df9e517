'use strict';
// `npm run sandbox`: the SlickText sandbox on 127.0.0.1, with SlickText's rate limit on.
//   npm run sandbox -- --port 8787 --contacts 100000 --no-rate-limit --latency-ms 150
//   npm run sandbox -- --tls   (HTTPS with a self-signed certificate; the node needs its request option
//                               Ignore SSL Issues (Insecure), or pass the printed certificate to curl --cacert)
//   npm run sandbox -- --rate-limit 4/240    (per second / per minute; default 8/480, as SlickText documents)
//   npm run sandbox -- --freedoms 1234       (serve the other forms the specs allow, e.g. legacy numbers as
//                                             strings, at random from seed 1234; `random` draws a seed, `off`
//                                             is the default; --freedoms-nulls also nulls "or null" fields)
//   npm run sandbox -- --legacy-webhook-secret s3cret   (played legacy replies are signed with it)
//
// `reply`: a person's reply by SMS, played through a running sandbox (its state changes too), posted to a
// SlickText Trigger's URL as SlickText posts it; prints what the trigger answered (see USAGE below).
//   npm run sandbox -- reply --to <trigger URL> --from +16172000000 --text "C"
//   npm run sandbox -- reply --platform legacy --to <trigger URL> --from +16192000000 --text STOP --secret s3cret
// Many people at once (a text to a list, then the answers coming in): a random share of a list's subscribed
// members (current) or of a textword's subscribers (legacy) reply, each with one of the comma-separated texts.
//   npm run sandbox -- reply --to <trigger URL> --from-list <list id> --percent 40 --text "YES,NO"
//   npm run sandbox -- reply --platform legacy --to <trigger URL> --from-textword <textword id> --percent 40 --text "C,R" --secret s3cret

const { startSandbox, CREDENTIALS, DEFAULT_RATE_LIMIT } = require('./server');
const { replyCommand, DEFAULT_SANDBOX } = require('./replyCommand');

const USAGE = `Usage:
  npm run sandbox [-- <switches>]        start the SlickText sandbox on 127.0.0.1
    --port <n>                 default 8787 (or SLICKTEXT_SANDBOX_PORT)
    --contacts <n>             demo contacts of the current brand (and legacy subscribers unless --subscribers)
    --subscribers <n>          demo subscribers of the legacy account
    --rate-limit <s>/<m>       requests a second / a minute (default 8/480, as SlickText documents)
    --no-rate-limit            no limit
    --latency-ms <n>           a round trip added to every request
    --tls                      HTTPS with a self-signed certificate
    --freedoms <seed>|random|off   serve the other answer forms the specs allow (--freedoms-nulls: nulls too)
    --legacy-webhook-secret <s>    sign played legacy replies with this secret

  npm run sandbox -- reply --to <trigger URL> --text <text> [<switches>]
      A person's reply by SMS: the running sandbox changes its state as SlickText would (STOP opts out,
      the text lands in the contact's inbox thread or chat) and posts the event SlickText posts to the
      trigger URL: current: inbox_message_received (JSON); legacy: ChatMessageRecieved, then an OptOut
      per textword left after STOP (form field data, X-Slicktext-Signature with a secret). Prints the
      trigger's answers; exits 0 when every post was answered 2xx.
    --platform current|legacy  default current
    --from <number>            the number that texts (legacy: required; current: or --contact-id)
    --contact-id <id>          current: the contact that texts
    --brand-id <id>            current: the brand (default 1001)
    --media-url <url>          legacy: a picture sent along (MMS)
    --secret <s>               legacy: sign with this webhook secret (default: the sandbox's
                               --legacy-webhook-secret; none: unsigned)
    --repeat <n>               deliver each event n more times, as SlickText's retries (attempt 2, 3, ...)
    --sandbox <url>            the running sandbox (default ${DEFAULT_SANDBOX})
    --json                     print the sandbox's whole answer as JSON

  npm run sandbox -- reply --to <trigger URL> --from-list <list id> --percent 40 --text "YES,NO"
  npm run sandbox -- reply --platform legacy --to <trigger URL> --from-textword <textword id> --percent 40 --text "C,R" [--secret s]
      Many people's replies: the sandbox picks them from its state (current: the subscribed members of a
      list of the brand; legacy: the subscribers of a textword) and plays each reply as above, in random
      order, several at once. Prints one line per reply and a summary; exits 0 when every post was
      answered 2xx. --platform, --brand-id, --media-url, --secret, --repeat, --sandbox and --json as above.
    --from-list <id>           current: a list's subscribed members reply (not with --from / --contact-id)
    --from-textword <id>       legacy: a textword's subscribers reply (not with --from)
    --percent <0-100>          the share of them who reply, picked at random (default 100)
    --text "A,B"               with commas, each person texts one of the choices at random
    --seed <n>                 repeat the same picks, order and texts (printed when not given)
    --concurrency <n>          replies played at once (default 10)
`;

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
			legacyWebhookSecret: option('legacy-webhook-secret'),
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
		...(sandbox.options.legacyWebhookSecret ? [`Legacy webhook secret (signs played replies): ${sandbox.options.legacyWebhookSecret}`] : []),
		'',
		'Play a reply by SMS: npm run sandbox -- reply --to <trigger URL> --from <number> --text "C" (--help for more)',
		'Play many: npm run sandbox -- reply --to <trigger URL> --from-list <list id> --percent 40 --text "YES,NO"',
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

const [command] = process.argv.slice(2);
if (process.argv.includes('--help') || process.argv.includes('-h')) {
	console.log(USAGE);
} else if (command === 'reply') {
	replyCommand(process.argv.slice(3)).then(
		(code) => process.exit(code),
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
} else if (command !== undefined && !command.startsWith('--')) {
	console.error(`[sandbox] unknown command ${command}\n\n${USAGE}`);
	process.exit(2);
} else {
	start();
}

function start() {
	main().catch(fail);
}

function fail(error) {
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
}
