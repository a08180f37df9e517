// What `npm run dev` hands n8n and prints (scripts/dev-settings.js): the webhook address under the name
// n8n 2.41 reads without a deprecation warning, and a reply command that reaches the dev sandbox on
// whatever port SLICKTEXT_SANDBOX_PORT gave it, from a terminal where that variable is not set.
/* eslint-disable @typescript-eslint/no-require-imports */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const { devN8nEnv, replyCommandLine, wireReplyTriggers } = require('../../scripts/dev-settings');
const { exampleWorkflows } = require('../../scripts/examples');
const { startSandbox } = require('../../sandbox/server');

describe('npm run dev', () => {
	test('gives n8n its webhook address as N8N_WEBHOOK_URL, not the deprecated WEBHOOK_URL', () => {
		expect(devN8nEnv(5700)).toEqual({ N8N_WEBHOOK_URL: 'http://127.0.0.1:5700/' });
	});

	test('names example 7 and 9 in the credentials and points every other hand-out at its own trigger', () => {
		type Node = { name: string; type: string; webhookId?: string; parameters: Record<string, unknown> };
		const workflows: Array<{ name: string; nodes: Node[] }> = exampleWorkflows();
		let ids = 0;
		const urls = wireReplyTriggers(workflows, 5700, () => `id${++ids}`);
		const of = (prefix: string) => workflows.find((w) => w.name.startsWith(`Example ${Number(prefix)}:`))!.nodes;
		const trigger = (prefix: string) => of(prefix).find((n) => n.name === 'SlickText-Replies')!;
		const handOut = (prefix: string) => of(prefix).find((n) => n.parameters.operation === 'startPersonRuns')!.parameters.triggerUrl;
		const url = (node: Node) => `http://127.0.0.1:5700/webhook/${node.webhookId}/webhook`;
		// The two reply triggers got an id each; example 4's trigger (new contacts, no wait) is left as shipped.
		expect(ids).toBe(2);
		expect(urls).toEqual({ legacy: url(trigger('07')), current: url(trigger('09')) });
		// 7 is the credential's trigger: its hand-out leaves Trigger URL unset, as shipped.
		expect(handOut('07')).toBeUndefined();
	});

	test("readies examples 8 and 9 and prints each try-out with the commands that answer it: example 8 asks five guests of a textword of their own", async () => {
		const { DEV_GUESTS, prepareDevExamples, twoWaySteps } = require('../../scripts/dev-settings');
		const sandbox = await startSandbox({ legacyWebhookSecret: 'dev-webhook-secret' }, 0);
		try {
			const workflows: Array<{ id: string; name: string; nodes: Array<{ name: string; parameters: Record<string, unknown> }> }> = exampleWorkflows({ sandbox });
			const ready = prepareDevExamples(workflows, sandbox, 5700);
			const rsvp = workflows.find((w) => w.name.startsWith('Example 8:'))!;
			for (const name of ['The Guests', 'RSVP by Text', 'Text the Organiser']) {
				expect(rsvp.nodes.find((n) => n.name === name)!.parameters.textwordId).toEqual({ __rl: true, mode: 'id', value: ready.guestsTextword });
			}
			const guests = sandbox.state.legacy.contacts.filter((c: { textword: string }) => c.textword === ready.guestsTextword);
			expect(guests.map((c: { number: string }) => c.number)).toEqual(DEV_GUESTS.map((g: { number: string }) => g.number));
			expect(ready.publish).toEqual(['exReminderReply07', 'exCampaignPoll009']);
			const lines = twoWaySteps({ sandboxOrigin: sandbox.origin, ...ready }).join('\n');
			expect(lines).toContain(`--platform legacy --to ${ready.replyTriggerUrls.legacy} --from +16175550107 --text C`);
			expect(lines).toContain(`--to ${ready.replyTriggerUrls.legacy} --from-textword ${ready.guestsTextword} --percent 100 --text "YES,NO"`);
			expect(lines).toContain(`--to ${ready.replyTriggerUrls.current} --from-list 4 --percent 100 --text "YES,NO"`);
		} finally {
			await sandbox.stop();
		}
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
