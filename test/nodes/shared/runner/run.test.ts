/* eslint-disable @typescript-eslint/no-explicit-any */
// The runner (nodes/shared/runner/run.ts) runs every operation's route for all its items. What
// the request, paging and error tests of each resource check is the same on this path; here: what only
// the runner decides (the credential's domain restriction, values that differ per item; field routing
// inside a collection is checked by the Analytics Contact Growth tests).
import { runNode } from '../../../helpers/engine';
import { sent, useSandbox } from '../../../helpers/sandbox';

const ctx = useSandbox();
const BRAND = '/v1/brands/1001';

const getContact = (restriction: Record<string, string>) =>
	runNode({
		type: 'slickText',
		parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '1' } },
		credentials: { slickTextApi: { ...ctx.sandbox.currentCredentials(), ...restriction } },
	});

describe("a credential restricted to specific domains (n8n's Allowed HTTP Request Domains)", () => {
	// The restriction is for the HTTP Request node; in the node the credential belongs to, n8n adds the
	// node's own host to the list (getCredentialAllowedDomains with the node's endpoint). The base URL
	// is the credential's, so the runner names it as the node's endpoint.
	test('with an empty list the node still reaches its own base URL', async () => {
		const result = await getContact({ allowedHttpRequestDomains: 'domains', allowedDomains: '' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/1`)).toHaveLength(1);
		expect(result.json[0].contact_id).toBe(1);
	});

	test('with a list of other hosts the node still reaches its own base URL', async () => {
		const result = await getContact({ allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/1`)).toHaveLength(1);
	});
});

describe('per item', () => {
	test('each item sends its own values, from its own input (values are kept per item)', async () => {
		const items = [{ id: '1' }, { id: '2' }];
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
			items,
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox, `${BRAND}/contacts/`).map((r) => r.path)).toEqual([`${BRAND}/contacts/1`, `${BRAND}/contacts/2`]);
		expect(result.json.map((j: any) => j.contact_id)).toEqual([1, 2]);
	});
});
