/* eslint-disable @typescript-eslint/no-explicit-any */
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';

import { loadPackage, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

// Issue 38 (items 1 and 2): defaults that act for the user. Campaign > Create used to default to All
// Contacts, so an untouched Audience (or an AI agent, which cannot see it) texted the whole brand; and
// Opt-In Status, once added to a new contact, said Subscribed, a consent nobody gave.

const ctx = useSandbox();
const CAMPAIGNS = '/v1/brands/1001/campaigns';
const CONTACTS = '/v1/brands/1001/contacts';
const properties = () => (loadPackage().nodes.slickText as any).description.properties as INodeProperties[];

function run(type: 'slickText' | 'slickTextTool', parameters: Record<string, unknown>) {
	return runNode({ type, parameters, credentials: { slickTextApi: ctx.sandbox.currentCredentials() } });
}

/** The value n8n's editor puts in when the user adds this option of a collection: the option's default. */
function addedDefault(collection: string, operation: string, option: string): unknown {
	const parent = properties().find((p) => p.name === collection && p.displayOptions?.show?.resource?.includes('contact') && p.displayOptions?.show?.operation?.includes(operation))!;
	return (parent.options as INodeProperties[]).find((o) => o.name === option)!.default;
}

describe.each(['slickText', 'slickTextTool'] as const)('%s: Campaign > Create with Audience untouched', (type) => {
	test('Send Now texts nobody: no list is chosen, so the item fails before any request', async () => {
		const before = ctx.sandbox.state.current.messages.length;
		const outcome = await run(type, { resource: 'campaign', operation: 'create', name: 'Flash sale', message: 'Half price today', delivery: 'now' }).then(
			(result) => result.error?.message ?? 'no error',
			(error: Error) => error.message,
		);
		// n8n's own check of required fields, or the node's check: either way nothing was sent.
		expect(outcome).toMatch(/List Names or IDs/);
		expect(sent(ctx.sandbox, CAMPAIGNS)).toHaveLength(0);
		expect(ctx.sandbox.state.current.messages.length).toBe(before);
	});

	test('with the lists chosen it texts those lists only, never {all: true}', async () => {
		const result = await run(type, { resource: 'campaign', operation: 'create', name: 'Flash sale', message: 'Half price today', delivery: 'now', listIds: ['2'] });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox, CAMPAIGNS);
		expect(request.body).toMatchObject({ status: 'send', audience: { contact_lists: [2] } });
		expect(JSON.stringify(request.body)).not.toContain('"all"');
	});
});

describe.each(['create', 'upsert'])('Contact > %s with Opt-In Status added at its default', (operation) => {
	test('sends "not subscribed", never "subscribed"', async () => {
		const optInStatus = addedDefault('additionalFields', operation, 'optInStatus');
		const result = await run('slickText', { resource: 'contact', operation, mobileNumber: '+16175550188', additionalFields: { optInStatus } });
		expect(result.error).toBeUndefined();
		const [post] = sent(ctx.sandbox, CONTACTS).filter((r) => r.method === 'POST');
		expect((post.body as any).opt_in_status).toBe('not subscribed');
		expect(result.json[0].opt_in_status).toBe('not subscribed');
	});
});

describe('the descriptions behind these defaults', () => {
	const resolved = (parameters: Record<string, unknown>) =>
		NodeHelpers.getNodeParameters(properties(), { resource: 'campaign', operation: 'create', ...parameters } as never, true, false, null, null) as any;
	const notice = () => properties().find((p) => p.name === 'wholeBrandNotice')!;
	const shown = (parameters: Record<string, unknown>) =>
		NodeHelpers.displayParameter({ resource: 'campaign', operation: 'create', ...parameters } as never, notice(), null as never, null as never);

	test('Audience starts on Lists, which need choosing; Update Fields adds Audience as Lists too', () => {
		expect(resolved({}).audience).toBe('lists');
		const update = properties().find((p) => p.name === 'updateFields' && p.displayOptions?.show?.resource?.includes('campaign'))!;
		expect((update.options as INodeProperties[]).find((o) => o.name === 'audience')!.default).toBe('lists');
	});

	test('a notice says a campaign to All Contacts texts the whole brand, shown only when it is sent or scheduled', () => {
		expect(notice().type).toBe('notice');
		expect(notice().displayName).toMatch(/every subscribed contact of the brand, which can be thousands of people/);
		expect(shown({ audience: 'all', delivery: 'now' })).toBe(true);
		expect(shown({ audience: 'all', delivery: 'schedule' })).toBe(true);
		expect(shown({ audience: 'all', delivery: 'draft' })).toBe(false);
		expect(shown({ audience: 'lists', delivery: 'now' })).toBe(false);
	});

	test('Opt-In Status as a filter may start on Subscribed: it sends nobody a status', () => {
		const filters = properties().find((p) => p.name === 'filters' && p.displayOptions?.show?.resource?.includes('contact'))!;
		expect((filters.options as INodeProperties[]).find((o) => o.name === 'optInStatus')!.default).toBe('subscribed');
		const update = properties().find((p) => p.name === 'updateFields' && p.displayOptions?.show?.resource?.includes('contact'))!;
		expect((update.options as INodeProperties[]).find((o) => o.name === 'optInStatus')!.default).toBe('not subscribed');
	});
});
