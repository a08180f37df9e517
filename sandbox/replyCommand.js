'use strict';
// `npm run sandbox -- reply ...`: plays a person's reply through a running sandbox (POST /__sandbox/reply),
// so that the sandbox's state changes too, and prints what the trigger answered. See cli.js for the usage.
// With --from-list / --from-textword many people reply: the sandbox picks them from its own state and plays
// each reply (shared/replies.js, playReplies), so this command only checks the switches and prints.

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
	'--from-list': 'fromList',
	'--from-textword': 'fromTextword',
	'--percent': 'percent',
	'--seed': 'seed',
	'--concurrency': 'concurrency',
};
const NUMBERS = ['--repeat', '--percent', '--seed', '--concurrency'];
const CROWD_ONLY = { percent: '--percent', seed: '--seed', concurrency: '--concurrency' };

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
		else fields[SWITCHES[arg]] = NUMBERS.includes(arg) ? Number(value) : value;
	}
	if (fields.to === undefined) throw new UsageError('--to <trigger URL> is required (the SlickText Trigger\'s Production or Test URL)');
	if (fields.text === undefined && fields.mediaUrl === undefined) throw new UsageError('--text <what the person texts> is required');
	if (fields.text === undefined) fields.text = '';
	if (fields.fromList !== undefined || fields.fromTextword !== undefined) checkCrowd(fields);
	else {
		const wrong = Object.keys(CROWD_ONLY).filter((key) => fields[key] !== undefined);
		if (wrong.length > 0) throw new UsageError(`${wrong.map((k) => CROWD_ONLY[k]).join(', ')}: only with --from-list or --from-textword (many people's replies)`);
	}
	return { fields, sandbox, json };
}

/** The switches of many people's replies; --text "YES,NO" becomes the choices each person texts one of. */
function checkCrowd(fields) {
	const legacy = fields.platform === 'legacy';
	if (fields.fromList !== undefined && fields.fromTextword !== undefined) throw new UsageError('--from-list (current) or --from-textword (legacy), not both');
	for (const [key, name] of [['from', '--from'], ['contactId', '--contact-id']]) {
		if (fields[key] !== undefined) throw new UsageError(`${name} names one person: use it or ${legacy ? '--from-textword' : '--from-list'}, not both`);
	}
	if (legacy && fields.fromList !== undefined) throw new UsageError('--from-list is for the current platform; legacy replies come --from-textword <textword id>');
	if (!legacy && fields.fromTextword !== undefined) throw new UsageError('--from-textword is for the legacy platform (add --platform legacy); current replies come --from-list <list id>');
	if (fields.percent !== undefined && !(fields.percent >= 0 && fields.percent <= 100)) throw new UsageError(`--percent must be a number from 0 to 100, the share of the people who reply (got ${fields.percent})`);
	if (fields.seed !== undefined && !(Number.isInteger(fields.seed) && fields.seed >= 0 && fields.seed < 2 ** 32)) throw new UsageError('--seed must be a whole number from 0 to 4294967295');
	if (fields.concurrency !== undefined && !(Number.isInteger(fields.concurrency) && fields.concurrency >= 1 && fields.concurrency <= 100)) {
		throw new UsageError('--concurrency must be a whole number from 1 to 100 (replies played at once)');
	}
	if (fields.text.includes(',')) {
		fields.choices = fields.text.split(',').map((choice) => choice.trim()).filter((choice) => choice !== '');
		delete fields.text;
		if (fields.choices.length === 0) throw new UsageError('--text lists no choice between its commas');
	}
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

const statusOf = (delivery) => (delivery.status === null ? `no answer (${delivery.error})` : String(delivery.status));
const is2xx = (delivery) => delivery.status !== null && delivery.status >= 200 && delivery.status < 300;

/** One person's reply of many: who, what, and the trigger's status (per event when there were several posts). */
function describeReply(reply) {
	const who = reply.contactId !== undefined ? `contact ${reply.contactId}` : `subscriber ${reply.subscriberId}`;
	const { deliveries } = reply;
	const statuses =
		deliveries.length === 1
			? statusOf(deliveries[0])
			: deliveries.map((d) => `${d.event.Event ?? d.event.name}${(d.event.attemptNumber ?? d.event.attempts) > 1 ? ` (attempt ${d.event.attemptNumber ?? d.event.attempts})` : ''} ${statusOf(d)}`).join(', ');
	return `  ${reply.from} (${who}) texted ${JSON.stringify(reply.text)}: the trigger answered ${statuses}`;
}

function printCrowd(answer, seedGiven, out) {
	for (const reply of answer.replies) out(describeReply(reply));
	const { source, subscribed, percent, replies } = answer;
	const from = source.list !== undefined ? `list ${source.list} "${source.name}"` : `textword ${source.textword} ${source.word}`;
	const people = source.list !== undefined ? 'subscribed members' : 'subscribers';
	out(
		`Played ${replies.length} repl${replies.length === 1 ? 'y' : 'ies'} from ${from} (${percent}% of ${subscribed} ${people}): ` +
			`${answer.answered} answered 2xx, ${answer.notAnswered} not`,
	);
	if (!seedGiven) out(`Seed ${answer.seed}: add --seed ${answer.seed} to play the same replies again`);
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
	if (answer.replies) {
		if (json) out(JSON.stringify(answer, null, 2));
		else printCrowd(answer, fields.seed !== undefined, out);
		return answer.replies.every((reply) => reply.deliveries.every(is2xx)) ? 0 : 1;
	}
	if (json) out(JSON.stringify(answer, null, 2));
	else {
		const deliveries = answer.deliveries ?? [];
		out(`Played a ${fields.platform ?? 'current'}-platform reply ${JSON.stringify(fields.text)}: ${deliveries.length} post${deliveries.length === 1 ? '' : 's'} to ${fields.to}`);
		for (const delivery of deliveries) out(describe(delivery));
		if (answer.message) err(`[sandbox] ${answer.message}`);
	}
	const allAnswered = (answer.deliveries ?? []).every(is2xx);
	return allAnswered ? 0 : 1;
}

module.exports = { replyCommand, DEFAULT_SANDBOX };
