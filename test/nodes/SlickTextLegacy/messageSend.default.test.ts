/* eslint-disable @typescript-eslint/no-explicit-any */
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';

import { loadPackage, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';
import { BASE, expectForm, legacyState, rl } from './legacy';

// Issue 18/23: Send To used to default to the whole textword, so an untouched node (or an AI agent, which
// cannot see the field) texted every contact of the textword. One recipient is the default now, in both variants.

const ctx = useSandbox();
const state = () => legacyState(ctx);

function runAs(type: 'slickTextLegacy' | 'slickTextLegacyTool', parameters: Record<string, unknown>) {
	return runNode({
		type,
		parameters: { resource: 'message', ...parameters },
		credentials: { slickTextLegacyApi: ctx.sandbox.legacyCredentials() },
	});
}

describe.each(['slickTextLegacy', 'slickTextLegacyTool'] as const)('%s: Message > Send defaults', (type) => {
	test('Send To untouched texts only the contact, even with a textword filled in', async () => {
		const contact = state().contacts[7];
		const before = state().messages.length;
		const result = await runAs(type, { operation: 'send', contactId: rl(contact.id), textwordId: rl('5401'), body: 'Your table is ready' });
		expect(result.error).toBeUndefined();
		const posts = sent(ctx.sandbox, `${BASE}/messages`);
		expect(posts).toHaveLength(1);
		expectForm(posts[0], '/messages/', { action: 'SEND', contact: contact.id, body: 'Your table is ready' });
		expect(result.json).toEqual([expect.objectContaining({ contactID: Number(contact.id), count: 1 })]);
		expect(state().messages.length).toBe(before + 1);
	});

	test('Send To untouched and no contact: n8n refuses to run it, nobody is texted', async () => {
		// The contact is a required field of the default choice, so n8n's own workflow check stops the run.
		await expect(runAs(type, { operation: 'send', textwordId: rl('5401'), body: 'Hello everyone' })).rejects.toThrow(
			/Parameter "Contact" is required/,
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a contact given by expression that is empty fails before any request', async () => {
		const result = await runAs(type, { operation: 'send', contactId: rl('={{ "" }}'), body: 'Hello' });
		expect(result.error?.message).toMatch(/^'Contact': is required/);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('Schedule defaults to one contact as well', async () => {
		const contact = state().contacts[3];
		const result = await runAs(type, { operation: 'schedule', contactId: rl(contact.id), textwordId: rl('5402'), body: 'Later', scheduledFor: '2030-07-01T16:45:00Z' });
		expect(result.error).toBeUndefined();
		const post = sent(ctx.sandbox, `${BASE}/messages`)[0];
		expect(post.body).toMatchObject({ action: 'SCHEDULE', contact: contact.id });
		expect((post.body as any).textword).toBeUndefined();
	});
});

describe('Message > Send description', () => {
	const properties = () => (loadPackage().nodes.slickTextLegacy as any).description.properties as INodeProperties[];
	const resolved = (parameters: Record<string, unknown>) =>
		NodeHelpers.getNodeParameters(properties(), { resource: 'message', operation: 'send', ...parameters } as never, true, false, null, null) as any;

	test('the default recipient is one contact; texting a textword needs choosing it', () => {
		expect(resolved({}).sendTo).toBe('contact');
		const sendTo = properties().find((p) => p.name === 'sendTo' && p.displayOptions?.show?.operation?.includes('send'))!;
		expect((sendTo.options as any[]).map((o) => o.value)).toEqual(['contact', 'number', 'textword']);
	});

	test('a notice says a textword send reaches every contact of the textword, shown only then', () => {
		const notice = properties().find((p) => p.name === 'textwordNotice' && p.displayOptions?.show?.operation?.includes('send'))!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/every contact of the textword/);
		const shown = (sendTo: string) =>
			NodeHelpers.displayParameter({ resource: 'message', operation: 'send', sendTo } as never, notice, null as never, null as never);
		expect(shown('textword')).toBe(true);
		expect(shown('contact')).toBe(false);
		expect(shown('number')).toBe(false);
	});
});
