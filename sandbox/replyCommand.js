'use strict';
// `npm run sandbox -- reply ...`: plays a person's reply through a running sandbox (POST /__sandbox/reply),
// so that the sandbox's state changes too, and prints what the trigger answered. See cli.js for the usage.

const DEFAULT_SANDBOX = `http://127.0.0.1:${process.env.SLICKTEXT_SANDBOX_PORT || 8787}`;

// Command line switch -> field of the reply (shared/replies.js).
const SWITCHES = {
	'--platform': 'platform',
	'--to': 'to',
	'--from': 'from',
	'--contact-id': 'contactId',
	'--brand-id': 'brandId',
	'--text': 'text',
	'--media-url': 'mediaUrl',
	'--secret': 'secret',
	'--repeat': 'repeat',
};

class UsageError extends Error {}

function parse(args) {
	const fields = {};
	let sandbox = DEFAULT_SANDBOX;
	let json = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (arg === '--json') {
			json = true;
			continue;
		}
		if (arg !== '--sandbox' && !SWITCHES[arg]) throw new UsageError(`unknown switch ${arg} (npm run sandbox -- --help lists them)`);
		const value = args[i + 1];
		if (value === undefined) throw new UsageError(`${arg} needs a value`);
		i++;
		if (arg === '--sandbox') sandbox = value.replace(/\/+$/, '');
		else fields[SWITCHES[arg]] = arg === '--repeat' ? Number(value) : value;
	}
	if (fields.to === undefined) throw new UsageError('--to <trigger URL> is required (the SlickText Trigger\'s Production or Test URL)');
	if (fields.text === undefined && fields.mediaUrl === undefined) throw new UsageError('--text <what the person texts> is required');
	if (fields.text === undefined) fields.text = '';
	return { fields, sandbox, json };
}

function describe(delivery) {
	const { event } = delivery;
	const name = event.Event ?? event.name;
	const attempt = event.attemptNumber ?? event.attempts;
	const answer =
		delivery.status === null
			? `no answer (${delivery.error})`
			: `the trigger answered ${delivery.status}${delivery.body === '' ? '' : ` ${typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body)}`}`;
	return `  ${name} (attempt ${attempt}): ${answer}`;
}

/** Runs the command; resolves with the exit code (0 when every post got a 2xx answer). */
async function replyCommand(args, out = console.log, err = console.error) {
	let parsed;
	try {
		parsed = parse(args);
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		err(`[sandbox] ${error.message}`);
		return 2;
	}
	const { fields, sandbox, json } = parsed;
	let res;
	try {
		res = await fetch(`${sandbox}/__sandbox/reply`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(fields),
		});
	} catch (error) {
		err(`[sandbox] no sandbox answers at ${sandbox} (${error.cause?.code ?? error.message}): start one with \`npm run sandbox\` or \`npm run dev\`, or pass --sandbox <its address>`);
		return 1;
	}
	const text = await res.text();
	let answer;
	try {
		answer = JSON.parse(text);
	} catch {
		err(`[sandbox] ${sandbox} answered ${res.status} with something that is not the sandbox's answer: ${text.slice(0, 200)}`);
		return 1;
	}
	if (res.status !== 200 && res.status !== 502) {
		err(`[sandbox] ${answer.message ?? text}`);
		return 1;
	}
	if (json) out(JSON.stringify(answer, null, 2));
	else {
		const deliveries = answer.deliveries ?? [];
		out(`Played a ${fields.platform ?? 'current'}-platform reply ${JSON.stringify(fields.text)}: ${deliveries.length} post${deliveries.length === 1 ? '' : 's'} to ${fields.to}`);
		for (const delivery of deliveries) out(describe(delivery));
		if (answer.message) err(`[sandbox] ${answer.message}`);
	}
	const allAnswered = (answer.deliveries ?? []).every((d) => d.status !== null && d.status >= 200 && d.status < 300);
	return allAnswered ? 0 : 1;
}

module.exports = { replyCommand, DEFAULT_SANDBOX };
