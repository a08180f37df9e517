// `npm run sandbox -- reply ...` (sandbox/replyCommand.js): the command asks a running sandbox (here one
// in this process, on a free port) to play the reply, so that sandbox's state changes, and prints what
// the trigger answered. A local HTTP server stands in for the trigger.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../sandbox/server');

const CLI = path.resolve(__dirname, '../../sandbox/cli.js');

/** Runs the command line to its end. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run sandbox -- reply', () => {
	let sandbox: any;
	let trigger: Server;
	let to: string;
	const arrivals: Array<{ contentType?: string; signature?: string | string[]; raw: string }> = [];
	let answer = { status: 200, body: '' };
	// When set, the trigger answers 500 to the posts whose raw body it matches (the others get `answer`).
	let failWhen: ((raw: string) => boolean) | undefined;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false, legacyWebhookSecret: 'cli-secret' });
		trigger = createServer((req, res) => {
			let raw = '';
			req.on('data', (chunk) => (raw += chunk));
			req.on('end', () => {
				arrivals.push({ contentType: req.headers['content-type'], signature: req.headers['x-slicktext-signature'], raw });
				res.writeHead(failWhen?.(raw) ? 500 : answer.status, { 'content-type': 'application/json' });
				res.end(answer.body);
			});
		});
		await new Promise<void>((resolve) => trigger.listen(0, '127.0.0.1', resolve));
		to = `http://127.0.0.1:${(trigger.address() as AddressInfo).port}/webhook/w1/webhook`;
	});
	beforeEach(() => {
		sandbox.reset();
		arrivals.length = 0;
		answer = { status: 200, body: '' };
		failWhen = undefined;
	});
	afterAll(async () => {
		await sandbox.stop();
		await new Promise((resolve) => trigger.close(resolve));
	});

	it("plays a current reply through the running sandbox (its thread shows it) and prints the trigger's answer", async () => {
		const contact = sandbox.state.current.contacts[2];
		const { code, stdout, stderr } = await run(['reply', '--sandbox', sandbox.origin, '--to', to, '--from', contact.mobile_number, '--text', 'C']);
		expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
		expect(stdout).toBe(`Played a current-platform reply "C": 1 post to ${to}\n  inbox_message_received (attempt 1): the trigger answered 200\n`);
		expect(arrivals).toHaveLength(1);
		expect(arrivals[0].contentType).toBe('application/json');
		expect(JSON.parse(arrivals[0].raw)).toMatchObject({ name: 'inbox_message_received', data: { contact_id: contact.contact_id, last_message: 'C' } });
		const thread = sandbox.state.current.threads.find((t: any) => t._contact_id === contact.contact_id);
		expect(thread).toMatchObject({ last_message: 'C', last_message_direction: 'incoming' });
	});

	it("plays a legacy STOP with --json: the sandbox's whole answer, signed with the sandbox's secret or --secret", async () => {
		answer = { status: 200, body: '{"message":"ok"}' };
		const subscriber = sandbox.state.legacy.contacts[0];
		const { code, stdout } = await run(['reply', '--platform', 'legacy', '--sandbox', sandbox.origin, '--to', to, '--from', subscriber.number, '--text', 'STOP', '--json']);
		expect(code).toBe(0);
		const printed = JSON.parse(stdout);
		expect(printed).toMatchObject({ status: 200, body: { message: 'ok' } });
		expect(printed.events.map((e: any) => e.Event)).toEqual(['ChatMessageRecieved', 'OptOut']);
		expect(arrivals.map((a) => a.contentType)).toEqual(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded']);
		expect(sandbox.state.legacy.contactsById.has(subscriber.id)).toBe(false);
		// Signed with the running sandbox's --legacy-webhook-secret, unless --secret says otherwise.
		const { createHmac } = await import('node:crypto');
		const data = new URLSearchParams(arrivals[0].raw).get('data')!;
		expect(arrivals[0].signature).toBe(createHmac('md5', 'cli-secret').update(data).digest('hex'));
		arrivals.length = 0;
		const other = sandbox.state.legacy.contacts[1];
		await run(['reply', '--platform', 'legacy', '--sandbox', sandbox.origin, '--to', to, '--from', other.number, '--text', 'hi', '--secret', 'own']);
		expect(arrivals[0].signature).toBe(createHmac('md5', 'own').update(new URLSearchParams(arrivals[0].raw).get('data')!).digest('hex'));
	});

	it('exits 1 when the trigger refuses, and prints its answer', async () => {
		answer = { status: 401, body: '{"message":"Invalid X-Slicktext-Signature"}' };
		const { code, stdout } = await run(['reply', '--platform', 'legacy', '--sandbox', sandbox.origin, '--to', to, '--from', sandbox.state.legacy.contacts[0].number, '--text', 'C', '--repeat', '1']);
		expect(code).toBe(1);
		expect(stdout).toContain('ChatMessageRecieved (attempt 1): the trigger answered 401 {"message":"Invalid X-Slicktext-Signature"}');
		expect(stdout).toContain('ChatMessageRecieved (attempt 2): the trigger answered 401');
	});

	it("exits 1 with the sandbox's message for an unknown number, and says so when no sandbox runs", async () => {
		const unknown = await run(['reply', '--sandbox', sandbox.origin, '--to', to, '--from', '+15550009999', '--text', 'C']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('[sandbox] +15550009999 is not a contact of brand 1001');
		const stopped = await startSandbox({ rateLimit: false });
		const origin = stopped.origin;
		await stopped.stop();
		const none = await run(['reply', '--sandbox', origin, '--to', to, '--from', '+15550009999', '--text', 'C']);
		expect(none.code).toBe(1);
		expect(none.stderr).toContain(`[sandbox] no sandbox answers at ${origin}`);
		expect(arrivals).toEqual([]);
	});

	it('refuses a reply without --to before asking the sandbox; --help documents the command', async () => {
		const contact = sandbox.state.current.contacts[2];
		const messages = sandbox.state.current.messages.length;
		const missing = await run(['reply', '--sandbox', sandbox.origin, '--from', contact.mobile_number, '--text', 'C']);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain('--to <trigger URL> is required');
		expect(sandbox.state.current.messages).toHaveLength(messages);
		const help = await run(['--help']);
		expect(help.code).toBe(0);
		expect(help.stdout).toContain('npm run sandbox -- reply --to <trigger URL> --text <text>');
		expect(help.stdout).toContain('npm run sandbox -- reply --to <trigger URL> --from-list <list id> --percent 40 --text "YES,NO"');
		expect(help.stdout).toContain('npm run sandbox -- reply --platform legacy --to <trigger URL> --from-textword <textword id> --percent 40 --text "C,R"');
		for (const option of ['--platform', '--from', '--contact-id', '--media-url', '--secret', '--repeat', '--sandbox', '--from-list', '--from-textword', '--percent', '--seed', '--concurrency']) {
			expect(help.stdout).toContain(option);
		}
	});

	describe('many people at once (--from-list, --from-textword)', () => {
		/** The subscribed members of a list of the main brand, by contact id. */
		const subscribedMembers = (listId: number) => {
			const b = sandbox.state.current;
			const members = b.listMembers.get(listId);
			return new Map<number, any>(b.contacts.filter((c: any) => members.has(c.contact_id) && c.opt_in_status === 'subscribed').map((c: any) => [c.contact_id, c]));
		};
		/** Who texted what, from what the trigger received (current: inbox_message_received JSON). */
		const currentPairs = () =>
			arrivals.map((a) => JSON.parse(a.raw).data).map((d: any) => `${d.contact_id}:${d.last_message}`).sort();

		it('plays a seeded share of a list\'s subscribed members, each texting one of the choices; the same seed plays the same again', async () => {
			// List 3 has members who are not subscribed (unsubscribed, not subscribed, blocked): they must not reply.
			const b = sandbox.state.current;
			expect(b.listMembers.get(3).size).toBeGreaterThan(subscribedMembers(3).size);
			const members = subscribedMembers(3);
			const expected = Math.round(members.size * 0.5);
			const args = ['reply', '--sandbox', sandbox.origin, '--to', to, '--from-list', '3', '--percent', '50', '--seed', '7', '--text', 'YES,NO'];
			const first = await run(args);
			expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
			expect(arrivals).toHaveLength(expected);
			const events = arrivals.map((a) => JSON.parse(a.raw));
			const ids = events.map((e: any) => e.data.contact_id);
			expect(new Set(ids).size).toBe(expected);
			for (const event of events) {
				expect(event.name).toBe('inbox_message_received');
				expect(members.has(event.data.contact_id)).toBe(true);
				expect(['YES', 'NO']).toContain(event.data.last_message);
				// Played as one reply is: the text is the last message of the contact's inbox thread.
				expect(b.threads.find((t: any) => t._contact_id === event.data.contact_id)).toMatchObject({ last_message: event.data.last_message });
			}
			const lines = first.stdout.trimEnd().split('\n');
			expect(lines).toHaveLength(expected + 1);
			expect(lines[expected]).toBe(`Played ${expected} replies from list 3 "Downtown Store" (50% of ${members.size} subscribed members): ${expected} answered 2xx, 0 not`);
			for (const id of ids) expect(first.stdout).toContain(`${members.get(id).mobile_number} (contact ${id}) texted "`);
			expect(first.stdout).not.toContain('Seed ');

			const pairs = currentPairs();
			arrivals.length = 0;
			const second = await run(args);
			expect(second.code).toBe(0);
			expect(currentPairs()).toEqual(pairs);
			expect(second.stdout.split('\n').slice(0, expected)).toEqual(lines.slice(0, expected));

			// Without --seed one is drawn and printed; passing it plays the same replies again.
			arrivals.length = 0;
			const drawn = await run(['reply', '--sandbox', sandbox.origin, '--to', to, '--from-list', '3', '--percent', '30', '--text', 'YES,NO']);
			expect(drawn.code).toBe(0);
			const seed = /^Seed (\d+): add --seed \1 to play the same replies again$/m.exec(drawn.stdout)?.[1];
			expect(seed).toBeDefined();
			const drawnPairs = currentPairs();
			arrivals.length = 0;
			await run(['reply', '--sandbox', sandbox.origin, '--to', to, '--from-list', '3', '--percent', '30', '--text', 'YES,NO', '--seed', seed!]);
			expect(currentPairs()).toEqual(drawnPairs);
		});

		it("plays a legacy textword's subscribers, each post signed with --secret", async () => {
			const { createHmac } = await import('node:crypto');
			const subscribers = new Set<string>(sandbox.state.legacy.contacts.filter((c: any) => c.textword === '5403').map((c: any) => c.number));
			const expected = Math.round(subscribers.size * 0.25);
			const { code, stdout, stderr } = await run([
				'reply', '--platform', 'legacy', '--sandbox', sandbox.origin, '--to', to, '--from-textword', '5403', '--percent', '25', '--text', 'C,R', '--secret', 'crowd-secret', '--concurrency', '4',
			]);
			expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
			expect(arrivals).toHaveLength(expected);
			const numbers = new Set<string>();
			for (const arrival of arrivals) {
				expect(arrival.contentType).toBe('application/x-www-form-urlencoded');
				const data = new URLSearchParams(arrival.raw).get('data')!;
				expect(arrival.signature).toBe(createHmac('md5', 'crowd-secret').update(data).digest('hex'));
				const event = JSON.parse(data);
				expect(event.Event).toBe('ChatMessageRecieved');
				expect(['C', 'R']).toContain(event.ChatMessage.Body);
				expect(subscribers.has(event.ChatMessage.FromNumber)).toBe(true);
				numbers.add(event.ChatMessage.FromNumber);
			}
			expect(numbers.size).toBe(expected);
			expect(stdout).toContain(`Played ${expected} replies from textword 5403 VIP (25% of ${subscribers.size} subscribers): ${expected} answered 2xx, 0 not`);
			expect(stdout).toMatch(/^Seed \d+: add --seed \d+ to play the same replies again$/m);
		});

		it('refuses --from with --from-list, a percent outside 0..100 and an unknown list or textword; nothing is posted', async () => {
			const messages = sandbox.state.current.messages.length;
			const base = ['reply', '--sandbox', sandbox.origin, '--to', to, '--text', 'YES,NO'];
			const both = await run([...base, '--from-list', '3', '--from', sandbox.state.current.contacts[2].mobile_number]);
			expect(both.code).toBe(2);
			expect(both.stderr).toContain('--from names one person: use it or --from-list, not both');
			const tooMany = await run([...base, '--from-list', '3', '--percent', '140']);
			expect(tooMany.code).toBe(2);
			expect(tooMany.stderr).toContain('--percent must be a number from 0 to 100');
			expect(tooMany.stderr).toContain('(got 140)');
			const unknownList = await run([...base, '--from-list', '99']);
			expect(unknownList.code).not.toBe(0);
			expect(unknownList.stderr).toContain('[sandbox] list "99" is not a list of brand 1001 (its lists: 1 "Newsletter"');
			const unknownTextword = await run(['reply', '--platform', 'legacy', '--sandbox', sandbox.origin, '--to', to, '--text', 'C', '--from-textword', '9999']);
			expect(unknownTextword.code).not.toBe(0);
			expect(unknownTextword.stderr).toContain('[sandbox] textword "9999" is not a textword of the sandbox\'s legacy account (its textwords: 5401 COFFEE');
			expect(arrivals).toEqual([]);
			expect(sandbox.state.current.messages).toHaveLength(messages);
		});

		it('exits 1 when the trigger answers 500 to some replies, and the summary counts them', async () => {
			failWhen = (raw) => JSON.parse(raw).data.last_message === 'NO';
			const members = subscribedMembers(2);
			const { code, stdout } = await run(['reply', '--sandbox', sandbox.origin, '--to', to, '--from-list', '2', '--seed', '3', '--text', 'YES,NO']);
			expect(code).toBe(1);
			expect(arrivals).toHaveLength(members.size);
			const refused = arrivals.filter((a) => JSON.parse(a.raw).data.last_message === 'NO').length;
			// The seed draws both texts, so some posts are refused and some are not.
			expect(refused).toBeGreaterThan(0);
			expect(refused).toBeLessThan(members.size);
			expect(stdout).toContain(`Played ${members.size} replies from list 2 "VIP Club" (100% of ${members.size} subscribed members): ${members.size - refused} answered 2xx, ${refused} not`);
			expect(stdout.match(/texted "NO": the trigger answered 500$/gm)).toHaveLength(refused);
			expect(stdout.match(/texted "YES": the trigger answered 200$/gm)).toHaveLength(members.size - refused);
		});
	});
});
