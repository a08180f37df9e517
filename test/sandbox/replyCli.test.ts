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

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false, legacyWebhookSecret: 'cli-secret' });
		trigger = createServer((req, res) => {
			let raw = '';
			req.on('data', (chunk) => (raw += chunk));
			req.on('end', () => {
				arrivals.push({ contentType: req.headers['content-type'], signature: req.headers['x-slicktext-signature'], raw });
				res.writeHead(answer.status, { 'content-type': 'application/json' });
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
		for (const option of ['--platform', '--from', '--contact-id', '--media-url', '--secret', '--repeat', '--sandbox']) {
			expect(help.stdout).toContain(option);
		}
	});
});
