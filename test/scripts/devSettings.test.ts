// What `npm run dev` hands n8n and prints (scripts/dev-settings.js): the webhook address under the name
// n8n 2.41 reads without a deprecation warning, and a reply command that reaches the dev sandbox on
// whatever port SLICKTEXT_SANDBOX_PORT gave it, from a terminal where that variable is not set.
/* eslint-disable @typescript-eslint/no-require-imports */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const { devN8nEnv, replyCommandLine } = require('../../scripts/dev-settings');
const { startSandbox } = require('../../sandbox/server');

describe('npm run dev', () => {
	test('gives n8n its webhook address as N8N_WEBHOOK_URL, not the deprecated WEBHOOK_URL', () => {
		expect(devN8nEnv(5700)).toEqual({ N8N_WEBHOOK_URL: 'http://127.0.0.1:5700/' });
	});

	describe('the reply command it prints', () => {
		let sandbox: { origin: string; stop: () => Promise<void> };
		let trigger: Server;
		const posts: string[] = [];
		const saved = process.env.SLICKTEXT_SANDBOX_PORT;

		beforeAll(async () => {
			// Another terminal: the variable dev ran with is not set there.
			delete process.env.SLICKTEXT_SANDBOX_PORT;
			sandbox = await startSandbox({}, 0);
			trigger = createServer((req, res) => {
				let body = '';
				req.on('data', (chunk) => (body += chunk));
				req.on('end', () => {
					posts.push(`${req.method} ${req.url} ${body}`);
					res.end('{"ok":true}');
				});
			});
			await new Promise<void>((resolve) => trigger.listen(0, '127.0.0.1', resolve));
		});

		afterAll(async () => {
			if (saved === undefined) delete process.env.SLICKTEXT_SANDBOX_PORT;
			else process.env.SLICKTEXT_SANDBOX_PORT = saved;
			await sandbox.stop();
			await new Promise((resolve) => trigger.close(resolve));
		});

		test('reaches the sandbox on a port other than the default and posts the reply to the trigger', async () => {
			expect(new URL(sandbox.origin).port).not.toBe('8787');
			const repliesUrl = `http://127.0.0.1:${(trigger.address() as AddressInfo).port}/webhook/abc/webhook`;
			const line: string = replyCommandLine({ sandboxOrigin: sandbox.origin, repliesUrl, from: '+16175550107', text: 'C' });
			expect(line.startsWith('npm run sandbox -- reply ')).toBe(true);
			// The arguments npm hands `reply` (the line holds no quoted words).
			const args = line.slice('npm run sandbox -- reply '.length).split(' ');
			// Example 7's Try It (Manual), which dev says to run first: its Send opts the number in to textword 5401.
			const { CREDENTIALS } = require('../../sandbox/server');
			const sent = await fetch(`${sandbox.origin}/legacy/v1/messages/`, {
				method: 'POST',
				headers: {
					authorization: `Basic ${Buffer.from(`${CREDENTIALS.legacy.publicKey}:${CREDENTIALS.legacy.privateKey}`).toString('base64')}`,
					'content-type': 'application/x-www-form-urlencoded',
				},
				body: new URLSearchParams({ action: 'SEND', textword: '5401', number: '+16175550107', body: 'A reminder' }).toString(),
			});
			expect(sent.status).toBeLessThan(300);
			// Loaded with SLICKTEXT_SANDBOX_PORT unset, so its own default is 8787, not the sandbox above.
			const { replyCommand } = require('../../sandbox/replyCommand');
			const out: string[] = [];
			const err: string[] = [];
			const code = await replyCommand(args, (m: string) => out.push(m), (m: string) => err.push(m));
			expect({ code, err }).toEqual({ code: 0, err: [] });
			expect(posts).toHaveLength(1);
			expect(posts[0]).toMatch(/^POST \/webhook\/abc\/webhook /);
			expect(posts[0]).toContain('ChatMessageRecieved');
		});
	});
});
